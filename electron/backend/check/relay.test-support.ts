// A faithful gateway for gateway mode's tests: a few lines of node:http that pass each request on
// to the upstream its `x-relay-to` header names (the runner fills it from `{upstream}`), and the
// answer back, write for write; an upstream that resets the connection resets the client's. And
// one that is no gateway at all: it answers nothing, ever.

import { createServer, request } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  /** Its base URL, up to /v1. */
  readonly url: string;
  /** The headers of each request it got, in order. */
  readonly seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

async function listen(server: Server, seen: IncomingHttpHeaders[]): Promise<TestServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Passes every request on to `x-relay-to` + the path after /v1, and every write of the answer back
 * as it comes; with `flushHead: false`, the head goes with the first write of the body, as Node's
 * server sends it unless told otherwise.
 */
export function startRelay({ flushHead = true }: { readonly flushHead?: boolean } = {}): Promise<TestServer> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    const target = new URL(String(req.headers['x-relay-to']).replace(/\/+$/, '') + (req.url ?? '/').replace(/^\/v1/, ''));
    const { host: _host, 'x-relay-to': _to, ...headers } = req.headers;
    const upstream = request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (flushHead) res.flushHeaders();
      answer.on('data', (chunk: Buffer) => res.write(chunk));
      answer.on('end', () => res.end());
      // The upstream cut the connection: so does the relay, as a faithful gateway would.
      answer.on('error', () => res.destroy());
      answer.on('aborted', () => res.destroy());
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return listen(server, seen);
}

/** Takes every request and never answers. */
export function startSilentServer(): Promise<TestServer> {
  const seen: IncomingHttpHeaders[] = [];
  return listen(createServer((req) => seen.push(req.headers)), seen);
}

// Two requests one after the other on a loaded machine can differ by hundreds of ms of its own
// pauses: where a test pins "no change", it lets a gateway add LOADED_MACHINE_MS before delay-added
// (the threshold itself is pinned where a delay is made, gateway-compare.test.ts).
export const LOADED_MACHINE_MS = 2_000;
