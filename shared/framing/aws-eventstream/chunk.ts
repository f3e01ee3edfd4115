// Bedrock's InvokeModelWithResponseStream wraps each of the model provider's own events in a
// `chunk` frame whose payload is the envelope `{"bytes": "<base64>", "p": "…"}`: the framing
// unwraps it, so that the message's `data` is the provider's event (Anthropic's `message_start`…),
// read by its dialect as an SSE event's data would be, while the frame keeps the envelope as its
// payload for the frame view (docs/architecture.md, "Framing"). What cannot be unwrapped is said,
// as data: the frame is flagged (`invoke-chunk-malformed`), never thrown on.

import { decodeBase64 } from '../../formats/base64.ts';

/** The `:event-type` of an invoke stream's frames. */
export const CHUNK_EVENT = 'chunk';

/** A chunk's event, or why there is none. */
export type Unwrapped = { readonly data: string; readonly error: null } | { readonly data: null; readonly error: string };

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The event a chunk's envelope carries: its `bytes` decoded from base64 as UTF-8 (a text that is not JSON is the dialect's to report). */
export function unwrapChunk(envelope: string | null): Unwrapped {
  if (envelope === null) return { data: null, error: 'its payload is empty' };
  let json: unknown;
  try {
    json = JSON.parse(envelope);
  } catch {
    return { data: null, error: 'its payload is not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { data: null, error: 'its payload is not a JSON object' };
  const bytes = (json as Record<string, unknown>).bytes;
  if (typeof bytes !== 'string') return { data: null, error: `its payload's "bytes" is ${bytes === undefined ? 'missing' : `not a string (${bytes === null ? 'null' : Array.isArray(bytes) ? 'an array' : typeof bytes})`}` };
  const decoded = decodeBase64(bytes);
  if (decoded === null) return { data: null, error: `its "bytes" is not base64 (${bytes.length > 24 ? JSON.stringify(bytes.slice(0, 24)) + '…' : JSON.stringify(bytes)})` };
  return { data: utf8.decode(decoded), error: null };
}
