// For the replay server's tests: servers started in a test file, all closed after it.

import { afterAll } from 'vitest';
import { startReplayServer } from './server.ts';
import type { ReplayServer } from './server.ts';

/** What the server adds to every response itself, whatever was recorded. */
export const FRAMING = ['transfer-encoding', 'connection', 'keep-alive'];

/** A `startReplayServer` whose servers are closed once the file's tests are done. */
export function replayServers(): typeof startReplayServer {
  const servers: ReplayServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });
  return async (...args) => {
    const server = await startReplayServer(...args);
    servers.push(server);
    return server;
  };
}
