// The second build of better-sqlite3, for Electron's ABI (docs/desktop.md, "Native builds").
// node_modules/better-sqlite3 stays built for Node (tests, CLI); its sources are copied into the
// cache and compiled there by node-gyp (the copy npm ships) against Electron's headers, the way
// @electron/rebuild does it. It is rebuilt only when the Electron or better-sqlite3 version, the
// platform or the architecture changes, so `npm start` and `npm test` work in any order.

import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { writeFileWhole } from '../main/write-file.ts';
import { realLookFs } from './electron-binary.ts';
import { ADDON_FILE, nativeCacheDir } from './native-paths.ts';

/** Where node-gyp downloads Electron's headers from (the URL @electron/rebuild uses). */
export const HEADERS_URL = 'https://electronjs.org/headers';

export interface NativeTarget {
  readonly electronVersion: string;
  readonly betterSqlite3Version: string;
  readonly platform: NodeJS.Platform;
  readonly arch: string;
}

/** The record written next to a finished build; a build is current when it matches the target. */
export function stampOf(target: NativeTarget): string {
  const { electronVersion, betterSqlite3Version, platform, arch } = target;
  return `${JSON.stringify({ electronVersion, betterSqlite3Version, platform, arch })}\n`;
}

export function isBuildCurrent(stamp: string | null, addonExists: boolean, target: NativeTarget): boolean {
  if (!addonExists || stamp === null) return false;
  try {
    return JSON.stringify(JSON.parse(stamp)) === JSON.stringify(JSON.parse(stampOf(target)));
  } catch {
    return false;
  }
}

/**
 * npm's own node-gyp (npm ships it for packages that compile on install): the one npm names to
 * scripts it runs, else the one next to the npm that runs us, else next to this Node.
 */
export function findNodeGyp(env: Readonly<Record<string, string | undefined>>, execPath: string, exists: (path: string) => boolean): string | null {
  const inNpm = (npmDir: string) => join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const candidates = [
    env['npm_config_node_gyp'],
    env['npm_execpath'] ? inNpm(join(dirname(env['npm_execpath']), '..')) : undefined,
    inNpm(join(dirname(execPath), '..', 'lib', 'node_modules', 'npm')),
    inNpm(join(dirname(execPath), 'node_modules', 'npm')),
  ];
  return candidates.find((candidate): candidate is string => candidate !== undefined && candidate !== '' && exists(candidate)) ?? null;
}

/** Where Electron's headers come from: downloaded (and cached in `devDir`), or a local folder. */
export type HeadersSource = { readonly url: string; readonly devDir: string } | { readonly dir: string };

/** node-gyp's arguments (after its script's path) for a release build against Electron's headers. */
export function nodeGypArgs(target: NativeTarget, headers: HeadersSource): string[] {
  return [
    'rebuild',
    '--release',
    // SQLite and the binding are two compilations: run them side by side.
    '--jobs=max',
    '--runtime=electron',
    `--target=${target.electronVersion}`,
    `--arch=${target.arch}`,
    // Downloaded headers are cached next to the builds rather than in the user's ~/.cache/node-gyp.
    ...('dir' in headers ? [`--nodedir=${headers.dir}`] : [`--dist-url=${headers.url}`, `--devdir=${headers.devDir}`]),
  ];
}

/**
 * The environment for node-gyp: ours, without the npm settings that would pick other headers.
 * npm hands its configuration to scripts as npm_config_* variables and node-gyp reads them; an
 * `.npmrc` with `nodedir=/usr` (Node's own headers, as on Debian) would otherwise make this an
 * addon for Node's ABI, which Electron refuses to load.
 */
export function nodeGypEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || /^npm_config_(nodedir|target|arch|runtime|dist_?url|devdir|build_from_source)$/i.test(name)) continue;
    result[name] = value;
  }
  return result;
}

/** One line saying why node-gyp failed, from its output. */
export function explainBuildFailure(output: string, target: NativeTarget, logFile: string, headersUrl = HEADERS_URL): string {
  const prefix = `cannot build better-sqlite3 for Electron ${target.electronVersion}`;
  const log = `(node-gyp's output is in ${logFile})`;
  const downloading = /^gyp http GET (\S+)/m.exec(output)?.[1];
  if (downloading && /got an error, rolling back install/.test(output)) {
    if (/^gyp http 404 /m.test(output)) return `${prefix}: Electron's headers were not found at ${downloading} ${log}`;
    return `${prefix}: Electron's headers could not be downloaded from ${headersUrl} (this machine cannot reach it) ${log}`;
  }
  if (/^gyp ERR! find Python/m.test(output)) return `${prefix}: node-gyp needs Python 3, which was not found ${log}`;
  if (/not found: (make|g\+\+|cc|c\+\+)|Could not find any Visual Studio|No Xcode or CLT/i.test(output)) {
    return `${prefix}: no C++ compiler and make were found (on Debian: apt-get install g++ make python3) ${log}`;
  }
  const compilerError = /^.*\berror\b:.*$/m.exec(output)?.[0]?.trim();
  const gypError = /^gyp ERR! stack (\w*Error: .+)$/m.exec(output)?.[1]?.trim();
  return `${prefix}: ${compilerError ?? gypError ?? 'node-gyp failed'} ${log}`;
}

