import { describe, expect, it } from 'vitest';
import { dump, stamp, traceOf } from '../test/curl-dump.ts';
import type { TraceMode } from '../test/curl-dump.ts';
import { bytes, realStreams, text } from '../test/streams.ts';
import { concatBytes } from './bytes.ts';
import { createCurlTraceParser, looksLikeCurlTrace, parseCurlTrace } from './curl-trace.ts';
import { detectFormat } from './detect.ts';
import type { CurlTraceRecording } from './curl-trace.ts';
import type { Recording } from '../recording/types.ts';
import type { ParseResult } from './ssrec.ts';

const REQUEST = 'POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:8088\r\nAuthorization: Bearer sk-proj-abcdefghijklmnopqrstuvwxyz0123\r\ncontent-type: application/json\r\n\r\n';
const REQUEST_BODY = '{"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"Hi."}]}';

/** A seeded generator, so a failure names a split that can be run again. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomReads(body: Uint8Array, seed: number): { t: number; bytes: Uint8Array }[] {
  const random = rng(seed);
  const reads: { t: number; bytes: Uint8Array }[] = [];
  let t = 120.5;
  for (let at = 0; at < body.length; ) {
    const size = 1 + Math.floor(random() * 400);
    reads.push({ t: Math.round(t * 1000) / 1000, bytes: body.slice(at, at + size) });
    t += random() * 40;
    at += size;
  }
  return reads;
}

function trace(mode: TraceMode, body: Uint8Array, options: { chunked: boolean; seed: number; start?: number }) {
  const reads = randomReads(body, options.seed);
  const head = ['HTTP/1.1 200 OK', 'content-type: text/event-stream', ...(options.chunked ? ['Transfer-Encoding: chunked'] : [])];
  return { reads, text: traceOf(mode, { request: REQUEST, requestBody: REQUEST_BODY, responseHead: head, reads, chunked: options.chunked, start: options.start }) };
}

/** Feeds the trace in random pieces, as a file read in chunks would. */
function parseInPieces(input: string, seed: number): ParseResult<CurlTraceRecording[]> {
  const random = rng(seed);
  const parser = createCurlTraceParser();
  for (let at = 0; at < input.length; ) {
    const size = 1 + Math.floor(random() * 300);
    parser.feed(input.slice(at, at + size));
    at += size;
  }
  return parser.end();
}

function only(result: ParseResult<CurlTraceRecording[]>): CurlTraceRecording {
  if (!result.ok) throw new Error(result.error);
  expect(result.value).toHaveLength(1);
  return result.value[0]!;
}

/** Printable ASCII and LF only, with no ".." that could be two non-ASCII bytes. */
function plainAscii(body: Uint8Array): boolean {
  return body.every((byte) => byte === 0x0a || (byte >= 0x20 && byte < 0x7f)) && !text(body).includes('..');
}

/** Byte equality without a deep comparison of every byte (which takes seconds on the larger captures). */
function expectSameBody(recording: Recording, body: Uint8Array): void {
  const got = Buffer.from(concatBytes(recording.reads.map((read) => read.bytes)));
  expect(got.length).toBe(body.length);
  expect(got.equals(body), 'the body differs').toBe(true);
}

/** What a parse gave, compact: each read's time, size and a digest of its bytes, or the error. */
function summary(result: ParseResult<CurlTraceRecording[]>): unknown {
  if (!result.ok) return result.error;
  return result.value.map(({ recording }) => recording.reads.map((read) => [read.t, read.bytes.length, Buffer.from(read.bytes).toString('base64').slice(-16)]));
}

const corpus = realStreams();

describe('curl trace reader, on every real stream written as curl writes a trace', () => {
  it.each(corpus.map((stream, i) => [stream.name, i] as const))('%s: a --trace (hex) log gives the body, the reads and their times exactly, chunked or not', (_, i) => {
    const { bytes: body } = corpus[i]!;
    for (const chunked of [true, false]) {
      const { reads, text: input } = trace('hex', body, { chunked, seed: i + 1 });
      for (const result of chunked ? [parseCurlTrace(input), parseInPieces(input, i + 7)] : [parseCurlTrace(input)]) {
        const { recording } = only(result);
        expectSameBody(recording, body);
        expect(recording.reads.map((read) => read.t)).toEqual(reads.map((read) => read.t));
        expect(recording.reads.map((read) => read.bytes.length)).toEqual(reads.map((read) => read.bytes.length));
      }
    }
  });

  it.each(corpus.map((stream, i) => [stream.name, i] as const))('%s: a --trace-ascii log gives the exact body, or is refused — never other bytes', (_, i) => {
    const { bytes: body } = corpus[i]!;
    for (const chunked of [true, false]) {
      const { reads, text: input } = trace('ascii', body, { chunked, seed: i + 100 });
      const result = parseCurlTrace(input);
      if (chunked) expect(summary(parseInPieces(input, i + 3))).toEqual(summary(result));
      if (result.ok) {
        const { recording } = only(result);
        expectSameBody(recording, body);
        expect(recording.reads.map((read) => read.t)).toEqual(reads.map((read) => read.t));
      } else {
        expect(result.error).toMatch(/^exchange 1 \(line 2\): \d+ bytes of the response body show as "\." in --trace-ascii and cannot be told apart .* trace with curl --trace FILE \(hex\)/);
        expect(plainAscii(body)).toBe(false);
      }
      if (plainAscii(body)) expect(result.ok).toBe(true);
    }
  });

  it('reads most of the corpus from --trace-ascii, and refuses exactly the streams with non-ASCII text or ".."', () => {
    const refused = corpus.filter((stream, i) => !parseCurlTrace(trace('ascii', stream.bytes, { chunked: true, seed: i }).text).ok).map((stream) => stream.name);
    const unclear = corpus.filter((stream) => !plainAscii(stream.bytes) && /[^\n\x20-\x7e]|\.\./.test(text(stream.bytes))).map((stream) => stream.name);
    expect(refused.every((name) => unclear.includes(name))).toBe(true);
    // The figure docs/import-export.md quotes.
    expect(corpus.length - refused.length).toBeGreaterThanOrEqual(corpus.length / 2);
  });
});

