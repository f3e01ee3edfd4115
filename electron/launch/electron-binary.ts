// Finding Electron's binary before launching it. The `electron` npm package holds no binary: its
// install script downloads one from GitHub into node_modules/electron/dist and writes the
// executable's path inside dist to path.txt; `require('electron')` downloads it again when missing.
// `installedElectron` only looks (no download: the end-to-end test uses it to decide whether to
// skip); `fetchElectron` lets the package download it, with a time limit (npm start).

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ElectronPackage {
  /** node_modules/electron. */
  readonly dir: string;
  /** Its version, which is the binary's (e.g. 45.5.0). */
  readonly version: string;
}

export function electronPackage(projectRoot: string): ElectronPackage {
  const manifest = createRequire(join(projectRoot, 'package.json')).resolve('electron/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { dir: dirname(manifest), version };
}

export type ElectronBinary = { readonly path: string } | { readonly missing: string };

/** What reading the disk needs, so that tests can describe a package without one. */
export interface LookFs {
  exists(path: string): boolean;
  /** The file's text, or null when it cannot be read. */
  read(path: string): string | null;
}

export const realLookFs: LookFs = {
  exists: existsSync,
  read: (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  },
};

/**
 * The binary's path when it is on disk, the way node_modules/electron/index.js finds it
 * (honouring ELECTRON_OVERRIDE_DIST_PATH), but never downloading it.
 */
export function installedElectron(electron: ElectronPackage, env: Readonly<Record<string, string | undefined>>, fs: LookFs = realLookFs): ElectronBinary {
  const packageDir = electron.dir;
  const relative = fs.read(join(packageDir, 'path.txt'))?.trim() || null;
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) {
    const path = join(override, relative ?? 'electron');
    return fs.exists(path) ? { path } : { missing: `ELECTRON_OVERRIDE_DIST_PATH names ${path}, which does not exist` };
  }
  if (relative === null) return { missing: "Electron's binary was never downloaded (node_modules/electron/path.txt is missing)" };
  const path = join(packageDir, 'dist', relative);
  if (!fs.exists(path)) return { missing: `Electron's binary is missing from ${path}` };
  // A binary left from another version would load an addon built for the wrong ABI.
  const version = fs.read(join(packageDir, 'dist', 'version'))?.trim().replace(/^v/, '');
  if (version && version !== electron.version) {
    return { missing: `Electron's binary is version ${version} but the electron package is ${electron.version} (run \`npx install-electron\`)` };
  }
  return { path };
}

export interface FetchOptions {
  /** Where `require('electron')` is resolved from: the project root. */
  readonly cwd: string;
  readonly timeoutMs: number;
  /** Called once when the download takes longer than `noticeAfterMs`, so the wait is explained. */
  readonly onSlow?: () => void;
  readonly noticeAfterMs?: number;
}

/**
 * Asks the electron package for its binary in a child process, which downloads the binary when
 * it is missing. The child gets its own process group, so that a stalled download is cut off
 * whole (the downloader runs in a grandchild) once `timeoutMs` has passed.
 */
export function fetchElectron(options: FetchOptions): Promise<{ readonly path: string } | { readonly reason: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', "process.stdout.write('\\n' + require('electron'))"], {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    // The group does not get the terminal's Ctrl-C any more: pass it on.
    const interrupt = () => {
      killGroup();
      process.exit(130);
    };
    process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
    let timedOut = false;
    const notice = setTimeout(() => options.onSlow?.(), options.noticeAfterMs ?? 3000);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const finish = (result: { path: string } | { reason: string }) => {
      clearTimeout(notice);
      clearTimeout(timer);
      process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
      resolve(result);
    };
    child.on('error', (error) => finish({ reason: error.message }));
    child.on('close', (code) => {
      const path = stdout.split('\n').pop()?.trim() ?? '';
      if (code === 0 && path && existsSync(path)) return finish({ path });
      if (timedOut) return finish({ reason: `no answer within ${Math.round(options.timeoutMs / 1000)} s` });
      finish({ reason: firstErrorLine(stderr) ?? (code === 0 ? `${path || 'no path'} does not exist` : `exit code ${String(code)}`) });
    });
  });
}

/** The first `SomethingError: message` line of a Node error report. */
export function firstErrorLine(stderr: string): string | undefined {
  return /^(\w*Error(?: \[\w+\])?: .+)$/m.exec(stderr)?.[1];
}
