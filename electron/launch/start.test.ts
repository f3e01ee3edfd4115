import { describe, expect, it } from 'vitest';
import type { ElectronBinary } from './electron-binary.ts';
import type { Mode, Steps } from './start.ts';
import { cannotStart, start } from './start.ts';

const binary = '/p/node_modules/electron/dist/electron';
const addon = '/p/.cache/electron-native/45.5.0/better_sqlite3.node';

interface Machine {
  installed?: ElectronBinary;
  fetched?: { path: string } | { reason: string };
  native?: { addon: string } | { error: string };
  exitCodes?: Record<string, number>;
  bins?: Record<string, string>;
}

/** Steps that record what they were asked to do, on a machine described by `machine`. */
function recorded(machine: Machine = {}) {
  const did: string[] = [];
  const lines: string[] = [];
  const envs: Record<string, Readonly<Record<string, string | undefined>> | undefined> = {};
  const bins = machine.bins ?? { 'electron-vite': '/p/node_modules/electron-vite/bin/electron-vite.js' };
  const steps: Steps = {
    installedElectron: () => (did.push('look for electron'), machine.installed ?? { path: binary }),
    fetchElectron: async () => (did.push('fetch electron'), machine.fetched ?? { path: binary }),
    ensureNative: async () => (did.push('ensure native'), machine.native ?? { addon }),
    copyFile: (from, to) => void did.push(`copy ${from} -> ${to}`),
    bin: (name) => bins[name] ?? null,
    run: async (command, args, env) => {
      const line = [command, ...args].join(' ');
      did.push(`run ${line}`);
      envs[line] = env;
      return machine.exitCodes?.[line] ?? 0;
    },
    log: (line) => void lines.push(line),
  };
  return { steps, did, lines, envs };
}

const options = (mode: Mode, args: string[] = []) => ({
  mode,
  projectRoot: '/p',
  args,
  env: { PATH: '/usr/bin', ELECTRON_RUN_AS_NODE: '1' },
  execPath: '/usr/bin/node',
});

describe('npm start', () => {
  it('checks the binary, ensures the native build, builds, then opens the project in Electron with the extra arguments', async () => {
    const { steps, did, lines, envs } = recorded();
    expect(await start(options('start', ['--no-sandbox']), steps)).toBe(0);
    expect(did).toEqual([
      'look for electron',
      'ensure native',
      'run /usr/bin/node /p/node_modules/electron-vite/bin/electron-vite.js build',
      'look for electron',
      `run ${binary} /p --no-sandbox`,
    ]);
    expect(lines).toEqual([]);
    // Electron must start as Electron even from a shell that set ELECTRON_RUN_AS_NODE.
    expect(envs[`${binary} /p --no-sandbox`]).toEqual({ PATH: '/usr/bin' });
  });

  it('lets the electron package download a missing binary', async () => {
    const { steps, did } = recorded({ installed: { missing: 'never downloaded' }, fetched: { path: binary } });
    await start(options('start'), steps);
    expect(did.slice(0, 3)).toEqual(['look for electron', 'fetch electron', 'ensure native']);
  });

  it('stops in one line pointing to npm run serve when the binary cannot be fetched, before building anything', async () => {
    const { steps, did, lines } = recorded({ installed: { missing: 'never downloaded' }, fetched: { reason: 'Error: getaddrinfo ENOTFOUND github.com' } });
    expect(await start(options('start'), steps)).toBe(1);
    expect(lines).toEqual([
      "streamscope: the desktop app cannot start: Electron's binary could not be fetched on this machine (Error: getaddrinfo ENOTFOUND github.com); `npm run serve` opens the same app in a browser.",
    ]);
    expect(did).toEqual(['look for electron', 'fetch electron']);
  });

  it('stops in one line when the native build fails, with its reason', async () => {
    const error = "cannot build better-sqlite3 for Electron 45.5.0: Electron's headers could not be downloaded from https://electronjs.org/headers (this machine cannot reach it) (node-gyp's output is in .cache/electron-native/45.5.0/build.log)";
    const { steps, did, lines } = recorded({ native: { error } });
    expect(await start(options('start'), steps)).toBe(1);
    expect(lines).toEqual([cannotStart(error)]);
    expect(lines[0]).not.toMatch(/\n/);
    expect(did).toEqual(['look for electron', 'ensure native']);
  });

  it("exits with the build's code when the build fails, and with Electron's code after the app closes", async () => {
    const failing = recorded({ exitCodes: { '/usr/bin/node /p/node_modules/electron-vite/bin/electron-vite.js build': 2 } });
    expect(await start(options('start'), failing.steps)).toBe(2);
    expect(failing.did.at(-1)).toBe('run /usr/bin/node /p/node_modules/electron-vite/bin/electron-vite.js build');

    const crashing = recorded({ exitCodes: { [`${binary} /p`]: 134 } });
    expect(await start(options('start'), crashing.steps)).toBe(134);
  });

  it('asks for npm install when electron-vite is missing', async () => {
    const { steps, did, lines } = recorded({ bins: {} });
    expect(await start(options('start'), steps)).toBe(1);
    expect(lines).toEqual(['streamscope: electron-vite is not installed: run `npm install` first.']);
    expect(did).toEqual([]);
  });
});

describe('npm run dev', () => {
  it("ensures the binary and the native build, then hands over to electron-vite's dev server", async () => {
    const { steps, did, envs } = recorded();
    expect(await start(options('dev', ['--watch']), steps)).toBe(0);
    expect(did).toEqual(['look for electron', 'ensure native', 'run /usr/bin/node /p/node_modules/electron-vite/bin/electron-vite.js dev --watch']);
    expect(envs['/usr/bin/node /p/node_modules/electron-vite/bin/electron-vite.js dev --watch']).toEqual({ PATH: '/usr/bin' });
  });
});

describe('npm run dist', () => {
  const bins = { 'electron-vite': '/p/node_modules/electron-vite/bin/electron-vite.js', 'electron-builder': '/p/node_modules/electron-builder/cli.js' };

  it('builds, stages the Electron-ABI addon in out/native, and runs electron-builder with the extra arguments', async () => {
    const { steps, did } = recorded({ bins });
    expect(await start(options('dist', ['--linux', 'AppImage', 'deb']), steps)).toBe(0);
    expect(did).toEqual([
      'ensure native',
      'run /usr/bin/node /p/node_modules/electron-vite/bin/electron-vite.js build',
      `copy ${addon} -> /p/out/native/better_sqlite3.node`,
      'run /usr/bin/node /p/node_modules/electron-builder/cli.js --linux AppImage deb',
    ]);
  });

  it('does not need the Electron binary (electron-builder fetches its own)', async () => {
    const { steps, did } = recorded({ bins, installed: { missing: 'never downloaded' } });
    expect(await start(options('dist'), steps)).toBe(0);
    expect(did).not.toContain('look for electron');
  });

  it('says how to install electron-builder when it is missing, after staging', async () => {
    const { steps, lines } = recorded();
    expect(await start(options('dist'), steps)).toBe(1);
    expect(lines).toEqual(['streamscope: cannot package the app: electron-builder is not installed (npm install --save-dev electron-builder).']);
  });

  it('stops in one line when the native build fails', async () => {
    const { steps, lines } = recorded({ bins, native: { error: 'cannot build better-sqlite3 for Electron 45.5.0: node-gyp failed' } });
    expect(await start(options('dist'), steps)).toBe(1);
    expect(lines).toEqual(['streamscope: cannot package the app: cannot build better-sqlite3 for Electron 45.5.0: node-gyp failed.']);
  });
});
