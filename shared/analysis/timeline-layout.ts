// What any timeline of a recording shows, whatever draws it (the HTML export's SVG, the
// recording view's canvas): the lanes' labels, the moments worth a marker, the silence worth
// shading and the steps of a readable axis.

import type { ViewKind } from '../dialects/kit/view.ts';
import { dialectOf } from './analyze.ts';
import type { Analysis } from './analyze.ts';

/** A silence between reads at least this long is shaded. */
export const LONG_GAP_MS = 1000;

/** Lanes in reading order, with their labels. */
export const KIND_LABELS: Readonly<Record<ViewKind, string>> = {
  role: 'role',
  content: 'content',
  reasoning: 'reasoning',
  refusal: 'refusal',
  tool: 'tool fragment',
  finish: 'finish',
  usage: 'usage',
  metadata: 'metadata',
  empty: 'empty delta',
  done: '[DONE]',
  comment: 'comment',
  error: 'error',
  'invalid-json': 'not JSON',
  malformed: 'malformed',
  'no-data': 'no data',
};

export interface Marker {
  readonly label: string;
  /** Milliseconds since the request started; for an untimed recording, an event index. */
  readonly at: number;
}

/** The moments the timeline marks, in the recording's own terms: times when timed, event indexes when not. */
export function markersOf(analysis: Analysis): Marker[] {
  const { events, metrics, recording } = analysis;
  const timed = metrics !== null;
  const markers: Marker[] = [];
  // An analysis caught mid-update may name an event it does not hold yet: no marker rather than a crash.
  const eventAt = (index: number): number | null => (timed ? (events[index]?.t ?? null) : index < events.length ? index : null);
  const mark = (label: string, at: number | null): void => {
    if (at !== null) markers.push({ label, at });
  };
  if (timed) {
    if (recording.response?.t != null) markers.push({ label: 'headers', at: recording.response.t });
    if (metrics.ttfb_ms !== null) markers.push({ label: 'first byte', at: metrics.ttfb_ms });
  }
  const firstToken = events.findIndex((event) => event.tokens !== 0);
  if (firstToken >= 0) mark('first token', eventAt(firstToken));
  // By default a dialect finishes with its first event of the finish kind: the Responses terminal
  // event, Anthropic's message_delta with its stop reason.
  const dialect = dialectOf(analysis.protocol);
  const finish = dialect.finishEvent ? dialect.finishEvent(analysis.dialectState) : events.findIndex((event) => event.interpretation.kind === 'finish');
  if (finish >= 0) mark('finish', eventAt(finish));
  // `done` is the kind of an event whose data is `[DONE]` (interpret.ts), cheaper to ask than its data.
  const done = events.findIndex((event) => event.interpretation.kind === 'done');
  if (done >= 0) mark('[DONE]', eventAt(done));
  // A recording still under way has no end yet: its duration so far is only the last read.
  if (timed && metrics.duration_ms !== null && recording.end?.outcome !== 'recording') markers.push({ label: 'end', at: metrics.duration_ms });
  return markers;
}

/** A step of 1, 2 or 5 times a power of ten giving about `ticks` ticks over `span`, and at least `minimum`. */
export function niceStep(span: number, minimum: number, ticks = 8): number {
  const rough = Math.max(span / ticks, minimum);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough)!;
  return Math.max(step, minimum);
}
