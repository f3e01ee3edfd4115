// The recording thread as the capture proxy uses it: a real worker thread writing to the relay's
// store file, and what becomes of the recordings when that thread dies.

import { EventEmitter, once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../../shared/index.ts';
import { realStream, splitAt } from '../../../../shared/test/streams.ts';
import { openStore } from '../../store/index.ts';
import type { Store } from '../../store/index.ts';
import { tempDbPath } from '../../store/test-support.ts';
import { startRecordingWorker } from './launch.ts';
import type { ToRecorder } from './messages.ts';
import { forEachRead } from './read-batch.ts';
import { heldWorker } from './test-support.ts';
import { createRecordingThread, MAX_PENDING_BYTES, POST_INTERVAL_MS } from './thread.ts';
import type { RecordingStart } from './thread.ts';

const STREAM = realStream('openai-gpt4o-structured-text-usage.sse');
const READS = splitAt(STREAM, [40, 41, 700]);
const REQUEST: RecordedRequest = { method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', headers: {}, body: { model: 'm', stream: true } };
const START: RecordingStart = {
  startedAt: '2026-12-02T00:00:00.000Z',
  request: REQUEST,
  secrets: [],
  tags: ['thread'],
  capture: { session: 's', upstream: 'http://127.0.0.1:9/v1', client: { address: '127.0.0.1:1', userAgent: 'test' }, changed: [], servedBy: 'proxy', relay: null },
  stored: true,
  keepRecording: false,
};
/** A fresh one per end: finish hands its writes' buffer over to the thread. */
const relay = () => ({ writes: new Float64Array([2, 2.5, 2.6]), writesDropped: 0, paused: [], maxBufferedBytes: 0, bufferBound: 1 << 20 });
const HEAD = { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } };

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function freshStore(): Store {
  const store = openStore(tempDbPath());
  stores.push(store);
  return store;
}

/** A recording thread whose workers are kept, to be killed by the test. */
function trackedThread(store: Store): { readonly workers: Worker[]; readonly thread: ReturnType<typeof createRecordingThread> } {
  const workers: Worker[] = [];
  const thread = createRecordingThread(store, (data) => {
    const worker = startRecordingWorker(data);
    workers.push(worker);
    return worker;
  });
  return { workers, thread };
}

/** The process warnings emitted until restore(), kept from the test output, where a printed warning reads as a failure. */
function captureWarnings(): { readonly messages: string[]; restore(): void } {
  const messages: string[] = [];
  const spy = vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => void messages.push(typeof warning === 'string' ? warning : warning.message));
  return { messages, restore: () => spy.mockRestore() };
}

