// The relay's own delay, told apart from the time the client held the stream back.

import { describe, expect, it } from 'vitest';
import { relayMetrics } from './relay-metrics.ts';

describe('relayMetrics', () => {
  it('takes added delay from arrival to issue, flush time from issue to flush, and backpressure from the pauses', () => {
    const metrics = relayMetrics({
      writes: [
        [0, 0.5, 1],
        [10, 10.25, null],
        [20, 21, 25],
      ],
      writesDropped: 4,
      paused: [
        [3, 7],
        [12, 12.5],
      ],
      maxBufferedBytes: 2048,
      bufferBound: 1024,
    });
    expect(metrics).toEqual({
      writes: 7,
      addedMs: { p50: 0.5, p99: 1, max: 1 },
      flushMs: { p50: 0.5, p99: 4, max: 4 },
      backpressureMs: 4.5,
      pauses: 2,
      maxBufferedBytes: 2048,
      unflushed: 1,
    });
  });

  it('has no figures for a relay that wrote nothing', () => {
    expect(relayMetrics({ writes: [], writesDropped: 0, paused: [], maxBufferedBytes: 0, bufferBound: 1024 })).toEqual({
      writes: 0,
      addedMs: { p50: null, p99: null, max: null },
      flushMs: { p50: null, p99: null, max: null },
      backpressureMs: 0,
      pauses: 0,
      maxBufferedBytes: 0,
      unflushed: 0,
    });
  });

  it('never counts a negative delay (stamps out of order count as none)', () => {
    const metrics = relayMetrics({ writes: [[5, 4, 3]], writesDropped: 0, paused: [[9, 8]], maxBufferedBytes: 0, bufferBound: 1 });
    expect([metrics.addedMs, metrics.flushMs, metrics.backpressureMs]).toEqual([{ p50: 0, p99: 0, max: 0 }, { p50: 0, p99: 0, max: 0 }, 0]);
  });

  it('reads p99 as the 99th of 100 sorted delays', () => {
    const writes = Array.from({ length: 100 }, (_, index) => [0, 100 - index, null] as const);
    expect(relayMetrics({ writes, writesDropped: 0, paused: [], maxBufferedBytes: 0, bufferBound: 1 }).addedMs).toEqual({ p50: 50, p99: 99, max: 100 });
  });
});
