// The timed recording file, `.ssrec.jsonl` (docs/recording-format.md;
// docs/recording-format.md). JSON Lines: an optional header, an optional
// response line, the reads in order, and an optional end line.

import { captureInfoOf, isIntervals } from '../capture/parse.ts';
import type { CaptureInfo } from '../capture/types.ts';
import { OUTCOMES, TRUNCATION_CAUSES } from '../recording/types.ts';
import type { Outcome, RecordedEnd, RecordedRead, RecordedRequest, RecordedResponse, Recording, RecordingTruncation, SecretsMasked, TruncationCause } from '../recording/types.ts';
import { fromBase64, toBase64, utf8OrNull } from './bytes.ts';
import { nestsDeeperThan, TOO_DEEP } from './json-depth.ts';

export const SSREC_VERSION = 1;

export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** Reads a `.ssrec.jsonl` text. The first malformed line makes the whole file an error, named by its line number. */
export function parseSsrec(text: string): ParseResult<Recording> {
  let startedAt: string | null = null;
  let request: RecordedRequest | null = null;
  let response: RecordedResponse | null = null;
  const reads: RecordedRead[] = [];
  let end: RecordedEnd | null = null;
  let secretsMasked: SecretsMasked | null = null;
  let capture: CaptureInfo | null = null;
  let recorderLag: [number, number][] | null = null;
  let lastT = 0;
  let seen = 0;

  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, '');
    if (raw.trim() === '') continue;
    const at = `line ${i + 1}`;
    if (nestsDeeperThan(raw)) return fail(`${at}: ${TOO_DEEP}`);
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch (error) {
      return fail(`${at}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (typeof line !== 'object' || line === null || Array.isArray(line)) return fail(`${at}: expected a JSON object`);
    const record = line as Record<string, unknown>;
    if (end) return fail(`${at}: nothing may follow the end line`);

    if ('recording' in record) {
      if (seen > 0) return fail(`${at}: the header must be the first line`);
      if (record.recording !== SSREC_VERSION) return fail(`${at}: unsupported recording version ${JSON.stringify(record.recording)} (this build reads ${SSREC_VERSION})`);
      if (record.startedAt !== undefined) {
        if (typeof record.startedAt !== 'string' || Number.isNaN(Date.parse(record.startedAt))) return fail(`${at}: startedAt must be an ISO 8601 date`);
        startedAt = record.startedAt;
      }
      if (record.request !== undefined) {
        const parsed = parseRequest(record.request);
        if (typeof parsed === 'string') return fail(`${at}: request ${parsed}`);
        request = parsed;
      }
      seen++;
      continue;
    }

    const t = record.t;
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) return fail(`${at}: "t" must be a number of milliseconds, 0 or more`);
    if (t < lastT) return fail(`${at}: "t" goes back in time (${t} after ${lastT})`);
    lastT = t;
    seen++;

    if ('response' in record) {
      if (response || reads.length > 0) return fail(`${at}: the response line must come once, before the reads`);
      const parsed = parseResponse(record.response, t);
      if (typeof parsed === 'string') return fail(`${at}: response ${parsed}`);
      response = parsed;
    } else if ('text' in record || 'base64' in record) {
      if ('text' in record && 'base64' in record) return fail(`${at}: a read has "text" or "base64", not both`);
      let bytes: Uint8Array | null;
      if ('text' in record) {
        if (typeof record.text !== 'string') return fail(`${at}: "text" must be a string`);
        bytes = new TextEncoder().encode(record.text);
      } else {
        bytes = typeof record.base64 === 'string' ? fromBase64(record.base64) : null;
        if (!bytes) return fail(`${at}: "base64" is not valid base64`);
      }
      reads.push({ t, bytes });
    } else if ('end' in record) {
      if (typeof record.end !== 'string' || !OUTCOMES.includes(record.end as Outcome)) {
        return fail(`${at}: "end" must be one of ${OUTCOMES.join(', ')}`);
      }
      if (record.error !== undefined && typeof record.error !== 'string') return fail(`${at}: "error" must be a string`);
      const truncated = record.truncated === undefined ? undefined : truncationOf(record.truncated);
      if (truncated === null) return fail(`${at}: "truncated" must be {"atBytes": count, "droppedBytes": count, "cause": "size-cap" or "recorder-behind" (optional)}`);
      end = { t, outcome: record.end as Outcome, ...(typeof record.error === 'string' ? { error: record.error } : {}), ...(truncated ? { truncated } : {}) };
      if (record.secretsMasked !== undefined) {
        secretsMasked = secretsMaskedOf(record.secretsMasked);
        if (!secretsMasked) return fail(`${at}: "secretsMasked" must be {"headers": [names], "bodyPlaces": count}`);
      }
      if (record.capture !== undefined) {
        const parsed = captureInfoOf(record.capture);
        if (typeof parsed === 'string') return fail(`${at}: "capture" ${parsed}`);
        capture = parsed;
      }
      if (record.recorderLag !== undefined) {
        if (!isIntervals(record.recorderLag)) return fail(`${at}: "recorderLag" must be [from, to] pairs`);
        recorderLag = record.recorderLag as [number, number][];
      }
    } else {
      return fail(`${at}: expected a header, response, read ("text" or "base64") or end line`);
    }
  }
  if (seen === 0) return fail('the file is empty');
  return { ok: true, value: { source: 'ssrec', startedAt, request, response, reads, end, ...(secretsMasked ? { secretsMasked } : {}), ...(capture ? { capture } : {}), ...(recorderLag ? { recorderLag } : {}) } };
}

function truncationOf(value: unknown): RecordingTruncation | null {
  if (!isRecord(value)) return null;
  const { atBytes, droppedBytes, cause } = value;
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (!count(atBytes) || !count(droppedBytes)) return null;
  if (cause === undefined) return { atBytes, droppedBytes };
  return TRUNCATION_CAUSES.includes(cause as TruncationCause) ? { atBytes, droppedBytes, cause: cause as TruncationCause } : null;
}

function secretsMaskedOf(value: unknown): SecretsMasked | null {
  if (typeof value !== 'object' || value === null) return null;
  const { headers, bodyPlaces } = value as Record<string, unknown>;
  if (!Array.isArray(headers) || !headers.every((name) => typeof name === 'string')) return null;
  if (typeof bodyPlaces !== 'number' || !Number.isSafeInteger(bodyPlaces) || bodyPlaces < 0) return null;
  return { headers: headers as string[], bodyPlaces };
}

function parseRequest(value: unknown): RecordedRequest | string {
  if (!isRecord(value)) return 'must be an object';
  if (typeof value.url !== 'string') return 'needs a "url" string';
  const method = value.method === undefined ? 'POST' : value.method;
  if (typeof method !== 'string') return '"method" must be a string';
  const headers = parseHeaders(value.headers);
  if (typeof headers === 'string') return headers;
  return { method, url: value.url, headers, body: value.body ?? null };
}

function parseResponse(value: unknown, t: number): RecordedResponse | string {
  if (!isRecord(value)) return 'must be an object';
  if (typeof value.status !== 'number' || !Number.isInteger(value.status)) return 'needs an integer "status"';
  if (value.httpVersion !== undefined && typeof value.httpVersion !== 'string') return '"httpVersion" must be a string';
  const headers = parseHeaders(value.headers);
  if (typeof headers === 'string') return headers;
  return { t, status: value.status, httpVersion: (value.httpVersion as string | undefined) ?? null, headers };
}

function parseHeaders(value: unknown): Record<string, string> | string {
  if (value === undefined) return {};
  if (!isRecord(value)) return '"headers" must be an object of strings';
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value)) {
    if (typeof header !== 'string') return `header ${JSON.stringify(name)} must be a string`;
    headers[name] = header;
  }
  return headers;
}

/** Writes a recording as `.ssrec.jsonl`. Untimed reads are written at the time of the read before them. */
export function serializeSsrec(recording: Recording): string {
  const lines = [serializeHeader(recording.startedAt, recording.request)];
  let t = 0;
  const time = (value: number | null): number => (t = Math.max(t, value ?? t));
  if (recording.response) lines.push(serializeResponse(time(recording.response.t), recording.response));
  for (const read of recording.reads) lines.push(serializeRead(time(read.t), read.bytes));
  if (recording.end) lines.push(serializeEnd(time(recording.end.t), recording.end, recording.secretsMasked, recording.capture, recording.recorderLag));
  return lines.join('\n') + '\n';
}

// One line each, without its line feed, so a recorder can write the file as the exchange goes.

export function serializeHeader(startedAt: string | null, request: RecordedRequest | null): string {
  return JSON.stringify({ recording: SSREC_VERSION, ...(startedAt ? { startedAt } : {}), ...(request ? { request } : {}) });
}

export function serializeResponse(t: number, { status, httpVersion, headers }: Omit<RecordedResponse, 't'>): string {
  return JSON.stringify({ t, response: { status, ...(httpVersion ? { httpVersion } : {}), headers } });
}

/**
 * The end line; `secretsMasked` (a key sent that the server sent back, masked) and `capture` (a
 * captured exchange's origin and relay clock) and `recorderLag` (the recording process's own
 * event-loop stalls) ride on it, since only the end knows them.
 */
export function serializeEnd(
  t: number,
  { outcome, error, truncated }: Omit<RecordedEnd, 't'>,
  secretsMasked?: SecretsMasked,
  capture?: CaptureInfo,
  recorderLag?: Recording['recorderLag'],
): string {
  return JSON.stringify({
    t,
    end: outcome,
    ...(error !== undefined ? { error } : {}),
    ...(truncated ? { truncated } : {}),
    ...(secretsMasked ? { secretsMasked } : {}),
    ...(capture ? { capture } : {}),
    ...(recorderLag && recorderLag.length > 0 ? { recorderLag } : {}),
  });
}

/** One read line: `text` when the bytes are valid UTF-8 on their own, else `base64`. */
export function serializeRead(t: number, bytes: Uint8Array): string {
  const text = utf8OrNull(bytes);
  return text === null ? JSON.stringify({ t, base64: toBase64(bytes) }) : JSON.stringify({ t, text });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail<T>(error: string): ParseResult<T> {
  return { ok: false, error };
}