describe('curl trace reader: chunked framing split across reads', () => {
  // Node 22's http server sends a chunk's size line and the rest of the chunk in two writes, so
  // curl can log "14e" alone in one Recv data block and its CR LF at the head of the next.
  const events = ['data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n', 'data: [DONE]\n\n'];
  const wire = (parts: readonly string[]) => parts.map((part) => new TextEncoder().encode(part));
  const blocks = wire([
    events[0]!.length.toString(16),
    `\r\n${events[0]}\r\n`,
    `${events[1]!.length.toString(16)}\r\n${events[1]}`,
    '\r\n0\r\n',
    '\r\n',
  ]);

  it.each(['hex', 'ascii'] as const)('reads a chunk size whose CR LF came in the next block, from a %s log', (mode) => {
    const head = traceOf(mode, { request: REQUEST, requestBody: REQUEST_BODY, responseHead: ['HTTP/1.1 200 OK', 'content-type: text/event-stream', 'Transfer-Encoding: chunked'], reads: [] });
    const input = head.replace(/[^\n]*left intact\n$/, '') + blocks.map((block, i) => dump(mode, stamp(40_478.3 + i / 100), '<= Recv data', block)).join('');
    for (const result of [parseCurlTrace(input), parseInPieces(input, 5)]) {
      const { recording } = only(result);
      expect(recording.reads.map((read) => text(read.bytes))).toEqual(events);
      expect(recording.end).toMatchObject({ outcome: 'eof' });
    }
  });

  /** The body framed in chunks of random sizes, the framed bytes then cut anywhere into blocks: sizes, CR and LF split from their line. */
  function framedBlocks(body: Uint8Array, seed: number): Uint8Array[] {
    const random = rng(seed);
    const framed: number[] = [];
    for (let at = 0; at < body.length; ) {
      const piece = body.subarray(at, at + 1 + Math.floor(random() * 700));
      framed.push(...bytes(`${piece.length.toString(16)}\r\n`), ...piece, 13, 10);
      at += piece.length;
    }
    framed.push(...bytes('0\r\n\r\n'));
    const wireBytes = Uint8Array.from(framed);
    const blocks: Uint8Array[] = [];
    for (let at = 0; at < wireBytes.length; ) {
      const block = wireBytes.subarray(at, at + 1 + Math.floor(random() * 40));
      blocks.push(block);
      at += block.length;
    }
    return blocks;
  }

  it.each(corpus.map((stream, i) => [stream.name, i] as const))('%s: gives the body byte for byte however the framed bytes are cut into blocks, in a hex log and (plain ASCII) an ASCII log', (_, i) => {
    const { bytes: body } = corpus[i]!;
    const modes: TraceMode[] = plainAscii(body) ? ['hex', 'ascii'] : ['hex'];
    const head = ['HTTP/1.1 200 OK', 'content-type: text/event-stream', 'Transfer-Encoding: chunked'];
    for (const mode of modes) {
      for (const seed of [1, 2, 3]) {
        const blocks = framedBlocks(body, i * 10 + seed);
        const input = traceOf(mode, { request: REQUEST, requestBody: REQUEST_BODY, responseHead: head, reads: [] }).replace(/[^\n]*left intact\n$/, '') + blocks.map((block, k) => dump(mode, stamp(40_478.3 + k / 1000), '<= Recv data', block)).join('');
        const { recording } = only(parseCurlTrace(input));
        expectSameBody(recording, body);
        expect(recording.end, `${mode}, seed ${seed}`).toMatchObject({ outcome: 'eof' });
      }
    }
  });
});

