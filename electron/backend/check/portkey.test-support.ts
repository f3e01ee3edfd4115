// The open-source Portkey gateway (@portkey-ai/gateway, a dev dependency) started on loopback for
// the tests, as published or with its streaming fixed in the test's own copy. Its 1.15.2 answers
// every streamed request with 500 ("TypeError: immutable": its updateHeaders appends to the
// headers of the upstream's fetch Response, which Node's fetch makes immutable; Portkey issues
// #1389 and #1550, the fix in its PR #1551, not merged). The copy gives updateHeaders a mutable
// copy of the headers, the body untouched, which is what that fix amounts to.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUILD = join(ROOT, 'node_modules/@portkey-ai/gateway/build/start-server.js');
export const PORTKEY_VERSION = (JSON.parse(readFileSync(join(ROOT, 'node_modules/@portkey-ai/gateway/package.json'), 'utf8')) as { version: string }).version;

const BROKEN = 'updateHeaders(e,t,a){return e.headers.append(';
const FIXED = 'updateHeaders(e,t,a){Object.defineProperty(e,"headers",{value:new Headers(e.headers)});return e.headers.append(';

export interface Portkey {
  readonly url: string;
  close(): Promise<void>;
}

/** The fixed copy, in the package's own folder, so that its imports resolve to the package's dependencies as the original's do. */
function fixedCopy(): string {
  const source = readFileSync(BUILD, 'utf8');
  const at = source.indexOf(BROKEN);
  if (at === -1 || source.indexOf(BROKEN, at + 1) !== -1) throw new Error(`@portkey-ai/gateway ${PORTKEY_VERSION}: updateHeaders is not where the fix expects it`);
  const path = join(dirname(BUILD), 'start-server.streamscope-fixed.mjs');
  writeFileSync(path, source.replace(BROKEN, FIXED));
  return path;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startPortkey({ fixed }: { readonly fixed: boolean }): Promise<Portkey> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [fixed ? fixedCopy() : BUILD, `--port=${port}`, '--headless'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`${url}/`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill();
        throw new Error(`the Portkey gateway did not start on ${url}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: `${url}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
