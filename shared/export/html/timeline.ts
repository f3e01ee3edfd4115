// The timeline: an inline SVG with a time axis from the request's start, the network reads as
// one lane, one lane of marks per kind of event, markers for the moments that matter, and
// long silences shaded. An untimed recording has no time axis: the same lanes then show the
// events in order. Up to MARK_LIMIT items a lane get a mark each; beyond that they are
// gathered into one mark per pixel column, so a 100,000-event stream stays a small picture.

import type { Analysis } from '../../analysis/analyze.ts';
import { DEFAULT_DIAGNOSTIC_OPTIONS } from '../../analysis/diagnostics/context.ts';
import type { ViewKind } from '../../dialects/kit/view.ts';
import { KIND_LABELS, LONG_GAP_MS, markersOf, niceStep } from '../../analysis/timeline-layout.ts';
import type { Marker } from '../../analysis/timeline-layout.ts';
import { html } from './escape.ts';
import type { Html } from './escape.ts';
import { count, ms, number, tickLabel } from './format.ts';
import { pushAll } from '../../push-all.ts';

/** Above this many items, a lane's marks are gathered into pixel columns. */
export const MARK_LIMIT = 2000;

const WIDTH = 1000;
const X0 = 130;
const X1 = 985;
const PLOT = X1 - X0;
const MARKER_ROW = 13;
const MARKER_ROWS = 3;
const TOP = MARKER_ROW * MARKER_ROWS + 6;
const LANE = 18;
const MARK = 12;

const KINDS = Object.keys(KIND_LABELS) as ViewKind[];

const r = (value: number): number => Math.round(value * 10) / 10;

interface LaneItems {
  readonly count: number;
  x(item: number): number;
  title(item: number): string;
  /** The event row a mark links to, or null. */
  href(item: number): number | null;
  /** What a column of gathered marks says: first and last item, how many. */
  gathered(first: number, last: number, total: number): string;
}

function laneMarks(y: number, className: string, lane: LaneItems, markWidth: number, idOf: (index: number) => string): Html[] {
  const marks: Html[] = [];
  if (lane.count <= MARK_LIMIT) {
    for (let item = 0; item < lane.count; item++) {
      const rect = html`<rect class="${className}" x="${r(lane.x(item) - markWidth / 2)}" y="${y}" width="${r(markWidth)}" height="${MARK}"><title>${lane.title(item)}</title></rect>`;
      const href = lane.href(item);
      marks.push(href === null ? rect : html`<a href="#${idOf(href)}">${rect}</a>`);
    }
    return marks;
  }
  // One mark per pixel column, the items in it counted.
  const totals = new Uint32Array(PLOT);
  const firsts = new Int32Array(PLOT).fill(-1);
  const lasts = new Int32Array(PLOT);
  for (let item = 0; item < lane.count; item++) {
    const column = Math.min(PLOT - 1, Math.max(0, Math.floor(lane.x(item) - X0)));
    totals[column]!++;
    if (firsts[column] === -1) firsts[column] = item;
    lasts[column] = item;
  }
  for (let column = 0; column < PLOT; column++) {
    if (totals[column] === 0) continue;
    const first = firsts[column]!;
    const rect = html`<rect class="${className}" x="${X0 + column}" y="${y}" width="1" height="${MARK}"><title>${lane.gathered(first, lasts[column]!, totals[column]!)}</title></rect>`;
    const href = lane.href(first);
    marks.push(href === null ? rect : html`<a href="#${idOf(href)}">${rect}</a>`);
  }
  return marks;
}

/**
 * The timeline's SVG; `linked` says which events have a row in the events table to link to, and
 * `idOf` their rows' ids (a page of several recordings gives each its own).
 */
