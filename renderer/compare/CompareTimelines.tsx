// The two timelines, A above B, on one time axis (./shared-axis.ts): each drawn by the recording
// view's own painter (view/timeline/draw.ts) with the shared view, so the same millisecond is the
// same pixel in both rows and the longer recording sets the scale. The painter's axis strip is
// cut off each row; one axis of ticks runs beneath both. Zoom and pan are the recording view's
// (view/timeline/use-zoom.ts), on the one view: both rows move together. Hovering a row shows the
// event (or read, silence, burst) under the pointer, and a hairline at the same moment in both rows.

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { Analysis } from '../../shared/analysis/analyze.ts';
import { DEFAULT_DIAGNOSTIC_OPTIONS } from '../../shared/analysis/diagnostics/context.ts';
import { ms } from '../../shared/export/html/format.ts';
import { summaryOf } from '../view/timeline/describe.ts';
import type { TooltipText } from '../view/timeline/describe.ts';
import { useWidth } from '../components/use-width.ts';
import { drawTimeline } from '../view/timeline/draw.ts';
import { GUTTER, geometryOf } from '../view/timeline/geometry.ts';
import { indexTimeline } from '../view/timeline/lanes.ts';
import type { Lane, TimelineIndex } from '../view/timeline/lanes.ts';
import type { Domain, View } from '../view/timeline/scale.ts';
import { Tooltip, tooltipAt } from '../view/timeline/Tooltip.tsx';
import { useWheelZoom, useZoom } from '../view/timeline/use-zoom.ts';
import type { Zoom } from '../view/timeline/use-zoom.ts';
import { ZoomButtons } from '../view/timeline/ZoomButtons.tsx';
import { axisTicks, sharedDomain } from './shared-axis.ts';
import type { SideName } from './sides.ts';
import '../view/timeline/timeline.css';

export interface TimelineSide {
  readonly name: SideName;
  readonly title: string;
  /** Null until the recording is loaded. */
  readonly analysis: Analysis | null;
  /** What the row says while there is no analysis: loading, missing, failed. */
  readonly waiting: string;
}

interface Hover {
  readonly side: SideName;
  readonly x: number;
  readonly y: number;
}

interface Drag {
  readonly startX: number;
  readonly startView: View;
}

const NO_HIGHLIGHTS = new Float64Array(0);
/** The domain zoomed while neither side has a time axis: nothing is drawn on it. */
const NO_DOMAIN: Domain = { end: 0, minSpan: 1 };

