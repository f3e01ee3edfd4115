// Starts the recording thread's worker. From the sources (the CLI through tsx, Vitest) its entry
// is TypeScript, so the thread first registers tsx's loader; in the built app electron-vite bundles
// it as out/main/recording-thread.js beside the main bundle (electron.vite.config.ts).

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { workerExecArgv } from '../../worker-exec-argv.ts';
import type { RecordingThreadData } from './messages.ts';

/** Plain CommonJS, given as a string: it needs no loader of its own. */
const BOOT_FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
require(workerData.boot.tsx).register();
import(workerData.boot.entry).catch((error) => setImmediate(() => { throw error; }));
`;

export function startRecordingWorker(data: RecordingThreadData): Worker {
  const execArgv = workerExecArgv();
  if (import.meta.url.endsWith('.ts')) {
    const boot = { tsx: createRequire(import.meta.url).resolve('tsx/esm/api'), entry: new URL('./worker.ts', import.meta.url).href };
    return new Worker(BOOT_FROM_SOURCE, { eval: true, execArgv, workerData: { ...data, boot } });
  }
  return new Worker(new URL('./recording-thread.js', import.meta.url), { execArgv, workerData: data });
}
