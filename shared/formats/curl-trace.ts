// curl trace logs (`curl --trace FILE` or `--trace-ascii FILE`, best with `--trace-time`) as
// recordings: the request (method, URL, headers redacted, JSON body), the response head, and each
// `<= Recv data` block as one read at its time — milliseconds since the request's first line was
// sent, from the HH:MM:SS.ffffff stamps. HTTP/1.1 chunked framing, which the trace shows as it came
// off the connection, is undone; a compressed body is left encoded for the caller to decode
// (`encoded`). A hex trace is exact. An ASCII trace prints every byte outside 0x20–0x7F as ".":
// the dots of an SSE body are resolved where the format decides them (curl-trace/dots.ts), and a
// trace with a byte it cannot tell is refused with the count, never imported with wrong bytes.

import type { Outcome, RecordedRead, Recording } from '../recording/types.ts';
import { header } from '../recording/types.ts';
import { redactHeaders, redactUrl } from '../recording/secrets/redact.ts';
import { concatBytes, utf8Lossy } from './bytes.ts';
import { createBlockReader } from './curl-trace/blocks.ts';
import type { TraceBlock } from './curl-trace/blocks.ts';
import { dechunk, startsWithChunkSize } from './curl-trace/chunked.ts';
import { resolveJsonDots, resolveSseDots } from './curl-trace/dots.ts';
import type { ParseResult } from './ssrec.ts';
import { isStreamedExchange, requestBodyValue } from './streamed.ts';

export interface CurlTraceRecording {
  /** Position of the exchange among the trace's requests, from 0. */
  readonly exchange: number;
  readonly recording: Recording;
  /** The response's content-encoding when the reads are still encoded (gzip, deflate, br): decoding them is the caller's. */
  readonly encoded: string | null;
}

export interface CurlTraceParser {
  /** Feeds more of the trace's text, in any pieces. */
  feed(text: string): void;
  end(): ParseResult<CurlTraceRecording[]>;
}

interface Part {
  readonly t: number | null;
  readonly bytes: Uint8Array;
  readonly dots: Uint8Array | null;
}

interface Exchange {
  readonly index: number;
  readonly line: number;
  readonly t0: number | null;
  readonly tls: boolean;
  readonly head: Part[];
  readonly body: Part[];
  readonly responseHead: Part[];
  status: number | null;
  httpVersion: string | null;
  responseHeaders: Record<string, string> | null;
  /** Set once the blank line ends the (final) response head. */
  headDone: boolean;
  responseT: number | null;
  readonly data: Part[];
  failure: { text: string; t: number | null } | null;
  lastT: number | null;
}

/** curl's own words for a transfer that failed (lib/transfer.c, http_chunks.c, http2.c, vtls). */
const FAILURE =
  /transfer closed with|not closed cleanly|was reset|stream error|Recv failure|Connection reset|Connection died|Operation timed out|SSL_read|TLS connect error|end of file|Problem \(\d+\) in the Chunked-Encoded data|Illegal or missing hexadecimal sequence|Failed reading/i;

export function createCurlTraceParser(): CurlTraceParser {
  const exchanges: Exchange[] = [];
  let tls = false;
  let current: Exchange | null = null;
  let blockError: string | null = null;
  let ascii = false;
  const reader = createBlockReader(onBlock);

  function onBlock(block: TraceBlock): void {
    if (blockError) return;
    if (block.dots) ascii = true;
    switch (block.kind) {
      case 'info':
        if (/^(?:Connected to|Trying|Hostname .* was found)/.test(block.text)) tls = false;
        else if (/^(?:SSL connection using|ALPN|TLSv)/.test(block.text)) tls = true;
        else if (current && FAILURE.test(block.text) && !current.failure) current.failure = { text: block.text.trim(), t: block.time };
        break;
      case 'send-ssl':
      case 'recv-ssl':
        tls = true;
        return;
      case 'send-header':
        current = {
          index: exchanges.length,
          line: block.line,
          t0: block.time,
          tls,
          head: [part(block)],
          body: [],
          responseHead: [],
          status: null,
          httpVersion: null,
          responseHeaders: null,
          headDone: false,
          responseT: null,
          data: [],
          failure: null,
          lastT: block.time,
        };
        exchanges.push(current);
        break;
      case 'send-data':
        if (current && current.responseHead.length === 0) current.body.push(part(block));
        break;
      case 'recv-header':
        if (!current) return void (blockError = `line ${block.line}: a response header before any request`);
        current.responseHead.push(part(block));
        readResponseHead(current, block);
        break;
      case 'recv-data':
        if (!current) return void (blockError = `line ${block.line}: response data before any request`);
        current.data.push(part(block));
        break;
    }
    if (current && block.time !== null) current.lastT = block.time;
  }

  return {
    feed: (text) => reader.feed(text),
    end() {
      const error = reader.end() ?? blockError;
      if (error) return { ok: false, error };
      if (exchanges.length === 0) return { ok: false, error: 'no request in the trace (expected a "=> Send header" block, as curl --trace or --trace-ascii writes)' };
      const out: CurlTraceRecording[] = [];
      for (const exchange of exchanges) {
        const result = toRecording(exchange, ascii);
        if (typeof result === 'string') return { ok: false, error: `exchange ${exchange.index + 1} (line ${exchange.line}): ${result}` };
        if (result) out.push(result);
      }
      if (out.length === 0) {
        return { ok: false, error: `no streamed exchange among the trace's ${exchanges.length} (none has a text/event-stream response or a request with "stream": true)` };
      }
      return { ok: true, value: out };
    },
  };
}

