import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildSystem } from './native-build.ts';
import { ensureElectronNative, explainBuildFailure, findNodeGyp, isBuildCurrent, nodeGypArgs, nodeGypEnv, realBuildSystem, SOURCES, stampOf } from './native-build.ts';
import { fakeSystem, fixture, nodeGyp, options, sources, target } from './native-build-fakes.ts';
import { cachedAddonPath, nativeCacheDir, stagedAddonPath, unpackedPath } from './native-paths.ts';

describe('the paths of the Electron-ABI build', () => {
  it('keep one folder per Electron version in the project cache, and a staged copy in out/native', () => {
    expect(nativeCacheDir('/p', '45.5.0')).toBe('/p/.cache/electron-native/45.5.0');
    expect(cachedAddonPath('/p', '45.5.0')).toBe('/p/.cache/electron-native/45.5.0/better_sqlite3.node');
    expect(stagedAddonPath('/opt/Streamscope/resources/app.asar/out')).toBe('/opt/Streamscope/resources/app.asar/out/native/better_sqlite3.node');
  });

  it('point into app.asar.unpacked for a file packed in app.asar, and leave other paths alone', () => {
    expect(unpackedPath('/opt/Streamscope/resources/app.asar/out/native/better_sqlite3.node')).toBe('/opt/Streamscope/resources/app.asar.unpacked/out/native/better_sqlite3.node');
    expect(unpackedPath('C:\\Program Files\\Streamscope\\resources\\app.asar\\out\\native\\better_sqlite3.node')).toBe(
      'C:\\Program Files\\Streamscope\\resources\\app.asar.unpacked\\out\\native\\better_sqlite3.node',
    );
    expect(unpackedPath('/p/.cache/electron-native/45.5.0/better_sqlite3.node')).toBe('/p/.cache/electron-native/45.5.0/better_sqlite3.node');
    expect(unpackedPath('/home/me/app.asar.d/x.node')).toBe('/home/me/app.asar.d/x.node');
  });
});

describe('isBuildCurrent', () => {
  it('holds when the addon exists and its stamp names the same Electron, better-sqlite3, platform and architecture', () => {
    expect(isBuildCurrent(stampOf(target), true, target)).toBe(true);
    expect(isBuildCurrent(' {"platform":"linux","arch":"x64","electronVersion":"45.5.0","betterSqlite3Version":"12.11.1"}', true, { ...target })).toBe(false);
  });

  it('fails when anything differs, the addon or the stamp is missing, or the stamp is damaged', () => {
    expect(isBuildCurrent(stampOf(target), false, target)).toBe(false);
    expect(isBuildCurrent(null, true, target)).toBe(false);
    expect(isBuildCurrent('{"electronVersion":', true, target)).toBe(false);
    for (const changed of [{ electronVersion: '45.6.0' }, { betterSqlite3Version: '12.12.0' }, { arch: 'arm64' }, { platform: 'darwin' as const }]) {
      expect(isBuildCurrent(stampOf(target), true, { ...target, ...changed })).toBe(false);
    }
  });
});

describe('findNodeGyp', () => {
  const has = (...paths: string[]) => (path: string) => paths.includes(path);

  it('prefers the node-gyp npm names to its scripts, then the one beside the running npm, then beside node', () => {
    const env = { npm_config_node_gyp: '/npm/node_modules/node-gyp/bin/node-gyp.js', npm_execpath: '/opt/npm/bin/npm-cli.js' };
    const all = has('/npm/node_modules/node-gyp/bin/node-gyp.js', '/opt/npm/node_modules/node-gyp/bin/node-gyp.js', nodeGyp);
    expect(findNodeGyp(env, '/usr/bin/node', all)).toBe('/npm/node_modules/node-gyp/bin/node-gyp.js');
    expect(findNodeGyp({ npm_execpath: '/opt/npm/bin/npm-cli.js' }, '/usr/bin/node', all)).toBe('/opt/npm/node_modules/node-gyp/bin/node-gyp.js');
    expect(findNodeGyp({}, '/usr/bin/node', all)).toBe(nodeGyp);
  });

  it('skips names that do not exist, and finds nothing when none does', () => {
    expect(findNodeGyp({ npm_config_node_gyp: '/gone/node-gyp.js' }, '/usr/bin/node', has(nodeGyp))).toBe(nodeGyp);
    expect(findNodeGyp({ npm_config_node_gyp: '' }, '/usr/bin/node', has())).toBeNull();
  });
});

