// What a row of the events table says about one event: its cells, worded only for the rows on
// screen (an annotation is worded when asked for).

import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import { KIND_LABELS } from '../../../shared/analysis/timeline-layout.ts';
import type { ViewKind } from '../../../shared/dialects/kit/view.ts';
import { number } from '../../../shared/export/html/format.ts';
import { sseView } from '../framing/sse/index.tsx';
import type { FramingView, RowChip } from '../framing/types.ts';

export interface EventRow {
  readonly index: number;
  /** Milliseconds since the request started, one decimal; '–' when untimed. */
  readonly time: string;
  /** Milliseconds since the event before; '' for the first event, '–' when untimed. */
  readonly gap: string;
  readonly read: number;
  readonly kind: ViewKind;
  readonly label: string;
  readonly annotation: string;
  /**
   * What the event carried outside the known set, so that provider extensions are seen rather
   * than dropped: chunk fields by path (`x_groq`, `choices[].delta.token_id`), SSE fields by name
   * with their colon (`error:`).
   */
  readonly extensions: readonly string[];
  /** What the row says of the frame the event came in, in its framing's terms (../framing/): an event-stream frame's length, an exception frame. */
  readonly frame: readonly RowChip[];
}

const UNTIMED = '–';

/** The row of event `index`, its message read by its framing's view (SSE's when none is given). */
export function eventRow(events: readonly AnalyzedEvent[], index: number, framing: Pick<FramingView, 'extensions' | 'chips'> = sseView): EventRow {
  const event = events[index]!;
  const { t, sse, interpretation } = event;
  const previous = index > 0 ? events[index - 1]!.t : undefined;
  const extensions = [...interpretation.unknownPaths];
  extensions.push(...framing.extensions(sse));
  return {
    index,
    time: t === null ? UNTIMED : number(t, 1),
    gap: previous === undefined ? '' : t === null || previous === null ? UNTIMED : number(t - previous, 1),
    read: sse.read,
    kind: interpretation.kind,
    label: KIND_LABELS[interpretation.kind],
    annotation: event.annotation,
    extensions,
    frame: framing.chips(sse),
  };
}
