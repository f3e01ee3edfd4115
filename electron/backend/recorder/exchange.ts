// One HTTP exchange, observed read by read. Every read of the body is stamped
// on the monotonic clock first thing in the data callback, before any parsing
// or storage (docs/architecture.md, "The stream": faithful time). Every way the exchange can end is
// reported as an outcome, never thrown.

import { request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { Outcome } from '../../../shared/index.ts';
import { inflationCapError, MAX_INFLATED_BYTES } from '../import/decode.ts';

export interface ExchangeRequest {
  readonly method: string;
  readonly url: string;
  /** Sent as given: secrets included. Redact before storing. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface ExchangeTimeouts {
  /** From sending the request to the first byte of the body (headers included). */
  readonly firstByteMs: number;
  /** Longest silence between reads once the body has started. */
  readonly idleMs: number;
}

export interface ExchangeResponse {
  readonly t: number;
  readonly status: number;
  readonly httpVersion: string;
  readonly headers: Record<string, string>;
}

export interface ExchangeEnd {
  readonly t: number;
  readonly outcome: Exclude<Outcome, 'recording' | 'interrupted'>;
  readonly error?: string;
}

export interface ExchangeSink {
  response(response: ExchangeResponse): void;
  /** One read of the (decoded) body, with its arrival time in ms since the request started. */
  read(t: number, bytes: Uint8Array): void;
}

/** Performs the exchange; resolves with how it ended once it has. */
export function performExchange(
  request: ExchangeRequest,
  timeouts: ExchangeTimeouts,
  sink: ExchangeSink,
  signal?: AbortSignal,
  /** The `performance.now()` that t = 0 stands for; by default, now. */
  clockOrigin?: number,
  /** What a compressed body may inflate to before the exchange ends in error. */
  maxInflatedBytes: number = MAX_INFLATED_BYTES,
): Promise<ExchangeEnd> {
  const t0 = clockOrigin ?? performance.now();
  const now = (): number => performance.now() - t0;

  return new Promise<ExchangeEnd>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let response: IncomingMessage | undefined;
    let decoder: Transform | undefined;

    const finish = (end: ExchangeEnd): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve(end);
    };
    const arm = (ms: number, what: string): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish({ t: now(), outcome: 'timeout', error: `${what} (${ms} ms)` }), ms);
    };
    const onAbort = (): void => finish({ t: now(), outcome: 'aborted', error: 'aborted by the user' });

    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      resolve({ t: 0, outcome: 'error', error: `not a URL: ${request.url}` });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      resolve({ t: 0, outcome: 'error', error: `unsupported protocol ${url.protocol} (use http or https)` });
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let req: ClientRequest;
    try {
      req = send(url, { method: request.method, headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) } });
    } catch (error) {
      // Node refuses a header it cannot send (ERR_INVALID_CHAR, ERR_INVALID_HTTP_TOKEN) by throwing
      // here; thrown out of the exchange, it left the caller's recording 'recording' for good.
      resolve({ t: 0, outcome: 'error', error: `cannot send the request: ${error instanceof Error ? describeError(error) : String(error)}` });
      return;
    }

    req.on('response', (res) => {
      const t = now();
      response = res;
      res.socket?.setNoDelay(true);
      // No prototype: a header named `__proto__` is kept as one, not taken for the object's prototype.
      const headers = Object.create(null) as Record<string, string>;
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      sink.response({ t, status: res.statusCode ?? 0, httpVersion: res.httpVersion, headers });
      arm(timeouts.firstByteMs, 'no body byte arrived in time');

      // The stored body is the decoded one; a decoded piece carries the time of the last raw read before it.
      let lastRawT = t;
      decoder = decoderFor(headers['content-encoding']);
      if (decoder) {
        let inflated = 0;
        const encoding = headers['content-encoding']!;
        decoder.on('data', (bytes: Buffer) => {
          if (settled) return;
          inflated += bytes.length;
          // A decompression bomb ends the exchange at the cap; what came before it is kept.
          if (inflated > maxInflatedBytes) {
            finish({ t: now(), outcome: 'error', error: inflationCapError(encoding, maxInflatedBytes) });
            decoder!.destroy();
            return;
          }
          sink.read(lastRawT, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        });
        decoder.on('error', (error: Error) => finish({ t: now(), outcome: 'error', error: `cannot decode ${headers['content-encoding']}: ${error.message}` }));
        decoder.on('end', () => finish({ t: now(), outcome: 'eof' }));
      }
      res.on('data', (bytes: Buffer) => {
        const t = now();
        if (settled) return;
        arm(timeouts.idleMs, 'the stream went silent');
        if (decoder) {
          lastRawT = t;
          decoder.write(bytes);
        } else {
          sink.read(t, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        }
      });
      res.on('end', () => {
        if (decoder) decoder.end();
        else finish({ t: now(), outcome: 'eof' });
      });
      res.on('aborted', () => finish({ t: now(), outcome: 'error', error: 'the connection closed before the response was complete' }));
      res.on('error', (error) => finish({ t: now(), outcome: 'error', error: describeError(error) }));
    });
    req.on('error', (error) => finish({ t: now(), outcome: 'error', error: describeError(error) }));
    req.on('close', () => {
      // A socket closed without 'end' (reset after the headers) lands here when nothing else reported it.
      if (response && !response.complete) finish({ t: now(), outcome: 'error', error: 'the connection closed before the response was complete' });
    });

    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort);
    arm(timeouts.firstByteMs, 'no response arrived in time');
    req.end(request.body);
  });
}

/** The zlib stream that undoes a content-encoding, or undefined for identity and codings we cannot undo. */
export function decoderFor(encoding: string | undefined): Transform | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/** Node's network errors, in words a user recognises. */
export function describeError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  // Node says ECONNRESET for a server that closed its connection cleanly before any answer.
  if (code === 'ECONNRESET' && error.message === 'socket hang up') return 'the server closed the connection without answering (ECONNRESET: socket hang up)';
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the server',
    ENOTFOUND: 'host not found (DNS)',
    EAI_AGAIN: 'DNS lookup failed (temporary)',
    ETIMEDOUT: 'connection timed out',
    EPIPE: 'connection closed while sending',
    CERT_HAS_EXPIRED: 'TLS certificate expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate cannot be verified',
    ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
  };
  const words = code ? known[code] : undefined;
  return words ? `${words} (${code}${code === error.message ? '' : `: ${error.message}`})` : error.message;
}
