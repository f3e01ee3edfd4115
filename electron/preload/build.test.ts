import { join } from 'node:path';
import { resolveConfig } from 'electron-vite';
import { build } from 'vite';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

// A sandboxed preload runs without Node's module loader: it may `require` only `electron` and a
// few polyfilled modules (https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts).
// electron-vite leaves every package.json dependency and Node built-in as a `require` in the
// bundle, so one careless import would break the app at launch. Build the preload with the
// project's own config, in memory, and read what the bundle requires.
describe('the preload bundle', () => {
  it('is one CommonJS file that requires nothing but electron', async () => {
    const resolved = await resolveConfig({ configFile: join(import.meta.dirname, '../../electron.vite.config.ts') }, 'build', 'production');
    const preload = resolved.config?.preload;
    expect(preload).toBeDefined();
    const output = (await build({ ...preload, logLevel: 'silent', build: { ...preload!.build, write: false } })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output).filter((item) => item.type === 'chunk');

    expect(chunks.map((chunk) => chunk.fileName)).toEqual(['index.cjs']);
    const code = chunks[0]!.code;
    expect([...code.matchAll(/\brequire\(\s*(["'`])(.*?)\1\s*\)/g)].map((match) => match[2])).toEqual(['electron']);
    expect(code).not.toMatch(/\bimport\s*\(|^\s*import\s|^\s*export\s/m);
  }, 60_000);
});
