#!/usr/bin/env node
// `npm start`: build the app and open it in Electron, or, when this machine has no Electron
// binary (electron fetches it from GitHub at first launch), say so in one line and point to
// the CLI, which needs no Electron. Extra arguments are passed on to Electron
// (for example `npm start -- --no-sandbox` when running as root on Linux).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const projectRoot = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
/** How long the first-launch download of the Electron binary may take before we give up. */
const fetchTimeoutMs = Number(process.env.STREAMSCOPE_ELECTRON_FETCH_TIMEOUT_MS) || 120_000;
/** Only mention the download when it is really happening, not when it fails at once. */
const fetchNoticeAfterMs = 3_000;

/**
 * `require('electron')` returns the binary's path, downloading it first when it is missing.
 * Ask for it in a child process group so that a stalled download can be cut off, all of it.
 * @returns {Promise<{ path: string } | { reason: string }>}
 */
function findElectron() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', "process.stdout.write('\\n' + require('electron'))"], {
      cwd: projectRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => (stdout += data));
    child.stderr.on('data', (data) => (stderr += data));
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    // The child has its own process group, so Ctrl-C no longer reaches it: pass it on.
    const interrupt = () => {
      killGroup();
      process.exit(130);
    };
    process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
    let timedOut = false;
    const notice = setTimeout(() => console.error('streamscope: fetching the Electron binary for the first launch…'), fetchNoticeAfterMs);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, fetchTimeoutMs);
    const finish = (result) => {
      clearTimeout(notice);
      clearTimeout(timer);
      process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
      resolve(result);
    };
    child.on('error', (error) => finish({ reason: error.message }));
    child.on('close', (code) => {
      const path = stdout.split('\n').pop()?.trim() ?? '';
      if (code === 0 && path && existsSync(path)) return finish({ path });
      if (timedOut) return finish({ reason: `no answer within ${Math.round(fetchTimeoutMs / 1000)} s` });
      const error = /^(\w*Error(?: \[\w+\])?: .+)$/m.exec(stderr)?.[1];
      finish({ reason: error ?? (code === 0 ? `${path || 'no path'} does not exist` : `exit code ${code}`) });
    });
  });
}

/** Runs a command with inherited stdio; resolves to its exit code (1 when killed by a signal). */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: 'inherit', ...options });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('error', (error) => {
      console.error(`streamscope: could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const args = process.argv.slice(2);

const electron = await findElectron();
if (!('path' in electron)) {
  console.error(
    `streamscope: the desktop app cannot start because the Electron binary could not be fetched on this machine (${electron.reason}); the command line works without it: run \`npx streamscope inspect FILE\` to analyse a recording.`,
  );
  process.exit(1);
}

const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
const built = await run(process.execPath, [electronVite, 'build']);
if (built !== 0) process.exit(built);

const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env;
process.exit(await run(electron.path, [projectRoot, ...args], { env }));
