// For tests and the benchmark: one HTTP/1.1 request over a raw TCP socket, the
// response read frame by frame. A client library hands its caller whatever
// the socket delivered; this one undoes the chunked framing itself, so each
// `res.write` of the server is seen as one chunk however TCP split or merged
// the bytes, each stamped with the moment its last byte arrived, and a
// connection that ends without the terminating chunk is told apart from a
// clean end (RFC 9112 §7.1).

import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface WireChunk {
  /** Milliseconds since the request was sent, when the chunk's last byte arrived. */
  readonly t: number;
  readonly bytes: Uint8Array;
}

export interface WireResponse {
  /** Null when the connection closed before a status line came. */
  readonly status: number | null;
  /** Names as sent, in order. */
  readonly headers: readonly (readonly [string, string])[];
  readonly headersAt: number | null;
  /** The body's chunks (chunked), or its reads (content-length or close-delimited). */
  readonly chunks: readonly WireChunk[];
  readonly body: Uint8Array;
  /** `complete`: the body ended as its framing says; `cut`: the connection closed before. */
  readonly ending: 'complete' | 'cut';
  /** The socket error, if one ended it (e.g. ECONNRESET). */
  readonly error: string | null;
}

export interface WireRequestOptions {
  readonly method?: string;
  /** Default POST with a JSON body. */
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Close the connection from the client's side after this many chunks (a client that gives up). */
  readonly closeAfterChunks?: number;
  /** Called with each chunk as it arrives: a test can act in the middle of a stream instead of after a guessed time. */
  readonly onChunk?: (chunk: WireChunk) => void;
}

type State = 'head' | 'size' | 'trailer' | 'length' | 'close' | 'done';

export function wireRequest(url: string, options: WireRequestOptions = {}): Promise<WireResponse> {
  const target = new URL(url);
  const method = options.method ?? 'POST';
  const body = Buffer.from(options.body ?? '');
  const head = [
    `${method} ${target.pathname}${target.search} HTTP/1.1`,
    // A test may say it was reached by another name (DNS rebinding): its own Host then, not this one.
    ...(Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'host') ? [] : [`host: ${target.host}`]),
    'connection: close',
    ...(method === 'GET' ? [] : ['content-type: application/json', `content-length: ${body.length}`]),
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');

  return new Promise((resolve) => {
    const socket = connect({ host: target.hostname.replace(/^\[|\]$/g, ''), port: Number(target.port), noDelay: true });
    let sent = 0;
    let pending: Buffer = Buffer.alloc(0);
    let state: State = 'head';
    let remaining = 0;
    let status: number | null = null;
    let headersAt: number | null = null;
    let error: string | null = null;
    const headers: [string, string][] = [];
    const chunks: WireChunk[] = [];

    const finish = (ending: WireResponse['ending']): void => {
      if (state === 'done') return;
      state = 'done';
      socket.destroy();
      resolve({ status, headers, headersAt, chunks, body: Buffer.concat(chunks.map((chunk) => chunk.bytes)), ending, error });
    };
    const take = (t: number, bytes: Buffer): void => {
      const chunk = { t, bytes: new Uint8Array(bytes) };
      chunks.push(chunk);
      options.onChunk?.(chunk);
      if (options.closeAfterChunks !== undefined && chunks.length >= options.closeAfterChunks) finish('cut');
    };

    const parse = (t: number): void => {
      while (state !== 'done') {
        if (state === 'head') {
          const end = pending.indexOf('\r\n\r\n');
          if (end < 0) return;
          const [statusLine, ...lines] = pending.subarray(0, end).toString('latin1').split('\r\n');
          status = Number(statusLine!.split(' ')[1]);
          for (const line of lines) {
            const colon = line.indexOf(':');
            headers.push([line.slice(0, colon), line.slice(colon + 1).trim()]);
          }
          headersAt = t;
          pending = pending.subarray(end + 4);
          const find = (name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1];
          if (find('transfer-encoding')?.toLowerCase() === 'chunked') state = 'size';
          else if (find('content-length') !== undefined) {
            remaining = Number(find('content-length'));
            state = 'length';
          } else state = 'close';
        } else if (state === 'size') {
          const eol = pending.indexOf('\r\n');
          if (eol < 0) return;
          const size = parseInt(pending.subarray(0, eol).toString('latin1'), 16);
          if (size === 0) {
            pending = pending.subarray(eol + 2);
            state = 'trailer';
            continue;
          }
          if (pending.length < eol + 2 + size + 2) return;
          const bytes = pending.subarray(eol + 2, eol + 2 + size);
          pending = pending.subarray(eol + 2 + size + 2);
          take(t, bytes);
        } else if (state === 'trailer') {
          if (pending.indexOf('\r\n') < 0) return;
          finish('complete');
        } else {
          if (pending.length === 0) {
            if (state === 'length' && remaining === 0) finish('complete');
            return;
          }
          const bytes = state === 'length' ? pending.subarray(0, remaining) : pending;
          remaining -= bytes.length;
          pending = pending.subarray(bytes.length);
          take(t, bytes);
        }
      }
    };

    socket.on('connect', () => {
      sent = performance.now();
      socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), body]));
    });
    socket.on('data', (data: Buffer) => {
      const t = performance.now() - sent;
      pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
      parse(t);
    });
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
    });
    // A close-delimited body is complete when the server closes; any other body is cut short.
    socket.on('close', () => finish(state === 'close' ? 'complete' : 'cut'));
  });
}
