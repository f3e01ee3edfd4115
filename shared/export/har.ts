// `--format har`: HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), one entry, valid
// against the HAR schema. The body goes in response.content.text (base64 when it is not UTF-8, or
// when its framing is binary: Bedrock's event-stream frames), and, for an SSE body, the messages
// with their arrival times in `_eventSourceMessages`, shaped like Chrome DevTools' own
// EventSourceMessage ({time, eventName, eventId, data}; time in seconds since the epoch when the
// recording's start is known, else since the request started): the messages a browser's
// EventSource dispatches for the same bytes (./har-messages.ts).

import { framingOfRecording } from '../analysis/fold.ts';
import { concatBytes, toBase64, utf8OrNull } from '../formats/bytes.ts';
import { framingOf } from '../framing/registry.ts';
import { header } from '../recording/types.ts';
import type { Recording } from '../recording/types.ts';
import { redactRecording } from '../recording/secrets/redact.ts';
import { eventSourceMessages } from './har-messages.ts';
import type { Exporter } from './types.ts';

/** HAR needs a start date; a recording that does not know its own gets the epoch. */
const UNKNOWN_START = '1970-01-01T00:00:00.000Z';
/** HAR needs a URL; a recording without a request (a plain .sse body) gets one that names nothing. */
const NO_URL = 'about:blank';

export const harExporter: Exporter = {
  format: 'har',
  description: 'HAR 1.2 (browser network log): the exchange, the body, and the SSE messages with their times',
  extension: '.har',
  mediaType: 'application/json',
  export: (recording, options) => JSON.stringify(harLog(recording, options?.name ?? null), null, 2) + '\n',
};

export function harLog(input: Recording, name: string | null = null): Record<string, unknown> {
  const recording = redactRecording(input);
  const { request, response, end } = recording;
  const body = concatBytes(recording.reads.map((read) => read.bytes));
  const framing = framingOfRecording(recording);
  const text = framingOf(framing).binary ? null : utf8OrNull(body);
  const lastT = end?.t ?? recording.reads.at(-1)?.t ?? response?.t ?? 0;
  const wait = Math.max(0, response?.t ?? 0);
  const httpVersion = `HTTP/${response?.httpVersion ?? '1.1'}`;
  const requestText = request && request.body !== null && request.body !== undefined ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : null;
  const mimeType = header(response?.headers, 'content-type') ?? 'text/event-stream';

  const entry = {
    startedDateTime: recording.startedAt ?? UNKNOWN_START,
    time: Math.max(0, lastT),
    request: {
      method: request?.method ?? 'GET',
      url: request?.url ?? NO_URL,
      httpVersion,
      cookies: [],
      headers: nameValues(request?.headers ?? {}),
      queryString: queryString(request?.url ?? NO_URL),
      headersSize: -1,
      bodySize: requestText === null ? 0 : new TextEncoder().encode(requestText).length,
      ...(requestText === null ? {} : { postData: { mimeType: header(request?.headers, 'content-type') ?? 'application/json', text: requestText } }),
    },
    response: {
      status: response?.status ?? 200,
      statusText: '',
      httpVersion,
      cookies: [],
      headers: nameValues(response?.headers ?? {}),
      content: { size: body.length, mimeType, ...(text === null ? { text: toBase64(body), encoding: 'base64' } : { text }) },
      redirectURL: header(response?.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: body.length,
      ...(end?.error ? { _error: end.error } : {}),
    },
    cache: {},
    timings: { send: 0, wait, receive: Math.max(0, lastT - wait) },
    // What a browser's EventSource would dispatch: an SSE body's messages; none of frames or a JSON array.
    _eventSourceMessages: framing === 'sse' ? eventSourceMessages(recording, body) : [],
  };
  return {
    log: {
      version: '1.2',
      creator: { name: 'Streamscope', version: '1' },
      entries: [entry],
      ...(name ? { comment: name } : {}),
    },
  };
}

function nameValues(headers: Readonly<Record<string, string>>): { name: string; value: string }[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function queryString(url: string): { name: string; value: string }[] {
  const question = url.indexOf('?');
  if (question < 0) return [];
  return url
    .slice(question + 1)
    .split('#')[0]!
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? { name: pair, value: '' } : { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
    });
}
