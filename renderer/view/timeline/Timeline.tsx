// The recording's timeline: time from the request's start across, the network reads and one lane
// per kind of event down, markers for the moments that matter, silences and bursts shaded. Zoom
// (wheel, +/−, buttons), pan (drag, shift+arrows), click to select, drag along the axis (or
// shift-drag anywhere) to scrub. Drawn on a canvas in the frame after a change, at a cost that
// follows the pixels in view, so a 100,000-event recording stays fluid; a change of selection
// alone (a replay, a scrub, the keys) draws only the selection over the kept picture (picture.ts).

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { DEFAULT_DIAGNOSTIC_OPTIONS } from '../../../shared/analysis/diagnostics/context.ts';
import { LONG_GAP_MS } from '../../../shared/analysis/timeline-layout.ts';
import { formatCount } from '../../components/format.ts';
import { useWidth } from '../../components/use-width.ts';
import type { PanelProps } from '../types.ts';
import { eventLine, summaryOf } from './describe.ts';
import type { TooltipText } from './describe.ts';
import { eventAtClick, eventAtScrub, geometryOf, inAxisStrip, rowAt } from './geometry.ts';
import type { Geometry } from './geometry.ts';
import { indexTimeline } from './lanes.ts';
import { createPicturePainter } from './picture.ts';
import type { Layer } from './picture.ts';
import type { TimelineIndex } from './lanes.ts';
import type { View } from './scale.ts';
import { spanCount } from './spans.ts';
import { Tooltip, tooltipAt } from './Tooltip.tsx';
import { useWheelZoom, useZoom } from './use-zoom.ts';
import { ZoomButtons } from './ZoomButtons.tsx';
import './timeline.css';

export type TimelineProps = Pick<PanelProps, 'analysis' | 'live' | 'selected' | 'onSelect' | 'highlighted'>;

/** A press that moves less than this many pixels is a click, not a drag. */
const CLICK_SLOP = 3;

interface Drag {
  readonly mode: 'pan' | 'scrub';
  readonly startX: number;
  readonly startView: View;
  moved: boolean;
}

interface Hover {
  readonly x: number;
  readonly y: number;
  readonly text: TooltipText | null;
}

