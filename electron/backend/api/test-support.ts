// For the API's tests: a transport straight to a backend (through the structured clone IPC
// applies), and a loopback chat-completions server that answers with a clean stream and sends
// every request header back as a response header, to prove a key never comes back out.

import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiDispatcher } from '../../../shared/api/dispatch.ts';
import type { ApiTransport } from '../../../shared/api/client.ts';
import { cleanBody } from '../store/test-support.ts';
import type { Backend } from './index.ts';

/** The simulator with no waits: a test sees a whole stream in milliseconds. */
export const FAST = { sim: { time_scale: 0 } };
export const hello = [{ role: 'user', content: 'Hello' }];

/** Calls and pushes go through structuredClone, as Electron's IPC clones them. */
export function directTransport(backend: Backend): ApiTransport {
  const dispatch = createApiDispatcher(backend.api);
  return {
    call: async (call, input) => structuredClone(await dispatch(call, structuredClone(input))),
    subscribe: (listener) => backend.subscribe((push, payload) => listener(push, structuredClone(payload))),
  };
}

export interface EchoServer {
  /** Base URL, ending in /v1. */
  readonly baseUrl: string;
  /** The headers of every request received. */
  readonly received: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Answers every POST with a clean three-word stream, its request headers echoed as response headers. */
export async function startEchoServer(): Promise<EchoServer> {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    received.push(request.headers);
    request.resume();
    request.on('end', () => {
      const echoed: Record<string, string> = { 'content-type': 'text/event-stream' };
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && !['content-type', 'content-length', 'host', 'connection', 'transfer-encoding'].includes(name)) echoed[name] = value;
      }
      // Under other names and in the body too, as debugging gateways do: masked by value, not by name (shared/recording/secrets/echoes.ts).
      echoed['x-debug'] = request.headers.authorization ?? '';
      echoed['x-echo-request'] = JSON.stringify(request.headers);
      response.writeHead(200, echoed);
      response.end(`: echo ${request.headers.authorization ?? ''}\n\n` + cleanBody(['Echo', ' of', ' headers'], 'echo-model'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Waits until `check` returns a value other than undefined, polling; fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (true) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
