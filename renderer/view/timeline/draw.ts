// Paints one frame of the timeline on a 2D canvas context already scaled to CSS pixels. The
// cost follows the pixels, not the events: each lane is gathered into pixel columns
// (columns.ts), shaded spans are joined per pixel (spans.ts), and only what is in view is
// looked at. Colours come from the caller (CSS custom properties read at draw time).

import { columnRuns, gatherColumns } from './columns.ts';
import type { ColumnRuns } from './columns.ts';
import { LANE, MARK, MARKER_ROW, MARKER_ROWS, laneHas, pixelOf } from './geometry.ts';
import type { Geometry } from './geometry.ts';
import type { TimelineIndex } from './lanes.ts';
import { ticksOf } from './scale.ts';
import type { View } from './scale.ts';
import { gatherSpans, spanAt } from './spans.ts';
import type { SpanList } from './spans.ts';

export interface Scene {
  readonly index: TimelineIndex;
  readonly view: View;
  readonly geometry: Geometry;
  readonly selected: number | null;
  /** Positions of the highlighted events, sorted. */
  readonly highlighted: Float64Array;
  /** The pointer's x while it hovers the plot, for a hairline. */
  readonly hoverX: number | null;
  /** A silence at least this long is painted as idle (the idle-gap diagnostic's threshold). */
  readonly idleGapMs: number;
}

/** Resolves a CSS custom property (`--tl-content`) to a colour. */
export type Palette = (property: string) => string;

const FONT = '11px system-ui, -apple-system, "Segoe UI", sans-serif';
/** Joined spans looked at to tell whether a stretch holds an idle silence: enough for any stretch a reader can see. */
const IDLE_LOOKUP_LIMIT = 64;

let scratch: ColumnRuns = columnRuns(1);
function runsFor(width: number): ColumnRuns {
  if (scratch.column.length < width) scratch = columnRuns(width);
  return scratch;
}

/** How wide one event's mark is: a slot's width when events are in order, 2 px on a time axis. */
export function markWidth(scene: Pick<Scene, 'index' | 'view' | 'geometry'>): number {
  if (scene.index.timed) return 2;
  const slot = scene.geometry.plotWidth / (scene.view.end - scene.view.start);
  return Math.max(1, Math.min(8, slot - 1));
}

export function drawTimeline(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  drawPicture(context, scene, palette);
  drawPointers(context, scene, palette);
}

/**
 * Everything but the selection and the hover hairline (the scene's `selected` and `hoverX` are
 * not looked at): what stays the same while a replay, a scrub or the keys move the selection.
 */
export function drawPicture(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  const { geometry } = scene;
  context.clearRect(0, 0, geometry.width, geometry.height);
  context.font = FONT;
  context.textBaseline = 'middle';

  clipToPlot(context, geometry);
  // Bursts over silences: a held-back burst comes right at the end of a silence.
  drawShades(context, scene, scene.index.gaps, palette('--tl-gap'), palette('--tl-idle'));
  drawShades(context, scene, scene.index.bursts, palette('--tl-burst'), null);
  drawHighlights(context, scene, palette);
  drawLanes(context, scene, palette);
  drawMarkers(context, scene, palette);
  context.restore();

  drawLaneLabels(context, scene, palette);
  drawAxis(context, scene, palette);
}

/** The selection and the hover hairline, over the picture. */
export function drawPointers(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  const { geometry } = scene;
  clipToPlot(context, geometry);
  drawSelection(context, scene, palette);
  if (scene.hoverX !== null) {
    context.fillStyle = palette('--tl-marker');
    context.globalAlpha = 0.5;
    context.fillRect(Math.round(scene.hoverX), geometry.lanesTop, 1, geometry.axisTop - geometry.lanesTop);
    context.globalAlpha = 1;
  }
  context.restore();
}

/** Saves the context and clips it to the plot (and the few pixels a mark at its edge spills over); restore() ends it. */
function clipToPlot(context: CanvasRenderingContext2D, geometry: Geometry): void {
  context.save();
  context.beginPath();
  context.rect(geometry.plotLeft - 4, 0, geometry.plotWidth + 8, geometry.height);
  context.clip();
}

