// What the loopback servers (the simulator, the replay) share: listening, their
// base URL, and closing with the responses under way.

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `host`:`port` (0: a free one); resolves with the port bound, rejects with the listen error (EADDRINUSE …). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** `http://HOST:PORT/v1`, an IPv6 host in brackets: what an OpenAI client takes as its base URL. */
export function baseUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`;
}

/**
 * Stops listening and ends every open connection. `running` maps each response under way to a
 * promise that settles when its own close handler has run; those responses are aborted, and the
 * result settles once all of them, and the server, have closed.
 */
export async function closeServer(server: Server, running: ReadonlyMap<AbortController, Promise<void>>): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  const responses = [...running.values()];
  for (const controller of running.keys()) controller.abort();
  server.closeAllConnections();
  await Promise.all([stopped, ...responses]);
}
