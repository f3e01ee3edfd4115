// Our worker threads in a user's `node --input-type=module -e …`: a worker inherits the process's
// Node options, and that one had each worker's CommonJS boot code read as a module. The recording
// thread failed and the recordings fell back onto the relay's thread; the store's checkpoint worker
// failed and checkpoints fell back onto the writer's thread; each with a warning.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStore } from './store/index.ts';
import { workerExecArgv } from './worker-exec-argv.ts';

const ENTRY = fileURLToPath(new URL('../../lib/index.mjs', import.meta.url));
const STORE = fileURLToPath(new URL('./store/index.ts', import.meta.url));

/** Runs `script` as `node --input-type=module -e script`; its output (stdout and stderr) and exit code. */
async function runAsModule(script: string): Promise<{ output: string; code: number | null }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', `process.on('warning', (warning) => console.log('warning: ' + warning.message));\n${script}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  return { output, code };
}

const tempDb = () => join(mkdtempSync(join(tmpdir(), 'streamscope-input-type-')), 'capture.db');

describe('our worker threads, in a script run with node --input-type=module -e', () => {
  it('the recording thread starts, and records with no fallback warning', async () => {
    const db = tempDb();
    const { output, code } = await runAsModule(`
      const { startProxy } = await import(${JSON.stringify(ENTRY)});
      const proxy = await startProxy({ profiles: ['simulator'], db: ${JSON.stringify(db)} });
      const body = JSON.stringify({ model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'hi' }] });
      await (await fetch(proxy.url + '/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
      await proxy.close();
      console.log('recording ' + proxy.exchanges[0].recording);
    `);
    expect(output).toBe('recording 1\n');
    expect(code).toBe(0);
    const store = openStore(db);
    try {
      expect(store.get(1)!.reads.length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  }, 30_000);

  it("the store's checkpoint worker starts past its 4 MiB, with no warning that checkpoints fell back", async () => {
    const db = tempDb();
    // 13,000 reads of a kilobyte: past the 4 MiB that start the worker.
    const { output, code } = await runAsModule(`
      (await import('tsx/esm/api')).register();
      const { openStore } = await import(${JSON.stringify(STORE)});
      const store = openStore(${JSON.stringify(db)});
      const writer = store.beginRecording({ startedAt: '2026-12-04T08:00:00.000Z', request: { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {}, body: {} } });
      const read = new TextEncoder().encode('data: ' + 'x'.repeat(1000) + '\\n\\n');
      for (let t = 0; t < 13000; t++) writer.read(t, read);
      writer.finish({ t: 13000, outcome: 'eof' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      store.close();
      console.log('stored');
    `);
    expect(output).toBe('stored\n');
    expect(code).toBe(0);
  }, 30_000);

  it('inherit every Node option but those that say how the main script is read', () => {
    expect(workerExecArgv(['--input-type=module', '-e', 'code'])).toEqual(['-e', 'code']);
    expect(workerExecArgv(['--conditions', 'dev', '--input-type', 'module', '--experimental-default-type=module', '--enable-source-maps'])).toEqual(['--conditions', 'dev', '--enable-source-maps']);
  });
});
