// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as browsers and proxies export it:
// one recording per streamed entry. A HAR keeps a response body whole, so the recording is
// untimed (one read with t: null); the entry's startedDateTime is kept, and the time to the first
// byte (blocked + dns + connect + send + wait, HAR §timings) becomes the response's time.

import type { RecordedEnd, RecordedResponse, Recording } from '../recording/types.ts';
import { fromBase64, utf8Bytes } from './bytes.ts';
import { nestsDeeperThan, TOO_DEEP } from './json-depth.ts';
import type { ParseResult } from './ssrec.ts';
import { isStreamedExchange, requestBodyValue } from './streamed.ts';

/** One recording of a HAR file, with the index of the entry it came from (from 0). */
export interface HarRecording {
  readonly entry: number;
  readonly recording: Recording;
}

/** Reads a HAR file's streamed entries. A HAR without a streamed entry, or with a broken one, is an error naming the entry. */
export function parseHar(text: string): ParseResult<HarRecording[]> {
  if (nestsDeeperThan(text)) return fail(TOO_DEEP);
  let root: unknown;
  try {
    root = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return fail(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const entries = isRecord(root) && isRecord(root.log) ? root.log.entries : undefined;
  if (!Array.isArray(entries)) return fail('not a HAR file (no log.entries array)');
  const out: HarRecording[] = [];
  for (let i = 0; i < entries.length; i++) {
    const parsed = parseEntry(entries[i]);
    if (parsed === null) continue;
    if (typeof parsed === 'string') return fail(`entry ${i}: ${parsed}`);
    out.push({ entry: i, recording: parsed });
  }
  if (out.length === 0) {
    return fail(`no streamed entry among ${entries.length} (none has a text/event-stream response or a request with "stream": true)`);
  }
  return { ok: true, value: out };
}

/** The entry as a recording, null when it is not streamed, or what is wrong with it. */
function parseEntry(entry: unknown): Recording | null | string {
  if (!isRecord(entry) || !isRecord(entry.request) || !isRecord(entry.response)) return 'expected an object with "request" and "response"';
  const { request, response } = entry;
  const postData = isRecord(request.postData) ? request.postData : undefined;
  const body = requestBodyValue(typeof postData?.text === 'string' ? postData.text : null);
  const responseHeaders = headerObject(response.headers);
  if (typeof responseHeaders === 'string') return `response ${responseHeaders}`;
  const content = isRecord(response.content) ? response.content : undefined;
  const status = typeof response.status === 'number' ? response.status : null;
  if (!isStreamedExchange(body, responseHeaders, { mimeType: typeof content?.mimeType === 'string' ? content.mimeType : undefined, status })) return null;

  if (typeof request.url !== 'string') return 'the request has no "url"';
  if (typeof response.status !== 'number' || !Number.isInteger(response.status)) return 'the response has no integer "status"';
  const requestHeaders = headerObject(request.headers);
  if (typeof requestHeaders === 'string') return `request ${requestHeaders}`;
  if (!content || typeof content.text !== 'string') {
    return 'the response has no body (content.text): export the HAR with its content ("Save all as HAR with content")';
  }
  let bytes: Uint8Array | null;
  if (content.encoding === undefined || content.encoding === '') bytes = utf8Bytes(content.text);
  else if (content.encoding === 'base64') bytes = fromBase64(content.text.replace(/\s+/g, ''));
  else return `unsupported content.encoding ${JSON.stringify(content.encoding)} (HAR 1.2 knows base64)`;
  if (!bytes) return 'content.text is not valid base64';

  const startedAt = typeof entry.startedDateTime === 'string' && !Number.isNaN(Date.parse(entry.startedDateTime)) ? entry.startedDateTime : null;
  const timedResponse: RecordedResponse = {
    t: firstByteTime(entry.timings),
    status: response.status,
    httpVersion: httpVersion(response.httpVersion),
    headers: responseHeaders,
  };
  const failure = typeof response._error === 'string' && response._error !== '' ? response._error : null;
  const total = typeof entry.time === 'number' && Number.isFinite(entry.time) && entry.time >= 0 ? entry.time : null;
  const end: RecordedEnd = { t: total, outcome: failure ? 'error' : 'eof', ...(failure ? { error: failure } : {}) };
  return {
    source: 'har',
    startedAt,
    request: { method: typeof request.method === 'string' ? request.method : 'POST', url: request.url, headers: requestHeaders, body },
    response: timedResponse,
    reads: bytes.length > 0 ? [{ t: null, bytes }] : [],
    end,
  };
}

/** HAR headers are a list of {name, value}; a repeated name is joined with ", " (RFC 9110 §5.3). HTTP/2 pseudo-headers (":authority") are left out. */
function headerObject(list: unknown): Record<string, string> | string {
  if (list === undefined) return {};
  if (!Array.isArray(list)) return '"headers" must be an array';
  const headers: Record<string, string> = {};
  for (const item of list) {
    if (!isRecord(item) || typeof item.name !== 'string' || typeof item.value !== 'string') return 'headers must be {name, value} strings';
    if (item.name.startsWith(':')) continue;
    const known = Object.keys(headers).find((name) => name.toLowerCase() === (item.name as string).toLowerCase());
    if (known === undefined) headers[item.name] = item.value;
    else headers[known] += `, ${item.value}`;
  }
  return headers;
}

/** The time from the start of the entry to the first byte of the response; null when the HAR does not say. */
function firstByteTime(timings: unknown): number | null {
  if (!isRecord(timings) || typeof timings.wait !== 'number' || !(timings.wait >= 0)) return null;
  let t = 0;
  // `ssl` is part of `connect` (HAR 1.2 §timings), so it is not added.
  for (const phase of ['blocked', 'dns', 'connect', 'send', 'wait']) {
    const value = timings[phase];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) t += value;
  }
  return t;
}

/** "HTTP/1.1" → "1.1", "h2" → "2": the version as the recorder writes it. */
export function httpVersion(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const h = /^h(\d)$/i.exec(value);
  if (h) return h[1]!;
  return value.replace(/^HTTP\//i, '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail<T>(error: string): ParseResult<T> {
  return { ok: false, error };
}
