import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findAddon, keptAddonDirs, keptAddonName, nativeAddon } from './native-addon.ts';
import type { AddonLayout } from './native-addon.ts';
import { openStore } from './store.ts';
import { tempDbPath, tempDir } from './test-support.ts';

// A build for this Node, and one that no Node loads: what dlopen says of node_modules' build after
// another Node rebuilt it is the same refusal (ERR_DLOPEN_FAILED).
const thisNodesBuild = nativeAddon();
const NAME = keptAddonName('12.11.1', process.versions.modules);

/** node_modules, the checkout's cache and the user's cache in a temporary folder: node_modules' build not loadable. */
function layout(): AddonLayout & { readonly repoCache: string; readonly userCache: string } {
  const root = tempDir('streamscope-addons-');
  const installed = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  mkdirSync(join(installed, '..'), { recursive: true });
  writeFileSync(installed, 'built for another Node');
  const repoCache = join(root, '.cache', 'node', 'addons');
  const userCache = join(root, 'home', '.cache', 'streamscope', 'addons');
  return { node: process.version, abi: process.versions.modules, version: '12.11.1', installed, keptDirs: [repoCache, userCache], project: root, repoCache, userCache };
}

function keepIn(dir: string, file = thisNodesBuild): string {
  mkdirSync(dir, { recursive: true });
  copyFileSync(file, join(dir, NAME));
  return join(dir, NAME);
}

describe('the better-sqlite3 build for the running Node', () => {
  it('is the kept build for this ABI when node_modules holds another Node’s, and the store opens on it', () => {
    const where = layout();
    const kept = keepIn(where.userCache);
    expect(findAddon(where)).toBe(kept);

    const store = openStore(tempDbPath(), { nativeBinding: kept });
    expect(store.list({}).total).toBe(0);
    expect(store.nativeBinding).toBe(kept);
    store.close();
  });

  it('is looked for in the checkout’s cache before the user’s', () => {
    const where = layout();
    const inCheckout = keepIn(where.repoCache);
    keepIn(where.userCache);
    expect(findAddon(where)).toBe(inCheckout);
  });

  it('passes over a kept file that does not load either', () => {
    const where = layout();
    mkdirSync(where.repoCache, { recursive: true });
    writeFileSync(join(where.repoCache, NAME), 'a truncated copy');
    const kept = keepIn(where.userCache);
    expect(findAddon(where)).toBe(kept);
  });

  it('is node_modules’ own build when it loads, which is then kept under its ABI for the day node_modules holds another', () => {
    const where = layout();
    copyFileSync(thisNodesBuild, where.installed);
    expect(findAddon(where)).toBe(where.installed);
    expect(readFileSync(join(where.repoCache, NAME))).toEqual(readFileSync(thisNodesBuild));
    expect(existsSync(join(where.userCache, NAME))).toBe(false);
  });

  it('fails in one line saying what to run when no build loads', () => {
    const where = layout();
    expect(() => findAddon(where)).toThrow(
      new Error(
        `better-sqlite3 12.11.1 has no build for Node ${process.version} (ABI ${process.versions.modules}): run \`npm rebuild better-sqlite3\` in ${where.project} with this Node; ` +
          `each build that loads is then kept in ${where.repoCache}, so switching Nodes again needs no rebuild`,
      ),
    );
  });

  it('is what openStore loads by default, and what it hands the threads that open the file after it', () => {
    const store = openStore(tempDbPath());
    expect(store.nativeBinding).toBe(thisNodesBuild);
    store.close();
  });
});

describe('the folders builds are kept in', () => {
  it('are the checkout’s .cache/node/addons, then the user’s cache, from a checkout', () => {
    expect(keptAddonDirs('/src/streamscope', {}, 'linux', '/home/ada')).toEqual(['/src/streamscope/.cache/node/addons', '/home/ada/.cache/streamscope/addons']);
  });

  it('are the user’s cache alone for a package installed in another project', () => {
    expect(keptAddonDirs('/src/app/node_modules/streamscope', { XDG_CACHE_HOME: '/var/cache/ada' }, 'linux', '/home/ada')).toEqual(['/var/cache/ada/streamscope/addons']);
    expect(keptAddonDirs('/src/app/node_modules/streamscope', { XDG_CACHE_HOME: 'relative' }, 'linux', '/home/ada')).toEqual(['/home/ada/.cache/streamscope/addons']);
    expect(keptAddonDirs('/Users/ada/app/node_modules/streamscope', {}, 'darwin', '/Users/ada')).toEqual(['/Users/ada/Library/Caches/streamscope/addons']);
    expect(keptAddonDirs('C:\\app\\node_modules\\streamscope', { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'win32', 'C:\\Users\\ada')).toEqual([
      'C:\\Users\\ada\\AppData\\Local\\streamscope\\addons',
    ]);
  });
});