function drawShades(context: CanvasRenderingContext2D, scene: Scene, list: SpanList, fill: string, idleFill: string | null): void {
  const { geometry, view, idleGapMs } = scene;
  for (const run of gatherSpans(list, view, geometry.plotWidth)) {
    let idle = false;
    if (idleFill !== null) {
      for (let i = run.first; i <= run.last && i < run.first + IDLE_LOOKUP_LIMIT && !idle; i++) {
        const span = spanAt(list, i);
        idle = span.end - span.start >= idleGapMs;
      }
    }
    context.fillStyle = idle && idleFill !== null ? idleFill : fill;
    context.fillRect(geometry.plotLeft + run.x0, geometry.lanesTop - 2, run.x1 - run.x0, geometry.axisTop - geometry.lanesTop + 2);
  }
}

/** Fills the runs of `positions` in view as rectangles `width` wide, adjacent ones joined into one fill. */
function fillColumns(context: CanvasRenderingContext2D, scene: Scene, positions: Float64Array, count: number, y: number, height: number, width: number): void {
  const { geometry, view } = scene;
  const runs = gatherColumns(positions, count, view, geometry.plotWidth, runsFor(geometry.plotWidth));
  let left = 0;
  let right = -Infinity;
  for (let run = 0; run < runs.length; run++) {
    const x = geometry.plotLeft + runs.column[run]! + 0.5 - width / 2;
    if (x <= right + 0.01) {
      right = x + width;
      continue;
    }
    if (right > left) context.fillRect(left, y, right - left, height);
    left = x;
    right = x + width;
  }
  if (right > left) context.fillRect(left, y, right - left, height);
}

function drawHighlights(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  const { highlighted, geometry } = scene;
  if (highlighted.length === 0) return;
  const width = Math.max(3, markWidth(scene) + 2);
  context.fillStyle = palette('--tl-highlight');
  fillColumns(context, scene, highlighted, highlighted.length, geometry.lanesTop - 2, geometry.axisTop - geometry.lanesTop + 2, width);
  context.fillStyle = palette('--tl-highlight-mark');
  fillColumns(context, scene, highlighted, highlighted.length, geometry.lanesTop - 6, 4, width);
}

function drawLanes(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  const { index, geometry } = scene;
  const width = markWidth(scene);
  index.lanes.forEach((lane, row) => {
    const y = geometry.lanesTop + row * LANE;
    context.fillStyle = palette('--tl-grid');
    context.fillRect(geometry.plotLeft, y + LANE - 2, geometry.plotWidth, 1);
    context.fillStyle = palette(lane.colour);
    fillColumns(context, scene, lane.positions, lane.count, y + 2, MARK, width);
  });
}

function drawLaneLabels(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  const { index, geometry } = scene;
  context.fillStyle = palette('--tl-text');
  context.textAlign = 'right';
  const room = geometry.plotLeft - 14;
  index.lanes.forEach((lane, row) => {
    context.fillText(fitText(context, lane.label, room), geometry.plotLeft - 8, geometry.lanesTop + row * LANE + 2 + MARK / 2);
  });
}

function fitText(context: CanvasRenderingContext2D, text: string, room: number): string {
  if (context.measureText(text).width <= room) return text;
  let cut = text.length;
  while (cut > 1 && context.measureText(`${text.slice(0, cut)}…`).width > room) cut--;
  return `${text.slice(0, cut)}…`;
}

