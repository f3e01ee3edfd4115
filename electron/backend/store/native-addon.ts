// Which build of better-sqlite3's addon this Node loads. An addon is built for one Node ABI
// (process.versions.modules); node_modules holds one build, for the Node that last ran
// `npm install` or `npm rebuild`. So that a second supported Node (22 beside 24) works without a
// rebuild that breaks the first, every build that loads is kept per ABI in a cache, and a Node
// whose ABI node_modules' build is not for loads its kept one instead (docs/desktop.md, "Native
// builds"). bin/with-node keeps builds under the same names.

import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AddonLayout {
  /** The running Node's version (`v24.1.0`) and ABI (`137`). */
  readonly node: string;
  readonly abi: string;
  /** better-sqlite3's version: a kept build serves only the version it was built from. */
  readonly version: string;
  /** node_modules' own build. */
  readonly installed: string;
  /** Folders of kept builds, searched in order; a build that loads from node_modules is kept in the first. */
  readonly keptDirs: readonly string[];
  /** The project whose node_modules holds better-sqlite3: where a rebuild runs. */
  readonly project: string;
}

/** Loads an addon file, throwing when it does not load here (ERR_DLOPEN_FAILED for another ABI, MODULE_NOT_FOUND for none). */
export type LoadAddon = (file: string) => void;

const requireHere = createRequire(import.meta.url);

/** The name bin/with-node keeps builds under. */
export function keptAddonName(version: string, abi: string): string {
  return `better-sqlite3-${version}-abi${abi}.node`;
}

/**
 * The folders kept builds live in: the checkout's `.cache/node/addons` (bin/with-node's) when
 * Streamscope runs from a checkout, then the user's cache (`$XDG_CACHE_HOME/streamscope/addons`,
 * `~/.cache/streamscope/addons`; `~/Library/Caches/streamscope/addons` on macOS,
 * `%LOCALAPPDATA%\streamscope\addons` on Windows), which serves an installed package.
 */
export function keptAddonDirs(root: string, env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform, home: string): string[] {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const checkout = !root.split(/[\\/]/).includes('node_modules');
  const xdg = env.XDG_CACHE_HOME;
  const userCache =
    xdg && paths.isAbsolute(xdg)
      ? paths.join(xdg, 'streamscope', 'addons')
      : platform === 'darwin'
        ? paths.join(home, 'Library', 'Caches', 'streamscope', 'addons')
        : platform === 'win32'
          ? paths.join(env.LOCALAPPDATA || paths.join(home, 'AppData', 'Local'), 'streamscope', 'addons')
          : paths.join(home, '.cache', 'streamscope', 'addons');
  return checkout ? [paths.join(root, '.cache', 'node', 'addons'), userCache] : [userCache];
}

/** The layout of this process: its Node, the better-sqlite3 it resolves, and this package's root. */
export function defaultAddonLayout(): AddonLayout {
  const packageJson = requireHere.resolve('better-sqlite3/package.json');
  const packageDir = path.dirname(packageJson);
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  return {
    node: process.version,
    abi: process.versions.modules,
    version: (requireHere(packageJson) as { version: string }).version,
    installed: path.join(packageDir, 'build', 'Release', 'better_sqlite3.node'),
    keptDirs: keptAddonDirs(root, process.env, process.platform, homedir()),
    project: path.dirname(path.dirname(packageDir)),
  };
}

/**
 * The addon file to hand better-sqlite3 as `nativeBinding`: node_modules' build when it loads
 * here (kept, when it is not yet, for the day node_modules holds another Node's), else a kept
 * build for this ABI. Throws one line saying what to run when there is none.
 */
export function findAddon(layout: AddonLayout, load: LoadAddon = requireHere): string {
  const name = keptAddonName(layout.version, layout.abi);
  if (loads(layout.installed, load)) {
    const [keepIn] = layout.keptDirs;
    if (keepIn !== undefined) keep(layout.installed, path.join(keepIn, name));
    return layout.installed;
  }
  for (const dir of layout.keptDirs) {
    const kept = path.join(dir, name);
    if (existsSync(kept) && loads(kept, load)) return kept;
  }
  throw new Error(
    `better-sqlite3 ${layout.version} has no build for Node ${layout.node} (ABI ${layout.abi}): run \`npm rebuild better-sqlite3\` in ${layout.project} with this Node` +
      (layout.keptDirs.length > 0 ? `; each build that loads is then kept in ${layout.keptDirs[0]}, so switching Nodes again needs no rebuild` : ''),
  );
}

function loads(file: string, load: LoadAddon): boolean {
  try {
    load(file);
    return true;
  } catch {
    return false;
  }
}

/** Copies a build to its kept name unless it is there: through a temporary file, so a reader never sees half of one. A cache that cannot be written keeps nothing. */
function keep(file: string, kept: string): void {
  if (existsSync(kept)) return;
  const partial = `${kept}.${process.pid}.partial`;
  try {
    mkdirSync(path.dirname(kept), { recursive: true });
    copyFileSync(file, partial);
    renameSync(partial, kept);
  } catch {
    rmSync(partial, { force: true });
  }
}

let found: string | undefined;

/** findAddon for this process, looked up once (a failure is looked up again: a rebuild may have happened since). */
export function nativeAddon(): string {
  found ??= findAddon(defaultAddonLayout());
  return found;
}
