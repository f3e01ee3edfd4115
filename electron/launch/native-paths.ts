// Where the build of better-sqlite3 for Electron's ABI lives (docs/desktop.md, "Native builds").
// node_modules keeps the build for Node's ABI, which the tests and the CLI load; the app loads
// this one through better-sqlite3's `nativeBinding` option.

import { join } from 'node:path';

export const ADDON_FILE = 'better_sqlite3.node';

/** The cache of builds, one folder per Electron version, under the project root. */
export function nativeCacheDir(projectRoot: string, electronVersion: string): string {
  return join(projectRoot, '.cache', 'electron-native', electronVersion);
}

/** The addon a development run loads (npm start builds it when missing or stale). */
export function cachedAddonPath(projectRoot: string, electronVersion: string): string {
  return join(nativeCacheDir(projectRoot, electronVersion), ADDON_FILE);
}

/** Where packaging puts the addon, inside the build output (`out/`), so that it ships with the app. */
export function stagedAddonPath(outDir: string): string {
  return join(outDir, 'native', ADDON_FILE);
}

/**
 * The path of a file packed in app.asar but unpacked beside it by electron-builder (`asarUnpack`):
 * the operating system loads a native addon from a real file, never from inside an archive.
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}
