// For the simulator's tests: one request with Node's fetch, every read kept
// with its arrival time, turned into recordings the core can analyse.

import { performance } from 'node:perf_hooks';
import type { Outcome, Recording } from '../../../shared/index.ts';

export interface Exchange {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The body as received, up to a failure. */
  readonly body: Uint8Array;
  readonly text: string;
  /** Each read: its time in ms since the request started, and its bytes. */
  readonly reads: readonly { readonly t: number; readonly bytes: Uint8Array }[];
  /** Why reading the body failed, or null when it ended cleanly. */
  readonly failure: string | null;
  readonly headersAt: number;
  readonly endedAt: number;
  readonly requestBody: Record<string, unknown>;
  readonly url: string;
}

/** POSTs a chat-completions request (streamed unless the body says otherwise) and reads the whole body. */
export async function exchange(baseUrl: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<Exchange> {
  const requestBody = { stream: true, messages: [{ role: 'user', content: 'How does streaming work?' }], ...body };
  return exchangeAt(`${baseUrl}/chat/completions`, requestBody, signal);
}

/** POSTs this body as it is to this URL and reads the whole body. */
export async function exchangeAt(url: string, requestBody: Record<string, unknown>, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<Exchange> {
  const start = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(requestBody), signal });
  const headersAt = performance.now() - start;
  const reads: { t: number; bytes: Uint8Array }[] = [];
  let failure: string | null = null;
  const reader = response.body!.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      reads.push({ t: performance.now() - start, bytes: value });
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const endedAt = performance.now() - start;
  const bytes = new Uint8Array(reads.reduce((sum, read) => sum + read.bytes.length, 0));
  let at = 0;
  for (const read of reads) {
    bytes.set(read.bytes, at);
    at += read.bytes.length;
  }
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: bytes,
    text: new TextDecoder().decode(bytes),
    reads,
    failure,
    headersAt,
    endedAt,
    requestBody,
    url,
  };
}

/**
 * The exchange as a recording. Untimed (the default) keeps the request,
 * status, headers and how it ended, but no times: the analysis is then the
 * same however the bytes were split and however loaded the machine was.
 */
export function toRecording(exchange: Exchange, timed = false): Recording {
  const outcome: Outcome = exchange.failure === null ? 'eof' : 'error';
  return {
    source: 'live',
    startedAt: null,
    request: { method: 'POST', url: exchange.url, headers: { 'content-type': 'application/json' }, body: exchange.requestBody },
    response: { t: timed ? exchange.headersAt : null, status: exchange.status, httpVersion: '1.1', headers: exchange.headers },
    reads: timed ? exchange.reads : exchange.body.length > 0 ? [{ t: null, bytes: exchange.body }] : [],
    end: { t: timed ? exchange.endedAt : null, outcome, ...(exchange.failure === null ? {} : { error: exchange.failure }) },
  };
}

/** The data payloads of an SSE body, parsed where they are JSON. */
export function payloads(text: string): unknown[] {
  return text
    .split(/\r\n\r\n|\n\n/)
    .map((block) => /^data: (.*)$/m.exec(block.replace(/\r/g, ''))?.[1])
    .filter((data): data is string => data !== undefined)
    .map((data) => {
      try {
        return JSON.parse(data);
      } catch {
        return data;
      }
    });
}

/** The events of an SSE body: each block's `event:` name (null when none) and its data, parsed where it is JSON. */
export function sseEvents(text: string): { event: string | null; data: unknown; raw: string }[] {
  return text
    .split(/\r\n\r\n|\n\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.replace(/\r/g, '').split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length) ?? null;
      const raw = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? '';
      let data: unknown = raw;
      try {
        data = JSON.parse(raw);
      } catch {
        // Not JSON: kept as the text.
      }
      return { event, data, raw };
    });
}
