// A client run under way when the backend closes (the app quits): its command's process group is
// killed, the run is stored as cancelled and its end pushed, and the backend refuses new runs.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientCheckFinishedPush } from '../../../shared/api/client-checks.ts';
import { commandLine } from '../../../shared/conformance/client/report.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { writerAlive } from '../store/writer-liveness.ts';
import { createClientChecks } from './client-checks.ts';
import { createPushHub } from './pushes.ts';
import { eventually } from './test-support.ts';

describe('a client run when the backend stops', () => {
  it('is cancelled, its command killed, its end pushed; no run starts after', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'streamscope-client-stop-'));
    const pidFile = join(folder, 'pid');
    writeFileSync(join(folder, 'hang.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nsetInterval(() => {}, 1000);\n`);
    const path = tempDbPath();
    const store = openStore(path);
    const pushes = createPushHub();
    const finished: ClientCheckFinishedPush[] = [];
    pushes.subscribe((push, payload) => push === 'clientCheckFinished' && finished.push(payload as ClientCheckFinishedPush));
    const checks = createClientChecks(store, pushes);

    const begun = await checks.startClientCheck({ command: commandLine([process.execPath, join(folder, 'hang.mjs')]), cwd: folder, protocols: ['chat-completions'], only: ['clean'], timeoutMs: 20_000 });
    const pid = await eventually(() => {
      try {
        return Number(readFileSync(pidFile, 'utf8'));
      } catch {
        return undefined;
      }
    }, 'the client to start');
    await checks.stopAll();
    store.close();

    expect(writerAlive(pid)).toBe(false);
    expect(finished.map(({ run }) => [run.id, run.state])).toEqual([[begun.id, 'cancelled']]);
    await expect(checks.startClientCheck({ command: 'node client.mjs' })).rejects.toMatchObject({ code: 'unavailable', message: 'startClientCheck: the backend is closed' });
    const reopened = openStore(path);
    try {
      expect(reopened.getClientRun(begun.id)).toMatchObject({ state: 'cancelled', results: [] });
    } finally {
      reopened.close();
    }
  });
});
