// Replay on screen (issue 7): plays a saved recording back at 1×, 2× or 10×, or an event at a
// time, the panels beneath showing what a client held at each moment. The bar drives the view's
// selection; choosing an event elsewhere while it plays moves the replay there, paused.

import { useEffect } from 'react';
import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import { formatCount, formatMs } from '../../components/format.ts';
import { useCommand } from '../../shell/commands.ts';
import { BEFORE_FIRST, PACE_MS, SPEEDS } from './playback.ts';
import { usePlayback } from './use-playback.ts';
import './replay.css';

export interface ReplayBarProps {
  readonly events: readonly AnalyzedEvent[];
  readonly selected: number | null;
  /** Where the replay stands (BEFORE_FIRST before the first event), or null when it is left. */
  readonly onPosition: (position: number | null) => void;
}

export function ReplayBar({ events, selected, onPosition }: ReplayBarProps) {
  const controls = usePlayback(events, onPosition);
  const { playback, playing, speed, clock, position } = controls;

  // An event chosen in the table or on the timeline while replaying: the replay goes there.
  useEffect(() => {
    if (position !== null && selected !== null && selected !== position) {
      if (playing) controls.toggle();
      controls.seek(selected);
    }
  }, [selected]); // eslint-disable-line react-hooks/exhaustive-deps

  useCommand('replay-toggle', controls.toggle);
  useCommand('replay-back', () => controls.stepBy(-1));
  useCommand('replay-forward', () => controls.stepBy(1));

  if (events.length === 0) return null;
  // The event's own number (#N, as the timeline and the events table name it, counted from 0) beside how far through the stream it is.
  const where =
    position === null ? null : position === BEFORE_FIRST ? 'before the first event' : `event #${events[position]!.sse.index} · ${formatCount(position + 1)} of ${formatCount(events.length)}`;
  return (
    <section className="replay-bar" aria-label="Replay on screen">
      <button type="button" className="replay-play" onClick={controls.toggle} aria-keyshortcuts="p">
        {playing ? 'Pause' : position === null ? 'Replay' : clock >= playback.duration ? 'Replay again' : 'Play'}
      </button>
      <button type="button" className="secondary" onClick={() => controls.stepBy(-1)} disabled={position === null || position === BEFORE_FIRST} aria-keyshortcuts=",">
        ← Step
      </button>
      <button type="button" className="secondary" onClick={() => controls.stepBy(1)} disabled={position !== null && position >= events.length - 1} aria-keyshortcuts=".">
        Step →
      </button>
      <div className="replay-speeds" role="group" aria-label="Speed">
        {SPEEDS.map((option) => (
          <button key={option} type="button" className="secondary" aria-pressed={speed === option} onClick={() => controls.setSpeed(option)}>
            {option}×
          </button>
        ))}
      </div>
      <progress className="replay-progress" max={playback.duration || 1} value={position === null ? 0 : clock} aria-label="Replay position" />
      <p className="replay-where" data-testid="replay-where">
        {where === null ? (
          <span className="muted">{playback.timed ? `Plays the ${formatMs(playback.duration)} as it arrived` : `No recorded times: one event every ${PACE_MS} ms`}</span>
        ) : (
          <>
            <span className="replay-clock">{formatMs(clock)}</span> · {where}
          </>
        )}
      </p>
      {position !== null && (
        <button type="button" className="secondary" onClick={controls.stop}>
          Exit replay
        </button>
      )}
    </section>
  );
}
