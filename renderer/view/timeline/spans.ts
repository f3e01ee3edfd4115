// Stretches of the axis the timeline shades: long silences between reads, and bursts (many
// events arriving at once). Both are found by a push-based detector fed one position at a
// time, so a live timeline feeds it only what is new. Spans come out sorted and disjoint.

import { LONG_GAP_MS } from '../../../shared/analysis/timeline-layout.ts';
import { lowerBound } from './columns.ts';
import { withRoomF64, withRoomI32 } from './buffers.ts';
import type { View } from './scale.ts';
import { atOf, xOf } from './scale.ts';
import { BURST_PER_MS } from '../../../shared/analysis/diagnostics/buffering.ts';

export { LONG_GAP_MS };

/**
 * Events closer than this to the one before belong to one burst: buffered-delivery's rate, far
 * above the fastest generation and what a flushed buffer delivers.
 */
export const BURST_GAP_MS = 1 / BURST_PER_MS;
/** A run of at least this many such events is shaded as a burst. */
export const BURST_MIN_EVENTS = 8;

export interface Span {
  readonly start: number;
  readonly end: number;
  /** The first item (read or event index) the span is about. */
  readonly first: number;
  /** How many items: for a burst its events, for a silence 1. */
  readonly size: number;
}

/** Finished spans in shared append-only buffers, and the one still open (a live burst may grow). */
export interface SpanList {
  readonly length: number;
  readonly starts: Float64Array;
  readonly ends: Float64Array;
  readonly firsts: Int32Array;
  readonly sizes: Int32Array;
  readonly open: Span | null;
}

export const NO_SPANS: SpanList = { length: 0, starts: new Float64Array(0), ends: new Float64Array(0), firsts: new Int32Array(0), sizes: new Int32Array(0), open: null };

export function spanAt(list: SpanList, index: number): Span {
  if (index === list.length && list.open) return list.open;
  return { start: list.starts[index]!, end: list.ends[index]!, first: list.firsts[index]!, size: list.sizes[index]! };
}

/** How many spans there are, the open one included. */
export function spanCount(list: SpanList): number {
  return list.length + (list.open ? 1 : 0);
}

class SpanWriter {
  length: number;
  starts: Float64Array;
  ends: Float64Array;
  firsts: Int32Array;
  sizes: Int32Array;

  constructor(from: SpanList) {
    ({ length: this.length, starts: this.starts, ends: this.ends, firsts: this.firsts, sizes: this.sizes } = from);
  }

  push(span: Span): void {
    const at = this.length++;
    this.starts = withRoomF64(this.starts, this.length);
    this.ends = withRoomF64(this.ends, this.length);
    this.firsts = withRoomI32(this.firsts, this.length);
    this.sizes = withRoomI32(this.sizes, this.length);
    this.starts[at] = span.start;
    this.ends[at] = span.end;
    this.firsts[at] = span.first;
    this.sizes[at] = span.size;
  }

  done(open: Span | null): SpanList {
    return { length: this.length, starts: this.starts, ends: this.ends, firsts: this.firsts, sizes: this.sizes, open };
  }
}

/** The silences of at least LONG_GAP_MS before each read, the first counted from the request's start. */
export interface GapState {
  readonly spans: SpanList;
  /** The previous read's time (0 before the first). */
  readonly last: number;
  readonly reads: number;
}

export const NO_GAPS: GapState = { spans: NO_SPANS, last: 0, reads: 0 };

export function extendGaps(state: GapState, times: Float64Array, count: number): GapState {
  if (count <= state.reads) return state;
  const writer = new SpanWriter(state.spans);
  let last = state.last;
  for (let read = state.reads; read < count; read++) {
    const t = times[read]!;
    if (t - last >= LONG_GAP_MS) writer.push({ start: last, end: t, first: read, size: 1 });
    last = t;
  }
  return { spans: writer.done(null), last, reads: count };
}

/** Runs of events less than BURST_GAP_MS apart; the run under way is kept open. */
export interface BurstState {
  readonly spans: SpanList;
  readonly events: number;
  /** The run under way: its first event, start, last position and size (size 0: none). */
  readonly run: Span;
}

export const NO_BURSTS: BurstState = { spans: NO_SPANS, events: 0, run: { start: 0, end: 0, first: 0, size: 0 } };

export function extendBursts(state: BurstState, positions: Float64Array, count: number): BurstState {
  if (count <= state.events) return state;
  const writer = new SpanWriter(state.spans);
  let { start, end, first, size } = state.run;
  for (let event = state.events; event < count; event++) {
    const at = positions[event]!;
    if (size > 0 && at - end < BURST_GAP_MS) {
      size++;
      end = at;
      continue;
    }
    if (size >= BURST_MIN_EVENTS) writer.push({ start, end, first, size });
    start = end = at;
    first = event;
    size = 1;
  }
  const run = { start, end, first, size };
  return { spans: writer.done(size >= BURST_MIN_EVENTS ? run : null), events: count, run };
}

/** A shaded stretch on screen: pixels from the plot's left edge, and the spans it stands for. */
export interface ShadedRun {
  readonly x0: number;
  readonly x1: number;
  /** Its first and last span (indexes for spanAt). */
  readonly first: number;
  readonly last: number;
}

/**
 * The spans in view as stretches at least `minWidth` pixels wide; spans that would touch on
 * screen are joined, so the cost is a search per stretch drawn, not one per span.
 */
export function gatherSpans(list: SpanList, view: View, width: number, minWidth = 2): ShadedRun[] {
  const total = spanCount(list);
  const runs: { x0: number; x1: number; first: number; last: number }[] = [];
  let index = lowerBound(list.ends, list.length, view.start);
  while (index < total) {
    const span = spanAt(list, index);
    if (span.start > view.end) break;
    if (span.end >= view.start) {
      let x0 = Math.max(0, xOf(view, width, span.start));
      let x1 = Math.min(width, xOf(view, width, span.end));
      if (x1 - x0 < minWidth) {
        const middle = (x0 + x1) / 2;
        x0 = Math.max(0, middle - minWidth / 2);
        x1 = Math.min(width, middle + minWidth / 2);
      }
      const current = runs.at(-1);
      if (current && x0 - current.x1 <= 1) {
        current.x1 = Math.max(current.x1, x1);
        current.last = index;
      } else {
        runs.push({ x0, x1, first: index, last: index });
      }
    }
    // The spans that end inside the stretch already shaded add nothing to see: skip them at once.
    // A span drawn after a skip ends past the stretch: narrow, it widens it by half a pixel or more;
    // wide, it is one of the few spans a pixel wide. So the searches are a few per pixel at most.
    const shaded = runs.at(-1);
    const next = shaded ? Math.min(list.length, lowerBound(list.ends, list.length, atOf(view, width, shaded.x1))) : 0;
    if (shaded && next > index + 1) shaded.last = next - 1;
    index = Math.max(index + 1, next);
  }
  return runs;
}
