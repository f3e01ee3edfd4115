// The timeline's words: its accessible summary, the tooltip of what is under the pointer, the
// line about the selected event. Numbers as the HTML report writes them (one decimal of a ms).

import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { KIND_LABELS } from '../../../shared/analysis/timeline-layout.ts';
import { count, ms, number } from '../../../shared/export/html/format.ts';
import type { MarkHit } from './geometry.ts';
import type { TimelineIndex } from './lanes.ts';
import { BURST_GAP_MS } from './spans.ts';
import type { Span } from './spans.ts';

/** "Timeline: 1,234 events and 56 reads over 1,860.0 ms", or the untimed equivalent. */
export function summaryOf(index: TimelineIndex): string {
  if (!index.timed) return `Timeline of an untimed recording: ${count(index.eventCount, 'event')} in order`;
  if (index.writeCount > 0) return `Timeline: ${count(index.eventCount, 'event')}, ${count(index.readCount, 'read')} and ${count(index.writeCount, 'write')} to the client over ${ms(index.domain.end)}`;
  return `Timeline: ${count(index.eventCount, 'event')} and ${count(index.readCount, 'read')} over ${ms(index.domain.end)}`;
}

/** One event in a line: `#12 · content · 210.5 ms`. */
export function eventLine(analysis: Analysis, event: number): string {
  const { sse, t, interpretation } = analysis.events[event]!;
  return `#${sse.index} · ${KIND_LABELS[interpretation.kind]}${t === null ? '' : ` · ${ms(t)}`}`;
}

export interface TooltipText {
  readonly title: string;
  /** The core's annotation of the event, shown as code. */
  readonly annotation: string | null;
  readonly more: string | null;
}

/** What the tooltip says about a mark: the event (or read) hit, and the others drawn in its pixel. */
export function describeMark(analysis: Analysis, hit: MarkHit): TooltipText {
  const { lane, item, columnFirst, columnCount } = hit;
  const first = lane.items[columnFirst]!;
  const last = lane.items[columnFirst + columnCount - 1]!;
  if (lane.holds === 'writes') return describeWrite(analysis, lane.items[item]!, columnCount > 1 ? `${count(columnCount, 'write')} in this pixel (#${first}–#${last})` : null);
  if (lane.holds === 'reads') {
    const read = analysis.reads[lane.items[item]!]!;
    return {
      title: `read ${lane.items[item]} · ${read.t === null ? 'untimed' : ms(read.t)} · ${count(read.length, 'byte')}`,
      annotation: null,
      more: columnCount > 1 ? `${count(columnCount, 'read')} in this pixel (#${first}–#${last})` : null,
    };
  }
  const event = lane.items[item]!;
  return {
    title: `${eventLine(analysis, event)}${lane.key.startsWith('tool:') ? ` · ${lane.label}` : ''}`,
    annotation: analysis.events[event]!.annotation,
    more: columnCount > 1 ? `${count(columnCount, `${lane.label} event`)} in this pixel (#${first}–#${last}); zoom in to tell them apart` : null,
  };
}

/**
 * A write to the client (a captured recording's relay): when its socket took it, and the two
 * delays before that — the proxy's own (arrival of the upstream read → write issued) and the
 * client's (issued → taken: it was not reading).
 */
export function describeWrite(analysis: Analysis, write: number, more: string | null): TooltipText {
  const stamped = analysis.recording.capture?.relay?.writes[write];
  if (!stamped) return { title: `write ${write} to the client`, annotation: null, more };
  const [arrived, issued, flushed] = stamped;
  const taken = flushed === null ? 'never taken (the client went away)' : `taken ${ms(flushed)}`;
  const waited = flushed === null ? '' : `, then ${number(Math.max(0, flushed - issued), 3)} ms for the client`;
  const delays = `read arrived ${ms(arrived)}; proxy added ${number(Math.max(0, issued - arrived), 3)} ms${waited}`;
  return { title: `write ${write} to the client · ${taken}`, annotation: null, more: more === null ? delays : `${delays}\n${more}` };
}

/** What the tooltip says about a shaded span: a silence or a burst. */
export function describeSpan(span: Span, burst: boolean): TooltipText {
  if (burst) {
    return {
      title: `burst: ${count(span.size, 'event')} in ${ms(span.end - span.start)} (#${span.first}–#${span.first + span.size - 1})`,
      annotation: null,
      more: `each less than ${number(BURST_GAP_MS, 1)} ms after the one before`,
    };
  }
  return { title: `${ms(span.end - span.start)} without a read`, annotation: null, more: `${number(span.start, 1)}–${number(span.end, 1)} ms, before read ${span.first}` };
}
