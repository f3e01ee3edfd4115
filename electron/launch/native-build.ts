// The second build of better-sqlite3, for Electron's ABI (docs/desktop.md, "Native builds").
// node_modules/better-sqlite3 stays built for Node (tests, CLI); its sources are copied into the
// cache and compiled there by node-gyp (the copy npm ships) against Electron's headers, the way
// @electron/rebuild does it — after trying the prebuilt binary better-sqlite3 publishes for this
// Electron first (prebuild-install, as better-sqlite3's own install script does), so that a
// machine without a C++ toolchain needs no compiler. It is rebuilt only when the Electron or
// better-sqlite3 version, the platform or the architecture changes, so `npm start` and `npm test`
// work in any order.

import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
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

/** Where Electron's headers come from: downloaded (and cached in `devDir`, else node-gyp's own cache), or a local folder. */
export type HeadersSource = { readonly url: string; readonly devDir?: string } | { readonly dir: string };

/**
 * node-gyp's own headers cache (env-paths' cache folder for "node-gyp", which node-gyp uses when
 * given no --devdir), in the home folder the environment names, as os.homedir() reads it in node-gyp.
 */
export function nodeGypDefaultCache(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, fallbackHome: string): string {
  const home = (platform === 'win32' ? env['USERPROFILE'] : env['HOME']) || fallbackHome;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'node-gyp');
  if (platform === 'win32') return join(env['LOCALAPPDATA'] || join(home, 'AppData', 'Local'), 'node-gyp', 'Cache');
  return join(env['XDG_CACHE_HOME'] || join(home, '.cache'), 'node-gyp');
}

/**
 * Where the headers come from. The makefiles node-gyp generates name the headers' folder
 * unquoted, so a path with a space (a checkout in "My Projects") breaks the build: the project's
 * cache is used when its path has none, else node-gyp's own cache, else the reason in one line.
 */
export function headersSource(
  env: Readonly<Record<string, string | undefined>>,
  projectRoot: string,
  headersUrl: string,
  defaultCache: string,
): HeadersSource | { readonly error: string } {
  const local = env['STREAMSCOPE_ELECTRON_HEADERS'];
  if (local) return /\s/.test(local) ? { error: `Electron's headers folder (STREAMSCOPE_ELECTRON_HEADERS=${local}) has a space in its path, which node-gyp's build cannot use: move it to a path without spaces` } : { dir: local };
  const devDir = join(projectRoot, '.cache', 'node-gyp');
  if (!/\s/.test(devDir)) return { url: headersUrl, devDir };
  if (!/\s/.test(defaultCache)) return { url: headersUrl };
  return { error: `Electron's headers need a folder whose path has no space (node-gyp's makefiles do not quote it), and both the project's cache (${devDir}) and node-gyp's (${defaultCache}) have one: move the checkout to a path without spaces` };
}

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
    ...('dir' in headers ? [`--nodedir=${headers.dir}`] : [`--dist-url=${headers.url}`, ...(headers.devDir === undefined ? [] : [`--devdir=${headers.devDir}`])]),
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
  /** Told what the build does as it goes: the prebuilt binary looked for, compiling, and which of the two it came to. */
  readonly onBuild?: (message: string) => void;
}

/** What is copied from node_modules/better-sqlite3: all that binding.gyp compiles. */
export const SOURCES = ['binding.gyp', 'package.json', 'src', 'deps'] as const;

/** Where better-sqlite3's own install script finds prebuild-install: beside it, or hoisted to the project's node_modules. */
export function findPrebuildInstall(sourceDir: string, projectRoot: string, exists: (path: string) => boolean): string | null {
  const candidates = [join(sourceDir, 'node_modules', 'prebuild-install', 'bin.js'), join(projectRoot, 'node_modules', 'prebuild-install', 'bin.js')];
  return candidates.find(exists) ?? null;
}

/** prebuild-install's arguments: the binary better-sqlite3 publishes on GitHub for this Electron, platform and architecture. */
export function prebuildArgs(target: NativeTarget): string[] {
  return ['--runtime=electron', `--target=${target.electronVersion}`, `--arch=${target.arch}`, `--platform=${target.platform}`, '--verbose'];
}

