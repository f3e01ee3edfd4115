import { describe } from 'vitest';
import { httpTransport } from '../../../renderer/api/http.ts';
import { contractSuite } from '../api/contract.suite.ts';
import { createBackend } from '../api/index.ts';
import { startServeServer } from './server.ts';
import { rendererFixture, tappedFetch } from './test-support.ts';

describe('the API contract, over the serve-mode bridge (the renderer’s HTTP transport, in Node)', () => {
  contractSuite(async (options) => {
    const backend = createBackend(options);
    const server = await startServeServer({ backend, rendererDir: rendererFixture() });
    const tap = tappedFetch();
    const transport = httpTransport({ origin: server.origin, token: server.token, fetch: tap.fetch });
    return {
      transport,
      ready: () => transport.connected(),
      wire: tap.wire,
      close: async () => {
        transport.close();
        await server.close();
        await backend.close();
      },
    };
  });
});
