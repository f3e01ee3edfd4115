// Stand-ins for the tests of the Electron-ABI build (native-build.test.ts,
// native-build-prebuilt.test.ts): a file system in a Map, and node-gyp and prebuild-install that
// succeed or fail with the output given.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildSystem, EnsureOptions, NativeTarget } from './native-build.ts';

export const target: NativeTarget = { electronVersion: '45.5.0', betterSqlite3Version: '12.11.1', platform: 'linux', arch: 'x64' };
export const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
export const nodeGyp = '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js';
export const prebuildInstall = '/p/node_modules/prebuild-install/bin.js';

export type Outcome = { code: number; output: string; produces?: boolean };

/**
 * A file system in a Map, a node-gyp that "builds" (or fails with the given output), and a
 * prebuild-install that "downloads" (or fails likewise).
 */
export function fakeSystem(files: Record<string, string> = {}, gyp: Outcome = { code: 0, output: 'gyp info ok' }, prebuilt: Outcome = { code: 1, output: 'prebuild-install warn install No prebuilt binaries found' }) {
  const disk = new Map(Object.entries(files));
  const log: string[] = [];
  const system: BuildSystem = {
    exists: (path) => disk.has(path) || [...disk.keys()].some((file) => file.startsWith(`${path}/`)),
    read: (path) => disk.get(path) ?? null,
    write: (path, text) => void disk.set(path, text),
    copy: (from, to, names) => {
      log.push(`copy ${from} -> ${to}: ${names.join(' ')}`);
      for (const [file, content] of [...disk]) {
        if (names.some((name) => file === `${from}/${name}` || file.startsWith(`${from}/${name}/`))) disk.set(`${to}${file.slice(from.length)}`, content);
      }
    },
    copyFile: (from, to) => {
      log.push(`copyFile ${from} -> ${to}`);
      disk.set(to, disk.get(from) ?? '');
    },
    remove: (path) => {
      log.push(`remove ${path}`);
      for (const file of [...disk.keys()]) if (file === path || file.startsWith(`${path}/`)) disk.delete(file);
    },
    run: async (command, args, { cwd, env, logFile }) => {
      log.push(`run in ${cwd}: ${[command, ...args].join(' ')}`);
      if (env['npm_config_nodedir'] !== undefined) throw new Error('node-gyp would build against the headers npm_config_nodedir names');
      const outcome = args[0] === prebuildInstall ? prebuilt : gyp;
      disk.set(logFile, outcome.output);
      const made = args[0] === prebuildInstall ? 'prebuilt addon' : 'addon';
      if (outcome.produces ?? outcome.code === 0) disk.set(`${cwd}/build/Release/better_sqlite3.node`, `${made} for ${args.find((arg) => arg.startsWith('--target='))}`);
      return outcome.code;
    },
  };
  return { system, disk, log };
}

export const sources = {
  '/p/node_modules/better-sqlite3/binding.gyp': '{}',
  '/p/node_modules/better-sqlite3/package.json': '{}',
  '/p/node_modules/better-sqlite3/src/better_sqlite3.cpp': '// C++',
  '/p/node_modules/better-sqlite3/deps/sqlite3/sqlite3.c': '/* C */',
  '/p/node_modules/better-sqlite3/build/Release/better_sqlite3.node': 'the Node-ABI addon',
  [nodeGyp]: '',
};
export const options = (extra: Partial<EnsureOptions> = {}): EnsureOptions => ({
  projectRoot: '/p',
  target,
  sourceDir: '/p/node_modules/better-sqlite3',
  env: {},
  execPath: '/usr/bin/node',
  ...extra,
});

