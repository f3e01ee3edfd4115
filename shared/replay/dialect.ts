// The dialect a recording speaks, as the replay and the exports need it: the path it answers,
// the request fields that pick it, the words its faults are told in. Told as the analysis tells
// it (dialects/detect.ts): by the recorded request's path, else by the first events; a stream
// whose dialect cannot be told is served as Chat Completions, as every recording was before
// the other two dialects.

import { EVENTS_LOOKED_AT, detectProtocol } from '../dialects/detect.ts';
import type { Protocol } from '../dialects/types.ts';
import type { Recording } from '../recording/types.ts';
import { createSseParser } from '../framing/sse/parser.ts';
import type { SseEvent } from '../framing/sse/types.ts';

export type { Protocol };

/** What the replay and the exports say of each dialect. */
export interface DialectFacts {
  /** As people name it. */
  readonly name: string;
  /** The path the official SDK posts to under its default base URL. */
  readonly path: string;
  /** The request body's members a recording is matched on (match.ts), in the order messages name them. */
  readonly matchedOn: readonly string[];
}

export const DIALECT_FACTS: Readonly<Record<Protocol, DialectFacts>> = {
  'chat-completions': { name: 'Chat Completions', path: '/v1/chat/completions', matchedOn: ['model', 'messages'] },
  responses: { name: 'Responses', path: '/v1/responses', matchedOn: ['model', 'input', 'instructions'] },
  'anthropic-messages': { name: 'Anthropic Messages', path: '/v1/messages', matchedOn: ['model', 'messages', 'system'] },
};

/**
 * The dialect a recording is replayed in: its request path's, else its first events', else Chat
 * Completions. Reads only as many bytes as it takes to see the first events.
 */
export function replayProtocol(recording: Pick<Recording, 'request' | 'reads'>): Protocol {
  return detectProtocol({ url: recording.request?.url ?? null, events: firstEvents(recording.reads) }).protocol ?? 'chat-completions';
}

/** The events with data of the first reads, enough of them for detection (fed read by read, stopping early). */
function* firstEvents(reads: Recording['reads']): Generator<SseEvent> {
  const events: SseEvent[] = [];
  const parser = createSseParser({ onEvent: (event) => events.push(event) });
  let seen = 0;
  for (const read of reads) {
    parser.feed(read.bytes);
    for (const event of events.splice(0)) {
      yield event;
      if (event.data !== null && ++seen >= EVENTS_LOOKED_AT) return;
    }
  }
  parser.end();
  yield* events;
}
