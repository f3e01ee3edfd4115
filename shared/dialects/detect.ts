// Telling the dialect (docs/architecture.md, "Telling the dialect"): by the request path when
// there is one — it ends in a registered dialect's `pathEnding` (/chat/completions, /responses,
// /messages, :streamGenerateContent), with or without /v1, in any case, whatever the query string — else by the first events, each
// registered dialect asked in turn whether a payload, then an event name, is its own. `--protocol`
// forces it (the caller's business). Unknown otherwise: the stream is still shown raw with the
// transport diagnostics.

import type { MessageFields } from '../framing/types.ts';
import { isObject } from '../is-object.ts';
import { REGISTERED_DIALECTS } from './registry.ts';
import type { Protocol } from './types.ts';

export interface Detection {
  /** null: the dialect could not be told. */
  readonly protocol: Protocol | null;
  /** What told it. */
  readonly by: 'path' | 'events' | null;
}

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
  for (const { descriptor } of REGISTERED_DIALECTS) if (path.endsWith(descriptor.pathEnding.toLowerCase())) return descriptor.protocol;
  return null;
}

/** How many events with data are looked at before giving up: the first one nearly always tells. */
export const EVENTS_LOOKED_AT = 16;

/** The dialect of one event, or null when it does not tell (a comment, a ping, a shared error shape, not JSON). */
export function protocolOfEvent(event: Pick<MessageFields, 'event' | 'data'>): Protocol | null {
  const { data } = event;
  if (data !== null && data !== '' && data !== '[DONE]' && (data[0] === '{' || /^\s*\{/.test(data))) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      json = null;
    }
    if (isObject(json)) for (const { descriptor } of REGISTERED_DIALECTS) if (descriptor.claimsPayload(json)) return descriptor.protocol;
  }
  // The SSE event name, when the data did not tell (e.g. a payload cut short).
  const name = event.event;
  if (name !== null) for (const { descriptor } of REGISTERED_DIALECTS) if (descriptor.claimsEventName(name)) return descriptor.protocol;
  return null;
}

/** The dialect the first events show, or null. */
export function protocolFromEvents(events: Iterable<Pick<MessageFields, 'event' | 'data'>>): Protocol | null {
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
export function detectProtocol(input: { readonly url?: string | null; readonly events?: Iterable<Pick<MessageFields, 'event' | 'data'>> }): Detection {
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