export function parseCurlTrace(text: string): ParseResult<CurlTraceRecording[]> {
  const parser = createCurlTraceParser();
  parser.feed(text);
  return parser.end();
}

/** Whether a text starts like a curl trace: an Info or a Send/Recv line, with or without a time stamp. */
export function looksLikeCurlTrace(head: string): boolean {
  return /^(?:\d\d:\d\d:\d\d\.\d{6} )?(?:\[[0-9a-f]+-[0-9a-f]+\] )?(?:== Info: |=> Send |<= Recv )/.test(head);
}

function part(block: TraceBlock): Part {
  return { t: block.time, bytes: block.bytes, dots: block.dots };
}

/** Parses the status line and header lines as they come; an interim (1xx) response is skipped. */
function readResponseHead(exchange: Exchange, block: TraceBlock): void {
  const text = utf8Lossy(block.bytes).replace(/\r?\n$/, '');
  if (exchange.responseHeaders === null || exchange.status === null) {
    const status = /^HTTP\/(\d(?:\.\d)?) (\d{3})/.exec(text);
    if (status) {
      exchange.httpVersion = status[1]!;
      exchange.status = Number(status[2]);
      exchange.responseHeaders = {};
      exchange.headDone = false;
    }
    return;
  }
  if (exchange.headDone) return;
  if (text === '') {
    if (exchange.status >= 100 && exchange.status < 200) {
      exchange.status = null;
      return;
    }
    exchange.headDone = true;
    exchange.responseT = relative(exchange, block.time);
    return;
  }
  const colon = text.indexOf(':');
  if (colon <= 0) return;
  const name = text.slice(0, colon);
  const value = text.slice(colon + 1).trim();
  const headers = exchange.responseHeaders;
  const known = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
  if (known === undefined) headers[name] = value;
  else headers[known] += `, ${value}`;
}

function relative(exchange: Exchange, t: number | null): number | null {
  if (t === null || exchange.t0 === null) return null;
  // Microsecond stamps: keep the milliseconds to three decimals, without float noise.
  return Math.round((t - exchange.t0) * 1e6) / 1e3;
}

function toRecording(exchange: Exchange, ascii: boolean): CurlTraceRecording | null | string {
  const request = readRequest(exchange);
  if (typeof request === 'string') return request;
  const responseHeaders = exchange.responseHeaders ?? undefined;
  if (!isStreamedExchange(request.body, responseHeaders, { status: exchange.status })) return null;

  const encoding = header(responseHeaders, 'content-encoding')?.trim().toLowerCase();
  const encoded = encoding && encoding !== 'identity' ? encoding : null;
  if (encoded && ascii && exchange.data.some((part) => part.bytes.length > 0)) {
    return `the response body is compressed (${encoded}), which --trace-ascii cannot show: trace with curl --trace FILE (hex), or without --compressed`;
  }
  const body = readBody(exchange, responseHeaders);
  if (typeof body === 'string') return body;

  const reads: RecordedRead[] = body.reads;
  const endT = relative(exchange, exchange.lastT);
  const response =
    exchange.status === null || !exchange.headDone
      ? null
      : { t: exchange.responseT, status: exchange.status, httpVersion: exchange.httpVersion, headers: redactHeaders(responseHeaders ?? {}) };
  let outcome: Outcome = 'eof';
  let error: string | undefined;
  if (body.failure) {
    outcome = /timed out/i.test(body.failure) ? 'timeout' : 'error';
    error = body.failure;
  }
  return {
    exchange: exchange.index,
    encoded,
    recording: {
      source: 'curl',
      startedAt: null,
      request,
      response,
      reads,
      end: { t: endT, outcome, ...(error === undefined ? {} : { error }) },
    },
  };
}

