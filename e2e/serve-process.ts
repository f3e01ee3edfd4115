// `streamscope serve` in a child process with a database of its own, for the end-to-end tests and
// the UI benchmark: resolves with the address it printed (with its token) once it serves.

import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

export interface ServeProcess {
  /** `http://127.0.0.1:PORT/#token=…` */
  readonly url: string;
  stop(): Promise<void>;
}

export async function startServeProcess(db: string): Promise<ServeProcess> {
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
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
