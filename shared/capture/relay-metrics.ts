// The delay the capture itself added, apart from what the client did (docs/capture.md, "Two clocks").
// Added delay is from an upstream read's arrival to the write to the client being issued: the
// proxy's own work. Time a write waited for the socket is the client's (it was not reading), as
// is the time the upstream was paused for it; neither is counted against the upstream.

import { percentile } from '../analysis/metrics.ts';
import type { RelayTiming } from './types.ts';

export interface Spread {
  readonly p50: number | null;
  readonly p99: number | null;
  readonly max: number | null;
}

export interface RelayMetrics {
  readonly writes: number;
  /** Upstream read arrival → write issued, ms. */
  readonly addedMs: Spread;
  /** Write issued → taken by the client's socket, ms. */
  readonly flushMs: Spread;
  /** Total time the upstream was paused because the client was not reading, ms. */
  readonly backpressureMs: number;
  readonly pauses: number;
  readonly maxBufferedBytes: number;
  /** Writes the client's socket never took (it went away). */
  readonly unflushed: number;
}

export function relayMetrics(relay: RelayTiming): RelayMetrics {
  const added = new Float64Array(relay.writes.length);
  const flush: number[] = [];
  let unflushed = 0;
  relay.writes.forEach(([arrived, issued, flushed], index) => {
    added[index] = Math.max(0, issued - arrived);
    if (flushed === null) unflushed++;
    else flush.push(Math.max(0, flushed - issued));
  });
  added.sort();
  const flushSorted = Float64Array.from(flush).sort();
  return {
    writes: relay.writes.length + relay.writesDropped,
    addedMs: spread(added),
    flushMs: spread(flushSorted),
    backpressureMs: relay.paused.reduce((sum, [from, to]) => sum + Math.max(0, to - from), 0),
    pauses: relay.paused.length,
    maxBufferedBytes: relay.maxBufferedBytes,
    unflushed,
  };
}

function spread(sorted: Float64Array): Spread {
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.length > 0 ? sorted[sorted.length - 1]! : null };
}
