// Playwright's global setup: `streamscope serve` on a free port with a fresh database, for the
// whole run. The address it prints (with its token) reaches the tests as STREAMSCOPE_E2E_URL.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

export default async function startServe(): Promise<() => Promise<void>> {
  const db = join(mkdtempSync(join(tmpdir(), 'streamscope-e2e-')), 'e2e.db');
  const child = spawn(process.execPath, [join(root, 'bin', 'streamscope'), 'serve', '--db', db], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (data: Buffer) => {
      stdout += data;
      const found = /serving on (\S+)/.exec(stdout)?.[1];
      if (found) resolve(found);
    });
    void exited.then((code) => reject(new Error(`streamscope serve exited (${code}) before it served: ${stderr.trim()}`)));
    setTimeout(() => reject(new Error(`streamscope serve printed no address within 30 s: ${stderr.trim()}`)), 30_000).unref();
  });
  process.env['STREAMSCOPE_E2E_URL'] = url;
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}