export function Timeline({ analysis, live, selected, onSelect, highlighted }: TimelineProps) {
  const index = useTimelineIndex(analysis);
  const { domain } = index;
  const [plotRef, width] = useWidth<HTMLDivElement>();
  const zoom = useZoom(domain);
  const { view } = zoom;
  const geometry = useMemo(() => geometryOf(width, index.lanes.length), [width, index.lanes.length]);
  const highlightedAt = useMemo(() => positionsOf(index, highlighted), [index, highlighted]);
  const [hover, setHover] = useState<Hover | null>(null);
  const [dragMode, setDragMode] = useState<Drag['mode'] | null>(null);
  const drag = useRef<Drag | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [theme, setTheme] = useState(0);
  const [painter] = useState(() => createPicturePainter(makeLayer));
  const hintId = useId();

  // A selection made elsewhere (the table, a diagnostic, the keys) is brought into a zoomed view.
  const [revealed, setRevealed] = useState(selected);
  if (revealed !== selected) {
    setRevealed(selected);
    if (selected !== null && selected < index.eventCount) zoom.reveal(index.eventPositions[selected]!);
  }

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const repaint = (): void => setTheme((version) => version + 1);
    media.addEventListener('change', repaint);
    return () => media.removeEventListener('change', repaint);
  }, []);

  const hoverX = hover && !dragMode && rowAt(geometry, index.lanes.length, hover.y) >= 0 ? hover.x : null;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const frame = requestAnimationFrame(() => {
      const context = fitCanvas(canvas, geometry);
      if (!context) return;
      const style = getComputedStyle(canvas);
      const colours = new Map<string, string>();
      const palette = (property: string): string => {
        let colour = colours.get(property);
        if (colour === undefined) colours.set(property, (colour = style.getPropertyValue(property).trim() || style.color));
        return colour;
      };
      const idleGapMs = DEFAULT_DIAGNOSTIC_OPTIONS.idleGapMs;
      const size = { width: canvas.width, height: canvas.height, ratio: window.devicePixelRatio || 1 };
      const scene = { index, view, geometry, selected, highlighted: highlightedAt, hoverX, idleGapMs };
      painter.paint(context, size, scene, palette, [index, view, geometry, highlightedAt, theme]);
      // How many events the picture holds: what the UI benchmark (bench/ui.ts) waits for.
      canvas.dataset['drawnEvents'] = String(index.eventCount);
    });
    return () => cancelAnimationFrame(frame);
  }, [index, view, geometry, width, selected, highlightedAt, hoverX, theme, painter]);

  useWheelZoom(canvasRef, zoom, geometry);

  const pointer = (event: PointerEvent<HTMLCanvasElement>): { x: number; y: number } => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const scrubTo = (x: number): void => {
    const event = eventAtScrub(index, view, geometry, x);
    if (event >= 0 && event !== selected) onSelect(event);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>): void => {
    if (event.button !== 0) return;
    const { x, y } = pointer(event);
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    const mode = event.shiftKey || inAxisStrip(geometry, y) ? 'scrub' : 'pan';
    drag.current = { mode, startX: x, startView: view, moved: false };
    setDragMode(mode);
    setHover(null);
    if (mode === 'scrub') scrubTo(x);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>): void => {
    const { x, y } = pointer(event);
    const current = drag.current;
    if (!current) {
      setHover({ x, y, text: tooltipAt(analysis, index, view, geometry, x, y) });
      return;
    }
    if (Math.abs(x - current.startX) > CLICK_SLOP) current.moved = true;
    if (current.mode === 'scrub') scrubTo(x);
    else if (current.moved) zoom.panDrag(current.startView, x - current.startX, geometry);
  };
  const endDrag = (event: PointerEvent<HTMLCanvasElement>, click: boolean): void => {
    const current = drag.current;
    drag.current = null;
    setDragMode(null);
    if (!current || !click || current.mode !== 'pan' || current.moved) return;
    const { x, y } = pointer(event);
    const hit = eventAtClick(index, view, geometry, x, y);
    if (hit >= 0) onSelect(hit);
  };

  // + and − zoom around the selected event while it is in view.
  const around = selected !== null && selected < index.eventCount ? index.eventPositions[selected]! : undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>): void => {
    if (zoom.key(event.key, event.shiftKey, around)) {
      event.preventDefault();
      return;
    }
    const last = index.eventCount - 1;
    const step = (by: number): number => (selected === null ? (by > 0 ? 0 : last) : Math.min(last, Math.max(0, selected + by)));
    let handled = true;
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowRight':
        if (last >= 0) onSelect(step(event.key === 'ArrowLeft' ? -1 : 1));
        break;
      case 'Home':
        if (last >= 0) onSelect(0);
        break;
      case 'End':
        if (last >= 0) onSelect(last);
        break;
      case 'Escape':
        onSelect(null);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const summary = summaryOf(index);
  const selectedLine = selected !== null && selected < index.eventCount ? eventLine(analysis, selected) : null;
  const empty = index.eventCount === 0 && index.readCount === 0;

  return (
    <div
      className="timeline"
      data-testid="timeline"
      data-visible-range={`${rounded(view.start)}-${rounded(view.end)}`}
      data-selected={selected ?? ''}
      data-timed={index.timed}
    >
      <div className="timeline-toolbar" role="toolbar" aria-label="Timeline zoom">
        <ZoomButtons zoom={zoom} around={around} whole="the whole recording" />
        <span className="timeline-summary">
          {summary}
          {live ? ' (recording…)' : ''}
          {index.timed ? '' : '. No arrival times: marks are in event order, not in time.'}
        </span>
      </div>
      {empty && (
        <p className="timeline-empty">{live ? 'Nothing has arrived yet: the timeline fills in as reads come.' : 'This recording has no reads and no events: there is nothing to draw.'}</p>
      )}
      <div className="timeline-plot" ref={plotRef}>
        <canvas
          ref={canvasRef}
          className={`timeline-canvas${dragMode ? ` ${dragMode === 'pan' ? 'panning' : 'scrubbing'}` : ''}`}
          data-testid="timeline-canvas"
          style={{ height: `${geometry.height}px` }}
          tabIndex={0}
          role="application"
          aria-roledescription="timeline"
          aria-label={`${summary}.${selectedLine ? ` Selected ${selectedLine}.` : ''}`}
          aria-describedby={hintId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event, true)}
          onPointerCancel={(event) => endDrag(event, false)}
          onPointerLeave={() => setHover(null)}
          onKeyDown={onKeyDown}
        />
        {hover?.text && !dragMode && <Tooltip x={hover.x} y={hover.y} text={hover.text} width={width} />}
      </div>
      <p className="timeline-status" data-testid="timeline-selected">
        {selectedLine ? (
          <>
            Selected {selectedLine}: <span className="timeline-annotation">{analysis.events[selected!]!.annotation}</span>
          </>
        ) : (
          'No event selected.'
        )}
      </p>
      <p className="timeline-hint" id={hintId}>
        Drag to pan, wheel or +/− to zoom, 0 or Fit for the whole recording. Click a mark to select its event; ←/→ step through events.
        To scrub, drag along the time axis (or shift-drag anywhere): the other panels show the stream as it stood at that moment.
      </p>
      <Legend index={index} highlighted={highlightedAt.length} />
    </div>
  );
}

