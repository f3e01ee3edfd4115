import { describe, expect, it } from 'vitest';
import { BURST_GAP_MS, BURST_MIN_EVENTS, LONG_GAP_MS, NO_BURSTS, NO_GAPS, extendBursts, extendGaps, gatherSpans, spanAt, spanCount } from './spans.ts';
import type { SpanList } from './spans.ts';

const spans = (list: SpanList) => Array.from({ length: spanCount(list) }, (_, i) => spanAt(list, i));

describe('silences between reads', () => {
  it('shades a silence of LONG_GAP_MS or more, the first counted from the request', () => {
    const reads = Float64Array.from([1200, 1300, 1300 + LONG_GAP_MS - 0.001, 5000, 5000 + LONG_GAP_MS]);
    expect(spans(extendGaps(NO_GAPS, reads, reads.length).spans)).toEqual([
      { start: 0, end: 1200, first: 0, size: 1 },
      { start: 2299.999, end: 5000, first: 3, size: 1 },
      { start: 5000, end: 6000, first: 4, size: 1 },
    ]);
  });

  it('finds the same silences fed read by read as all at once', () => {
    const reads = Float64Array.from({ length: 200 }, (_, i) => i * 300 + (i % 9 === 0 ? 2000 : 0));
    let state = NO_GAPS;
    for (let count = 1; count <= reads.length; count++) state = extendGaps(state, reads, count);
    expect(spans(state.spans)).toEqual(spans(extendGaps(NO_GAPS, reads, reads.length).spans));
  });
});

describe('bursts of events', () => {
  it('shades BURST_MIN_EVENTS events each less than BURST_GAP_MS after the one before, and not one fewer', () => {
    const run = (start: number, size: number) => Array.from({ length: size }, (_, i) => start + i * BURST_GAP_MS * 0.5);
    const positions = Float64Array.from([...run(10, BURST_MIN_EVENTS - 1), ...run(20, BURST_MIN_EVENTS), 30]);
    expect(spans(extendBursts(NO_BURSTS, positions, positions.length).spans)).toEqual([
      { start: 20, end: 20 + (BURST_MIN_EVENTS - 1) * BURST_GAP_MS * 0.5, first: BURST_MIN_EVENTS - 1, size: BURST_MIN_EVENTS },
    ]);
  });

  it('breaks a run at a gap of exactly BURST_GAP_MS', () => {
    const positions = Float64Array.from({ length: 20 }, (_, i) => i * BURST_GAP_MS);
    expect(spanCount(extendBursts(NO_BURSTS, positions, positions.length).spans)).toBe(0);
  });

  it('keeps the burst under way open, and closes it when the next event is far', () => {
    const positions = Float64Array.from([...Array.from({ length: 12 }, () => 40), 90]);
    const open = extendBursts(NO_BURSTS, positions, 12);
    expect(open.spans.length).toBe(0);
    expect(open.spans.open).toEqual({ start: 40, end: 40, first: 0, size: 12 });
    const closed = extendBursts(open, positions, 13);
    expect([closed.spans.length, closed.spans.open]).toEqual([1, null]);
    expect(spanAt(closed.spans, 0)).toEqual({ start: 40, end: 40, first: 0, size: 12 });
  });

  it('finds the same bursts fed in any steps as all at once', () => {
    const positions = Float64Array.from({ length: 500 }, (_, i) => Math.floor(i / 13) * 5 + (i % 13) * 0.01);
    let state = NO_BURSTS;
    for (let count = 0; count <= positions.length; count += 1 + (count % 17)) state = extendBursts(state, positions, count);
    state = extendBursts(state, positions, positions.length);
    const whole = extendBursts(NO_BURSTS, positions, positions.length);
    expect(spans(state.spans)).toEqual(spans(whole.spans));
    expect(spanCount(whole.spans)).toBe(Math.ceil(500 / 13) - 1);
  });
});

describe('shading spans on screen', () => {
  const list = extendGaps(NO_GAPS, Float64Array.from({ length: 1000 }, (_, i) => (i + 1) * 1000), 1000).spans;

  it('joins spans that touch on screen into one stretch, saying which spans it covers', () => {
    const runs = gatherSpans(list, { start: 0, end: 1_000_000 }, 100);
    // Back-to-back silences fill the whole plot: one stretch for all thousand.
    expect(runs).toEqual([{ x0: 0, x1: 100, first: 0, last: 999 }]);
  });

  it('draws each span in a zoomed view, none outside it', () => {
    const sparse = extendGaps(NO_GAPS, Float64Array.from([2000, 2100, 4000, 4100, 9000]), 5).spans;
    expect(gatherSpans(sparse, { start: 1500, end: 4050 }, 2550)).toEqual([
      { x0: 0, x1: 500, first: 0, last: 0 },
      { x0: 600, x1: 2500, first: 1, last: 1 },
    ]);
  });

  it('widens a span narrower than a pixel to the minimum width, around its middle', () => {
    const narrow = extendGaps(NO_GAPS, Float64Array.from([1000]), 1).spans;
    expect(gatherSpans(narrow, { start: 0, end: 1_000_000 }, 1000, 2)).toEqual([{ x0: 0, x1: 1.5, first: 0, last: 0 }]);
  });
});
