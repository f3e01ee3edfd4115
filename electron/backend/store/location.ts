// Where the store lives by default. The Electron app passes its own userData
// path instead; the CLI and the tests use this.

import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const DB_FILE = 'streamscope.db';

/**
 * The default database path, without touching the disk: `STREAMSCOPE_DB`; else
 * `$XDG_DATA_HOME/streamscope/streamscope.db`; else the platform's data folder
 * (`~/.local/share/streamscope` on Linux, `~/Library/Application Support/Streamscope`
 * on macOS, `%APPDATA%\Streamscope` on Windows).
 */
export function dbPathFor(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const explicit = env.STREAMSCOPE_DB;
  if (explicit) return paths.resolve(explicit);
  const xdg = env.XDG_DATA_HOME;
  // The XDG spec says relative values are invalid and must be ignored.
  if (xdg && paths.isAbsolute(xdg)) return paths.join(xdg, 'streamscope', DB_FILE);
  if (platform === 'darwin') return paths.join(home, 'Library', 'Application Support', 'Streamscope', DB_FILE);
  if (platform === 'win32') return paths.join(env.APPDATA || paths.join(home, 'AppData', 'Roaming'), 'Streamscope', DB_FILE);
  return paths.join(home, '.local', 'share', 'streamscope', DB_FILE);
}

/** The default database path for this machine; creates its folder. */
export function defaultDbPath(env: NodeJS.ProcessEnv = process.env): string {
  const file = dbPathFor(env, process.platform, homedir());
  mkdirSync(path.dirname(file), { recursive: true });
  return file;
}
