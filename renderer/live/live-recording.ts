// A live recording as the page follows it: the `live` batches' reads fed to the core's stream
// analyzer (the same fold the backend runs), so the page knows each event's kind and the message
// so far, and `finished` for how it ended.

import type { LiveBatch, LiveFinished } from '../../shared/api/contract.ts';
import { createStreamAnalyzer } from '../../shared/analysis/stream.ts';
import type { EventKind } from '../../shared/chunks/interpret.ts';
import { toChoices } from '../../shared/chunks/message.ts';

/** How many of the latest events the page lists. */
const SHOWN_EVENTS = 8;

export interface LiveEventRow {
  readonly index: number;
  readonly kind: EventKind;
  readonly annotation: string;
  readonly t: number | null;
}

export interface LiveSnapshot {
  readonly id: number;
  readonly status: number | null;
  readonly reads: number;
  readonly bytes: number;
  readonly events: number;
  readonly lastEvents: readonly LiveEventRow[];
  /** The first choice's text so far: content, else refusal, else tool calls. */
  readonly text: string;
  /** Time of the latest read, ms since the request started. */
  readonly lastT: number | null;
  readonly finished: LiveFinished | null;
  /** A batch went missing (the connection lost pushes): what is shown is incomplete. */
  readonly incomplete: boolean;
}

export interface LiveRecording {
  apply(batch: LiveBatch): void;
  finish(finished: LiveFinished): void;
  snapshot(): LiveSnapshot;
}

export function createLiveRecording(id: number): LiveRecording {
  const analyzer = createStreamAnalyzer();
  let status: number | null = null;
  let reads = 0;
  let bytes = 0;
  let lastT: number | null = null;
  let finished: LiveFinished | null = null;
  let incomplete = false;

  return {
    apply(batch) {
      if (finished) return;
      if (batch.response) status = batch.response.status;
      if (batch.firstRead !== reads) incomplete = true;
      for (const read of batch.reads) {
        analyzer.feed(read.bytes, read.t);
        reads += 1;
        bytes += read.bytes.length;
        lastT = read.t;
      }
    },
    finish(end) {
      if (finished) return;
      analyzer.end();
      finished = end;
    },
    snapshot() {
      const events = analyzer.events;
      return {
        id,
        status,
        reads,
        bytes,
        events: events.length,
        lastEvents: events.slice(-SHOWN_EVENTS).map((event) => ({ index: event.sse.index, kind: event.interpretation.kind, annotation: event.annotation, t: event.t })),
        text: messageText(analyzer.accumulator.state),
        lastT,
        finished,
        incomplete,
      };
    },
  };
}

function messageText(state: Parameters<typeof toChoices>[0]): string {
  const message = toChoices(state)[0]?.message;
  if (!message) return '';
  if (message.content) return message.content;
  if (message.refusal) return message.refusal;
  if (message.tool_calls) return message.tool_calls.map((call) => `${call.function.name ?? '?'}(${call.function.arguments})`).join('\n');
  return message.reasoning_content ?? '';
}
