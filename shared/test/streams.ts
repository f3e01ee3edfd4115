// Builders for test streams: chunks as OpenAI sends them, and bodies split into reads.

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { concatBytes } from '../formats/bytes.ts';
import { recordingFromSse } from '../formats/sse.ts';
import { parseSse } from '../framing/sse/parser.ts';
import type { RecordedEnd, RecordedRequest, RecordedResponse, Recording } from '../recording/types.ts';

export const REAL_STREAMS_DIR = fileURLToPath(new URL('./fixtures/real-streams/', import.meta.url));

/** The captured real-server streams (shared/test/fixtures/real-streams, see SOURCES.md there). */
export function realStreams(): { name: string; bytes: Uint8Array }[] {
  return readdirSync(REAL_STREAMS_DIR)
    .filter((name) => name.endsWith('.sse'))
    .sort()
    .map((name) => ({ name, bytes: realStream(name) }));
}

export function realStream(name: string): Uint8Array {
  return new Uint8Array(readFileSync(REAL_STREAMS_DIR + name));
}

export const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
/** Text (as UTF-8) and raw byte values, one after the other: `mixedBytes('a', [0xff], '\r\n')`. */
export const mixedBytes = (...parts: (string | number[])[]): Uint8Array => concatBytes(parts.map((part) => (typeof part === 'string' ? bytes(part) : new Uint8Array(part))));
export const text = (data: Uint8Array): string => new TextDecoder().decode(data);

/** A chat.completion.chunk with OpenAI's identity fields. */
export function chunk(choices: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1770000000, model: 'gpt-test', system_fingerprint: 'fp_test', choices, ...extra };
}

export function delta(d: Record<string, unknown>, finish: string | null = null, index = 0): Record<string, unknown> {
  return { index, delta: d, logprobs: null, finish_reason: finish };
}

/** An SSE body: each item is a chunk object (sent as `data: JSON`) or a raw string (sent as is). */
export function body(...events: (Record<string, unknown> | string)[]): string {
  return events.map((event) => (typeof event === 'string' ? event : `data: ${JSON.stringify(event)}\n\n`)).join('');
}

export const DONE_EVENT = 'data: [DONE]\n\n';

/** OpenAI's shape for a short text answer, complete with usage and [DONE]. */
export function cleanTextStream(words = ['Hello', ' there', '.']): string {
  return body(
    chunk([delta({ role: 'assistant', content: '', refusal: null })]),
    ...words.map((word) => chunk([delta({ content: word })])),
    chunk([delta({}, 'stop')]),
    chunk([], { usage: { prompt_tokens: 11, completion_tokens: words.length, total_tokens: 11 + words.length } }),
    DONE_EVENT,
  );
}

export function untimed(sse: string | Uint8Array): Recording {
  return recordingFromSse(typeof sse === 'string' ? bytes(sse) : sse);
}

/** A timed recording: `reads` are [t, text] pairs. */
export function timed(
  reads: [number, string | Uint8Array][],
  options: { request?: RecordedRequest; response?: RecordedResponse; end?: RecordedEnd } = {},
): Recording {
  return {
    source: 'ssrec',
    startedAt: '2026-11-30T08:00:00.000Z',
    request: options.request ?? null,
    response: options.response ?? { t: reads[0]?.[0] ?? 0, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } },
    reads: reads.map(([t, data]) => ({ t, bytes: typeof data === 'string' ? bytes(data) : data })),
    end: options.end ?? { t: reads.at(-1)?.[0] ?? 0, outcome: 'eof' },
  };
}

/** Splits bytes at the given offsets. */
export function splitAt(data: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((at) => at > 0 && at < data.length))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const at of cuts) {
    parts.push(data.subarray(from, at));
    from = at;
  }
  parts.push(data.subarray(from));
  return parts;
}

/** A body delivered one SSE event a read, read i arriving at `at(i)` ms (bytes after the last event make one more read). */
export function oneEventPerRead(body: Uint8Array, at: (read: number) => number): Recording {
  const reads = splitAt(body, parseSse(body).events.map((event) => event.end));
  return timed(reads.map((read, i) => [at(i), read]));
}

/** Splits bytes into single bytes. */
export function byteByByte(data: Uint8Array): Uint8Array[] {
  return Array.from(data, (_, i) => data.subarray(i, i + 1));
}

/** Matches a string of exactly `length` UTF-16 units that starts with `start` and ends with `end` (long texts in expectations). */
export function textMatching(start: string, length: number, end: string): unknown {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return expect.stringMatching(new RegExp(`^${escape(start)}[\\s\\S]{${length - start.length - end.length}}${escape(end)}$`));
}
