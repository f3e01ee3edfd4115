// For tests of exporters that generate code: a scratch folder under the project (`.tmp/`, ignored
// by git and eslint) so a generated module resolves the project's node_modules (openai, msw), and
// a way to import what was generated.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** A fresh folder under `.tmp/`; remove it with `removeScratchDir` when done. */
export function scratchDir(prefix: string): string {
  const parent = join(PROJECT_DIR, '.tmp');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, `${prefix}-`));
}

export function removeScratchDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes a generated module into `dir` and imports it. */
export async function importGenerated<T>(dir: string, fileName: string, source: string): Promise<T> {
  const path = join(dir, fileName);
  writeFileSync(path, source);
  return (await import(pathToFileURL(path).href)) as T;
}
