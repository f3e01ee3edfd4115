// Searching a lane's sorted positions, and gathering the visible ones into pixel columns: what
// keeps drawing a lane of a hundred thousand marks as cheap as drawing the pixels it covers.
// Positions are sorted ascending (lanes.ts keeps them so); `count` says how many of the array
// are in use (the arrays grow with spare room while a recording is live).

import type { View } from './scale.ts';

/** The first index whose position is at least `value` (`count` when none is). */
export function lowerBound(positions: Float64Array, count: number, value: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (positions[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The first index whose position is above `value` (`count` when none is). */
export function upperBound(positions: Float64Array, count: number, value: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (positions[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The index of the position nearest `value`, or -1 for an empty lane. Of several at the same
 * position the first is taken, and of two equally near the earlier.
 */
export function nearestIndex(positions: Float64Array, count: number, value: number): number {
  if (count === 0) return -1;
  const after = lowerBound(positions, count, value);
  if (after === 0) return 0;
  const before = lowerBound(positions, count, positions[after - 1]!);
  if (after === count) return before;
  return value - positions[before]! <= positions[after]! - value ? before : after;
}

/** The last index at or before `value` (what had arrived by then), or -1 when none had. */
export function lastAtOrBefore(positions: Float64Array, count: number, value: number): number {
  return upperBound(positions, count, value) - 1;
}

/** Runs of items sharing a pixel column: column, first item, how many. Reused from draw to draw. */
export interface ColumnRuns {
  length: number;
  readonly column: Int32Array;
  readonly first: Int32Array;
  readonly count: Int32Array;
}

export function columnRuns(width: number): ColumnRuns {
  const size = Math.max(1, Math.ceil(width));
  return { length: 0, column: new Int32Array(size), first: new Int32Array(size), count: new Int32Array(size) };
}

/**
 * The column of a position in a plot `width` columns wide: the view's end falls in the last
 * column, not past it (the end of a fitted view is the stream's last read).
 */
export function columnOf(view: View, width: number, at: number): number {
  return Math.min(width - 1, Math.floor(((at - view.start) / (view.end - view.start)) * width));
}

/**
 * Gathers the positions inside the view (ends included) into `runs`, one run per occupied
 * column, left to right. The cost is a binary search per occupied column, whatever the count.
 */
export function gatherColumns(positions: Float64Array, count: number, view: View, width: number, runs: ColumnRuns): ColumnRuns {
  runs.length = 0;
  const columns = Math.min(Math.floor(width), runs.column.length);
  if (columns <= 0 || !(view.end > view.start)) return runs;
  let item = lowerBound(positions, count, view.start);
  const stop = upperBound(positions, count, view.end);
  while (item < stop) {
    const column = columnOf(view, columns, positions[item]!);
    // The first item past this column: the same arithmetic as columnOf, so every count is exact.
    let low = item + 1;
    let high = stop;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (columnOf(view, columns, positions[mid]!) <= column) low = mid + 1;
      else high = mid;
    }
    const run = runs.length++;
    runs.column[run] = column;
    runs.first[run] = item;
    runs.count[run] = low - item;
    item = low;
  }
  return runs;
}

/** The items drawn in pixel column `column`: the first index into the lane and the index past the last. */
export function columnRange(positions: Float64Array, count: number, view: View, width: number, column: number): [number, number] {
  const firstPast = (limit: number): number => {
    let low = 0;
    let high = count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (columnOf(view, width, positions[mid]!) < limit) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const first = firstPast(column);
  const end = column >= width - 1 ? upperBound(positions, count, view.end) : firstPast(column + 1);
  return [first, Math.max(first, end)];
}