describe('nodeGypArgs', () => {
  it("builds a release against Electron's headers for the target, caching downloaded headers in the given folder", () => {
    expect(nodeGypArgs(target, { url: 'https://electronjs.org/headers', devDir: '/p/.cache/node-gyp' })).toEqual([
      'rebuild',
      '--release',
      '--jobs=max',
      '--runtime=electron',
      '--target=45.5.0',
      '--arch=x64',
      '--dist-url=https://electronjs.org/headers',
      '--devdir=/p/.cache/node-gyp',
    ]);
  });

  it('takes headers from a local folder instead when given one', () => {
    expect(nodeGypArgs({ ...target, arch: 'arm64' }, { dir: '/opt/electron-headers' })).toEqual([
      'rebuild',
      '--release',
      '--jobs=max',
      '--runtime=electron',
      '--target=45.5.0',
      '--arch=arm64',
      '--nodedir=/opt/electron-headers',
    ]);
  });
});

describe('nodeGypEnv', () => {
  it("drops the npm settings that would point node-gyp at other headers (an .npmrc's nodedir=/usr), and keeps the rest", () => {
    expect(
      nodeGypEnv({
        PATH: '/usr/bin',
        HOME: '/root',
        npm_config_nodedir: '/usr',
        npm_config_target: '20.20.2',
        npm_config_arch: 'ia32',
        npm_config_runtime: 'node',
        npm_config_disturl: 'https://nodejs.org/dist',
        npm_config_dist_url: 'https://nodejs.org/dist',
        NPM_CONFIG_DEVDIR: '/tmp/gyp',
        npm_config_build_from_source: 'true',
        npm_config_cache: '/root/.npm',
        npm_config_python: '/usr/bin/python3',
        UNSET: undefined,
      }),
    ).toEqual({ PATH: '/usr/bin', HOME: '/root', npm_config_cache: '/root/.npm', npm_config_python: '/usr/bin/python3' });
  });
});

describe('explainBuildFailure, on real node-gyp output', () => {
  const log = '.cache/electron-native/45.5.0/build.log';

  it("says in one line that Electron's headers could not be downloaded when the machine cannot reach them", () => {
    expect(explainBuildFailure(fixture('node-gyp-headers-offline.txt'), target, log)).toBe(
      "cannot build better-sqlite3 for Electron 45.5.0: Electron's headers could not be downloaded from https://electronjs.org/headers (this machine cannot reach it) (node-gyp's output is in .cache/electron-native/45.5.0/build.log)",
    );
  });

  it('names the missing tool when Python or make is missing', () => {
    expect(explainBuildFailure(fixture('node-gyp-no-python.txt'), target, log)).toBe(
      "cannot build better-sqlite3 for Electron 45.5.0: node-gyp needs Python 3, which was not found (node-gyp's output is in .cache/electron-native/45.5.0/build.log)",
    );
    expect(explainBuildFailure(fixture('node-gyp-no-make.txt'), target, log)).toBe(
      "cannot build better-sqlite3 for Electron 45.5.0: no C++ compiler and make were found (on Debian: apt-get install g++ make python3) (node-gyp's output is in .cache/electron-native/45.5.0/build.log)",
    );
  });

  it("otherwise quotes node-gyp's own error", () => {
    expect(explainBuildFailure(fixture('node-gyp-make-failed.txt'), target, log)).toBe(
      "cannot build better-sqlite3 for Electron 45.5.0: Error: `make` failed with exit code: 2 (node-gyp's output is in .cache/electron-native/45.5.0/build.log)",
    );
    expect(explainBuildFailure('', target, log)).toBe("cannot build better-sqlite3 for Electron 45.5.0: node-gyp failed (node-gyp's output is in .cache/electron-native/45.5.0/build.log)");
  });

  it('is one line for every fixture', () => {
    for (const name of ['node-gyp-headers-offline.txt', 'node-gyp-no-python.txt', 'node-gyp-no-make.txt', 'node-gyp-make-failed.txt']) {
      expect(explainBuildFailure(fixture(name), target, log)).not.toMatch(/\n/);
    }
  });
});

