// The dialect a recording is replayed in (what the replay and the exports say of each dialect —
// its path, the request members it is matched on, its name — is its descriptor's). Told as the
// analysis tells it (dialects/detect.ts): by the recorded request's path, else by the first events; a stream
// whose dialect cannot be told is served in the default dialect (registry.ts), as every
// recording was before there were others.

import { EVENTS_LOOKED_AT, detectProtocol } from '../dialects/detect.ts';
import { DEFAULT_PROTOCOL } from '../dialects/registry.ts';
import type { Protocol } from '../dialects/types.ts';
import type { Recording } from '../recording/types.ts';
import { createSseParser } from '../framing/sse/parser.ts';
import type { SseEvent } from '../framing/sse/types.ts';

export type { Protocol };

/**
 * The dialect a recording is replayed in: its request path's, else its first events', else the
 * default dialect. Reads only as many bytes as it takes to see the first events.
 */
export function replayProtocol(recording: Pick<Recording, 'request' | 'reads'>): Protocol {
  return detectProtocol({ url: recording.request?.url ?? null, events: firstEvents(recording.reads) }).protocol ?? DEFAULT_PROTOCOL;
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
