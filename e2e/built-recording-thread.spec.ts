// The capture proxy's recording thread as electron-vite built it (out/main/recording-thread.js,
// loaded by the desktop app's main process, where no TypeScript loader runs): it opens the store
// file and records an exchange to its end. The unit tests run the same thread from the sources.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect, test } from '@playwright/test';
import type { FromRecorder, ToRecorder } from '../electron/backend/proxy/recording-thread/messages.ts';
import { ReadBatch } from '../electron/backend/proxy/recording-thread/read-batch.ts';
import { openStore } from '../electron/backend/store/index.ts';

const BUILT = join(import.meta.dirname, '../out/main/recording-thread.js');
const STREAM = readFileSync(join(import.meta.dirname, '../shared/test/fixtures/real-streams/openai-gpt4o-structured-text-usage.sse'));

test('the built recording thread stores an exchange in the relay\'s store file', async () => {
  expect(existsSync(BUILT)).toBe(true);
  const store = openStore(join(mkdtempSync(join(tmpdir(), 'streamscope-e2e-thread-')), 'capture.db'));
  const request = { method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', headers: {}, body: { model: 'm', stream: true } };
  const capture = { session: 's', upstream: 'http://127.0.0.1:9/v1', client: { address: '127.0.0.1:1', userAgent: null }, changed: [], servedBy: 'proxy' as const, relay: null };
  const id = store.reserveRecording({ startedAt: '2026-12-02T00:00:00.000Z', source: 'capture', request, capture });
  const processed = new BigInt64Array(new SharedArrayBuffer(8));
  const worker = new Worker(BUILT, { workerData: { store: { path: store.path, nativeBinding: undefined }, processed: processed.buffer } });
  try {
    const replies: FromRecorder[] = [];
    worker.on('message', (reply: FromRecorder) => replies.push(reply));
    const reads = new ReadBatch();
    reads.add(1, 2, STREAM);
    const batch: ToRecorder[] = [
      { type: 'begin', key: 1, id, startedAt: '2026-12-02T00:00:00.000Z', request, secrets: [], tags: undefined, capture, keepRecording: false },
      { type: 'response', key: 1, head: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } } },
      reads.take(),
      { type: 'finish', key: 1, end: { t: 3, outcome: 'eof' }, clientLeft: false, relay: { writes: new Float64Array([2, 2.1, 2.2]), writesDropped: 0, paused: [], maxBufferedBytes: 0, bufferBound: 1 } },
      { type: 'close' },
    ];
    worker.postMessage(batch);
    // The thread counts the read bytes it handled in the shared counter (what frees the relay's bound on bytes waiting), posting no answer that would wake the relay.
    await expect.poll(() => replies.map((reply) => reply.type), { timeout: 20_000 }).toEqual(['ready', 'finished', 'closed']);
    expect(Atomics.load(processed, 0)).toBe(BigInt(STREAM.length));
    const stored = store.get(id)!;
    expect(stored.end).toEqual({ t: 3, outcome: 'eof' });
    expect(Buffer.concat(stored.reads.map((read) => read.bytes)).equals(STREAM)).toBe(true);
    expect(stored.capture?.relay?.writes).toEqual([[2, 2.1, 2.2]]);
  } finally {
    await worker.terminate();
    store.close();
  }
});
