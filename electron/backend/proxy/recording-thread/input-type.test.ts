// The recording thread in a user's `node --input-type=module -e …`: a worker inherits the
// process's Node options, and that one would have read the thread's CommonJS boot code as a module;
// the thread failed and the recordings fell back onto the relay's thread, with a warning.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../store/index.ts';
import { workerExecArgv } from './launch.ts';

const ENTRY = fileURLToPath(new URL('../../../../lib/index.mjs', import.meta.url));

describe('the recording thread', () => {
  it('starts from a script run with node --input-type=module -e, and records with no fallback warning', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'streamscope-input-type-')), 'capture.db');
    const script = `
      process.on('warning', (warning) => console.log('warning: ' + warning.message));
      const { startProxy } = await import(${JSON.stringify(ENTRY)});
      const proxy = await startProxy({ profiles: ['simulator'], db: ${JSON.stringify(db)} });
      const body = JSON.stringify({ model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'hi' }] });
      await (await fetch(proxy.url + '/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
      await proxy.close();
      console.log('recording ' + proxy.exchanges[0].recording);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (bytes: Buffer) => (output += bytes.toString()));
    child.stderr.on('data', (bytes: Buffer) => (output += bytes.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(output).toBe('recording 1\n');
    expect(code).toBe(0);
    const store = openStore(db);
    try {
      expect(store.get(1)!.reads.length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  }, 30_000);

  it('inherits every Node option but those that say how the main script is read', () => {
    expect(workerExecArgv(['--input-type=module', '-e', 'code'])).toEqual(['-e', 'code']);
    expect(workerExecArgv(['--conditions', 'dev', '--input-type', 'module', '--experimental-default-type=module', '--enable-source-maps'])).toEqual(['--conditions', 'dev', '--enable-source-maps']);
  });
});
