// What the Anthropic Messages checks read of a recording: each event's reading by the dialect
// (dialects/anthropic/interpret.ts) with its SSE name, the client state the fold built
// (accumulate.ts) and the final message (final.ts). A recording read in another dialect has none
// of them, so a rule reads nothing rather than another dialect's shapes.

import type { Analysis } from '../../../analysis/analyze.ts';
import type { MessagesState } from '../../../dialects/anthropic/accumulate.ts';
import type { MessageObject } from '../../../dialects/anthropic/final.ts';
import type { MessagesInterpretation, MessagesKind } from '../../../dialects/anthropic/interpret.ts';
import type { MessagesOp } from '../../../dialects/anthropic/ops.ts';
import { few } from '../../../findings/words.ts';

export interface EventReading {
  readonly event: number;
  /** The SSE `event:` name, or null. */
  readonly name: string | null;
  readonly kind: MessagesKind;
  /** `data.type` as the dialect read it (an unknown delta's is `content_block_delta/<its type>`), or null. */
  readonly type: string | null;
  readonly op: MessagesOp | undefined;
}

const isMessages = (analysis: Analysis): boolean => analysis.protocol === 'anthropic-messages';

/** Each event's reading, in order. Read once a rule (an event interprets itself again when asked). */
export function readingsOf(analysis: Analysis): EventReading[] {
  if (!isMessages(analysis)) return [];
  return analysis.events.map((event) => {
    const reading = event.dialectInterpretation as MessagesInterpretation;
    return { event: event.sse.index, name: event.sse.event, kind: reading.kind, type: reading.type, op: reading.ops[0] };
  });
}

/** The state a correct client holds at the end, or null when the stream was not read as Anthropic Messages. */
export function stateOf(analysis: Analysis): MessagesState | null {
  return isMessages(analysis) && analysis.dialectState !== null ? (analysis.dialectState as MessagesState) : null;
}

/** The message @anthropic-ai/sdk's finalMessage() ends with, or null. */
export function finalOf(analysis: Analysis): MessageObject | null {
  return isMessages(analysis) && analysis.final !== null ? (analysis.final as MessageObject) : null;
}

/** The kinds that carry nothing of the message: transport, pings. */
const NOTHING_KINDS: ReadonlySet<MessagesKind> = new Set(['comment', 'no-data', 'invalid-json', 'malformed', 'done', 'ping']);

/** Whether an event says something of the message (not a comment, a ping, or data unread). */
export const isMessageEvent = (reading: EventReading): boolean => !NOTHING_KINDS.has(reading.kind);

/** The event numbers, in words. */
export function eventsWord(events: readonly number[]): string {
  return `${events.length === 1 ? 'event' : 'events'} ${few(events)}`;
}
