// Where things are on the timeline's canvas, and what is under the pointer. All in CSS pixels:
// lane labels in a gutter on the left, marker labels in rows at the top, one row per lane, the
// time axis at the bottom (the strip where dragging scrubs).

import { columnOf, columnRange, lastAtOrBefore, lowerBound, nearestIndex, upperBound } from './columns.ts';
import type { Lane, TimelineIndex } from './lanes.ts';
import type { View } from './scale.ts';
import { atOf, xOf } from './scale.ts';
import { spanAt, spanCount } from './spans.ts';
import type { Span, SpanList } from './spans.ts';

export const GUTTER = 132;
export const RIGHT_MARGIN = 14;
export const MARKER_ROW = 13;
export const MARKER_ROWS = 3;
export const TOP = MARKER_ROW * MARKER_ROWS + 6;
export const LANE = 18;
export const MARK = 12;
export const AXIS = 34;

export interface Geometry {
  readonly width: number;
  readonly height: number;
  readonly plotLeft: number;
  readonly plotWidth: number;
  /** Top of the first lane, and of the axis strip below the last. */
  readonly lanesTop: number;
  readonly axisTop: number;
}

export function geometryOf(width: number, lanes: number): Geometry {
  const axisTop = TOP + Math.max(1, lanes) * LANE;
  return { width, height: axisTop + AXIS, plotLeft: GUTTER, plotWidth: Math.max(1, Math.floor(width - GUTTER - RIGHT_MARGIN)), lanesTop: TOP, axisTop };
}

/** The row of the lane under `y`, or -1 outside the lanes. */
export function rowAt(geometry: Geometry, lanes: number, y: number): number {
  if (y < geometry.lanesTop || y >= geometry.axisTop) return -1;
  const row = Math.floor((y - geometry.lanesTop) / LANE);
  return row < lanes ? row : -1;
}

export function inAxisStrip(geometry: Geometry, y: number): boolean {
  return y >= geometry.axisTop;
}

/** The axis value under canvas pixel `x`. */
export function atPointer(view: View, geometry: Geometry, x: number): number {
  return atOf(view, geometry.plotWidth, x - geometry.plotLeft);
}

/** Canvas pixel of axis value `at`. */
export function pixelOf(view: View, geometry: Geometry, at: number): number {
  return geometry.plotLeft + xOf(view, geometry.plotWidth, at);
}

/** A mark under the pointer: one item of a lane, with the others drawn in the same pixel column. */
export interface MarkHit {
  readonly lane: Lane;
  /** Index into the lane; `lane.items[item]` is the event (or read, or write). */
  readonly item: number;
  /** The lane's items drawn in the same column: first index into the lane and how many. */
  readonly columnFirst: number;
  readonly columnCount: number;
}

/** The mark nearest the pointer in the lane under it, if one is drawn within `tolerance` pixels. */
export function markAt(index: TimelineIndex, view: View, geometry: Geometry, x: number, y: number, tolerance = 6): MarkHit | null {
  const row = rowAt(geometry, index.lanes.length, y);
  const lane = index.lanes[row];
  if (!lane) return null;
  const item = nearestIndex(lane.positions, lane.count, atPointer(view, geometry, x));
  if (item < 0) return null;
  const at = lane.positions[item]!;
  if (Math.abs(pixelOf(view, geometry, at) - x) > tolerance) return null;
  const [columnFirst, columnEnd] = columnRange(lane.positions, lane.count, view, geometry.plotWidth, columnOf(view, geometry.plotWidth, at));
  return { lane, item, columnFirst, columnCount: columnEnd - columnFirst };
}

/**
 * The event a click at the pointer selects: the nearest one in the event lane under it, else
 * the nearest event at all (from the reads or writes lane, the marker rows, the axis). -1 when there are none.
 */
export function eventAtClick(index: TimelineIndex, view: View, geometry: Geometry, x: number, y: number): number {
  const at = atPointer(view, geometry, x);
  const lane = index.lanes[rowAt(geometry, index.lanes.length, y)];
  if (lane && lane.holds === 'events' && lane.count > 0) return lane.items[nearestIndex(lane.positions, lane.count, at)]!;
  return nearestIndex(index.eventPositions, index.eventCount, at);
}

/** The event a scrub at the pointer shows: the last to have arrived by then (the first, before any). */
export function eventAtScrub(index: TimelineIndex, view: View, geometry: Geometry, x: number): number {
  if (index.eventCount === 0) return -1;
  return Math.max(0, lastAtOrBefore(index.eventPositions, index.eventCount, atPointer(view, geometry, x)));
}

/** The shaded span (silence or burst) under the pointer, within `tolerance` pixels. */
export function spanAtPointer(list: SpanList, view: View, geometry: Geometry, x: number, tolerance = 2): Span | null {
  const slack = (tolerance / geometry.plotWidth) * (view.end - view.start);
  const at = atPointer(view, geometry, x);
  const total = spanCount(list);
  for (let i = lowerBound(list.ends, list.length, at - slack); i < total; i++) {
    const span = spanAt(list, i);
    if (span.start - slack > at) return null;
    if (span.end + slack >= at) return span;
  }
  return null;
}

/** Whether `event` is one of the lane's items; found by its position, then among equals by index. */
export function laneHas(lane: Lane, position: number, event: number): boolean {
  let low = lowerBound(lane.positions, lane.count, position);
  let high = upperBound(lane.positions, lane.count, position);
  while (low < high) {
    const mid = (low + high) >>> 1;
    const item = lane.items[mid]!;
    if (item === event) return true;
    if (item < event) low = mid + 1;
    else high = mid;
  }
  return false;
}