function readRequest(exchange: Exchange): Recording['request'] & object | string {
  const head = utf8Lossy(concatBytes(exchange.head.map((p) => p.bytes)));
  const lines = head.split(/\r?\n/);
  const requestLine = /^([A-Z]+) (\S+) HTTP\/[\d.]+$/.exec(lines[0] ?? '');
  if (!requestLine) return `the request does not start with a request line ("POST /v1/chat/completions HTTP/1.1"): ${JSON.stringify(lines[0]?.slice(0, 60) ?? '')}`;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon)] = line.slice(colon + 1).trim();
  }
  const target = requestLine[2]!;
  const host = header(headers, 'host');
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target : `${exchange.tls ? 'https' : 'http'}://${host ?? 'localhost'}${target}`;

  let bodyBytes = concatBytes(exchange.body.map((p) => p.bytes));
  const dots = exchange.body.some((p) => p.dots) ? concatBytes(exchange.body.map((p) => p.dots ?? new Uint8Array(p.bytes.length))) : null;
  if (dots) {
    const resolved = resolveJsonDots(bodyBytes, dots);
    if (resolved.uncertain > 0) {
      return `${resolved.uncertain} bytes of the request body show as "." in --trace-ascii and may be non-ASCII text (first at byte ${resolved.firstUncertain}): trace with curl --trace FILE (hex), which keeps every byte`;
    }
    bodyBytes = resolved.bytes;
  }
  return { method: requestLine[1]!, url: redactUrl(url), headers: redactHeaders(headers), body: requestBodyValue(utf8Lossy(bodyBytes)) };
}

interface Body {
  readonly reads: RecordedRead[];
  /** Why the body did not end cleanly, or null. */
  readonly failure: string | null;
}

function readBody(exchange: Exchange, headers: Record<string, string> | undefined): Body | string {
  const data = exchange.data;
  const chunked =
    exchange.httpVersion !== null &&
    exchange.httpVersion.startsWith('1') &&
    /(?:^|,)\s*chunked\s*$/i.test(header(headers, 'transfer-encoding') ?? '') &&
    startsWithChunkSize(data);

  let pieces: Uint8Array[];
  let dots: (Uint8Array | null)[];
  const seams = new Set<number>();
  let failure = exchange.failure?.text ?? null;
  if (chunked) {
    const result = dechunk(data);
    if (result.error) return `Recv data: ${result.error}`;
    pieces = result.pieces;
    dots = result.dots;
    let at = 0;
    pieces.forEach((piece, i) => {
      seams.add(at);
      for (const seam of result.seams[i]!) seams.add(at + seam);
      at += piece.length;
    });
    if (!result.complete) failure ??= 'the body ended before its last chunk';
  } else {
    pieces = data.map((p) => p.bytes);
    dots = data.map((p) => p.dots);
    let at = 0;
    for (const piece of pieces) {
      seams.add(at);
      at += piece.length;
    }
    const length = Number(header(headers, 'content-length') ?? NaN);
    if (Number.isInteger(length) && at < length) failure ??= `the body ended after ${at} of its ${length} bytes`;
  }

  let bytes = concatBytes(pieces);
  if (dots.some((d) => d !== null)) {
    const resolved = resolveSseDots(bytes, concatBytes(dots.map((d, i) => d ?? new Uint8Array(pieces[i]!.length))), seams);
    if (resolved.uncertain > 0) {
      return (
        `${resolved.uncertain} bytes of the response body show as "." in --trace-ascii and cannot be told apart ` +
        `(non-ASCII text such as UTF-8, "..", or a CR LF cut between two reads; first at body byte ${resolved.firstUncertain}): ` +
        'trace with curl --trace FILE (hex), which keeps every byte'
      );
    }
    bytes = resolved.bytes;
  }
  const reads: RecordedRead[] = [];
  let at = 0;
  pieces.forEach((piece, i) => {
    if (piece.length === 0) return;
    reads.push({ t: relative(exchange, data[i]!.t), bytes: bytes.slice(at, at + piece.length) });
    at += piece.length;
  });
  return { reads, failure };
}
