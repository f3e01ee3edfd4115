// The Electron-ABI build's sources of an addon (issue 17 and issue 20): the prebuilt binary
// better-sqlite3 publishes, tried before compiling, and a checkout whose path has a space.

import { describe, expect, it } from 'vitest';
import { ensureElectronNative, explainPrebuiltFailure, findPrebuildInstall, headersSource, nodeGypDefaultCache, prebuildArgs, stampOf } from './native-build.ts';
import { fakeSystem, fixture, nodeGyp, options, prebuildInstall, sources, target } from './native-build-fakes.ts';

describe('the prebuilt binary, tried before compiling (issue 17: no C++ toolchain needed where one is published)', () => {
  const withPrebuildInstall = { ...sources, [prebuildInstall]: '' };
  const noPrebuilt = 'prebuild-install warn install No prebuilt binaries found (target=45.5.0 runtime=electron arch=x64 libc= platform=linux)';

  it('downloads the binary better-sqlite3 publishes for this Electron, compiles nothing, and says so', async () => {
    const { system, disk, log } = fakeSystem(withPrebuildInstall, { code: 0, output: '' }, { code: 0, output: 'prebuild-install info install Successfully installed prebuilt binary!' });
    const told: string[] = [];
    expect(await ensureElectronNative(options({ onBuild: (message) => told.push(message) }), system)).toEqual({
      addon: '/p/.cache/electron-native/45.5.0/better_sqlite3.node',
      built: true,
      how: 'prebuilt',
    });
    expect(log.filter((line) => line.startsWith('run'))).toEqual([
      `run in /p/.cache/electron-native/45.5.0/build: /usr/bin/node ${prebuildInstall} --runtime=electron --target=45.5.0 --arch=x64 --platform=linux --verbose`,
    ]);
    expect(told).toEqual([
      "looking for better-sqlite3 12.11.1 for Electron 45.5.0's prebuilt binary (linux-x64)…",
      'better-sqlite3 12.11.1 for Electron 45.5.0: downloaded the prebuilt binary, nothing compiled (.cache/electron-native/45.5.0/better_sqlite3.node)',
    ]);
    expect(disk.get('/p/.cache/electron-native/45.5.0/better_sqlite3.node')).toBe('prebuilt addon for --target=45.5.0');
    expect(disk.get('/p/.cache/electron-native/45.5.0/build.json')).toBe(stampOf(target));
    expect([...disk.keys()].filter((file) => file.includes('/.cache/electron-native/45.5.0/build/'))).toEqual([]);
  });

  it('compiles when no prebuilt binary can be had, saying why in the line that says it compiles', async () => {
    const { system, disk, log } = fakeSystem(withPrebuildInstall, { code: 0, output: 'gyp info ok' }, { code: 1, output: fixture('prebuild-install-offline.txt') });
    const told: string[] = [];
    expect(await ensureElectronNative(options({ onBuild: (message) => told.push(message) }), system)).toEqual({
      addon: '/p/.cache/electron-native/45.5.0/better_sqlite3.node',
      built: true,
      how: 'compiled',
    });
    expect(log.filter((line) => line.startsWith('run')).map((line) => line.split(' ')[4])).toEqual([prebuildInstall, nodeGyp]);
    expect(told).toEqual([
      "looking for better-sqlite3 12.11.1 for Electron 45.5.0's prebuilt binary (linux-x64)…",
      `no prebuilt binary (getaddrinfo ENOTFOUND github.com): compiling better-sqlite3 12.11.1 for Electron 45.5.0 from source (once per Electron version: it compiles SQLite, which takes minutes)…`,
      'better-sqlite3 12.11.1 for Electron 45.5.0: compiled from source (.cache/electron-native/45.5.0/better_sqlite3.node)',
    ]);
    expect(disk.get('/p/.cache/electron-native/45.5.0/better_sqlite3.node')).toBe('addon for --target=45.5.0');
  });

  it('compiles when prebuild-install exits 0 without an addon, and fails in one line naming both when the compile fails too', async () => {
    const quiet = fakeSystem(withPrebuildInstall, { code: 0, output: 'gyp info ok' }, { code: 0, output: '', produces: false });
    expect(await ensureElectronNative(options(), quiet.system)).toMatchObject({ built: true, how: 'compiled' });

    const { system } = fakeSystem(withPrebuildInstall, { code: 1, output: fixture('node-gyp-no-make.txt') }, { code: 1, output: noPrebuilt });
    const told: string[] = [];
    expect(await ensureElectronNative(options({ onBuild: (message) => told.push(message) }), system)).toEqual({
      error: "cannot build better-sqlite3 for Electron 45.5.0: no C++ compiler and make were found (on Debian: apt-get install g++ make python3) (node-gyp's output is in .cache/electron-native/45.5.0/build.log)",
    });
    expect(told[1]).toBe(
      'no prebuilt binary (No prebuilt binaries found (target=45.5.0 runtime=electron arch=x64 libc= platform=linux)): compiling better-sqlite3 12.11.1 for Electron 45.5.0 from source (once per Electron version: it compiles SQLite, which takes minutes)…',
    );
  });

  it('finds prebuild-install beside better-sqlite3 or in the project, and asks it for this Electron, platform and architecture', () => {
    const at = (...paths: string[]) => (path: string) => paths.includes(path);
    expect(findPrebuildInstall('/p/node_modules/better-sqlite3', '/p', at(prebuildInstall))).toBe(prebuildInstall);
    expect(findPrebuildInstall('/p/node_modules/better-sqlite3', '/p', at('/p/node_modules/better-sqlite3/node_modules/prebuild-install/bin.js', prebuildInstall))).toBe(
      '/p/node_modules/better-sqlite3/node_modules/prebuild-install/bin.js',
    );
    expect(findPrebuildInstall('/p/node_modules/better-sqlite3', '/p', at())).toBeNull();
    expect(prebuildArgs({ ...target, platform: 'darwin', arch: 'arm64' })).toEqual(['--runtime=electron', '--target=45.5.0', '--arch=arm64', '--platform=darwin', '--verbose']);
  });

  it("says why in a short line from prebuild-install's own output", () => {
    expect(explainPrebuiltFailure(`prebuild-install info begin Prebuild-install version 7.1.3\n${noPrebuilt}\n`)).toBe(
      'No prebuilt binaries found (target=45.5.0 runtime=electron arch=x64 libc= platform=linux)',
    );
    expect(explainPrebuiltFailure(fixture('prebuild-install-offline.txt'))).toBe('getaddrinfo ENOTFOUND github.com');
    expect(explainPrebuiltFailure('')).toBe('prebuild-install failed');
  });
});

