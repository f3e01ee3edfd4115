// Where the store lives by default: one database for the command line and the desktop app, so
// that a recording made with either is in the other (issue 17).

import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const DB_FILE = 'streamscope.db';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The default database path: `STREAMSCOPE_DB`; else `$XDG_DATA_HOME/streamscope/streamscope.db`;
 * else the platform's data folder (`~/.local/share/streamscope` on Linux,
 * `~/Library/Application Support/Streamscope` on macOS, `%APPDATA%\Streamscope` on Windows).
 * Where that database does not exist but the desktop app's older one does (appFolderDbPathFor),
 * the older one is used where it is: nothing is moved, and nothing recorded goes missing.
 * `exists` is the only look at the disk.
 */
export function dbPathFor(env: Env, platform: NodeJS.Platform, home: string, exists: (file: string) => boolean = () => false): string {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const explicit = env.STREAMSCOPE_DB;
  if (explicit) return paths.resolve(explicit);
  const shared = dataFolderDbPath(env, platform, home);
  const older = appFolderDbPathFor(env, platform, home);
  return older !== shared && !exists(shared) && exists(older) ? older : shared;
}

function dataFolderDbPath(env: Env, platform: NodeJS.Platform, home: string): string {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const xdg = env.XDG_DATA_HOME;
  // The XDG spec says relative values are invalid and must be ignored.
  if (xdg && paths.isAbsolute(xdg)) return paths.join(xdg, 'streamscope', DB_FILE);
  if (platform === 'darwin') return paths.join(home, 'Library', 'Application Support', 'Streamscope', DB_FILE);
  if (platform === 'win32') return paths.join(env.APPDATA || paths.join(home, 'AppData', 'Roaming'), 'Streamscope', DB_FILE);
  return paths.join(home, '.local', 'share', 'streamscope', DB_FILE);
}

/**
 * Where the desktop app kept its database until it shared the command line's: Electron's
 * user-data folder (`app.getPath('userData')`), `$XDG_CONFIG_HOME/Streamscope` or
 * `~/.config/Streamscope` on Linux. On macOS and Windows (without XDG_DATA_HOME) it is the
 * data folder itself.
 */
export function appFolderDbPathFor(env: Env, platform: NodeJS.Platform, home: string): string {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  if (platform === 'darwin') return paths.join(home, 'Library', 'Application Support', 'Streamscope', DB_FILE);
  if (platform === 'win32') return paths.join(env.APPDATA || paths.join(home, 'AppData', 'Roaming'), 'Streamscope', DB_FILE);
  const config = env.XDG_CONFIG_HOME;
  return paths.join(config && paths.isAbsolute(config) ? config : paths.join(home, '.config'), 'Streamscope', DB_FILE);
}

/** The default database path for this machine; creates its folder. */
export function defaultDbPath(env: Env = process.env): string {
  const file = dbPathFor(env, process.platform, homedir(), existsSync);
  mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

/**
 * The desktop app's database: the default one, shared with the command line, except that a
 * user-data folder given to the app (STREAMSCOPE_USER_DATA_DIR, which tests use for everything
 * the app keeps; `userDataDir` is undefined when none was, or a packaged app refused it) holds
 * its own unless STREAMSCOPE_DB names one.
 */
export function appDbPath(env: Env, userDataDir: string | undefined): string {
  if (!env.STREAMSCOPE_DB && userDataDir) return path.join(userDataDir, DB_FILE);
  return defaultDbPath(env);
}
