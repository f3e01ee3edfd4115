import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeAddon } from './native-addon.ts';
import { openStore } from './store.ts';
import { tempDbPath, tempDir } from './test-support.ts';

// The Electron app keeps a second build of better-sqlite3 for Electron's ABI outside node_modules
// (docs/desktop.md) and hands its path to openStore; the tests and the CLI use Node's build.
const require = createRequire(import.meta.url);
const nodeBuild = nativeAddon();

describe('openStore with a nativeBinding', () => {
  it('loads better-sqlite3 from the given addon file instead of node_modules', () => {
    const addon = join(tempDir('streamscope-native-'), 'better_sqlite3.node');
    copyFileSync(nodeBuild, addon);
    expect(require.cache[addon]).toBeUndefined();

    const store = openStore(tempDbPath(), { nativeBinding: addon });
    try {
      expect(store.list({}).total).toBe(0);
      expect(require.cache[addon]).toBeDefined();
    } finally {
      store.close();
    }
  });

  it('fails in one line naming the store when the addon file is missing', () => {
    const path = tempDbPath();
    const missing = join(tempDir('streamscope-native-'), 'better_sqlite3.node');
    expect(() => openStore(path, { nativeBinding: missing })).toThrow(new RegExp(`^cannot open the store ${path}: Cannot find module '${missing}'`));
  });
});
