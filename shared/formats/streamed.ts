// Which exchanges of a capture (a HAR, a curl trace) are streamed chat completions worth a recording.

import { streamFramingNamedBy } from '../framing/registry.ts';
import { header } from '../recording/types.ts';
import { nestsDeeperThan } from './json-depth.ts';

/**
 * A response in an event-stream framing's media type (text/event-stream, Bedrock's
 * application/vnd.amazon.eventstream, whose request has no stream member), or a request whose JSON body asks for `stream: true`;
 * not a redirect (a 3xx with a Location: a hop on the way, whose next request is another exchange).
 */
export function isStreamedExchange(requestBody: unknown, responseHeaders: Readonly<Record<string, string>> | undefined, options: { mimeType?: string; status?: number | null } = {}): boolean {
  const { mimeType, status } = options;
  if (typeof status === 'number' && status >= 300 && status < 400 && header(responseHeaders, 'location') !== undefined) return false;
  const type = mimeType ?? header(responseHeaders, 'content-type') ?? '';
  if (/^\s*text\/event-stream\b/i.test(type) || streamFramingNamedBy(type) !== null) return true;
  return typeof requestBody === 'object' && requestBody !== null && (requestBody as { stream?: unknown }).stream === true;
}

/**
 * A request body as the recording keeps it: the JSON value when the text is JSON, else the text;
 * null when empty. JSON nested past MAX_JSON_DEPTH is kept as its text too, which nothing recurses into.
 */
export function requestBodyValue(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === '') return null;
  if (nestsDeeperThan(text)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