export function CompareTimelines({ sides }: { readonly sides: readonly [TimelineSide, TimelineSide] }) {
  const [analysisA, analysisB] = [sides[0].analysis, sides[1].analysis];
  const indexA = useMemo(() => (analysisA ? indexTimeline(analysisA) : null), [analysisA]);
  const indexB = useMemo(() => (analysisB ? indexTimeline(analysisB) : null), [analysisB]);
  const domain = useMemo(() => sharedDomain([indexA, indexB]), [indexA, indexB]);
  const zoom = useZoom(domain ?? NO_DOMAIN);
  const view = domain ? zoom.view : null;
  const [hover, setHover] = useState<Hover | null>(null);
  const [dragging, setDragging] = useState(false);
  const [plotRef, width] = useWidth<HTMLDivElement>();
  const hintId = useId();

  const plotWidth = geometryOf(width, 1).plotWidth;
  const ticks = view && width > 0 ? axisTicks(view, plotWidth) : [];
  const lanes = legendLanes([indexA, indexB]);

  return (
    <div
      className="timeline compare-timelines"
      ref={plotRef}
      data-testid="compare-timelines"
      data-visible-range={view ? `${rounded(view.start)}-${rounded(view.end)}` : ''}
    >
      {view && (
        <div className="timeline-toolbar" role="toolbar" aria-label="Timeline zoom">
          <ZoomButtons zoom={zoom} whole="both recordings whole" />
          <span className="timeline-summary" id={hintId}>
            Both rows zoom and pan together: drag to pan, wheel or +/− to zoom, 0 or Fit for both whole.
          </span>
        </div>
      )}
      {sides.map((side, position) => {
        const index = position === 0 ? indexA : indexB;
        return (
          <div key={side.name} className="compare-timeline-row" data-side={side.name}>
            <p className="compare-timeline-title">
              <span className={`compare-side compare-side-${side.name.toLowerCase()}`}>{side.name}</span> {side.title}
              {index && <span className="muted"> · {summaryOf(index)}</span>}
            </p>
            {!side.analysis || !index ? (
              <p className="compare-timeline-empty muted">{side.waiting}</p>
            ) : !index.timed ? (
              <p className="compare-timeline-empty muted" data-testid={`compare-untimed-${side.name}`}>
                This recording has no arrival times (a plain body, imported without timing): it has no place on the time axis.
              </p>
            ) : index.eventCount === 0 && index.readCount === 0 ? (
              <p className="compare-timeline-empty muted">This recording has no reads and no events: there is nothing to draw.</p>
            ) : view && width > 0 ? (
              <SideCanvas
                side={side.name}
                analysis={side.analysis}
                index={index}
                zoom={zoom}
                width={width}
                hover={dragging ? null : hover}
                onHover={setHover}
                dragging={dragging}
                onDragging={setDragging}
                hintId={hintId}
              />
            ) : null}
          </div>
        );
      })}
      {ticks.length > 0 && (
        <div className="compare-axis" aria-hidden="true" style={{ marginLeft: `${GUTTER}px`, width: `${plotWidth}px` }}>
          <span className="compare-axis-label">
            ms since request
          </span>
          {ticks.map((tick) => (
            // Labels are centred on their tick, except at the ends, where they would stick out.
            <span key={tick.left} className={`compare-tick${tick.left < 24 ? ' compare-tick-first' : tick.left > plotWidth - 24 ? ' compare-tick-last' : ''}`} style={{ left: `${tick.left}px` }}>
              {tick.label}
            </span>
          ))}
        </div>
      )}
      {lanes.length > 0 && (
        <ul className="timeline-legend" aria-label="Timeline lanes">
          {lanes.map((lane) => (
            <li key={lane.key}>
              <span className="timeline-swatch" style={{ background: `var(${lane.colour})` }} aria-hidden="true" />
              {lane.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface SideCanvasProps {
  readonly side: SideName;
  readonly analysis: Analysis;
  readonly index: TimelineIndex;
  /** The view both rows share, and the moves that change it. */
  readonly zoom: Zoom;
  readonly width: number;
  readonly hover: Hover | null;
  readonly onHover: (hover: Hover | null) => void;
  /** A drag that pans is under way in either row. */
  readonly dragging: boolean;
  readonly onDragging: (dragging: boolean) => void;
  readonly hintId: string;
}

function SideCanvas({ side, analysis, index, zoom, width, hover, onHover, dragging, onDragging, hintId }: SideCanvasProps) {
  const { view } = zoom;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<Drag | null>(null);
  const geometry = useMemo(() => geometryOf(width, index.lanes.length), [width, index.lanes.length]);
  // The painter's axis strip is left off: the rows share the one axis beneath them.
  const height = geometry.axisTop + 1;
  const [theme, setTheme] = useState(0);
  // The hairline follows the pointer over either row, at the same moment in both.
  const hoverX = hover !== null && hover.x >= geometry.plotLeft ? hover.x : null;

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const repaint = (): void => setTheme((version) => version + 1);
    media.addEventListener('change', repaint);
    return () => media.removeEventListener('change', repaint);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(geometry.width * ratio);
      canvas.height = Math.round(height * ratio);
      const context = canvas.getContext('2d');
      if (!context) return;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      const style = getComputedStyle(canvas);
      const palette = (property: string): string => style.getPropertyValue(property).trim() || style.color;
      drawTimeline(context, { index, view, geometry, selected: null, highlighted: NO_HIGHLIGHTS, hoverX, idleGapMs: DEFAULT_DIAGNOSTIC_OPTIONS.idleGapMs }, palette);
      canvas.dataset['drawnEvents'] = String(index.eventCount);
    });
    return () => cancelAnimationFrame(frame);
  }, [index, view, geometry, height, hoverX, theme]);

  useWheelZoom(canvasRef, zoom, geometry);

  const pointer = (event: PointerEvent<HTMLCanvasElement>): { x: number; y: number } => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const down = (event: PointerEvent<HTMLCanvasElement>): void => {
    if (event.button !== 0) return;
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: pointer(event).x, startView: view };
    onDragging(true);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>): void => {
    const { x, y } = pointer(event);
    if (drag.current) zoom.panDrag(drag.current.startView, x - drag.current.startX, geometry);
    else onHover({ side, x, y });
  };
  const up = (): void => {
    drag.current = null;
    onDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>): void => {
    if (zoom.key(event.key, event.shiftKey)) event.preventDefault();
  };
  // Worked out as drawn, so that it follows a zoom made while the pointer rests.
  const tooltip: TooltipText | null = hover?.side === side ? tooltipAt(analysis, index, view, geometry, hover.x, hover.y) : null;

  const markers = index.markers.map((marker) => `${marker.label} at ${ms(marker.value)}`).join(', ');
  return (
    <div className="compare-timeline-plot">
      <canvas
        ref={canvasRef}
        className={`timeline-canvas${dragging ? ' panning' : ''}`}
        style={{ width: `${geometry.width}px`, height: `${height}px` }}
        tabIndex={0}
        role="application"
        aria-roledescription="timeline"
        aria-label={`${side}: ${summaryOf(index)}${markers ? `; ${markers}` : ''}`}
        aria-describedby={hintId}
        data-testid={`compare-timeline-${side}`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={() => onHover(null)}
        onKeyDown={onKeyDown}
      />
      {tooltip && <Tooltip x={hover!.x} y={hover!.y} text={tooltip} width={geometry.width} testId="compare-tooltip" />}
    </div>
  );
}

/** The lanes of both timelines, each once, in the first one's order and then the second's. */
function legendLanes(indexes: readonly (TimelineIndex | null)[]): Lane[] {
  const seen = new Map<string, Lane>();
  for (const index of indexes) if (index?.timed) for (const lane of index.lanes) if (!seen.has(lane.key)) seen.set(lane.key, lane);
  return [...seen.values()];
}

/** Three decimals, as the recording view's timeline gives its range: short enough to read in a test. */
function rounded(value: number): number {
  return Math.round(value * 1000) / 1000;
}
