// The loopback bridge of serve mode: the built renderer and the one API over HTTP on 127.0.0.1,
// for a browser (headless machines, containers, the end-to-end tests). Calls are
// `POST /api/call/NAME` with the argument as bridge JSON (shared/api/codec.ts), answered with an
// ApiReply; pushes are Server-Sent Events at `GET /api/events`. See ./security.ts for who may call.

import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { decodeFrame, decodeJson, encodeFrame, encodeJson, FRAME_TYPE } from '../../../shared/api/codec.ts';
import { createApiDispatcher } from '../../../shared/api/dispatch.ts';
import type { ApiErrorCode, ApiReply } from '../../../shared/api/errors.ts';
import type { Backend } from '../api/index.ts';
import { streamEvents } from './event-stream.ts';
import { createPushLog } from './push-log.ts';
import type { PushLogOptions } from './push-log.ts';
import { readBody } from './request-body.ts';
import { allowedHosts, createToken, foreignRequest, requestToken, SECURITY_HEADERS, tokenMatches } from './security.ts';
import { sendStaticFile, staticFile } from './static-files.ts';

/** Where `electron-vite build` puts the renderer. */
export const DEFAULT_RENDERER_DIR = join(import.meta.dirname, '..', '..', '..', 'out', 'renderer');
/** Large enough for any recording file a user imports (a 1 GB stream is exported and imported in pieces). */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024 * 1024;

export interface ServeOptions {
  readonly backend: Backend;
  /** Default 0: a free port. */
  readonly port?: number;
  /** Default DEFAULT_RENDERER_DIR. */
  readonly rendererDir?: string;
  readonly maxBodyBytes?: number;
  /** The token; default a fresh random one (tests of the refusals pass their own). */
  readonly token?: string;
  readonly pushLog?: PushLogOptions;
}

export interface ServeServer {
  /** The address to open: http://127.0.0.1:PORT/#token=TOKEN. */
  readonly url: string;
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  /** Stops listening and ends every open connection (event streams included). The backend is the caller's to close. */
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export async function startServeServer(options: ServeOptions): Promise<ServeServer> {
  const token = options.token ?? createToken();
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const dispatch = createApiDispatcher(options.backend.api);
  const log = createPushLog(options.pushLog);
  const unsubscribe = options.backend.subscribe((push, payload) => log.append(push, payload));
  let hosts: ReadonlySet<string> = new Set();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    const refusal = foreignRequest(request, hosts);
    if (refusal) return reply(response, 403, failure('unauthorized', refusal));
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');

    if (url.pathname === '/api/events' || url.pathname.startsWith('/api/call/')) {
      const events = url.pathname === '/api/events';
      if (request.method !== (events ? 'GET' : 'POST')) {
        response.setHeader('allow', events ? 'GET' : 'POST');
        return reply(response, 405, failure('invalid-argument', `${url.pathname} takes ${events ? 'GET' : 'POST'}, not ${request.method}`));
      }
      if (!tokenMatches(requestToken(request, url, events), token)) {
        return reply(response, 401, failure('unauthorized', 'this request lacks the access token of this run: open the address `streamscope serve` printed'));
      }
      if (events) return streamEvents(request, response, log, SECURITY_HEADERS);
      return call(request, response, url.pathname.slice('/api/call/'.length));
    }
    if (url.pathname.startsWith('/api/')) return reply(response, 404, failure('unknown-call', `no such API path ${url.pathname}`));

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return reply(response, 405, failure('invalid-argument', `${request.method} is not allowed here`));
    }
    const file = staticFile(rendererDir, url.pathname);
    if (file === null || !(await sendStaticFile(response, file, request.method === 'HEAD'))) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    }
  }

  async function call(request: IncomingMessage, response: ServerResponse, name: string): Promise<void> {
    // Only bridge JSON or a frame: a form or a text/plain POST (which a page may send without
    // asking first) is not a call. Either type needs a CORS preflight, which this server never answers.
    const type = request.headers['content-type'] ?? '';
    const framed = type === FRAME_TYPE;
    if (!framed && !/^application\/json\s*(;|$)/i.test(type)) {
      return reply(response, 415, failure('invalid-argument', `${name}: send the argument as application/json or ${FRAME_TYPE}`));
    }
    const body = await readBody(request, maxBodyBytes);
    if (!body.ok) {
      return reply(response, 413, failure('invalid-argument', `${name}: the request is larger than ${Math.round(maxBodyBytes / 1024 / 1024)} MiB`));
    }
    // A frame carries bytes as they are (a file to import): no base64 to make in the page and read back here.
    const input = framed ? decodeFrame(body.bytes) : decodeJson(body.bytes.toString('utf8'));
    if (!input) return reply(response, 400, failure('invalid-argument', `${name}: the argument is not ${framed ? 'a bridge frame' : 'bridge JSON'}`));
    const answer = await dispatch(name, input.value);
    // The page asks for frames: bytes (a recording's body) then cross without base64.
    if ((request.headers.accept ?? '').includes(FRAME_TYPE)) return replyFrame(response, answer);
    reply(response, 200, answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) reply(response, 500, failure('failed', error instanceof Error ? error.message : String(error)));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(port);
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function failure(code: ApiErrorCode, message: string): ApiReply {
  return { ok: false, error: { code, message } };
}

function replyFrame(response: ServerResponse, value: ApiReply): void {
  const frame = encodeFrame(value);
  response.writeHead(200, { 'content-type': FRAME_TYPE, 'content-length': frame.length, 'cache-control': 'no-store' });
  response.end(frame);
}

function reply(response: ServerResponse, status: number, value: ApiReply): void {
  const body = encodeJson(value);
  response.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  response.end(body);
}
