// The types the package ships: lib/index.d.mts is made from the sources (never edited by hand), and a
// project of its own, under the strictest settings a TypeScript project takes today, compiles against
// the packed file with nothing else installed, and is told when it gets an option wrong.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHIPPED_TYPES, shippedTypes } from './shipped-types.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const USES = `
import { startMock, startProxy, type CaptureExchange, type ProxyOptions } from 'streamscope';

const options: ProxyOptions = { upstream: 'https://api.openai.com/v1', cassettes: 'cassettes', mode: 'auto', db: false, faults: { dropDone: true, stalls: [{ beforeEvent: 2, ms: 100 }] } };
const proxy = await startProxy(options);
const url: string = proxy.url;
const ended: readonly CaptureExchange[] = proxy.exchanges;
await proxy.close();
const mock = await startMock({ recordings: ['a.ssrec.jsonl', 12], speed: 0 });
const outcome: 'complete' | 'cut' | 'client-closed' | 'server-closed' | undefined = mock.requests[0]?.outcome;
await mock.close();
console.log(url, ended.length, outcome);
`;

const WRONG = `
import { startProxy } from 'streamscope';

await startProxy({ upstream: 'https://api.openai.com/v1', cassettes: 'cassettes', mode: 'recrod' });
`;

/** A project of its own with the packed package under node_modules, its files written; tsc's output. */
function compileInProject(tarball: string, source: string): string {
  const project = mkdtempSync(join(tmpdir(), 'streamscope-types-project-'));
  const installed = join(project, 'node_modules', 'streamscope');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-project', type: 'module', private: true }));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['uses.ts'] }),
  );
  writeFileSync(join(project, 'uses.ts'), source);
  try {
    execFileSync(process.execPath, [TSC, '-p', project], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the types the package ships (lib/index.d.mts)', () => {
  it('are what the sources make: after changing the API, `npm run types` writes them anew', () => {
    expect(readFileSync(SHIPPED_TYPES, 'utf8')).toBe(shippedTypes());
  }, 60_000);

  it('type a project of its own that uses the API, and name a wrong option there', () => {
    const packs = mkdtempSync(join(tmpdir(), 'streamscope-pack-'));
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packs], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { filename: string }[];
    const tarball = join(packs, packed!.filename);
    expect(compileInProject(tarball, USES)).toBe('');
    expect(compileInProject(tarball, WRONG)).toBe(`uses.ts(4,83): error TS2820: Type '"recrod"' is not assignable to type '"auto" | "record" | "replay"'. Did you mean '"record"'?\n`);
  }, 60_000);
});
