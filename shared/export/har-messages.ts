// The `_eventSourceMessages` of the HAR export: what a browser's EventSource dispatches for the
// recorded bytes, by the WHATWG HTML rules (§9.2.6 "Interpreting an event stream" and "dispatch
// the event"), checked against Chromium's own EventSource in har-messages-browser.test.ts.

import { readsHolding } from '../analysis/body-bytes.ts';
import type { ReadInfo } from '../analysis/stream.ts';
import type { Recording } from '../recording/types.ts';
import { parseSse } from '../framing/sse/parser.ts';

/** Chrome DevTools' EventSourceMessage. */
export interface EventSourceMessage {
  /** Seconds since the epoch when the recording's start is known, else since the request started. */
  readonly time: number;
  readonly eventName: string;
  readonly eventId: string;
  readonly data: string;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * The messages, in order. Per the standard: an event whose data buffer is empty (no `data` field:
 * a comment, a lone `retry`, `id` or `event`) is not dispatched; an empty or absent event type is
 * `message`; the event's ID is the last event ID buffer, which is not reset between events and
 * keeps the last `id` field's value until another changes it (an `id` holding NUL is ignored, by
 * the parser). `body` is the reads' bytes in one piece.
 */
export function eventSourceMessages(recording: Recording, body: Uint8Array): EventSourceMessage[] {
  const start = recording.startedAt === null ? 0 : Date.parse(recording.startedAt) / 1000;
  const reads: ReadInfo[] = [];
  let offset = 0;
  for (const read of recording.reads) {
    reads.push({ t: read.t, offset, length: read.bytes.length });
    offset += read.bytes.length;
  }
  const messages: EventSourceMessage[] = [];
  let lastEventId = '';
  for (const event of parseSse(recording.reads.map((read) => read.bytes)).events) {
    if (event.id !== null) lastEventId = event.id;
    if (event.data === null) continue;
    const t = reads[dispatchingRead(reads, body, event.end)]?.t ?? 0;
    messages.push({ time: start + t / 1000, eventName: event.event || 'message', eventId: lastEventId, data: event.data });
  }
  return messages;
}

/**
 * The read that dispatched an event ending at `end`: the one holding the first byte of its blank
 * line's line ending. A CR ends a line as soon as it arrives (the LF of a CR LF is then skipped),
 * so an event whose final CR LF two reads split was dispatched by the first of them.
 */
function dispatchingRead(reads: readonly ReadInfo[], body: Uint8Array, end: number): number {
  const lineEnding = body[end - 1] === LF && body[end - 2] === CR ? end - 2 : end - 1;
  return readsHolding(reads, lineEnding, lineEnding + 1).first;
}