describe('ensureElectronNative', () => {
  it('builds a copy of the sources in the cache, keeps the addon and its stamp, and removes the copy', async () => {
    const { system, disk, log } = fakeSystem(sources);
    const told: string[] = [];
    const result = await ensureElectronNative(options({ onBuild: (message) => told.push(message), env: { npm_config_nodedir: '/usr' } }), system);

    expect(result).toEqual({ addon: '/p/.cache/electron-native/45.5.0/better_sqlite3.node', built: true, how: 'compiled' });
    expect(log).toEqual([
      'remove /p/.cache/electron-native/45.5.0/build',
      `copy /p/node_modules/better-sqlite3 -> /p/.cache/electron-native/45.5.0/build: ${SOURCES.join(' ')}`,
      `run in /p/.cache/electron-native/45.5.0/build: /usr/bin/node ${nodeGyp} rebuild --release --jobs=max --runtime=electron --target=45.5.0 --arch=x64 --dist-url=https://electronjs.org/headers --devdir=/p/.cache/node-gyp`,
      'copyFile /p/.cache/electron-native/45.5.0/build/build/Release/better_sqlite3.node -> /p/.cache/electron-native/45.5.0/better_sqlite3.node',
      'remove /p/.cache/electron-native/45.5.0/build',
    ]);
    expect(told).toEqual([
      'no prebuilt binary (prebuild-install is not installed): compiling better-sqlite3 12.11.1 for Electron 45.5.0 from source (once per Electron version: it compiles SQLite, which takes minutes)…',
      'better-sqlite3 12.11.1 for Electron 45.5.0: compiled from source (.cache/electron-native/45.5.0/better_sqlite3.node)',
    ]);
    expect(disk.get('/p/.cache/electron-native/45.5.0/better_sqlite3.node')).toBe('addon for --target=45.5.0');
    expect(disk.get('/p/.cache/electron-native/45.5.0/build.json')).toBe(stampOf(target));
    // node_modules keeps its Node-ABI build.
    expect(disk.get('/p/node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe('the Node-ABI addon');
    expect([...disk.keys()].filter((file) => file.includes('/.cache/electron-native/45.5.0/build/'))).toEqual([]);
  });

  it('builds against local headers named by STREAMSCOPE_ELECTRON_HEADERS, without downloading', async () => {
    const { system, log } = fakeSystem(sources);
    await ensureElectronNative(options({ env: { STREAMSCOPE_ELECTRON_HEADERS: '/opt/electron-headers' } }), system);
    expect(log.filter((line) => line.startsWith('run'))).toEqual([
      `run in /p/.cache/electron-native/45.5.0/build: /usr/bin/node ${nodeGyp} rebuild --release --jobs=max --runtime=electron --target=45.5.0 --arch=x64 --nodedir=/opt/electron-headers`,
    ]);
  });

  it('does nothing when the build is current, and builds again once better-sqlite3 changes', async () => {
    const { system } = fakeSystem(sources);
    await ensureElectronNative(options(), system);
    const again = fakeSystem(Object.fromEntries([...fakeSystemDisk(system)]));
    expect(await ensureElectronNative(options(), again.system)).toEqual({ addon: '/p/.cache/electron-native/45.5.0/better_sqlite3.node', built: false });
    expect(again.log).toEqual([]);

    const upgraded = await ensureElectronNative(options({ target: { ...target, betterSqlite3Version: '12.12.0' } }), again.system);
    expect(upgraded).toEqual({ addon: '/p/.cache/electron-native/45.5.0/better_sqlite3.node', built: true, how: 'compiled' });
  });

  it('keeps no addon, no stamp and no copy of the sources when node-gyp fails, and explains in one line', async () => {
    const { system, disk } = fakeSystem(sources, { code: 1, output: fixture('node-gyp-headers-offline.txt') });
    const result = await ensureElectronNative(options(), system);
    expect(result).toEqual({
      error:
        "cannot build better-sqlite3 for Electron 45.5.0: Electron's headers could not be downloaded from https://electronjs.org/headers (this machine cannot reach it) (node-gyp's output is in .cache/electron-native/45.5.0/build.log)",
    });
    expect(disk.has('/p/.cache/electron-native/45.5.0/better_sqlite3.node')).toBe(false);
    expect(disk.has('/p/.cache/electron-native/45.5.0/build.json')).toBe(false);
    // The sources' copy goes; node-gyp's log stays for the user to read.
    expect([...disk.keys()].filter((file) => file.startsWith('/p/.cache/'))).toEqual(['/p/.cache/electron-native/45.5.0/build.log']);
  });

  it('treats a run that exits 0 without an addon as a failure', async () => {
    const { system } = fakeSystem(sources, { code: 0, output: 'gyp info ok', produces: false });
    expect(await ensureElectronNative(options(), system)).toEqual({
      error: "cannot build better-sqlite3 for Electron 45.5.0: node-gyp failed (node-gyp's output is in .cache/electron-native/45.5.0/build.log)",
    });
  });

  it('says where node-gyp comes from when there is no prebuilt binary and node-gyp cannot be found, keeping no copy of the sources', async () => {
    const { [nodeGyp]: _gyp, ...withoutGyp } = sources;
    const { system, log } = fakeSystem(withoutGyp);
    expect(await ensureElectronNative(options(), system)).toEqual({
      error: 'cannot build better-sqlite3 for Electron 45.5.0: no prebuilt binary (prebuild-install is not installed), and node-gyp, which comes with npm, was not found (run this through npm)',
    });
    expect(log.filter((line) => line.startsWith('run'))).toEqual([]);
    expect(log.at(-1)).toBe('remove /p/.cache/electron-native/45.5.0/build');
  });
});

/** The fake's disk, read back through its own interface. */
function fakeSystemDisk(system: BuildSystem): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of [...Object.keys(sources), '/p/.cache/electron-native/45.5.0/better_sqlite3.node', '/p/.cache/electron-native/45.5.0/build.json']) {
    const text = system.read(path);
    if (text !== null) files.set(path, text);
  }
  return files;
}

