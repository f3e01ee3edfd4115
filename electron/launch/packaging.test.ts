import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
// electron-builder matches `files` and `asarUnpack` with minimatch too.
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { stagedAddonPath, unpackedPath } from './native-paths.ts';

const root = join(import.meta.dirname, '../..');
const config = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string> };

/** A top-level key's value: a scalar, or a list of strings (the only shapes the keys read here take). */
function setting(key: string): string | string[] | undefined {
  const lines = config.split('\n');
  const at = lines.findIndex((line) => line.startsWith(`${key}:`));
  if (at === -1) return undefined;
  const inline = lines[at]!.slice(key.length + 1).trim();
  if (inline !== '') return unquote(inline);
  const items: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (/^\S/.test(line)) break;
    const item = /^\s+-\s+(.+)$/.exec(line)?.[1];
    if (item !== undefined) items.push(unquote(item.trim()));
  }
  return items;
}
const unquote = (text: string) => text.replace(/^"(.*)"$/, '$1');

/** A top-level key's block of `name: value` lines, as an object (electronFuses, mac). */
function mapping(key: string): Record<string, string> {
  const lines = config.split('\n');
  const at = lines.findIndex((line) => line === `${key}:`);
  const entries: Record<string, string> = {};
  if (at === -1) return entries;
  for (const line of lines.slice(at + 1)) {
    if (/^\S/.test(line)) break;
    const entry = /^ {2}(\w+): (.+)$/.exec(line);
    if (entry) entries[entry[1]!] = unquote(entry[2]!.trim());
  }
  return entries;
}

/** Whether electron-builder packs an app file: the last `files` pattern that matches decides. */
function packed(file: string): boolean {
  const patterns = setting('files') as string[];
  let included = file.startsWith('node_modules/'); // production dependencies are packed unless excluded
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    if (minimatch(file, negated ? pattern.slice(1) : pattern, { dot: true })) included = !negated;
  }
  return included;
}

describe('the electron-builder configuration', () => {
  // Where the packaged main process (out/main/index.js inside app.asar) loads the addon from.
  const appRoot = '/opt/Streamscope/resources/app.asar';
  const loaded = unpackedPath(stagedAddonPath(join(appRoot, 'out')));
  const addon = relative(appRoot, stagedAddonPath(join(appRoot, 'out')));

  it('packs the Electron-ABI addon that the main process loads, and unpacks it beside the archive', () => {
    expect(addon).toBe('out/native/better_sqlite3.node');
    expect(packed(addon)).toBe(true);
    expect((setting('asarUnpack') as string[]).some((pattern) => minimatch(addon, pattern))).toBe(true);
    expect(loaded).toBe('/opt/Streamscope/resources/app.asar.unpacked/out/native/better_sqlite3.node');
  });

  it("packs the main process, the preload and the page, and package.json's entry point", () => {
    for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/renderer/assets/index-abc123.js', 'package.json', manifest.main]) {
      expect(packed(file), file).toBe(true);
    }
    expect(packed('out/renderer/assets/index-abc123.js.map')).toBe(false);
  });

  it("leaves out better-sqlite3's sources and its build for Node's ABI, but keeps its JavaScript", () => {
    expect(packed('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(false);
    expect(packed('node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')).toBe(false);
    expect(packed('node_modules/better-sqlite3/lib/database.js')).toBe(true);
    expect(packed('node_modules/zod/index.js')).toBe(true);
    expect(packed('node_modules/tsx/dist/cli.mjs')).toBe(false);
  });

  it('never rebuilds node_modules in place (that would break the tests’ build for Node)', () => {
    expect(setting('npmRebuild')).toBe('false');
    expect(setting('asar')).toBe('true');
  });

  it('targets AppImage and deb on Linux, dmg on macOS, nsis on Windows', () => {
    expect(config).toMatch(/^linux:\n {2}target:\n {4}- AppImage\n {4}- deb\n/m);
    expect(config).toMatch(/^mac:\n {2}target: dmg\n/m);
    expect(config).toMatch(/^win:\n {2}target: nsis\n/m);
  });

  it("flips Electron's fuses: no plain-Node mode, no NODE_OPTIONS, no --inspect, the app only from an intact app.asar, encrypted cookies, no extra file:// privileges", () => {
    expect(mapping('electronFuses')).toEqual({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      onlyLoadAppFromAsar: 'true',
      enableEmbeddedAsarIntegrityValidation: 'true',
      enableCookieEncryption: 'true',
      grantFileProtocolExtraPrivileges: 'false',
    });
  });

  it("names only fuses electron-builder knows (its schema's FuseOptionsV1)", () => {
    const schema = JSON.parse(readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as { definitions: { FuseOptionsV1: { properties: Record<string, unknown> } } };
    expect(Object.keys(mapping('electronFuses')).filter((fuse) => !(fuse in schema.definitions.FuseOptionsV1.properties))).toEqual([]);
  });

  it('gives the macOS hardened runtime JIT only, keeping library validation on', () => {
    const mac = mapping('mac');
    expect(mac['hardenedRuntime']).toBe('true');
    expect(mac['entitlements']).toBe('electron/launch/entitlements.mac.plist');
    expect(mac['entitlementsInherit']).toBe(mac['entitlements']);
    const entitlements = readFileSync(join(root, mac['entitlements']!), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    expect([...entitlements.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((match) => match[1])).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('is what npm run dist uses', () => {
    expect(manifest.scripts['dist']).toBe('node bin/start.mjs --dist');
  });
});
