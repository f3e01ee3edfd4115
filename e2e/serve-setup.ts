// Playwright's global setup: `streamscope serve` on a free port with a fresh database, for the
// whole run. The address it prints (with its token) reaches the tests as STREAMSCOPE_E2E_URL.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServeProcess } from './serve-process.ts';

export default async function startServe(): Promise<() => Promise<void>> {
  const server = await startServeProcess(join(mkdtempSync(join(tmpdir(), 'streamscope-e2e-')), 'e2e.db'));
  process.env['STREAMSCOPE_E2E_URL'] = server.url;
  return () => server.stop();
}