describe('curl trace reader: the request and response', () => {
  const body = bytes('data: {"choices":[{"delta":{"content":"Hi."}}]}\n\ndata: [DONE]\n\n');

  it('recovers the method, the URL, the headers with the key redacted, the JSON body and the response head', () => {
    const { recording, encoded } = only(parseCurlTrace(trace('ascii', body, { chunked: true, seed: 1 }).text));
    expect(encoded).toBeNull();
    expect(recording.source).toBe('curl');
    expect(recording.request).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:8088/v1/chat/completions',
      headers: { Host: '127.0.0.1:8088', Authorization: 'Bearer sk-proj-…0123', 'content-type': 'application/json' },
      body: JSON.parse(REQUEST_BODY),
    });
    expect(recording.response).toMatchObject({ status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream', 'Transfer-Encoding': 'chunked' } });
    expect(recording.end).toMatchObject({ outcome: 'eof' });
    expect(text(concatBytes(recording.reads.map((read) => read.bytes)))).toBe(text(body));
  });

  it('counts times across midnight forward', () => {
    const { reads, text: input } = trace('hex', body, { chunked: false, seed: 3, start: 86_400 - 0.05 });
    const { recording } = only(parseCurlTrace(input));
    expect(reads.some((read) => read.t > 50)).toBe(true);
    expect(recording.reads.map((read) => read.t)).toEqual(reads.map((read) => read.t));
  });

  it('keeps every byte of a hex trace, UTF-8 text and CR LF included', () => {
    const utf8 = bytes('data: {"choices":[{"delta":{"content":"Grüße, 世界 ☃…"}}]}\r\n\r\ndata: [DONE]\r\n\r\n');
    const { recording } = only(parseCurlTrace(trace('hex', utf8, { chunked: true, seed: 5 }).text));
    expect(text(concatBytes(recording.reads.map((read) => read.bytes)))).toBe(text(utf8));
  });

  it('refuses UTF-8 text in an ASCII trace with the count of bytes it cannot tell, pointing to --trace', () => {
    const utf8 = bytes('data: {"choices":[{"delta":{"content":"Grüße"}}]}\n\n');
    const result = parseCurlTrace(trace('ascii', utf8, { chunked: false, seed: 5 }).text);
    expect(result).toEqual({
      ok: false,
      error:
        'exchange 1 (line 2): 4 bytes of the response body show as "." in --trace-ascii and cannot be told apart (non-ASCII text such as UTF-8, "..", or a CR LF cut between two reads; first at body byte 41): trace with curl --trace FILE (hex), which keeps every byte',
    });
  });

  it('reads a trace saved with CR LF line endings the same', () => {
    const { text: input } = trace('ascii', body, { chunked: true, seed: 2 });
    expect(summary(parseCurlTrace(input.replace(/\n/g, '\r\n')))).toEqual(summary(parseCurlTrace(input)));
  });

  it('makes an untimed recording of a trace without --trace-time', () => {
    const { text: input } = trace('hex', body, { chunked: true, seed: 4 });
    const { recording } = only(parseCurlTrace(input.replace(/^\d\d:\d\d:\d\d\.\d{6} /gm, '')));
    expect(recording.reads.every((read) => read.t === null)).toBe(true);
    expect(recording.response!.t).toBeNull();
    expect(text(concatBytes(recording.reads.map((read) => read.bytes)))).toBe(text(body));
  });

  it('takes a .txt or .log file for a trace when it starts like one, else for an SSE body', () => {
    const { text: input } = trace('ascii', body, { chunked: true, seed: 6 });
    expect(detectFormat('trace.txt', bytes(input))).toBe('curl');
    expect(detectFormat('curl.log', bytes(input))).toBe('curl');
    expect(detectFormat('body.txt', body)).toBe('sse');
    expect(detectFormat('capture', bytes(input))).toBe('curl');
  });

  it('tells a trace by its first line, with or without --trace-time', () => {
    expect(looksLikeCurlTrace('11:14:38.111927 == Info:   Trying 127.0.0.1:18231...')).toBe(true);
    expect(looksLikeCurlTrace('== Info:   Trying 127.0.0.1:18231...')).toBe(true);
    expect(looksLikeCurlTrace('=> Send header, 215 bytes (0xd7)')).toBe(true);
    expect(looksLikeCurlTrace('data: {}')).toBe(false);
  });

  it.each([
    ['', 'no request in the trace'],
    ['hello\n', 'line 1: not a line of a curl trace'],
    ['== Info: Connected\n=> Send header, 10 bytes (0xa)\n== Info: Closing connection 0\n', 'line 2: the block announces 10 bytes but has 0 rows'],
    ['=> Send header, 10 bytes (0xa)\n0000: POST / HTT\n', 'exchange 1 (line 1): the request does not start with a request line'],
    ['=> Send header, 40 bytes (0x28)\n0000: POST / HTTP/1.1\n', 'line 2: this row and the next offset (0028) disagree by 25 bytes'],
    ['=> Send header, 16 bytes (0x10)\n0000: GET / HTTP/1.1\n<= Recv header, 17 bytes (0x11)\n0000: HTTP/1.1 200 OK\n', 'no streamed exchange among the trace\'s 1'],
    ['<= Recv data, 2 bytes (0x2)\n0000: hi\n', 'line 1: response data before any request'],
  ])('refuses %j with the line and what is wrong', (input, error) => {
    const result = parseCurlTrace(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(error);
  });
});
