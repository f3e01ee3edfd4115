// For the import tests: real curl runs, and a small loopback server that streams given bytes
// (one write per event) over HTTP/1.1 or cleartext HTTP/2, gzip-compressed on request — the
// cases the simulator does not serve (UTF-8 text, compression, HTTP/2).

import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSecureServer, createServer as createHttp2Server } from 'node:http2';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, createGzip } from 'node:zlib';

export const CURL = '/usr/bin/curl';
export const hasCurl = existsSync(CURL);
export const OPENSSL = '/usr/bin/openssl';
export const hasOpenssl = existsSync(OPENSSL);

/** A throwaway key and certificate for 127.0.0.1, made by openssl for this run. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  if (!existsSync(cert)) {
    execFileSync(OPENSSL, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export interface CurlRun {
  /** The trace file's text. */
  readonly trace: string;
  readonly tracePath: string;
  /** What curl wrote with -o: the body as curl delivered it (decoded, de-chunked). */
  readonly body: Buffer;
  readonly exitCode: number;
}

let runs = 0;
const dir = mkdtempSync(join(tmpdir(), 'streamscope-curl-'));

/** Runs curl with a trace (`--trace` for hex, `--trace-ascii`) and `--trace-time`, keeping the body it printed. */
export function runCurl(mode: 'hex' | 'ascii', args: readonly string[]): Promise<CurlRun> {
  const n = ++runs;
  const tracePath = join(dir, `run-${n}.trace`);
  const outPath = join(dir, `run-${n}.out`);
  return new Promise((resolve) => {
    execFile(CURL, ['-sS', '-N', mode === 'hex' ? '--trace' : '--trace-ascii', tracePath, '--trace-time', '-o', outPath, ...args], { timeout: 30_000 }, (error) => {
      const exitCode = error ? Number((error as NodeJS.ErrnoException).code ?? 1) : 0;
      resolve({ trace: readFileSync(tracePath, 'latin1'), tracePath, body: existsSync(outPath) ? readFileSync(outPath) : Buffer.alloc(0), exitCode });
    });
  });
}

/** The curl arguments of a streamed chat-completions request. */
export function chatArgs(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}): string[] {
  const args = ['-H', 'content-type: application/json'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return [...args, '--data-binary', JSON.stringify({ stream: true, messages: [{ role: 'user', content: 'hi' }], ...body }), url];
}

export interface ByteServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Streams `body` one SSE event a write, a few ms apart; gzip when the request accepts it. */
export async function startByteServer(body: Uint8Array, protocol: 'http1' | 'h2c' | 'h2-tls'): Promise<ByteServer> {
  const events = splitEvents(body);
  const handler = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
      (res as ServerResponse).writeHead(200, { 'content-type': 'text/event-stream', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      const zip = gzip ? createGzip({ flush: constants.Z_SYNC_FLUSH }) : null;
      zip?.on('data', (piece: Buffer) => (res as ServerResponse).write(piece));
      let i = 0;
      const next = () => {
        if (i === events.length) {
          if (zip) zip.end(() => res.end());
          else res.end();
          return;
        }
        const event = events[i++]!;
        if (zip) zip.write(event);
        else (res as ServerResponse).write(event);
        setTimeout(next, 2);
      };
      next();
    });
  };
  const server = protocol === 'http1' ? createServer(handler) : protocol === 'h2c' ? createHttp2Server(handler) : createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${protocol === 'h2-tls' ? 'https' : 'http'}://127.0.0.1:${port}/v1/chat/completions`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The body cut after each blank line, as a server writes one event at a time. */
function splitEvents(body: Uint8Array): Uint8Array[] {
  const events: Uint8Array[] = [];
  let from = 0;
  for (let i = 1; i < body.length; i++) {
    if (body[i] === 0x0a && body[i - 1] === 0x0a) {
      events.push(body.subarray(from, i + 1));
      from = i + 1;
    }
  }
  if (from < body.length) events.push(body.subarray(from));
  return events;
}