/** The index of the analysis, extended from the previous one while a live analysis grows. */
function useTimelineIndex(analysis: Analysis): TimelineIndex {
  const [held, setHeld] = useState(() => ({ analysis, index: indexTimeline(analysis) }));
  if (held.analysis === analysis) return held.index;
  const index = indexTimeline(analysis, held.index);
  setHeld({ analysis, index });
  return index;
}

function positionsOf(index: TimelineIndex, events: readonly number[]): Float64Array {
  const positions = new Float64Array(events.length);
  let count = 0;
  for (const event of events) if (event >= 0 && event < index.eventCount) positions[count++] = index.eventPositions[event]!;
  return positions.subarray(0, count).sort();
}

/** An offscreen canvas for the timeline's kept picture (picture.ts). */
function makeLayer(width: number, height: number): Layer | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  return context && { canvas, context };
}

/** Sizes the canvas's backing store to its CSS size times the device's pixel ratio; returns a context in CSS pixels. */
function fitCanvas(canvas: HTMLCanvasElement, geometry: Geometry): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(geometry.width * ratio);
  const height = Math.round(geometry.height * ratio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d');
  context?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}

function Legend({ index, highlighted }: { readonly index: TimelineIndex; readonly highlighted: number }) {
  return (
    <ul className="timeline-legend" aria-label="Timeline lanes" data-testid="timeline-legend">
      {index.lanes.map((lane) => (
        <li key={lane.key} data-lane={lane.key}>
          <span className="timeline-swatch" style={{ background: `var(${lane.colour})` }} aria-hidden="true" />
          {lane.label} <span className="timeline-count">{formatCount(lane.count)}</span>
        </li>
      ))}
      {spanCount(index.gaps) > 0 && (
        <li>
          <span className="timeline-swatch shade" style={{ background: 'var(--tl-idle)' }} aria-hidden="true" />
          silence ≥ {LONG_GAP_MS / 1000} s <span className="timeline-count">{formatCount(spanCount(index.gaps))}</span>
        </li>
      )}
      {spanCount(index.bursts) > 0 && (
        <li>
          <span className="timeline-swatch shade" style={{ background: 'var(--tl-burst)' }} aria-hidden="true" />
          burst <span className="timeline-count">{formatCount(spanCount(index.bursts))}</span>
        </li>
      )}
      {highlighted > 0 && (
        <li>
          <span className="timeline-swatch" style={{ background: 'var(--tl-highlight-mark)' }} aria-hidden="true" />
          highlighted <span className="timeline-count">{formatCount(highlighted)}</span>
        </li>
      )}
    </ul>
  );
}

/** Three decimals: enough to tell a zoomed view's edges apart, short enough to read in a test. */
function rounded(value: number): number {
  return Math.round(value * 1000) / 1000;
}

