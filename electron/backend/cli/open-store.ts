// The database a command writes to, opened, or why it cannot be, as the user's error to fix.

import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { CliError } from './errors.ts';

export function openStoreAt(path: string): Store {
  try {
    return openStore(path);
  } catch (error) {
    throw new CliError(`cannot open the database ${path}: ${(error as Error).message}`);
  }
}