describe('the recording thread', () => {
  it('stores each exchange in the relay\'s store file, under the id reserved at once, while the relay\'s thread only posts', async () => {
    const store = freshStore();
    const thread = createRecordingThread(store);
    try {
      const recording = thread.begin(START);
      // Listed as under way before any message reached the thread: the Capture view can open it at once.
      expect(store.summary(recording.id!)).toMatchObject({ outcome: 'recording', source: 'capture', tags: ['thread'] });
      recording.response(HEAD);
      READS.forEach((bytes, i) => recording.read(2 + i, bytes));
      const ended = await recording.finish({ t: 9, outcome: 'eof' }, relay(), false);
      expect(ended).toMatchObject({ end: { t: 9, outcome: 'eof' }, error: null, recording: null });
      expect(ended.figures?.events).toBeGreaterThan(0);
      const stored = store.get(recording.id!)!;
      expect(stored.end).toEqual({ t: 9, outcome: 'eof' });
      expect(stored.reads.map((read) => [read.t, [...read.bytes]])).toEqual(READS.map((bytes, i) => [2 + i, [...bytes]]));
      expect(stored.capture?.relay?.writes).toEqual([[2, 2.5, 2.6]]);
    } finally {
      await thread.close();
    }
  });

  it('leaves the caller\'s buffers alone: each read is copied before it is handed over', async () => {
    const thread = createRecordingThread(undefined);
    try {
      const recording = thread.begin({ ...START, stored: false, keepRecording: true });
      recording.response(HEAD);
      const buffer = Buffer.from(STREAM);
      recording.read(2, buffer);
      expect(buffer.equals(Buffer.from(STREAM))).toBe(true);
      const ended = await recording.finish({ t: 3, outcome: 'eof' }, relay(), false);
      expect(Buffer.from(ended.recording!.reads[0]!.bytes).equals(Buffer.from(STREAM))).toBe(true);
    } finally {
      await thread.close();
    }
  });

  it('that has had no recording under way for a while ends, closing its store, and the next stream starts another, recorded whole', async () => {
    const store = freshStore();
    const workers: Worker[] = [];
    const thread = createRecordingThread(
      store,
      (data) => {
        const worker = startRecordingWorker(data);
        workers.push(worker);
        return worker;
      },
      { idleExitMs: 20 },
    );
    try {
      const first = thread.begin(START);
      first.response(HEAD);
      READS.forEach((bytes, i) => first.read(2 + i, bytes));
      expect(await first.finish({ t: 9, outcome: 'eof' }, relay(), false)).toMatchObject({ error: null });
      const [code] = (await once(workers[0]!, 'exit')) as [number];
      expect(code).toBe(0);
      const second = thread.begin(START);
      second.response(HEAD);
      READS.forEach((bytes, i) => second.read(2 + i, bytes));
      expect(await second.finish({ t: 9, outcome: 'eof' }, relay(), false)).toMatchObject({ end: { t: 9, outcome: 'eof' }, error: null });
      expect(workers.length).toBe(2);
      for (const id of [first.id!, second.id!]) {
        expect(store.summary(id)).toMatchObject({ outcome: 'eof' });
        expect(store.get(id)!.reads.map((read) => [...read.bytes])).toEqual(READS.map((bytes) => [...bytes]));
      }
    } finally {
      await thread.close();
    }
  });

  it('that dies ends the recordings it held as interrupted, saying why, and the next exchange gets a new thread', async () => {
    const store = freshStore();
    const { workers, thread } = trackedThread(store);
    try {
      const done = thread.begin(START);
      done.response(HEAD);
      expect(await done.finish({ t: 3, outcome: 'eof' }, relay(), false)).toMatchObject({ error: null });
      const lost = thread.begin(START);
      lost.response(HEAD);
      lost.read(2, STREAM);
      await workers[0]!.terminate();
      expect(await lost.finish({ t: 3, outcome: 'eof' }, relay(), false)).toEqual({ end: { t: 3, outcome: 'eof' }, figures: null, recording: null, error: 'the recording thread exited (code 1)' });
      expect(store.get(lost.id!)?.end).toMatchObject({ outcome: 'interrupted', error: 'the recording thread exited (code 1)' });

      const next = thread.begin(START);
      next.response(HEAD);
      next.read(2, STREAM);
      expect(await next.finish({ t: 3, outcome: 'eof' }, relay(), false)).toMatchObject({ end: { t: 3, outcome: 'eof' }, error: null });
      expect(workers.length).toBe(2);
      expect(store.summary(next.id!)).toMatchObject({ outcome: 'eof' });
    } finally {
      await thread.close();
    }
  });

  it('that crashes before any recording ended (out of memory, say) is replaced by a new thread, not taken for one that cannot start', async () => {
    const store = freshStore();
    const warnings = captureWarnings();
    const { workers, thread } = trackedThread(store);
    try {
      const lost = thread.begin(START);
      lost.response(HEAD);
      lost.read(2, STREAM);
      await new Promise<void>((resolve) => workers[0]!.once('message', () => resolve()));
      await workers[0]!.terminate();
      expect(await lost.finish({ t: 3, outcome: 'eof' }, relay(), false)).toMatchObject({ recording: null, error: 'the recording thread exited (code 1)' });

      const next = thread.begin(START);
      next.response(HEAD);
      next.read(2, STREAM);
      expect(await next.finish({ t: 3, outcome: 'eof' }, relay(), false)).toMatchObject({ end: { t: 3, outcome: 'eof' }, error: null });
      expect(workers.length).toBe(2);
      expect(warnings.messages).toEqual([]);
    } finally {
      warnings.restore();
      await thread.close();
    }
  });

  it('that falls behind holds at most the bound for it: each stream goes on, its recording keeps the reads before the first that did not fit and ends truncated, and a later one is whole', async () => {
    const store = freshStore();
    const warnings = captureWarnings();
    const held = heldWorker(store);
    const BOUND = 64 * 1024;
    const thread = createRecordingThread(store, () => held.worker, { maxPendingBytes: BOUND });
    const body = realStream('groq-llama33-text-x-groq.sse');
    const reads = splitAt(body, Array.from({ length: Math.floor(body.length / 4096) }, (_, i) => (i + 1) * 4096));
    try {
      expect(MAX_PENDING_BYTES).toBe(64 * 1024 * 1024);
      const [a, b] = [thread.begin(START), thread.begin(START)];
      for (const recording of [a, b]) recording.response(HEAD);
      // Two streams in turn, 4 KiB a read, while the thread handles nothing: sixteen reads fill the bound.
      reads.forEach((bytes, i) => {
        a.read(2 + i, bytes);
        b.read(2 + i, bytes);
      });
      const ends = [a, b].map((recording) => recording.finish({ t: 90, outcome: 'eof' }, relay(), false));
      await new Promise((resolve) => setTimeout(resolve, 3 * POST_INTERVAL_MS));
      expect([held.waiting, held.maxWaiting]).toEqual([BOUND, BOUND]);
      held.release();
      const truncated = { atBytes: 8 * 4096, droppedBytes: body.length - 8 * 4096, cause: 'recorder-behind' };
      for (const [recording, ended] of [[a, await ends[0]!], [b, await ends[1]!]] as const) {
        expect(ended).toMatchObject({ end: { t: 90, outcome: 'eof' }, error: null, figures: { findings: { codes: ['recording-truncated', 'unknown-field'] } } });
        const stored = store.get(recording.id!)!;
        expect(stored.end).toEqual({ t: 90, outcome: 'eof', truncated });
        expect(Buffer.concat(stored.reads.map((read) => read.bytes)).equals(Buffer.from(body.subarray(0, 8 * 4096)))).toBe(true);
      }
      expect(warnings.messages).toEqual(["Streamscope capture: the recording thread fell behind (65,536 bytes waiting for it); the streams go on whole, and the recordings it could not take end truncated"]);

      // Caught up, the thread takes whole streams again, as long as it keeps up with them.
      const later = thread.begin(START);
      later.response(HEAD);
      const before = [...held.received.values()].reduce((sum, bytes) => sum + bytes, 0);
      let sent = 0;
      for (let i = 0; i < reads.length; i++) {
        // Every read so far posted and answered.
        if (i % 8 === 0) await expect.poll(() => [...held.received.values()].reduce((sum, bytes) => sum + bytes, -before) === sent && held.waiting === 0).toBe(true);
        later.read(2 + i, reads[i]!);
        sent += reads[i]!.length;
      }
      expect(await later.finish({ t: 90, outcome: 'eof' }, relay(), false)).toMatchObject({ error: null });
      expect(store.get(later.id!)!.end).toEqual({ t: 90, outcome: 'eof' });
      expect(Buffer.concat(store.get(later.id!)!.reads.map((read) => read.bytes)).equals(Buffer.from(body))).toBe(true);
      expect(held.maxWaiting).toBe(BOUND);
    } finally {
      warnings.restore();
      await thread.close();
    }
  });

  it('that really runs out of memory once ready is replaced by a new thread, with no warning that it cannot start', async () => {
    const store = freshStore();
    const warnings = captureWarnings();
    // Ready, then out of memory at the first batch: V8 stops the thread (ERR_WORKER_OUT_OF_MEMORY).
    const hungry = "const { parentPort } = require('node:worker_threads'); parentPort.postMessage({ type: 'ready' }); const kept = []; parentPort.on('message', () => { for (;;) kept.push(new Array(1e5).fill(kept.length)); });";
    const starts: string[] = [];
    const thread = createRecordingThread(store, (data) => {
      starts.push(starts.length === 0 ? 'hungry' : 'real');
      return starts.length === 1 ? new Worker(hungry, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 16 } }) : startRecordingWorker(data);
    });
    try {
      const lost = thread.begin(START);
      lost.response(HEAD);
      lost.read(2, STREAM);
      const ended = await lost.finish({ t: 3, outcome: 'eof' }, relay(), false);
      expect(ended).toMatchObject({ recording: null, figures: null });
      expect(ended.error).toMatch(/^the recording thread failed: .*out of memory/i);

      const next = thread.begin(START);
      next.response(HEAD);
      next.read(2, STREAM);
      expect(await next.finish({ t: 3, outcome: 'eof' }, relay(), false)).toMatchObject({ end: { t: 3, outcome: 'eof' }, error: null });
      expect(starts).toEqual(['hungry', 'real']);
      expect(Buffer.concat(store.get(next.id!)!.reads.map((read) => read.bytes)).equals(Buffer.from(STREAM))).toBe(true);
      expect(warnings.messages).toEqual([]);
    } finally {
      warnings.restore();
      await thread.close();
    }
  });

  it('posts what many exchanges send over time in a few batches, every exchange\'s messages in order and its reads whole', async () => {
    const batches: ToRecorder[][] = [];
    const fake = Object.assign(new EventEmitter(), {
      postMessage(batch: ToRecorder[]) {
        batches.push(batch);
        if (batch.some((message) => message.type === 'close')) setImmediate(() => fake.emit('exit', 0));
      },
      ref: () => fake,
      unref: () => fake,
    });
    const thread = createRecordingThread(undefined, () => fake as unknown as Worker);
    const started = performance.now();
    const exchanges = [0, 1, 2].map(() => thread.begin({ ...START, stored: false }));
    for (const exchange of exchanges) exchange.response(HEAD);
    // Sixty reads a millisecond or more apart, the three exchanges in turn.
    const sent: number[][] = [[], [], []];
    for (let i = 0; i < 60; i++) {
      const read = READS[i % READS.length]!;
      exchanges[i % 3]!.read(i, read);
      sent[i % 3]!.push(...read);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const elapsed = performance.now() - started;
    await thread.close();
    // A post per read would be sixty; a post every POST_INTERVAL_MS at most is a few.
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(elapsed / POST_INTERVAL_MS) + 2);
    const order = new Map<number, string[]>();
    const received = new Map<number, number[]>();
    for (const message of batches.flat()) {
      if (message.type === 'close') continue;
      if (message.type === 'reads') {
        forEachRead(message, (key, _t, bytes) => {
          order.get(key)!.push('read');
          received.get(key)!.push(...bytes);
        });
        continue;
      }
      if (message.type === 'begin') {
        order.set(message.key, []);
        received.set(message.key, []);
      }
      order.get(message.key)!.push(message.type);
    }
    expect([...order.values()]).toEqual([0, 1, 2].map(() => ['begin', 'response', ...Array<string>(20).fill('read')]));
    expect([...received.values()]).toEqual(sent);
  });

  it('that cannot start (the packaged app cannot load it, say) loses the recordings it held, then records on the relay\'s thread, with a warning', async () => {
    const store = freshStore();
    let starts = 0;
    const warnings = captureWarnings();
    const thread = createRecordingThread(store, () => {
      starts++;
      return new Worker('throw new Error("no thread today")', { eval: true });
    });
    try {
      const lost = thread.begin(START);
      lost.response(HEAD);
      lost.read(2, STREAM);
      expect(await lost.finish({ t: 3, outcome: 'eof' }, relay(), false)).toEqual({ end: { t: 3, outcome: 'eof' }, figures: null, recording: null, error: 'the recording thread failed: no thread today' });
      expect(store.get(lost.id!)?.end).toMatchObject({ outcome: 'interrupted', error: 'the recording thread failed: no thread today' });

      for (let n = 0; n < 2; n++) {
        const next = thread.begin(START);
        next.response(HEAD);
        READS.forEach((bytes, i) => next.read(2 + i, bytes));
        expect(await next.finish({ t: 9, outcome: 'eof' }, relay(), false)).toMatchObject({ end: { t: 9, outcome: 'eof' }, error: null });
        expect(store.get(next.id!)?.reads.map((read) => [...read.bytes])).toEqual(READS.map((bytes) => [...bytes]));
      }
      expect(starts).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.messages).toEqual(["Streamscope capture: the recording thread failed: no thread today; the recordings are made on the relay's thread from now on"]);
    } finally {
      warnings.restore();
      await thread.close();
    }
  });

  it('whose start throws records on the relay\'s thread at once, and says why', async () => {
    const store = freshStore();
    const warnings = captureWarnings();
    const thread = createRecordingThread(store, () => {
      throw new Error('Cannot find module recording-thread.js');
    });
    try {
      const recording = thread.begin(START);
      recording.response(HEAD);
      recording.read(2, STREAM);
      expect(await recording.finish({ t: 3, outcome: 'eof' }, relay(), false)).toMatchObject({ end: { t: 3, outcome: 'eof' }, error: null });
      expect(Buffer.concat(store.get(recording.id!)!.reads.map((read) => read.bytes)).equals(Buffer.from(STREAM))).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.messages).toEqual(["Streamscope capture: the recording thread could not start: Cannot find module recording-thread.js; the recordings are made on the relay's thread from now on"]);
    } finally {
      warnings.restore();
      await thread.close();
    }
  });
});
