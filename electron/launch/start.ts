// `npm start`, `npm run dev` and `npm run dist`: the steps before Electron runs, in order, each
// stopping with one line that says why when it cannot go on. The steps are passed in, so that
// the order, the messages and the exit codes are tested without Electron (start.test.ts);
// bin/start.mjs wires the real ones (`realSteps`).

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ElectronBinary } from './electron-binary.ts';
import { electronPackage, fetchElectron, installedElectron } from './electron-binary.ts';
import { ensureElectronNative, realBuildSystem } from './native-build.ts';
import { stagedAddonPath } from './native-paths.ts';

export type Mode = 'start' | 'dev' | 'dist';

export interface Steps {
  /** The binary on disk, without downloading it. */
  installedElectron(): ElectronBinary;
  /** Lets the electron package download its binary (with a time limit). */
  fetchElectron(): Promise<{ readonly path: string } | { readonly reason: string }>;
  /** The Electron-ABI build of better-sqlite3, downloaded prebuilt or compiled when missing or stale (saying which). */
  ensureNative(): Promise<{ readonly addon: string } | { readonly error: string }>;
  /** Copies a file (the addon into out/, for packaging). */
  copyFile(from: string, to: string): void;
  /** The script of a package's command (its package.json `bin`), or null when it is not installed. */
  bin(packageName: string): string | null;
  /** Runs a command with the terminal; resolves to its exit code. */
  run(command: string, args: readonly string[], env?: Readonly<Record<string, string | undefined>>): Promise<number>;
  log(line: string): void;
}

export interface StartOptions {
  readonly mode: Mode;
  readonly projectRoot: string;
  /** Passed on to Electron (start), electron-vite (dev) or electron-builder (dist). */
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly execPath: string;
}

const SERVE_HINT = '`npm run serve` opens the same app in a browser';

/** The one line `npm start` ends with when the desktop app cannot run here. */
export function cannotStart(why: string): string {
  return `streamscope: the desktop app cannot start: ${why}; ${SERVE_HINT}.`;
}

export async function start(options: StartOptions, steps: Steps): Promise<number> {
  const { mode, projectRoot, args, execPath } = options;
  const electronVite = steps.bin('electron-vite');
  if (electronVite === null) return fail(steps, 'streamscope: electron-vite is not installed: run `npm install` first.');

  if (mode !== 'dist') {
    const installed = steps.installedElectron();
    const binary = 'path' in installed ? installed : await steps.fetchElectron();
    if (!('path' in binary)) return fail(steps, cannotStart(`Electron's binary could not be fetched on this machine (${binary.reason})`));
  }

  const native = await steps.ensureNative();
  if ('error' in native) return fail(steps, mode === 'dist' ? `streamscope: cannot package the app: ${native.error}.` : cannotStart(native.error));

  // Electron must not start as plain Node, whatever the calling shell says.
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = options.env;
  if (mode === 'dev') return steps.run(execPath, [electronVite, 'dev', ...args], env);

  const built = await steps.run(execPath, [electronVite, 'build']);
  if (built !== 0) return built;

  if (mode === 'start') {
    const installed = steps.installedElectron();
    if (!('path' in installed)) return fail(steps, cannotStart(installed.missing));
    return steps.run(installed.path, [projectRoot, ...args], env);
  }

  steps.copyFile(native.addon, stagedAddonPath(join(projectRoot, 'out')));
  const builder = steps.bin('electron-builder');
  if (builder === null) {
    return fail(steps, 'streamscope: cannot package the app: electron-builder is not installed (npm install --save-dev electron-builder).');
  }
  return steps.run(execPath, [builder, ...args], env);
}

function fail(steps: Steps, line: string): number {
  steps.log(line);
  return 1;
}

/** The steps for real: this machine's files, processes and terminal. */
export function realSteps(options: StartOptions): Steps {
  const { projectRoot, env, execPath } = options;
  const require = createRequire(join(projectRoot, 'package.json'));
  const electron = electronPackage(projectRoot);
  const timeoutMs = Number(env['STREAMSCOPE_ELECTRON_FETCH_TIMEOUT_MS']) || 120_000;
  return {
    installedElectron: () => installedElectron(electron, env),
    fetchElectron: () =>
      fetchElectron({ cwd: projectRoot, timeoutMs, onSlow: () => console.error('streamscope: fetching the Electron binary for the first launch…') }),
    ensureNative: () =>
      ensureElectronNative(
        {
          projectRoot,
          target: {
            electronVersion: electron.version,
            betterSqlite3Version: (require('better-sqlite3/package.json') as { version: string }).version,
            platform: process.platform,
            arch: process.arch,
          },
          sourceDir: dirname(require.resolve('better-sqlite3/package.json')),
          env,
          execPath,
          onBuild: (message) => console.error(`streamscope: ${message}`),
        },
        realBuildSystem,
      ),
    copyFile: (from, to) => {
      mkdirSync(dirname(to), { recursive: true });
      realBuildSystem.copyFile(from, to);
    },
    bin: (name) => {
      try {
        const manifest = require.resolve(`${name}/package.json`);
        const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
        const script = typeof bin === 'string' ? bin : bin?.[name];
        return script === undefined ? null : join(dirname(manifest), script);
      } catch {
        return null;
      }
    },
    run: (command, args, runEnv) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { cwd: projectRoot, stdio: 'inherit', env: { ...(runEnv ?? env) } });
        const forward = (signal: NodeJS.Signals) => child.kill(signal);
        process.on('SIGINT', forward).on('SIGTERM', forward);
        const done = (code: number) => {
          process.off('SIGINT', forward).off('SIGTERM', forward);
          resolve(code);
        };
        child.on('error', (error) => {
          console.error(`streamscope: could not run ${command}: ${error.message}`);
          done(1);
        });
        child.on('close', (code) => done(code ?? 1));
      }),
    log: (line) => console.error(line),
  };
}
