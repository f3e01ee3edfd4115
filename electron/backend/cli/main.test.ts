// The dispatcher's exit codes (issue 27, "Crashes with exit 1"): 1 means findings to CI, so a
// crash — in any command, or outside any await in a long-running one — is exit 2 with one line,
// the stack trace only when STREAMSCOPE_DEBUG=1 asks for it.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crashReport } from './errors.ts';
import type { Command } from './main.ts';
import { main } from './main.ts';
import { captureOutput } from './output.ts';
import { runCli } from './test-support.ts';

const HINT = '(a bug in Streamscope, please report it; STREAMSCOPE_DEBUG=1 prints the stack trace)';

function commandThat(run: () => Promise<number>): Record<string, Command> {
  return { boom: { summary: 'fails', load: async () => ({ run, usage: 'Usage: streamscope boom' }) } };
}

async function runWith(commands: Record<string, Command>, ...args: string[]) {
  const out = captureOutput();
  const code = await main(args, out, commands);
  return { code, out: out.out, err: out.err };
}

describe('a command that crashes', () => {
  it('exits 2, not 1, with one line saying what broke and no stack trace', async () => {
    const crashed = await runWith(
      commandThat(async () => {
        throw new RangeError('Maximum call stack size exceeded');
      }),
      'boom',
    );
    expect(crashed).toEqual({ code: 2, out: '', err: `streamscope boom: internal error: RangeError: Maximum call stack size exceeded ${HINT}\n` });
  });

  it('exits 2 for a rejection with something other than an Error, its text kept on one line', async () => {
    const crashed = await runWith(commandThat(() => Promise.reject('two\nlines')), 'boom');
    expect(crashed).toEqual({ code: 2, out: '', err: `streamscope boom: internal error: thrown string: two lines ${HINT}\n` });
  });

  it('exits 2 when the command cannot even be loaded', async () => {
    const broken: Record<string, Command> = {
      boom: {
        summary: 'fails to load',
        load: () => Promise.reject(new Error('Cannot find module ./gone.ts')),
      },
    };
    expect(await runWith(broken, 'boom')).toEqual({ code: 2, out: '', err: `streamscope boom: internal error: Error: Cannot find module ./gone.ts ${HINT}\n` });
  });

  it('prints the stack trace with STREAMSCOPE_DEBUG=1', () => {
    const error = new TypeError('x is undefined');
    expect(crashReport('streamscope inspect', error, { STREAMSCOPE_DEBUG: '1' })).toBe(`streamscope inspect: internal error: TypeError: x is undefined\n${error.stack}\n`);
    expect(crashReport('streamscope inspect', error, {})).not.toContain('    at ');
  });

  it('takes a name of Object.prototype for the unknown command it is', async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      const { code, err } = await runCli(name);
      expect([code, err.split('\n')[0]]).toEqual([2, `streamscope: unknown command "${name}"`]);
    }
  });
});

describe('a crash outside any command (bin/streamscope)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-crash-'));
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve('tsx/esm/api')).href;
  const errors = pathToFileURL(join(import.meta.dirname, 'errors.ts')).href;

  /** Runs a script that installs the crash handlers as bin/streamscope does, then fails as `failure` says. */
  function crashWith(failure: string, env: Record<string, string> = {}) {
    const script = join(dir, `crash-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(script, `const { register } = await import(${JSON.stringify(tsx)});\nregister();\nconst { exitOnCrash } = await import(${JSON.stringify(errors)});\nexitOnCrash();\n${failure}\n`);
    const { STREAMSCOPE_DEBUG: _, ...rest } = process.env;
    return spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 30_000, env: { ...rest, ...env } });
  }

  it('turns an exception thrown in an event handler into exit 2 and one line', () => {
    const child = crashWith("setTimeout(() => { throw new Error('socket handler broke'); }, 1);");
    expect([child.status, child.stderr]).toEqual([2, `streamscope: internal error: Error: socket handler broke ${HINT}\n`]);
  });

  it('turns a promise rejected with nobody awaiting it into exit 2 and one line', () => {
    const child = crashWith("Promise.reject(new TypeError('nobody awaited this'));");
    expect([child.status, child.stderr]).toEqual([2, `streamscope: internal error: TypeError: nobody awaited this ${HINT}\n`]);
  });

  it('prints the stack trace of such a crash with STREAMSCOPE_DEBUG=1', () => {
    const child = crashWith("setTimeout(() => { throw new Error('socket handler broke'); }, 1);", { STREAMSCOPE_DEBUG: '1' });
    expect(child.status).toBe(2);
    expect(child.stderr).toMatch(/^streamscope: internal error: Error: socket handler broke\nError: socket handler broke\n {4}at /);
  });
});
