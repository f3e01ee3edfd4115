import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Replaces a file's content all at once: written to a temporary file beside it, then renamed over
 * it (a rename within a folder is atomic), so a crash never leaves half a file. Creates the folder.
 */
export function writeFileWhole(file: string, content: string, mode = 0o666): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode });
  renameSync(temporary, file);
}