describe("a checkout whose path has a space (node-gyp's makefiles do not quote the headers' folder)", () => {
  const spaced = '/home/me/My Projects/streamscope';

  it("keeps Electron's headers in node-gyp's own cache instead of the project's", async () => {
    const { system, log } = fakeSystem(sources);
    await ensureElectronNative(options({ projectRoot: spaced, env: { HOME: '/home/me' } }), system);
    expect(log.filter((line) => line.startsWith('run'))).toEqual([
      `run in ${spaced}/.cache/electron-native/45.5.0/build: /usr/bin/node ${nodeGyp} rebuild --release --jobs=max --runtime=electron --target=45.5.0 --arch=x64 --dist-url=https://electronjs.org/headers`,
    ]);
    expect(headersSource({ HOME: '/home/me' }, spaced, 'https://electronjs.org/headers', '/home/me/.cache/node-gyp')).toEqual({ url: 'https://electronjs.org/headers' });
    expect(headersSource({}, '/p', 'https://electronjs.org/headers', '/home/me/.cache/node-gyp')).toEqual({ url: 'https://electronjs.org/headers', devDir: '/p/.cache/node-gyp' });
  });

  it('stops in one line, running nothing, when node-gyp\'s cache has a space too, or the local headers folder has one', async () => {
    const { system, log } = fakeSystem(sources);
    expect(await ensureElectronNative(options({ projectRoot: spaced, env: { HOME: '/home/Jane Doe' } }), system)).toEqual({
      error: `cannot build better-sqlite3 for Electron 45.5.0: Electron's headers need a folder whose path has no space (node-gyp's makefiles do not quote it), and both the project's cache (${spaced}/.cache/node-gyp) and node-gyp's (/home/Jane Doe/.cache/node-gyp) have one: move the checkout to a path without spaces`,
    });
    expect(await ensureElectronNative(options({ env: { STREAMSCOPE_ELECTRON_HEADERS: '/opt/electron headers' } }), system)).toEqual({
      error:
        "cannot build better-sqlite3 for Electron 45.5.0: Electron's headers folder (STREAMSCOPE_ELECTRON_HEADERS=/opt/electron headers) has a space in its path, which node-gyp's build cannot use: move it to a path without spaces",
    });
    expect(log).toEqual([]);
  });

  it("finds node-gyp's own cache where node-gyp does (env-paths), on each platform", () => {
    expect(nodeGypDefaultCache({ HOME: '/home/me' }, 'linux', '/fallback')).toBe('/home/me/.cache/node-gyp');
    expect(nodeGypDefaultCache({ HOME: '/home/me', XDG_CACHE_HOME: '/var/cache/me' }, 'linux', '/fallback')).toBe('/var/cache/me/node-gyp');
    expect(nodeGypDefaultCache({}, 'linux', '/fallback')).toBe('/fallback/.cache/node-gyp');
    expect(nodeGypDefaultCache({ HOME: '/Users/me' }, 'darwin', '/fallback')).toBe('/Users/me/Library/Caches/node-gyp');
    expect(nodeGypDefaultCache({ LOCALAPPDATA: 'C:/Users/me/AppData/Local' }, 'win32', '/fallback')).toBe('C:/Users/me/AppData/Local/node-gyp/Cache');
  });
});
