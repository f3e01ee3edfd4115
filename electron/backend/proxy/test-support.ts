// For the capture proxy's tests: a proxy with its own database, raw HTTP exchanges that keep every
// read, headers compared as a client sees them (less hop-by-hop and Date), tiny upstreams, and
// Debian's nginx in front of an upstream where it is installed.

import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, RequestListener, Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planRoutes } from '../../../shared/capture/routes.ts';
import type { UpstreamSpec } from '../../../shared/capture/routes.ts';
import type { CaptureExchange } from '../../../shared/capture/types.ts';
import { startNginx } from '../http/nginx.ts';
import type { Nginx } from '../http/nginx.ts';
import { openStore } from '../store/index.ts';
import type { Store, StoredRecording } from '../store/index.ts';
import { startCaptureProxy } from './server.ts';
import type { CaptureProxy, CaptureProxyOptions } from './types.ts';

export function tempDir(prefix = 'streamscope-proxy-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestProxy {
  readonly proxy: CaptureProxy;
  readonly store: Store;
  readonly db: string;
  /** The base URL a client takes (the lone upstream's path on the proxy). */
  readonly base: string;
  /** Every log line, as onExchange and onExchangeEnd gave it. */
  readonly lines: { readonly ended: boolean; readonly exchange: CaptureExchange }[];
  /** The ended exchange with this id, once it has ended. */
  ended(id: number): Promise<CaptureExchange>;
  /** The next exchange to end. */
  nextEnd(): Promise<CaptureExchange>;
  /** The stored recording of an ended exchange. */
  recording(exchange: CaptureExchange): StoredRecording;
  close(): Promise<void>;
}

/** A proxy in front of `upstream` (or several), storing into a fresh database. */
export async function startTestProxy(upstream: string | readonly UpstreamSpec[], options: Partial<CaptureProxyOptions> = {}): Promise<TestProxy> {
  const routing = planRoutes(typeof upstream === 'string' ? [{ url: upstream }] : upstream);
  if (!routing.ok) throw new Error(routing.error);
  const db = join(tempDir(), 'capture.db');
  const store = openStore(db);
  const lines: { ended: boolean; exchange: CaptureExchange }[] = [];
  const waiting: ((exchange: CaptureExchange) => void)[] = [];
  const proxy = await startCaptureProxy({
    store,
    session: 'test-session',
    ...options,
    routes: routing.routes,
    onExchange(exchange) {
      lines.push({ ended: false, exchange });
      options.onExchange?.(exchange);
    },
    onExchangeEnd(exchange) {
      lines.push({ ended: true, exchange });
      options.onExchangeEnd?.(exchange);
      for (const wake of waiting.splice(0)) wake(exchange);
    },
  });
  let closing: Promise<void> | null = null;
  const endedNow = (id: number) => lines.find((line) => line.ended && line.exchange.id === id)?.exchange;
  return {
    proxy,
    store,
    db,
    base: proxy.bases[0]!.baseUrl,
    lines,
    ended: (id) =>
      new Promise((resolve) => {
        const check = (): void => {
          const found = endedNow(id);
          if (found) resolve(found);
          else waiting.push(check);
        };
        check();
      }),
    nextEnd: () => new Promise((resolve) => waiting.push(resolve)),
    recording(exchange) {
      if (exchange.recording === null) throw new Error(`exchange ${exchange.id} has no recording`);
      const stored = store.get(exchange.recording);
      if (!stored) throw new Error(`recording ${exchange.recording} is not in the store`);
      return stored;
    },
    close() {
      closing ??= proxy.close().then(() => store.close());
      return closing;
    },
  };
}

export function concat(parts: readonly Uint8Array[]): Buffer {
  return Buffer.concat(parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)));
}

/** A stored recording's body, as one buffer. */
export function bodyOf(recording: { readonly reads: readonly { readonly bytes: Uint8Array }[] }): Buffer {
  return concat(recording.reads.map((read) => read.bytes));
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'date']);

/** Headers as a client compares them: lower-case names, hop-by-hop ones and Date left out. */
export function comparable(headers: Headers | IncomingHttpHeaders | Record<string, string>): Record<string, string> {
  const entries: [string, string][] = headers instanceof Headers ? [...headers] : Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]);
  return Object.fromEntries(entries.map(([name, value]) => [name.toLowerCase(), value] as const).filter(([name]) => !HOP_BY_HOP.has(name)).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export interface RawExchange {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  readonly reads: readonly Buffer[];
  /** How the body ended: `end` cleanly, `aborted` cut (the socket closed before the last chunk). */
  readonly ending: 'end' | 'aborted';
}

export interface RawRequest {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer | object;
  /** Called with each read as it arrives. */
  readonly onRead?: (bytes: Buffer, response: IncomingMessage) => void;
}

/** One request with node:http (no decoding, no retries), every read of the answer kept. */
export function rawRequest(url: string, request: RawRequest = {}): Promise<RawExchange> {
  const body = request.body === undefined ? undefined : typeof request.body === 'string' || Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: request.method ?? (body === undefined ? 'GET' : 'POST'), headers: { ...(body !== undefined && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? { 'content-type': 'application/json' } : {}), ...request.headers } });
    req.on('error', reject);
    req.on('response', (res) => {
      const reads: Buffer[] = [];
      res.on('data', (bytes: Buffer) => {
        reads.push(bytes);
        request.onRead?.(bytes, res);
      });
      const done = (ending: 'end' | 'aborted') => resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(reads), reads, ending });
      res.on('end', () => done('end'));
      res.on('error', () => done('aborted'));
      res.on('close', () => {
        if (!res.complete) done('aborted');
      });
    });
    req.end(body);
  });
}

/** A one-off node:http upstream; `url` is its origin. */
export async function startUpstream(handler: RequestListener): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer({ noDelay: true }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on (bound, then closed). */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function onceEvent<T = void>(register: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve) => register(resolve));
}

export { NGINX } from '../http/nginx.ts';
export type { Nginx } from '../http/nginx.ts';

/** Debian's nginx with `proxy_buffering off` in front of each upstream origin (`http://127.0.0.1:PORT`). */
export function startBufferlessNginx(upstreams: readonly string[]): Promise<Nginx> {
  return startNginx(
    upstreams.map((upstream) => ({ upstream, directives: 'proxy_buffering off;' })),
    512,
  );
}
