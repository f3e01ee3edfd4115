// Replay on screen (issue 7): where a recording stands at a moment of its playback. A client
// that read this stream held, at recorded time T since the request, the state after every event
// that had arrived by T; played at speed s, recorded time T comes round after T / s of wall time.
// Pure: the hook that drives it (./use-playback.ts) only keeps the clock.

import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';

/** The speeds the replay bar offers (issue 7: "1×, 2×, 10× or step by step"). */
export const SPEEDS = [1, 2, 10] as const;
export type Speed = (typeof SPEEDS)[number];

/**
 * A recording without per-read times (an imported body or HAR) is played at a steady pace
 * instead: one event per PACE_MS of recorded time. Nothing about its real timing is claimed.
 */
export const PACE_MS = 100;

/** Before the first event has arrived. */
export const BEFORE_FIRST = -1;

export interface Playback {
  /** Each event's recorded time in ms since the request (paced when untimed), never decreasing. */
  readonly times: Float64Array;
  /** False when the times are the steady pace, not the recording's. */
  readonly timed: boolean;
  /** Recorded time of the last event: where the playback ends. */
  readonly duration: number;
}

export function playbackOf(events: readonly Pick<AnalyzedEvent, 't'>[]): Playback {
  const timed = events.length > 0 && events.every((event) => event.t !== null);
  const times = new Float64Array(events.length);
  let latest = 0;
  for (let index = 0; index < events.length; index++) {
    // Reads are stamped in order; max() only guards a clock that stepped back.
    latest = timed ? Math.max(latest, events[index]!.t!) : (index + 1) * PACE_MS;
    times[index] = latest;
  }
  return { times, timed, duration: events.length === 0 ? 0 : latest };
}

/** The last event arrived by recorded time `ms` (BEFORE_FIRST when none has). */
export function positionAt(playback: Playback, ms: number): number {
  const { times } = playback;
  // Binary search for the first event due after `ms`.
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! <= ms) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** The recorded time at which the playback stands on `position` (0 before the first event). */
export function timeOf(playback: Playback, position: number): number {
  return position < 0 ? 0 : playback.times[Math.min(position, playback.times.length - 1)]!;
}

/** One step along the events, within BEFORE_FIRST … the last event. */
export function step(playback: Playback, position: number, by: 1 | -1): number {
  return Math.max(BEFORE_FIRST, Math.min(playback.times.length - 1, position + by));
}
