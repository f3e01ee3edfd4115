// For the command line's tests: one run of `streamscope ARGS…` in this process, its output captured.

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
