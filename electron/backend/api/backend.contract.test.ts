import { describe } from 'vitest';
import { contractSuite } from './contract.suite.ts';
import { createBackend } from './index.ts';
import { directTransport } from './test-support.ts';

describe('the API contract, in process (as over IPC: arguments and answers structured-cloned)', () => {
  contractSuite(async (options) => {
    const backend = createBackend(options);
    return { transport: directTransport(backend), ready: async () => {}, close: () => backend.close() };
  });
});
