// The two timelines, A above B, on one time axis (./shared-axis.ts): each drawn by the recording
// view's own painter (view/timeline/draw.ts) with the shared view, so the same millisecond is the
// same pixel in both rows and the longer recording sets the scale. The painter's axis strip is
// cut off each row; one axis of ticks runs beneath both. Hovering a row shows the event (or read,
// silence, burst) under the pointer, and a hairline at the same moment in both rows.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
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
import type { View } from '../view/timeline/scale.ts';
import { Tooltip, tooltipAt } from '../view/timeline/Tooltip.tsx';
import { axisTicks, sharedView } from './shared-axis.ts';
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
  readonly text: TooltipText | null;
}

const NO_HIGHLIGHTS = new Float64Array(0);

export function CompareTimelines({ sides }: { readonly sides: readonly [TimelineSide, TimelineSide] }) {
  const [analysisA, analysisB] = [sides[0].analysis, sides[1].analysis];
  const indexA = useMemo(() => (analysisA ? indexTimeline(analysisA) : null), [analysisA]);
  const indexB = useMemo(() => (analysisB ? indexTimeline(analysisB) : null), [analysisB]);
  const view = useMemo(() => sharedView([indexA, indexB]), [indexA, indexB]);
  const [hover, setHover] = useState<Hover | null>(null);
  const [plotRef, width] = useWidth<HTMLDivElement>();

  const plotWidth = geometryOf(width, 1).plotWidth;
  const ticks = view && width > 0 ? axisTicks(view, plotWidth) : [];
  const lanes = legendLanes([indexA, indexB]);

  return (
    <div className="timeline compare-timelines" ref={plotRef} data-testid="compare-timelines">
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
                view={view}
                width={width}
                hover={hover}
                onHover={setHover}
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
  readonly view: View;
  readonly width: number;
  readonly hover: Hover | null;
  readonly onHover: (hover: Hover | null) => void;
}

function SideCanvas({ side, analysis, index, view, width, hover, onHover }: SideCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
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

  const move = (event: PointerEvent<HTMLCanvasElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    onHover({ side, x, y, text: tooltipAt(analysis, index, view, geometry, x, y) });
  };

  const markers = index.markers.map((marker) => `${marker.label} at ${ms(marker.value)}`).join(', ');
  return (
    <div className="compare-timeline-plot">
      <canvas
        ref={canvasRef}
        className="timeline-canvas"
        style={{ width: `${geometry.width}px`, height: `${height}px` }}
        role="img"
        aria-label={`${side}: ${summaryOf(index)}${markers ? `; ${markers}` : ''}`}
        data-testid={`compare-timeline-${side}`}
        onPointerMove={move}
        onPointerLeave={() => onHover(null)}
      />
      {hover?.side === side && hover.text && <Tooltip x={hover.x} y={hover.y} text={hover.text} width={geometry.width} testId="compare-tooltip" />}
    </div>
  );
}

/** The lanes of both timelines, each once, in the first one's order and then the second's. */
function legendLanes(indexes: readonly (TimelineIndex | null)[]): Lane[] {
  const seen = new Map<string, Lane>();
  for (const index of indexes) if (index?.timed) for (const lane of index.lanes) if (!seen.has(lane.key)) seen.set(lane.key, lane);
  return [...seen.values()];
}
