import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnOf, columnRange, columnRuns, gatherColumns, lastAtOrBefore, lowerBound, nearestIndex, upperBound } from './columns.ts';

/** Sorted positions with repeats, as a lane has them (many events share one read's time), in microseconds as recorded. */
const sortedPositions = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2_000_000 }).map((us) => us / 1000)), { maxLength: 400 })
  .map((values) => Float64Array.from([...values, ...values.slice(0, values.length >> 2)].sort((a, b) => a - b)));

// A view starts on a microsecond, as the positions do: with a start of 5e-324 (a denormal the
// property once found) the expectation's arithmetic and the code's put a point on either side of a
// column's edge; no recording's view starts there.
const viewOf = fc
  .tuple(fc.double({ min: -10, max: 2010, noNaN: true }), fc.double({ min: 0.001, max: 2500, noNaN: true }))
  .map(([start, span]) => ({ start: Math.round(start * 1000) / 1000, end: Math.round(start * 1000) / 1000 + span }));

describe('gathering a lane into pixel columns', () => {
  it('counts every position in view exactly once, in the column its pixel falls in', () => {
    fc.assert(
      fc.property(sortedPositions, viewOf, fc.integer({ min: 1, max: 900 }), (positions, view, width) => {
        const runs = gatherColumns(positions, positions.length, view, width, columnRuns(width));
        const expected = new Map<number, number>();
        positions.forEach((at) => {
          if (at < view.start || at > view.end) return;
          const column = Math.min(width - 1, Math.floor(((at - view.start) / (view.end - view.start)) * width));
          expected.set(column, (expected.get(column) ?? 0) + 1);
        });
        const got = new Map<number, number>();
        let next = lowerBound(positions, positions.length, view.start);
        for (let run = 0; run < runs.length; run++) {
          got.set(runs.column[run]!, runs.count[run]!);
          // Runs go left to right and hand out the items in order.
          expect(runs.first[run]).toBe(next);
          next += runs.count[run]!;
        }
        expect(got).toEqual(expected);
      }),
    );
  });

  it('finds the items of one column as gathering does', () => {
    fc.assert(
      fc.property(sortedPositions, viewOf, fc.integer({ min: 1, max: 900 }), (positions, view, width) => {
        const runs = gatherColumns(positions, positions.length, view, width, columnRuns(width));
        for (let run = 0; run < runs.length; run++) {
          expect(columnRange(positions, positions.length, view, width, runs.column[run]!)).toEqual([runs.first[run], runs.first[run]! + runs.count[run]!]);
        }
      }),
    );
  });

  it('gathers 100,000 events into no more runs than there are columns', () => {
    const positions = Float64Array.from({ length: 100_000 }, (_, i) => i * 0.02);
    const view = { start: 0, end: 2000 };
    const runs = gatherColumns(positions, positions.length, view, 800, columnRuns(800));
    expect(runs.length).toBe(800);
    expect(Array.from(runs.count.subarray(0, runs.length)).reduce((a, b) => a + b)).toBe(100_000);
    expect(columnOf(view, 800, 2000)).toBe(799);
  });

  it('uses only the first `count` positions of a buffer with room to spare', () => {
    const positions = Float64Array.from([1, 2, 3, 0, 0, 0]);
    const runs = gatherColumns(positions, 3, { start: 0, end: 4 }, 4, columnRuns(4));
    expect(Array.from(runs.column.subarray(0, runs.length))).toEqual([1, 2, 3]);
  });

  it('draws nothing in a plot without width', () => {
    expect(gatherColumns(Float64Array.from([1]), 1, { start: 0, end: 2 }, 0, columnRuns(0)).length).toBe(0);
  });
});

describe('searching a lane', () => {
  it('finds bounds as a linear scan would', () => {
    fc.assert(
      fc.property(sortedPositions, fc.double({ min: -5, max: 2005, noNaN: true }), (positions, value) => {
        const list = Array.from(positions);
        const lower = list.findIndex((at) => at >= value);
        const upper = list.findIndex((at) => at > value);
        expect(lowerBound(positions, positions.length, value)).toBe(lower < 0 ? list.length : lower);
        expect(upperBound(positions, positions.length, value)).toBe(upper < 0 ? list.length : upper);
        expect(lastAtOrBefore(positions, positions.length, value)).toBe((upper < 0 ? list.length : upper) - 1);
      }),
    );
  });

  it('hits the nearest mark, the first of several at one place, the earlier of two as near', () => {
    fc.assert(
      fc.property(sortedPositions, fc.double({ min: -5, max: 2005, noNaN: true }), (positions, value) => {
        const hit = nearestIndex(positions, positions.length, value);
        if (positions.length === 0) {
          expect(hit).toBe(-1);
          return;
        }
        const distances = Array.from(positions, (at) => Math.abs(at - value));
        const best = Math.min(...distances);
        expect(hit).toBe(distances.indexOf(best));
      }),
    );
    const positions = Float64Array.from([10, 20, 20, 20, 30]);
    expect(nearestIndex(positions, 5, 16)).toBe(1);
    expect(nearestIndex(positions, 5, 25)).toBe(1);
    expect(nearestIndex(positions, 5, 26)).toBe(4);
    expect(nearestIndex(positions, 5, 15)).toBe(0);
  });
});