export function timelineSvg(analysis: Analysis, linked: (index: number) => boolean, idOf: (index: number) => string = (index) => `event-${index}`): Html {
  const { events, reads, metrics } = analysis;
  const timed = metrics !== null;
  const markers = markersOf(analysis);
  const lastRead = reads.at(-1)?.t ?? 0;
  const domain = timed ? Math.max(1, lastRead, ...markers.map((marker) => marker.at)) : Math.max(1, events.length);
  const xOf = (at: number): number => X0 + (timed ? at / domain : (at + 0.5) / domain) * PLOT;
  const xOfEvent = (index: number): number => xOf(timed ? events[index]!.t! : index);
  const markWidth = timed ? 2 : Math.max(1, Math.min(8, PLOT / domain - 0.5));

  const byKind = new Map<ViewKind, number[]>();
  for (const event of events) {
    const kind = event.interpretation.kind;
    let list = byKind.get(kind);
    if (!list) byKind.set(kind, (list = []));
    list.push(event.sse.index);
  }
  const lanes: { label: string; className: string; items: LaneItems; width: number }[] = [];
  if (timed) {
    lanes.push({
      label: 'network reads',
      className: 'read',
      width: 2,
      items: {
        count: reads.length,
        x: (item) => xOf(reads[item]!.t!),
        title: (item) => `read ${item} · ${ms(reads[item]!.t!)} · ${count(reads[item]!.length, 'byte')}`,
        href: () => null,
        gathered: (first, last, total) => `${count(total, 'read')} (#${first}–#${last}) from ${ms(reads[first]!.t!)}`,
      },
    });
  }
  for (const kind of KINDS) {
    const indexes = byKind.get(kind);
    if (!indexes) continue;
    lanes.push({
      label: KIND_LABELS[kind],
      className: `k-${kind}`,
      width: markWidth,
      items: {
        count: indexes.length,
        x: (item) => xOfEvent(indexes[item]!),
        title: (item) => {
          const event = events[indexes[item]!]!;
          return `#${event.sse.index}${event.t === null ? '' : ` · ${ms(event.t)}`} · ${event.annotation}`;
        },
        href: (item) => (linked(indexes[item]!) ? indexes[item]! : null),
        gathered: (first, last, total) => `${count(total, `${KIND_LABELS[kind]} event`)}, #${indexes[first]}–#${indexes[last]}`,
      },
    });
  }

  const bottom = TOP + lanes.length * LANE;
  const height = bottom + 30;
  const parts: Html[] = [];

  if (timed) pushAll(parts, gapShades(analysis, xOf, bottom));
  lanes.forEach((lane, row) => {
    const y = TOP + row * LANE;
    parts.push(html`<text class="lane" x="${X0 - 8}" y="${y + MARK - 2}" text-anchor="end">${lane.label}</text>`);
    parts.push(html`<line class="lane-rule" x1="${X0}" x2="${X1}" y1="${y + LANE - 3}" y2="${y + LANE - 3}"/>`);
    pushAll(parts, laneMarks(y + 1, lane.className, lane.items, lane.width, idOf));
  });
  pushAll(parts, axis(timed, domain, xOf, bottom));
  pushAll(parts, markerLines(markers, xOf, bottom, timed));

  const description = timed
    ? `Timeline over ${ms(domain)}: ${count(reads.length, 'read')} and ${count(events.length, 'event')}`
    : `Untimed recording: ${count(events.length, 'event')} in order`;
  return html`<svg class="timeline" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${description}" xmlns="http://www.w3.org/2000/svg"><title>${description}</title>${parts}</svg>`;
}

