// The clock of a replay on screen: play, pause, step, restart and speed, advanced once a frame.
// Where the replay stands is reported only when it moves to another event; the elapsed time,
// which changes every frame, stays in the component that shows it.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import { BEFORE_FIRST, playbackOf, positionAt, step, timeOf } from './playback.ts';
import type { Playback, Speed } from './playback.ts';

export interface PlaybackControls {
  readonly playback: Playback;
  readonly playing: boolean;
  readonly speed: Speed;
  /** Recorded ms the replay stands at. */
  readonly clock: number;
  /** The event it stands on (BEFORE_FIRST before the first); null when no replay is under way. */
  readonly position: number | null;
  toggle(): void;
  stepBy(by: 1 | -1): void;
  restart(): void;
  setSpeed(speed: Speed): void;
  /** Leaves the replay: the view shows the selection again. */
  stop(): void;
  /** Moves a paused (or playing) replay to an event the user chose elsewhere. */
  seek(position: number): void;
}

export function usePlayback(events: readonly AnalyzedEvent[], onPosition: (position: number | null) => void): PlaybackControls {
  const playback = useMemo(() => playbackOf(events), [events]);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeedState] = useState<Speed>(1);
  const [clock, setClock] = useState(0);
  const [position, setPosition] = useState<number | null>(null);
  // Where the running clock was last based: wall time and recorded time at that moment.
  const base = useRef({ wall: 0, recorded: 0 });

  const current = useRef<number | null>(null);

  const moveTo = useCallback(
    (next: number | null) => {
      if (current.current === next) return;
      current.current = next;
      setPosition(next);
      onPosition(next);
    },
    [onPosition],
  );

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = (): void => {
      const recorded = Math.min(playback.duration, base.current.recorded + (performance.now() - base.current.wall) * speed);
      setClock(recorded);
      moveTo(positionAt(playback, recorded));
      if (recorded >= playback.duration) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, playback, speed, moveTo]);

  const rebase = (recorded: number): void => {
    base.current = { wall: performance.now(), recorded };
    setClock(recorded);
  };

  return {
    playback,
    playing,
    speed,
    clock,
    position,
    toggle() {
      if (playing) return setPlaying(false);
      // From the start again once it has played to the end.
      const from = position === null || clock >= playback.duration ? 0 : clock;
      rebase(from);
      moveTo(positionAt(playback, from));
      setPlaying(playback.times.length > 0);
    },
    stepBy(by) {
      setPlaying(false);
      const next = step(playback, position ?? BEFORE_FIRST, by);
      rebase(timeOf(playback, next));
      moveTo(next);
    },
    restart() {
      rebase(0);
      moveTo(BEFORE_FIRST);
    },
    setSpeed(next) {
      rebase(clock);
      setSpeedState(next);
    },
    stop() {
      setPlaying(false);
      rebase(0);
      moveTo(null);
    },
    seek(next) {
      rebase(timeOf(playback, next));
      current.current = next;
      setPosition(next);
    },
  };
}
