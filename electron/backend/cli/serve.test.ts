import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererFixture } from '../serve/test-support.ts';
import { tempDbPath, tempDir } from '../store/test-support.ts';
import { CliError } from './errors.ts';
import { captureOutput } from './output.ts';
import { serveCommand } from './serve.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'bin', 'streamscope');
const built = existsSync(join(root, 'out', 'renderer', 'index.html'));

describe('streamscope serve', () => {
  it('prints the address with its token, serves the UI and the API until stopped, then closes', async () => {
    const out = captureOutput();
    const db = tempDbPath();
    let seen: { page: number; call: unknown; without: number } | undefined;
    const code = await serveCommand(['--port', '0', '--db', db], out, {
      rendererDir: rendererFixture(),
      until: async (server) => {
        const page = await fetch(`${server.origin}/`);
        const call = await fetch(`${server.origin}/api/call/listRecordings`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: '{}' });
        const without = await fetch(`${server.origin}/api/call/listRecordings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        seen = { page: page.status, call: await call.json(), without: without.status };
      },
    });
    expect(code).toBe(0);
    expect(seen).toEqual({ page: 200, call: { ok: true, value: { items: [], total: 0 } }, without: 401 });
    const url = /^Streamscope is serving on (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43})\n/.exec(out.out)?.[1];
    expect(url).toBeDefined();
    expect(out.out).toContain(`  Database: ${db}\n`);
    expect(out.out.endsWith('Streamscope stopped.\n')).toBe(true);
    expect(out.err).toBe('');
    await expect(fetch(new URL(url!).origin)).rejects.toThrow();
  });

  it('opens the browser at the address with --open, and says in one line when it cannot', async () => {
    const opened: string[] = [];
    const out = captureOutput();
    await serveCommand(['--open', '--db', tempDbPath()], out, { rendererDir: rendererFixture(), until: async () => {}, openBrowser: async (url) => void opened.push(url) });
    expect(opened).toEqual([/serving on (\S+)/.exec(out.out)![1]]);
    const failed = captureOutput();
    const code = await serveCommand(['--open', '--db', tempDbPath()], failed, {
      rendererDir: rendererFixture(),
      until: async () => {},
      openBrowser: async () => {
        throw new Error('xdg-open is not installed');
      },
    });
    expect(code).toBe(0);
    expect(failed.err).toBe('streamscope serve: could not open a browser (xdg-open is not installed); open the address above yourself\n');
  });

  it('says how to build the UI when it is not built, and explains bad options in one line', async () => {
    const missing = join(tempDir(), 'renderer');
    await expect(serveCommand(['--db', tempDbPath()], captureOutput(), { rendererDir: missing, until: async () => {} })).rejects.toThrow(
      new CliError(`the UI is not built (${join(missing, 'index.html')} is missing): run \`npm run build\` first, or \`npm run serve\`, which builds and serves`),
    );
    for (const [args, message] of [
      [['--port', '65536'], '--port takes a port number from 0 to 65535, not "65536"'],
      [['--port', ''], '--port takes a port number from 0 to 65535, not ""'],
      [['now'], 'unexpected argument "now" (see --help)'],
    ] as const) {
      await expect(serveCommand([...args], captureOutput(), { rendererDir: rendererFixture(), until: async () => {} })).rejects.toThrow(new CliError(message));
    }
  });

  // `npm test` runs the unit tests before it builds the UI: from a fresh clone the command says how to build it.
  it.runIf(!built)('says from bin/streamscope, in one line, that the UI must be built first', async () => {
    const { code, stdout, stderr } = await run([bin, 'serve', '--db', tempDbPath()]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe('streamscope serve: the UI is not built (out/renderer/index.html is missing): run `npm run build` first, or `npm run serve`, which builds and serves\n');
  });

  it.runIf(built)('serves from bin/streamscope and stops cleanly on SIGTERM', async () => {
    let url: string | undefined;
    const { code, stdout, stderr } = await run([bin, 'serve', '--db', tempDbPath()], async (output, child) => {
      url = /serving on (\S+)/.exec(output)?.[1];
      if (!url) return false;
      const token = new URL(url).hash.replace('#token=', '');
      const reply = await fetch(`${new URL(url).origin}/api/call/listScenarios`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(reply.status).toBe(200);
      child.kill('SIGTERM');
      return true;
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.endsWith('Streamscope stopped.\n')).toBe(true);
  });
});

/** Runs the command line from the project root; `onOutput` sees stdout as it grows until it returns true. */
function run(args: string[], onOutput?: (stdout: string, child: ChildProcess) => Promise<boolean>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    let done = false;
    child.stdout.on('data', (data: Buffer) => {
      stdout += data;
      if (onOutput && !done) onOutput(stdout, child).then((finished) => (done ||= finished), (error: unknown) => (child.kill('SIGTERM'), reject(error)));
    });
    child.stderr.on('data', (data: Buffer) => (stderr += data));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