function gapShades(analysis: Analysis, xOf: (t: number) => number, bottom: number): Html[] {
  const shades: Html[] = [];
  const idle = DEFAULT_DIAGNOSTIC_OPTIONS.idleGapMs;
  let pending: { x0: number; x1: number; from: number; to: number; longest: number; silences: number } | null = null;
  const flush = (): void => {
    if (!pending) return;
    const { from, to, longest, silences } = pending;
    const title =
      silences === 1
        ? `${ms(to - from)} without a read (${number(from, 1)}–${number(to, 1)} ms)`
        : `${silences} silences of ${LONG_GAP_MS / 1000} s or more between ${number(from, 1)} and ${number(to, 1)} ms, the longest ${ms(longest)}`;
    shades.push(html`<rect class="${longest >= idle ? 'gap idle' : 'gap'}" x="${r(pending.x0)}" y="${TOP - 2}" width="${r(Math.max(1, pending.x1 - pending.x0))}" height="${bottom - TOP + 2}"><title>${title}</title></rect>`);
    pending = null;
  };
  let previous = 0;
  for (const read of analysis.reads) {
    const t = read.t!;
    const gap = t - previous;
    if (gap >= LONG_GAP_MS) {
      const x0 = xOf(previous);
      const x1 = xOf(t);
      // Silences closer than a pixel to the last one join it: a long recording stays a few hundred shapes.
      if (pending && x0 - pending.x1 < 1) {
        pending.x1 = x1;
        pending.to = t;
        pending.longest = Math.max(pending.longest, gap);
        pending.silences++;
      } else {
        flush();
        pending = { x0, x1, from: previous, to: t, longest: gap, silences: 1 };
      }
    }
    previous = t;
  }
  flush();
  return shades;
}

function axis(timed: boolean, domain: number, xOf: (at: number) => number, bottom: number): Html[] {
  const parts: Html[] = [html`<line class="axis" x1="${X0}" x2="${X1}" y1="${bottom}" y2="${bottom}"/>`];
  const step = niceStep(domain, timed ? 0.1 : 1);
  const last = timed ? domain : domain - 1;
  for (let at = 0; at <= last + step * 1e-9; at += step) {
    const x = r(timed ? xOf(at) : xOf(Math.round(at)));
    const label = timed ? tickLabel(at, step) : `#${Math.round(at)}`;
    parts.push(html`<line class="axis" x1="${x}" x2="${x}" y1="${bottom}" y2="${bottom + 4}"/><text class="tick" x="${x}" y="${bottom + 15}" text-anchor="middle">${label}</text>`);
  }
  const caption = timed ? 'time since the request started' : 'event order (untimed recording: no time axis)';
  parts.push(html`<text class="caption" x="${X0 - 26}" y="${bottom + 15}" text-anchor="end">${timed ? 'time' : 'event'}</text><text class="caption" x="${X1}" y="${bottom + 28}" text-anchor="end">${caption}</text>`);
  return parts;
}

function markerLines(markers: readonly Marker[], xOf: (at: number) => number, bottom: number, timed: boolean): Html[] {
  // Markers closer than a few pixels share one line and one label ("first token, finish").
  const groups: { x: number; markers: Marker[] }[] = [];
  for (const marker of [...markers].sort((a, b) => a.at - b.at)) {
    const x = r(xOf(marker.at));
    const last = groups.at(-1);
    if (last && x - last.x < 4) last.markers.push(marker);
    else groups.push({ x, markers: [marker] });
  }
  const parts: Html[] = [];
  // Labels go on the first of three rows where they do not overlap the label before them.
  const rowEnds = new Array<number>(MARKER_ROWS).fill(-Infinity);
  for (const { x, markers: group } of groups) {
    const label = group.map((marker) => marker.label).join(', ');
    const width = label.length * 6.2 + 4;
    const anchorEnd = x + width > WIDTH;
    const start = anchorEnd ? x - width : x;
    let row = rowEnds.findIndex((end) => end < start);
    if (row < 0) row = rowEnds.indexOf(Math.min(...rowEnds));
    rowEnds[row] = start + width;
    const y = MARKER_ROW * (row + 1);
    const title = group.map((marker) => `${marker.label}: ${timed ? ms(marker.at) : `event #${marker.at}`}`).join('\n');
    parts.push(
      html`<g class="marker"><title>${title}</title><line x1="${x}" x2="${x}" y1="${y + 2}" y2="${bottom}"/><text x="${anchorEnd ? x - 2 : x + 2}" y="${y}" text-anchor="${anchorEnd ? 'end' : 'start'}">${label}</text></g>`,
    );
  }
  return parts;
}
