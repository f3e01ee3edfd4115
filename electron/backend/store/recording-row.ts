// A recording's row: the columns its request, response, end and capture are stored in, and the
// recording rebuilt from its row (docs/architecture.md, "Data model").

import type { RecordedEnd, RecordedRequest, RecordedResponse, Recording, RecordingTruncation } from '../../../shared/index.ts';
import type { SecretsMasked } from '../../../shared/recording/types.ts';
import { redactHeaders, redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { captureFromColumns } from './relay-writes.ts';
import type { ReadTimes } from './relay-writes.ts';
import { RECORDING_EXTRA_AT, summaryFromRow } from './statements.ts';
import { hostOf } from './summary.ts';
import type { StoredRecording } from './types.ts';

export { captureColumns } from './relay-writes.ts';

export function requestColumns(request: RecordedRequest | null) {
  if (!request) return { method: null, url: null, host: null, requestHeaders: null, requestBody: null };
  const url = redactUrl(request.url);
  return {
    method: request.method,
    url,
    host: hostOf(url),
    requestHeaders: JSON.stringify(redactHeaders(request.headers ?? {})),
    requestBody: JSON.stringify(request.body ?? null),
  };
}

export function responseColumns(response: RecordedResponse | null) {
  if (!response) return { status: null, httpVersion: null, responseHeaders: null, responseT: null };
  return { status: response.status, httpVersion: response.httpVersion, responseHeaders: JSON.stringify(redactHeaders(response.headers ?? {})), responseT: response.t };
}

export function endColumns(end: RecordedEnd | null) {
  if (!end) return { outcome: null, endT: null, error: null, truncated: null };
  return { outcome: end.outcome, endT: end.t, error: end.error ?? null, truncated: end.truncated ? JSON.stringify(end.truncated) : null };
}

export function* mapRows<R, T>(rows: Iterable<R>, map: (row: R) => T): Generator<T> {
  for (const row of rows) yield map(row);
}

/** `readTimes`: the times of its reads, which a capture's relay clock is told from (relay-writes.ts). */
export function recordingFromRow(row: unknown[], reads: Recording['reads'], readTimes: () => ReadTimes): StoredRecording {
  const summary = summaryFromRow(row);
  const [startedAt, requestHeaders, requestBody, httpVersion, responseHeaders, responseT, endT, secretsMasked, capture, truncated, recorderLag, relayWrites] = row.slice(RECORDING_EXTRA_AT) as [
    string | null,
    string | null,
    string | null,
    string | null,
    string | null,
    number | null,
    number | null,
    string | null,
    string | null,
    string | null,
    string | null,
    Uint8Array | null,
  ];
  const request: RecordedRequest | null =
    summary.method === null
      ? null
      : { method: summary.method, url: summary.url ?? '', headers: JSON.parse(requestHeaders ?? '{}') as Record<string, string>, body: JSON.parse(requestBody ?? 'null') };
  const response: RecordedResponse | null =
    summary.status === null ? null : { t: responseT, status: summary.status, httpVersion, headers: JSON.parse(responseHeaders ?? '{}') as Record<string, string> };
  const end: RecordedEnd | null =
    summary.outcome === null
      ? null
      : { t: endT, outcome: summary.outcome, ...(summary.error !== null ? { error: summary.error } : {}), ...(truncated !== null ? { truncated: JSON.parse(truncated) as RecordingTruncation } : {}) };
  return {
    id: summary.id,
    name: summary.name,
    tags: summary.tags,
    createdAt: summary.createdAt,
    summary,
    source: summary.source,
    startedAt,
    request,
    response,
    reads,
    end,
    ...(secretsMasked !== null ? { secretsMasked: JSON.parse(secretsMasked) as SecretsMasked } : {}),
    ...(capture !== null ? { capture: captureFromColumns(capture, relayWrites, readTimes) } : {}),
    ...(recorderLag !== null ? { recorderLag: JSON.parse(recorderLag) as [number, number][] } : {}),
  };
}
