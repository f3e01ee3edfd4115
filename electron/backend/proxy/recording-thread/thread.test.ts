// The recording thread as the capture proxy uses it: a real worker thread writing to the relay's
// store file, and what becomes of the recordings when that thread dies.

import { EventEmitter } from 'node:events';
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
import { createRecordingThread, POST_INTERVAL_MS } from './thread.ts';
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
