// Telling the dialect (DESIGN.md, "Three streaming protocols, one product"): by the request path
// when there is one — it ends in /chat/completions, /responses or /messages, with or without /v1,
// whatever the query string — else by the first events: a `chat.completion.chunk` (or a payload
// with `choices`), a `response.*` type, or an Anthropic Messages event type. `--protocol` forces
// it (the caller's business). Unknown otherwise: the stream is still shown raw with the transport
// diagnostics.

import type { SseFields } from '../framing/sse/types.ts';
import { isObject } from './kit/common.ts';
import type { Protocol } from './types.ts';

export interface Detection {
  /** null: the dialect could not be told. */
  readonly protocol: Protocol | null;
  /** What told it. */
  readonly by: 'path' | 'events' | null;
}

const ENDINGS: readonly (readonly [string, Protocol])[] = [
  ['/chat/completions', 'chat-completions'],
  ['/responses', 'responses'],
  ['/messages', 'anthropic-messages'],
];

/** The dialect a request URL or path asks for, or null. Accepts full URLs and bare paths. */
export function protocolFromPath(url: string): Protocol | null {
  let path = url;
  const cut = path.search(/[?#]/);
  if (cut !== -1) path = path.slice(0, cut);
  // A full URL: the path is what follows the authority.
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  while (path.endsWith('/')) path = path.slice(0, -1);
  path = path.toLowerCase();
  for (const [ending, protocol] of ENDINGS) if (path.endsWith(ending)) return protocol;
  return null;
}

/** Anthropic Messages event types that no other dialect sends (ping and error are shared words). */
const ANTHROPIC_TYPES: ReadonlySet<string> = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);

/** How many events with data are looked at before giving up: the first one nearly always tells. */
export const EVENTS_LOOKED_AT = 16;

/**
 * Anthropic's error event, `{"type":"error","error":{"type":"overloaded_error",…}}`, can be a
 * stream's only event (an overload before message_start). Responses' error event has the same
 * nesting in practice but always a `sequence_number`, which Anthropic's never has.
 */
function isAnthropicError(json: Record<string, unknown>): boolean {
  const error = json.error;
  return isObject(error) && typeof error.type === 'string' && !('sequence_number' in json);
}

/** The dialect of one event, or null when it does not tell (a comment, a ping, an error, not JSON). */
export function protocolOfEvent(event: Pick<SseFields, 'event' | 'data'>): Protocol | null {
  const { data } = event;
  if (data !== null && data !== '' && data !== '[DONE]' && (data[0] === '{' || /^\s*\{/.test(data))) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      json = null;
    }
    if (isObject(json)) {
      if (json.object === 'chat.completion.chunk' || Array.isArray(json.choices)) return 'chat-completions';
      const type = json.type;
      if (typeof type === 'string') {
        if (type.startsWith('response.')) return 'responses';
        if (ANTHROPIC_TYPES.has(type)) return 'anthropic-messages';
        if (type === 'error' && isAnthropicError(json)) return 'anthropic-messages';
      }
    }
  }
  // The SSE event name, when the data did not tell (e.g. a payload cut short).
  const name = event.event;
  if (name !== null) {
    if (name.startsWith('response.')) return 'responses';
    if (ANTHROPIC_TYPES.has(name)) return 'anthropic-messages';
  }
  return null;
}

/** The dialect the first events show, or null. */
export function protocolFromEvents(events: Iterable<Pick<SseFields, 'event' | 'data'>>): Protocol | null {
  let looked = 0;
  for (const event of events) {
    if (event.data === null) continue;
    const protocol = protocolOfEvent(event);
    if (protocol !== null) return protocol;
    if (++looked >= EVENTS_LOOKED_AT) break;
  }
  return null;
}

/** The request path first, then the events. */
export function detectProtocol(input: { readonly url?: string | null; readonly events?: Iterable<Pick<SseFields, 'event' | 'data'>> }): Detection {
  if (input.url) {
    const protocol = protocolFromPath(input.url);
    if (protocol !== null) return { protocol, by: 'path' };
  }
  if (input.events) {
    const protocol = protocolFromEvents(input.events);
    if (protocol !== null) return { protocol, by: 'events' };
  }
  return { protocol: null, by: null };
}
