// Command-line arguments, parsed by Node's own `util.parseArgs`; a bad argument is the user's to fix.

import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { CliError } from './errors.ts';

export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}
