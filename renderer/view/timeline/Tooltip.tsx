// What the pointer is over on a timeline, and the tooltip that says it: the recording view's
// timeline and the compare view's rows share both.

import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { describeMark, describeSpan } from './describe.ts';
import type { TooltipText } from './describe.ts';
import { markAt, rowAt, spanAtPointer } from './geometry.ts';
import type { Geometry } from './geometry.ts';
import type { TimelineIndex } from './lanes.ts';
import type { View } from './scale.ts';

/** What is under the pointer: a mark, else a burst or a silence in the lanes. */
export function tooltipAt(analysis: Analysis, index: TimelineIndex, view: View, geometry: Geometry, x: number, y: number): TooltipText | null {
  const mark = markAt(index, view, geometry, x, y);
  if (mark) return describeMark(analysis, mark);
  if (rowAt(geometry, index.lanes.length, y) < 0) return null;
  const burst = spanAtPointer(index.bursts, view, geometry, x);
  if (burst) return describeSpan(burst, true);
  const gap = spanAtPointer(index.gaps, view, geometry, x);
  return gap ? describeSpan(gap, false) : null;
}

export interface TooltipProps {
  /** The pointer, in the plot's pixels. */
  readonly x: number;
  readonly y: number;
  readonly text: TooltipText;
  /** The plot's width. */
  readonly width: number;
  readonly testId?: string;
}

export function Tooltip({ x, y, text, width, testId = 'timeline-tooltip' }: TooltipProps) {
  // Right of the pointer, or left of it in the right part of the plot.
  const flip = x > width * 0.6;
  const style = flip ? { right: `${width - x + 12}px`, top: `${y + 14}px` } : { left: `${x + 12}px`, top: `${y + 14}px` };
  return (
    <div className="timeline-tooltip" role="tooltip" data-testid={testId} style={style}>
      <div>{text.title}</div>
      {text.annotation !== null && <div className="timeline-annotation">{text.annotation}</div>}
      {text.more !== null && <div className="timeline-count">{text.more}</div>}
    </div>
  );
}