function drawMarkers(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  const { index, view, geometry } = scene;
  // Markers closer than a few pixels share one line and one label ("first token, finish").
  const groups: { x: number; labels: string[] }[] = [];
  for (const marker of [...index.markers].sort((a, b) => a.at - b.at)) {
    if (marker.at < view.start || marker.at > view.end) continue;
    const x = Math.round(pixelOf(view, geometry, marker.at)) + 0.5;
    const last = groups.at(-1);
    if (last && x - last.x < 4) last.labels.push(marker.label);
    else groups.push({ x, labels: [marker.label] });
  }
  context.strokeStyle = palette('--tl-marker');
  context.fillStyle = palette('--tl-marker');
  context.lineWidth = 1;
  // Labels go on the first of the rows where they do not overlap the label before them.
  const rowEnds = new Array<number>(MARKER_ROWS).fill(-Infinity);
  const right = geometry.plotLeft + geometry.plotWidth;
  for (const { x, labels } of groups) {
    const label = labels.join(', ');
    const width = context.measureText(label).width + 4;
    const anchorEnd = x + width > right + 8;
    const start = anchorEnd ? x - width : x;
    let row = rowEnds.findIndex((end) => end < start);
    if (row < 0) row = rowEnds.indexOf(Math.min(...rowEnds));
    rowEnds[row] = start + width;
    const y = MARKER_ROW * row + MARKER_ROW / 2 + 1;
    context.globalAlpha = 0.7;
    context.beginPath();
    context.moveTo(x, y + MARKER_ROW / 2);
    context.lineTo(x, geometry.axisTop);
    context.stroke();
    context.globalAlpha = 1;
    context.textAlign = anchorEnd ? 'right' : 'left';
    context.fillText(label, anchorEnd ? x - 2 : x + 2, y);
  }
}

function drawSelection(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  const { index, view, geometry, selected } = scene;
  if (selected === null || selected < 0 || selected >= index.eventCount) return;
  const at = index.eventPositions[selected]!;
  if (at < view.start || at > view.end) return;
  const x = Math.round(pixelOf(view, geometry, at)) + 0.5;
  const width = markWidth(scene);
  context.strokeStyle = palette('--tl-selected');
  context.fillStyle = palette('--tl-selected');
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(x, geometry.lanesTop - 4);
  context.lineTo(x, geometry.axisTop + 6);
  context.stroke();
  context.lineWidth = 2;
  index.lanes.forEach((lane, row) => {
    if (lane.holds !== 'events' || !laneHas(lane, at, selected)) return;
    context.strokeRect(x - width / 2 - 2, geometry.lanesTop + row * LANE, width + 4, MARK + 4);
  });
  // The scrub handle: a knob on the axis strip, where dragging scrubs.
  context.beginPath();
  context.moveTo(x - 6, geometry.axisTop + 1);
  context.lineTo(x + 6, geometry.axisTop + 1);
  context.lineTo(x, geometry.axisTop + 9);
  context.closePath();
  context.fill();
}

function drawAxis(context: CanvasRenderingContext2D, scene: Scene, palette: Palette): void {
  const { index, view, geometry } = scene;
  const y = geometry.axisTop + 0.5;
  const right = geometry.plotLeft + geometry.plotWidth;
  context.strokeStyle = palette('--tl-marker');
  context.fillStyle = palette('--tl-text');
  context.lineWidth = 1;
  const ticks = ticksOf(view, geometry.plotWidth, index.timed);
  context.beginPath();
  context.moveTo(geometry.plotLeft, y);
  context.lineTo(right, y);
  for (const tick of ticks) {
    const x = Math.round(pixelOf(view, geometry, tick.at)) + 0.5;
    context.moveTo(x, y);
    context.lineTo(x, y + 4);
  }
  context.stroke();
  let lastEnd = -Infinity;
  for (const tick of ticks) {
    const x = pixelOf(view, geometry, tick.at);
    const width = context.measureText(tick.label).width;
    const left = Math.min(right - width, Math.max(geometry.plotLeft, x - width / 2));
    if (left < lastEnd + 6) continue;
    context.textAlign = 'left';
    context.fillText(tick.label, left, y + 13);
    lastEnd = left + width;
  }
  context.textAlign = 'right';
  context.fillText(index.timed ? 'ms since request' : 'event # (untimed)', geometry.plotLeft - 8, y + 13);
  context.fillText('drag here to scrub', geometry.plotLeft - 8, y + 26);
}