describe('ensureElectronNative with the real node-gyp', () => {
  const realNodeGyp = findNodeGyp(process.env, process.execPath, realBuildSystem.exists);
  const require = createRequire(import.meta.url);
  const sourceDir = dirname(require.resolve('better-sqlite3/package.json'));
  const nodeBuild = join(sourceDir, 'build', 'Release', 'better_sqlite3.node');

  it.skipIf(realNodeGyp === null)('fails in one line when the headers server answers 404, leaving node_modules as it was', async () => {
    const server = createServer((_request, response) => {
      response.statusCode = 404;
      response.end('no such headers');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const headersUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/headers`;
    const before = statSync(nodeBuild).mtimeMs;
    const projectRoot = mkdtempSync(join(tmpdir(), 'streamscope-native-build-'));
    try {
      const result = await ensureElectronNative({ projectRoot, target, sourceDir, env: process.env, execPath: process.execPath, headersUrl }, realBuildSystem);
      expect(result).toEqual({
        error: `cannot build better-sqlite3 for Electron 45.5.0: Electron's headers were not found at ${headersUrl}/v45.5.0/node-v45.5.0-headers.tar.gz (node-gyp's output is in .cache/electron-native/45.5.0/build.log)`,
      });
      expect(readFileSync(join(projectRoot, '.cache/electron-native/45.5.0/build.log'), 'utf8')).toMatch(/^gyp http 404 /m);
      expect(statSync(nodeBuild).mtimeMs).toBe(before);
    } finally {
      server.close();
    }
  }, 60_000);

  it.skipIf(realNodeGyp === null)("runs node-gyp in a checkout whose path has a space, with the headers in node-gyp's own cache", async () => {
    const server = createServer((_request, response) => {
      response.statusCode = 404;
      response.end('no such headers');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const headersUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/headers`;
    const projectRoot = mkdtempSync(join(tmpdir(), 'streamscope native build '));
    // node-gyp's own cache goes in a home of the test's own, as node-gyp reads it from HOME.
    const home = mkdtempSync(join(tmpdir(), 'streamscope-home-'));
    try {
      const env = { ...process.env, HOME: home, XDG_CACHE_HOME: undefined };
      const result = await ensureElectronNative({ projectRoot, target, sourceDir, env, execPath: process.execPath, headersUrl }, realBuildSystem);
      expect(result).toEqual({
        error: `cannot build better-sqlite3 for Electron 45.5.0: Electron's headers were not found at ${headersUrl}/v45.5.0/node-v45.5.0-headers.tar.gz (node-gyp's output is in .cache/electron-native/45.5.0/build.log)`,
      });
      const log = readFileSync(join(projectRoot, '.cache/electron-native/45.5.0/build.log'), 'utf8');
      expect(log).toMatch(/^gyp http 404 /m);
      // node-gyp made its own cache for the download, and nothing in the project's.
      expect(existsSync(join(home, '.cache', 'node-gyp'))).toBe(true);
      expect(existsSync(join(projectRoot, '.cache', 'node-gyp'))).toBe(false);
    } finally {
      server.close();
    }
  }, 60_000);
});
