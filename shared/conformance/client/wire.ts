// How a case's bytes are laid out on the wire, pure: SSE framing of JSON events, the writes of a
// body (event by event, in one write, cut across reads inside multi-byte characters) and the timed
// recording the replay's plan serves (shared/replay/plan.ts) and the store keeps.

import { concatBytes } from '../../formats/bytes.ts';
import type { RecordedRead, Recording } from '../../recording/types.ts';
import type { Protocol } from '../../dialects/types.ts';
import { descriptorOf } from '../../dialects/registry.ts';

const encoder = new TextEncoder();

/** One SSE event: `data: JSON` (or a literal such as `[DONE]`), an optional `event:` line, a blank line. */
export function sseEvent(data: unknown, options: { event?: string; eol?: string } = {}): string {
  const eol = options.eol ?? '\n';
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return `${options.event === undefined ? '' : `event: ${options.event}${eol}`}data: ${text}${eol}${eol}`;
}

/** One write: its bytes and when it goes, in milliseconds after the request arrived. */
export interface CaseWrite {
  readonly at: number;
  readonly bytes: Uint8Array;
}

/** Each piece (an SSE event's text, or a binary frame) in its own write, `gapMs` apart, the first at `firstAt`. */
export function eachInItsOwnWrite(pieces: readonly (string | Uint8Array)[], gapMs: number, firstAt = 0): CaseWrite[] {
  return pieces.map((piece, i) => ({ at: firstAt + i * gapMs, bytes: typeof piece === 'string' ? encoder.encode(piece) : piece }));
}

/**
 * The body cut so that every event spans two reads: each event is cut once inside itself, in the
 * middle of its first multi-byte character when it has one (a decoder that turns each read into
 * text on its own breaks it), else at a point that moves from event to event.
 */
export function splitAcrossReads(events: readonly string[], gapMs: number): CaseWrite[] {
  const body = concatBytes(events.map((event) => encoder.encode(event)));
  const cuts: number[] = [];
  let start = 0;
  events.forEach((event, i) => {
    const length = encoder.encode(event).length;
    const inside = firstMultiByteMiddle(body.subarray(start, start + length));
    cuts.push(start + (inside ?? 1 + ((i * 37) % Math.max(1, length - 2))));
    start += length;
  });
  const writes: CaseWrite[] = [];
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    if (cut > from) writes.push({ at: writes.length * gapMs, bytes: body.subarray(from, cut) });
    from = Math.max(from, cut);
  }
  return writes;
}

/** The offset of the second byte of the first multi-byte UTF-8 character, or null for an ASCII event. */
function firstMultiByteMiddle(bytes: Uint8Array): number | null {
  const at = bytes.findIndex((byte) => byte >= 0xc0);
  return at === -1 ? null : at + 1;
}

export interface StreamShape {
  readonly protocol: Protocol;
  readonly writes: readonly CaseWrite[];
  /** Default 200. */
  readonly status?: number;
  /** Default `content-type: text/event-stream`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** `eof`: the body ends cleanly; `error`: the connection is destroyed after the last write. */
  readonly ending?: 'eof' | 'error';
}

/** The request the case's recording says was made (the runner stores the one the command made). */
const NOMINAL_BODY: Readonly<Record<Protocol, Record<string, unknown>>> = {
  'chat-completions': { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'Hello' }] },
  responses: { model: 'gpt-4o', stream: true, input: 'Hello' },
  'anthropic-messages': { model: 'claude-sonnet-4-5', max_tokens: 1024, stream: true, messages: [{ role: 'user', content: 'Hello' }] },
  // The model is the path's (its descriptor's endpoint), not the body's.
  gemini: { contents: [{ role: 'user', parts: [{ text: 'Hello' }] }] },
  'bedrock-converse': { messages: [{ role: 'user', content: [{ text: 'Hello' }] }] },
};

/** The case's stream as a timed recording: the response line at 0, each write a read at its time. */
export function caseRecording(shape: StreamShape): Recording {
  const reads: RecordedRead[] = shape.writes.map((write) => ({ t: write.at, bytes: write.bytes }));
  const last = reads.at(-1)?.t ?? 0;
  return {
    source: 'check',
    startedAt: null,
    request: { method: 'POST', url: `http://127.0.0.1${descriptorOf(shape.protocol).path}`, headers: {}, body: NOMINAL_BODY[shape.protocol] },
    response: { t: 0, status: shape.status ?? 200, httpVersion: '1.1', headers: shape.headers ?? { 'content-type': 'text/event-stream; charset=utf-8' } },
    reads,
    end: shape.ending === 'error' ? { t: last, outcome: 'error', error: 'The connection was reset mid-event.' } : { t: last, outcome: 'eof' },
  };
}
