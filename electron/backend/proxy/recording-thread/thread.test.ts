// The recording thread as the capture proxy uses it: a real worker thread writing to the relay's
// store file, and what becomes of the recordings when that thread dies.

import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../../shared/index.ts';
import { realStream, splitAt } from '../../../../shared/test/streams.ts';
import { openStore } from '../../store/index.ts';
import type { Store } from '../../store/index.ts';
import { tempDbPath } from '../../store/test-support.ts';
import { startRecordingWorker } from './launch.ts';
import { createRecordingThread } from './thread.ts';
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
const RELAY = { writes: [], writesDropped: 0, paused: [], maxBufferedBytes: 0, bufferBound: 1 << 20 };
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
      const ended = await recording.finish({ t: 9, outcome: 'eof' }, RELAY, false);
      expect(ended).toMatchObject({ end: { t: 9, outcome: 'eof' }, error: null, recording: null });
      expect(ended.figures?.events).toBeGreaterThan(0);
      const stored = store.get(recording.id!)!;
      expect(stored.end).toEqual({ t: 9, outcome: 'eof' });
      expect(stored.reads.map((read) => [read.t, [...read.bytes]])).toEqual(READS.map((bytes, i) => [2 + i, [...bytes]]));
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
      const ended = await recording.finish({ t: 3, outcome: 'eof' }, RELAY, false);
      expect(Buffer.from(ended.recording!.reads[0]!.bytes).equals(Buffer.from(STREAM))).toBe(true);
    } finally {
      await thread.close();
    }
  });

  it('that dies ends the recordings it held as interrupted, saying why, and the next exchange gets a new thread', async () => {
    const store = freshStore();
    const workers: Worker[] = [];
    const thread = createRecordingThread(store, (data) => {
      const worker = startRecordingWorker(data);
      workers.push(worker);
      return worker;
    });
    try {
      const done = thread.begin(START);
      done.response(HEAD);
      expect(await done.finish({ t: 3, outcome: 'eof' }, RELAY, false)).toMatchObject({ error: null });
      const lost = thread.begin(START);
      lost.response(HEAD);
      lost.read(2, STREAM);
      await workers[0]!.terminate();
      expect(await lost.finish({ t: 3, outcome: 'eof' }, RELAY, false)).toEqual({ end: { t: 3, outcome: 'eof' }, figures: null, recording: null, error: 'the recording thread exited (code 1)' });
      expect(store.get(lost.id!)?.end).toMatchObject({ outcome: 'interrupted', error: 'the recording thread exited (code 1)' });

      const next = thread.begin(START);
      next.response(HEAD);
      next.read(2, STREAM);
      expect(await next.finish({ t: 3, outcome: 'eof' }, RELAY, false)).toMatchObject({ end: { t: 3, outcome: 'eof' }, error: null });
      expect(workers.length).toBe(2);
      expect(store.summary(next.id!)).toMatchObject({ outcome: 'eof' });
    } finally {
      await thread.close();
    }
  });

  it('that cannot start (the packaged app cannot load it, say) loses the recordings it held, then records on the relay\'s thread, with a warning', async () => {
    const store = freshStore();
    let starts = 0;
    const warnings: string[] = [];
    const warn = (warning: Error) => warnings.push(warning.message);
    process.on('warning', warn);
    const thread = createRecordingThread(store, () => {
      starts++;
      return new Worker('throw new Error("no thread today")', { eval: true });
    });
    try {
      const lost = thread.begin(START);
      lost.response(HEAD);
      lost.read(2, STREAM);
      expect(await lost.finish({ t: 3, outcome: 'eof' }, RELAY, false)).toEqual({ end: { t: 3, outcome: 'eof' }, figures: null, recording: null, error: 'the recording thread failed: no thread today' });
      expect(store.get(lost.id!)?.end).toMatchObject({ outcome: 'interrupted', error: 'the recording thread failed: no thread today' });

      for (let n = 0; n < 2; n++) {
        const next = thread.begin(START);
        next.response(HEAD);
        READS.forEach((bytes, i) => next.read(2 + i, bytes));
        expect(await next.finish({ t: 9, outcome: 'eof' }, RELAY, false)).toMatchObject({ end: { t: 9, outcome: 'eof' }, error: null });
        expect(store.get(next.id!)?.reads.map((read) => [...read.bytes])).toEqual(READS.map((bytes) => [...bytes]));
      }
      expect(starts).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual(["Streamscope capture: the recording thread failed: no thread today; the recordings are made on the relay's thread from now on"]);
    } finally {
      process.off('warning', warn);
      await thread.close();
    }
  });

  it('whose start throws records on the relay\'s thread at once, and says why', async () => {
    const store = freshStore();
    const warnings: string[] = [];
    const warn = (warning: Error) => warnings.push(warning.message);
    process.on('warning', warn);
    const thread = createRecordingThread(store, () => {
      throw new Error('Cannot find module recording-thread.js');
    });
    try {
      const recording = thread.begin(START);
      recording.response(HEAD);
      recording.read(2, STREAM);
      expect(await recording.finish({ t: 3, outcome: 'eof' }, RELAY, false)).toMatchObject({ end: { t: 3, outcome: 'eof' }, error: null });
      expect(Buffer.concat(store.get(recording.id!)!.reads.map((read) => read.bytes)).equals(Buffer.from(STREAM))).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual(["Streamscope capture: the recording thread could not start: Cannot find module recording-thread.js; the recordings are made on the relay's thread from now on"]);
    } finally {
      process.off('warning', warn);
      await thread.close();
    }
  });
});
