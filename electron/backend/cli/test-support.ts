// For the command line's tests: one run of `streamscope ARGS…` in this process, its output
// captured; or `streamscope proxy` as the process a user starts.

import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from './main.ts';
import { captureOutput } from './output.ts';

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

export async function runCli(...args: string[]): Promise<CliRun> {
  const out = captureOutput();
  const code = await main(args, out);
  return { code, out: out.out, err: out.err };
}

const STREAMSCOPE = fileURLToPath(new URL('../../../bin/streamscope', import.meta.url));

export interface ProxyProcess {
  /** The first base URL its banner prints. */
  readonly baseUrl: string;
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything it printed so far, both streams. */
  output(): string;
  /** Ctrl-C; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** Starts `bin/streamscope proxy ARGS` with `env` added; resolves once its banner says it listens. */
export async function startProxyProcess(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<ProxyProcess> {
  const child = spawn(process.execPath, [STREAMSCOPE, 'proxy', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } });
  let output = '';
  child.stderr.on('data', (bytes: Buffer) => (output += bytes.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (bytes: Buffer) => {
      output += bytes.toString();
      const found = /^(http:\/\/127\.0\.0\.1:\d+\S*)\s+→/m.exec(output);
      if (found && output.includes('Ctrl-C to stop.')) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`streamscope proxy exited with ${code}: ${output}`)));
  });
  return {
    baseUrl,
    child,
    output: () => output,
    stop() {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      return exited;
    },
  };
}
