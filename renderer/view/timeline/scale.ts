// The visible stretch of the timeline's axis and the moves that change it. The axis runs from 0
// to the domain's end: milliseconds since the request started, or event positions for an
// untimed recording. Every move keeps the view inside the domain and no narrower than its
// smallest span, so a view can always be drawn and always be undone with `fitView`.

import { niceStep } from '../../../shared/analysis/timeline-layout.ts';
import { number, tickLabel } from '../../../shared/export/html/format.ts';

export interface View {
  readonly start: number;
  readonly end: number;
}

export interface Domain {
  /** The axis runs from 0 to here. */
  readonly end: number;
  /** The narrowest view allowed: zooming stops there. */
  readonly minSpan: number;
}

/** The whole domain: what "fit" shows. */
export function fitView(domain: Domain): View {
  return { start: 0, end: Math.max(domain.end, domain.minSpan) };
}

/** The view made valid: no narrower than the smallest span, no wider than the domain, inside it. */
export function clampView(view: View, domain: Domain): View {
  const whole = Math.max(domain.end, domain.minSpan);
  const span = Math.min(whole, Math.max(domain.minSpan, view.end - view.start));
  const start = Math.min(whole - span, Math.max(0, view.start));
  return { start, end: start + span };
}

/**
 * Zooms by `factor` (above 1 zooms in) around `anchor`, a point of the axis that stays where it
 * is on screen unless the domain's edge or the smallest span stops the move.
 */
export function zoomAt(view: View, domain: Domain, factor: number, anchor: number): View {
  const span = view.end - view.start;
  const fraction = span > 0 ? (anchor - view.start) / span : 0.5;
  const whole = Math.max(domain.end, domain.minSpan);
  const next = Math.min(whole, Math.max(domain.minSpan, span / factor));
  const start = anchor - fraction * next;
  return clampView({ start, end: start + next }, domain);
}

/** Moves the view by `delta` axis units (positive: later), stopping at the domain's edges. */
export function panBy(view: View, domain: Domain, delta: number): View {
  return clampView({ start: view.start + delta, end: view.end + delta }, domain);
}

/** The view moved the least that brings `at` inside it, with a margin of a tenth of its span. */
export function revealIn(view: View, domain: Domain, at: number): View {
  const span = view.end - view.start;
  const margin = span / 10;
  if (at >= view.start + margin && at <= view.end - margin) return view;
  if (at < view.start + margin) return panBy(view, domain, at - margin - view.start);
  return panBy(view, domain, at + margin - view.end);
}

export function isFit(view: View, domain: Domain): boolean {
  const fit = fitView(domain);
  return view.start <= fit.start && view.end >= fit.end;
}

/** Pixels from the plot's left edge, for a plot `width` pixels wide. */
export function xOf(view: View, width: number, at: number): number {
  return ((at - view.start) / (view.end - view.start)) * width;
}

/** The axis value under pixel `x` of a plot `width` pixels wide. */
export function atOf(view: View, width: number, x: number): number {
  return view.start + (x / width) * (view.end - view.start);
}

export interface Tick {
  readonly at: number;
  readonly label: string;
}

/** Axis ticks about every 90 pixels: times labelled in ms or s; untimed, whole event numbers. */
export function ticksOf(view: View, width: number, timed: boolean): Tick[] {
  const span = view.end - view.start;
  const step = niceStep(span, timed ? 1e-6 : 1, Math.max(2, Math.floor(width / 90)));
  const ticks: Tick[] = [];
  // Untimed, event i sits at i + 0.5: the tick of event i goes there.
  const offset = timed ? 0 : 0.5;
  const first = Math.ceil((view.start - offset) / step - 1e-9);
  for (let k = first; ; k++) {
    // `+ 0` turns the -0 of Math.ceil(-0.3) into 0, which would otherwise be labelled "-0 ms".
    const value = k * step + 0;
    const at = value + offset;
    if (at > view.end + step * 1e-9) break;
    ticks.push({ at, label: timed ? tickLabel(value, step) : `#${number(Math.round(value))}` });
  }
  return ticks;
}
