// Where "Open in browser" puts report files: a folder of this run's own, made with mkdtemp under
// the app's temporary path (mode 0700, a new name each run, so a folder another local user made
// first is never used), files created there exclusively (O_EXCL: an existing file or a symlink at
// that name is never written through), and the folder removed when the app quits.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PrivateFolder {
  /** The folder, made on first use. */
  path(): string;
  /** Removes the folder and everything in it, if it was made; the next path() makes a new one. */
  remove(): void;
}

export function privateFolder(parent: string, prefix: string): PrivateFolder {
  let made: string | null = null;
  return {
    path: () => (made ??= mkdtempSync(join(parent, prefix))),
    remove: () => {
      if (made === null) return;
      rmSync(made, { recursive: true, force: true });
      made = null;
    },
  };
}

/** How many numbered names (`name-2.html` …) are tried before giving up. */
const MAX_NAMES = 1000;

/**
 * Writes `content` to a new file `name + extension` in `folder`, user-only (0600), or to
 * `name-2 + extension` and so on when that name is taken; returns its path. Never replaces or
 * follows what is already there.
 */
export function writeNewFile(folder: string, name: string, extension: string, content: string): string {
  for (let n = 1; n <= MAX_NAMES; n += 1) {
    const path = join(folder, `${name}${n === 1 ? '' : `-${n}`}${extension}`);
    try {
      writeFileSync(path, content, { flag: 'wx', mode: 0o600 });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`no free file name for ${name}${extension} in ${folder}`);
}