/** Why no prebuilt binary was used, from prebuild-install's output: its last warning or error, one short line. */
export function explainPrebuiltFailure(output: string): string {
  const complaints = output.split(/\r?\n/).filter((line) => /^prebuild-install (warn|err!?)\b/i.test(line));
  const last = complaints.at(-1)?.replace(/^prebuild-install (warn|err!?)\s+(install\s+)?/i, '').trim() ?? '';
  return last === '' ? 'prebuild-install failed' : last.slice(0, 200);
}

/**
 * The Electron-ABI addon's path, made first when it is missing or stale — downloaded prebuilt
 * when better-sqlite3 publishes one for this Electron, else compiled — or why it cannot be.
 * Never touches node_modules.
 */
export async function ensureElectronNative(
  options: EnsureOptions,
  system: BuildSystem = realBuildSystem,
): Promise<{ addon: string; built: boolean; how?: 'prebuilt' | 'compiled' } | { error: string }> {
  const { projectRoot, target } = options;
  const dir = nativeCacheDir(projectRoot, target.electronVersion);
  const addon = join(dir, ADDON_FILE);
  const stampFile = join(dir, 'build.json');
  if (isBuildCurrent(system.read(stampFile), system.exists(addon), target)) return { addon, built: false };

  const subject = `better-sqlite3 ${target.betterSqlite3Version} for Electron ${target.electronVersion}`;
  const prefix = `cannot build better-sqlite3 for Electron ${target.electronVersion}`;
  const headers = headersSource(options.env, projectRoot, options.headersUrl ?? HEADERS_URL, nodeGypDefaultCache(options.env, target.platform, homedir()));
  if ('error' in headers) return { error: `${prefix}: ${headers.error}` };

  const work = join(dir, 'build');
  const built = join(work, 'build', 'Release', ADDON_FILE);
  const env = nodeGypEnv(options.env);
  const shown = (path: string) => relative(projectRoot, path) || path;
  const install = (how: 'prebuilt' | 'compiled') => {
    system.copyFile(built, addon);
    system.write(stampFile, stampOf(target));
    system.remove(work);
    options.onBuild?.(`${subject}: ${how === 'prebuilt' ? 'downloaded the prebuilt binary, nothing compiled' : 'compiled from source'} (${shown(addon)})`);
    return { addon, built: true, how };
  };
  system.remove(work);
  system.copy(options.sourceDir, work, SOURCES);

  // First the binary better-sqlite3 publishes, as its own install script does (no compiler needed).
  const prebuildInstall = findPrebuildInstall(options.sourceDir, projectRoot, system.exists);
  let noPrebuilt = 'prebuild-install is not installed';
  if (prebuildInstall !== null) {
    options.onBuild?.(`looking for ${subject}'s prebuilt binary (${target.platform}-${target.arch})…`);
    const prebuiltLog = join(dir, 'prebuilt.log');
    const code = await system.run(options.execPath, [prebuildInstall, ...prebuildArgs(target)], { cwd: work, env, logFile: prebuiltLog });
    if (code === 0 && system.exists(built)) return install('prebuilt');
    noPrebuilt = explainPrebuiltFailure(system.read(prebuiltLog) ?? '');
  }

  const nodeGyp = findNodeGyp(options.env, options.execPath, system.exists);
  if (nodeGyp === null) {
    system.remove(work);
    return { error: `${prefix}: no prebuilt binary (${noPrebuilt}), and node-gyp, which comes with npm, was not found (run this through npm)` };
  }
  options.onBuild?.(`no prebuilt binary (${noPrebuilt}): compiling ${subject} from source (once per Electron version: it compiles SQLite, which takes minutes)…`);
  const logFile = join(dir, 'build.log');
  const code = await system.run(options.execPath, [nodeGyp, ...nodeGypArgs(target, headers)], { cwd: work, env, logFile });
  if (code !== 0 || !system.exists(built)) {
    system.remove(work);
    return { error: explainBuildFailure(system.read(logFile) ?? '', target, shown(logFile), options.headersUrl) };
  }
  return install('compiled');
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
