// One time axis for two timelines: both drawn from 0 (the request's start) to the later end of
// the two (until zoomed: then both rows show the same stretch of it), so that the same millisecond
// falls on the same pixel in both rows and the longer recording sets the scale. An untimed recording has no place on a time axis and is left out.

import type { TimelineIndex } from '../view/timeline/lanes.ts';
import { ticksOf, xOf } from '../view/timeline/scale.ts';
import type { Domain, View } from '../view/timeline/scale.ts';

/** The domain both timed timelines fit in; null when neither recording has times. */
export function sharedDomain(indexes: readonly (TimelineIndex | null)[]): Domain | null {
  const timed = indexes.filter((index): index is TimelineIndex => index !== null && index.timed);
  if (timed.length === 0) return null;
  return { end: Math.max(...timed.map((index) => index.domain.end)), minSpan: Math.max(...timed.map((index) => index.domain.minSpan)) };
}

export interface AxisTick {
  readonly label: string;
  /** CSS pixels from the plot's left edge (the rows' canvases start their plot after the lane labels' gutter). */
  readonly left: number;
}

/** The shared axis's ticks for rows whose plot is `plotWidth` pixels wide. */
export function axisTicks(view: View, plotWidth: number): AxisTick[] {
  return ticksOf(view, plotWidth, true).map((tick) => ({ label: tick.label, left: xOf(view, plotWidth, tick.at) }));
}
