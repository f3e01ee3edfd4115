import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ElectronPackage, LookFs } from './electron-binary.ts';
import { electronPackage, fetchElectron, firstErrorLine, installedElectron } from './electron-binary.ts';

const electron: ElectronPackage = { dir: '/p/node_modules/electron', version: '45.5.0' };
const disk = (files: Record<string, string>): LookFs => ({ exists: (path) => path in files, read: (path) => files[path] ?? null });

describe('electronPackage', () => {
  it("reads the project's electron package: its folder and version", () => {
    const root = join(import.meta.dirname, '../..');
    const manifest = createRequire(join(root, 'package.json')).resolve('electron/package.json');
    expect(electronPackage(root)).toEqual({ dir: join(manifest, '..'), version: JSON.parse(readFileSync(manifest, 'utf8')).version });
  });
});

describe('installedElectron', () => {
  it('finds the binary path.txt names inside dist, when its version is the package’s', () => {
    const fs = disk({ '/p/node_modules/electron/path.txt': 'electron', '/p/node_modules/electron/dist/electron': '', '/p/node_modules/electron/dist/version': 'v45.5.0' });
    expect(installedElectron(electron, {}, fs)).toEqual({ path: '/p/node_modules/electron/dist/electron' });
    const mac = disk({ '/p/node_modules/electron/path.txt': 'Electron.app/Contents/MacOS/Electron', '/p/node_modules/electron/dist/Electron.app/Contents/MacOS/Electron': '' });
    expect(installedElectron(electron, {}, mac)).toEqual({ path: '/p/node_modules/electron/dist/Electron.app/Contents/MacOS/Electron' });
  });

  it('says why there is no binary, without downloading one', () => {
    expect(installedElectron(electron, {}, disk({}))).toEqual({ missing: "Electron's binary was never downloaded (node_modules/electron/path.txt is missing)" });
    expect(installedElectron(electron, {}, disk({ '/p/node_modules/electron/path.txt': 'electron' }))).toEqual({
      missing: "Electron's binary is missing from /p/node_modules/electron/dist/electron",
    });
  });

  it('refuses a binary left from another Electron version (its ABI would not match the native build)', () => {
    const fs = disk({ '/p/node_modules/electron/path.txt': 'electron', '/p/node_modules/electron/dist/electron': '', '/p/node_modules/electron/dist/version': 'v44.0.1\n' });
    expect(installedElectron(electron, {}, fs)).toEqual({
      missing: "Electron's binary is version 44.0.1 but the electron package is 45.5.0 (run `npx install-electron`)",
    });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH as the electron package does', () => {
    const fs = disk({ '/opt/electron/electron': '' });
    expect(installedElectron(electron, { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' }, fs)).toEqual({ path: '/opt/electron/electron' });
    expect(installedElectron(electron, { ELECTRON_OVERRIDE_DIST_PATH: '/nowhere' }, fs)).toEqual({
      missing: 'ELECTRON_OVERRIDE_DIST_PATH names /nowhere/electron, which does not exist',
    });
  });
});

/** A project whose node_modules/electron/index.js is the given code. */
function projectWithElectron(indexJs: string): string {
  const root = mkdtempSync(join(tmpdir(), 'streamscope-fetch-'));
  mkdirSync(join(root, 'node_modules', 'electron'), { recursive: true });
  writeFileSync(join(root, 'node_modules', 'electron', 'index.js'), indexJs);
  return root;
}

/** Whether a process is gone (or a zombie nobody reaped yet), from /proc. */
function isGone(pid: number): boolean {
  try {
    return /\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('fetchElectron', () => {
  it("gives the path the electron package answers, once it exists", async () => {
    const root = projectWithElectron('module.exports = process.execPath;');
    expect(await fetchElectron({ cwd: root, timeoutMs: 20_000 })).toEqual({ path: process.execPath });
  });

  it("reports the package's own error line when the download fails", async () => {
    const root = projectWithElectron(
      "throw new Error('Electron failed to install correctly. Please delete `node_modules/electron` and run \"npx install-electron --no\" manually.');",
    );
    expect(await fetchElectron({ cwd: root, timeoutMs: 20_000 })).toEqual({
      reason: 'Error: Electron failed to install correctly. Please delete `node_modules/electron` and run "npx install-electron --no" manually.',
    });
  });

  it('reports a path that does not exist, and an exit without an error line', async () => {
    expect(await fetchElectron({ cwd: projectWithElectron("module.exports = '/nowhere/electron';"), timeoutMs: 20_000 })).toEqual({ reason: '/nowhere/electron does not exist' });
    expect(await fetchElectron({ cwd: projectWithElectron('process.exit(3);'), timeoutMs: 20_000 })).toEqual({ reason: 'exit code 3' });
  });

  it.skipIf(process.platform !== 'linux')('cuts off a download that stalls, with the downloader it started, and says so', async () => {
    // The package's install script runs in a grandchild, as electron's index.js does.
    const root = projectWithElectron(`
      const { spawn } = require('child_process');
      const downloader = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      require('fs').writeFileSync(${JSON.stringify('PID')}, String(downloader.pid));
      setInterval(() => {}, 1000);
    `);
    const slow: string[] = [];
    const result = await fetchElectron({ cwd: root, timeoutMs: 3000, noticeAfterMs: 500, onSlow: () => slow.push('slow') });

    expect(result).toEqual({ reason: 'no answer within 3 s' });
    expect(slow).toEqual(['slow']);
    const downloader = Number(readFileSync(join(root, 'PID'), 'utf8'));
    await expect.poll(() => isGone(downloader), { timeout: 5000 }).toBe(true);
  }, 20_000);

  it('does not call onSlow for a quick answer', async () => {
    const slow: string[] = [];
    await fetchElectron({ cwd: projectWithElectron('module.exports = process.execPath;'), timeoutMs: 20_000, noticeAfterMs: 10_000, onSlow: () => slow.push('slow') });
    expect(slow).toEqual([]);
  });
});

describe('firstErrorLine', () => {
  it('picks the error line of a Node error report', () => {
    const report = `/p/node_modules/electron/index.js:16\n      throw new Error(\n      ^\n\nError: Electron failed to install correctly.\n    at downloadElectron (/p/node_modules/electron/index.js:16:13)\n\nNode.js v20.20.2\n`;
    expect(firstErrorLine(report)).toBe('Error: Electron failed to install correctly.');
    expect(firstErrorLine('TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string.\n')).toBe(
      'TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string.',
    );
    expect(firstErrorLine('nothing to see')).toBeUndefined();
  });
});