/** The file-system and process operations a build needs (tests pass fakes). */
export interface BuildSystem {
  exists(path: string): boolean;
  read(path: string): string | null;
  write(path: string, text: string): void;
  /** Copies the files and folders named from one folder into another (created). */
  copy(from: string, to: string, names: readonly string[]): void;
  copyFile(from: string, to: string): void;
  remove(path: string): void;
  /** Runs a command, its output (stdout and stderr) going to `logFile` only; resolves to the exit code. */
  run(command: string, args: readonly string[], options: { readonly cwd: string; readonly env: Record<string, string>; readonly logFile: string }): Promise<number>;
}

export interface EnsureOptions {
  readonly projectRoot: string;
  readonly target: NativeTarget;
  /** node_modules/better-sqlite3. */
  readonly sourceDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly execPath: string;
  /** Default: downloaded from HEADERS_URL; STREAMSCOPE_ELECTRON_HEADERS in `env` names a local folder. */
  readonly headersUrl?: string;
  /** Told once, when a build starts (it takes a minute or more). */
  readonly onBuild?: (message: string) => void;
}

/** What is copied from node_modules/better-sqlite3: all that binding.gyp compiles. */
export const SOURCES = ['binding.gyp', 'package.json', 'src', 'deps'] as const;

/**
 * The Electron-ABI addon's path, built first when it is missing or stale; or why it cannot be.
 * Never touches node_modules.
 */
export async function ensureElectronNative(options: EnsureOptions, system: BuildSystem = realBuildSystem): Promise<{ addon: string; built: boolean } | { error: string }> {
  const { projectRoot, target } = options;
  const dir = nativeCacheDir(projectRoot, target.electronVersion);
  const addon = join(dir, ADDON_FILE);
  const stampFile = join(dir, 'build.json');
  if (isBuildCurrent(system.read(stampFile), system.exists(addon), target)) return { addon, built: false };

  const nodeGyp = findNodeGyp(options.env, options.execPath, system.exists);
  if (nodeGyp === null) {
    return { error: `cannot build better-sqlite3 for Electron ${target.electronVersion}: node-gyp, which comes with npm, was not found (run this through npm)` };
  }
  const work = join(dir, 'build');
  const logFile = join(dir, 'build.log');
  system.remove(work);
  system.copy(options.sourceDir, work, SOURCES);
  options.onBuild?.(`building better-sqlite3 ${target.betterSqlite3Version} for Electron ${target.electronVersion} (once per Electron version: it compiles SQLite, which takes minutes)…`);
  const localHeaders = options.env['STREAMSCOPE_ELECTRON_HEADERS'];
  const headers: HeadersSource = localHeaders ? { dir: localHeaders } : { url: options.headersUrl ?? HEADERS_URL, devDir: join(projectRoot, '.cache', 'node-gyp') };
  const code = await system.run(options.execPath, [nodeGyp, ...nodeGypArgs(target, headers)], { cwd: work, env: nodeGypEnv(options.env), logFile });
  const built = join(work, 'build', 'Release', ADDON_FILE);
  if (code !== 0 || !system.exists(built)) {
    system.remove(work);
    const shownLog = relative(projectRoot, logFile) || logFile;
    return { error: explainBuildFailure(system.read(logFile) ?? '', target, shownLog, options.headersUrl) };
  }
  system.copyFile(built, addon);
  system.write(stampFile, stampOf(target));
  system.remove(work);
  return { addon, built: true };
}

export const realBuildSystem: BuildSystem = {
  ...realLookFs,
  write: (path, text) => writeFileWhole(path, text),
  copy: (from, to, names) => {
    mkdirSync(to, { recursive: true });
    for (const name of names) cpSync(join(from, name), join(to, name), { recursive: true });
  },
  // Copied beside it and renamed over it: a new file rather than the old one rewritten in place,
  // which a running app may still have mapped.
  copyFile: (from, to) => {
    const temporary = `${to}.${process.pid}.tmp`;
    cpSync(from, temporary);
    renameSync(temporary, to);
  },
  remove: (path) => rmSync(path, { recursive: true, force: true }),
  run: (command, args, { cwd, env, logFile }) =>
    new Promise((resolve) => {
      mkdirSync(dirname(logFile), { recursive: true });
      const log = createWriteStream(logFile);
      const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      let finished = false;
      const finish = (code: number, note = '') => {
        if (finished) return;
        finished = true;
        log.end(note, () => resolve(code));
      };
      child.on('error', (error) => finish(1, `\n${error.message}\n`));
      child.on('close', (code) => finish(code ?? 1));
    }),
};
