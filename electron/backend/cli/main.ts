// `streamscope COMMAND …`: the command line over the backend.

import { inspectCommand, INSPECT_USAGE } from './inspect.ts';
import { CliError } from './errors.ts';
import type { Output } from './output.ts';
import { processOutput } from './output.ts';

const USAGE = `Usage: streamscope <command> [options]

Commands:
  inspect FILE     Analyse a recorded stream (.sse body or .ssrec.jsonl timed recording)

Run "streamscope <command> --help" for a command's options.`;

const COMMANDS: Record<string, { run: (args: string[], out: Output) => Promise<number>; usage: string }> = {
  inspect: { run: inspectCommand, usage: INSPECT_USAGE },
};

/** Runs the command line; returns the exit code (0 ok, 1 findings past --fail-on, 2 bad input or usage). */
export async function main(args: string[], out: Output = processOutput()): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out.stdout(USAGE + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    out.stderr(`streamscope: unknown command "${name}"\n${USAGE}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    out.stdout(command.usage + '\n');
    return 0;
  }
  try {
    return await command.run(rest, out);
  } catch (error) {
    if (error instanceof CliError) {
      out.stderr(`streamscope ${name}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
