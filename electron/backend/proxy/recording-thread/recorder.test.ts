// The recording thread's work, run here on the test's thread: the outcome a client's hang-up
// gets, a --keep-encoding body decoded for the copy, and a recording the store refuses.

import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/index.ts';
import type { RecordedRequest } from '../../../../shared/index.ts';
import { byteByByte, realStream, splitAt } from '../../../../shared/test/streams.ts';
import { openStore } from '../../store/index.ts';
import type { Store } from '../../store/index.ts';
import { tempDbPath } from '../../store/test-support.ts';
import { ReadBatch } from './read-batch.ts';
import { CAPTURE_FLUSH_INTERVAL_MS, createRecorder } from './recorder.ts';
import type { FromRecorder, ToRecorder } from './messages.ts';

const STREAM = realStream('openai-gpt4o-structured-text-usage.sse');
const REQUEST: RecordedRequest = { method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', headers: { authorization: 'Bearer [redacted]' }, body: { model: 'm', stream: true } };
const CAPTURE = { session: 's', upstream: 'http://127.0.0.1:9/v1', client: { address: '127.0.0.1:1', userAgent: 'test' }, changed: [], servedBy: 'proxy', relay: null } as const;
/** Two writes: one the socket took, one it never did. */
const RELAY = { writes: new Float64Array([2, 2.01, 2.05, 3, 3.01, NaN]), writesDropped: 4, paused: [], maxBufferedBytes: 0, bufferBound: 1 << 20 };

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

type Ended = Extract<FromRecorder, { type: 'finished' | 'failed' }>;

/** The recorder's replies, each batch's answer apart from the rest. */
function listen(): { readonly replies: FromRecorder[]; readonly processed: number[]; readonly reply: (message: FromRecorder) => void } {
  const replies: FromRecorder[] = [];
  const processed: number[] = [];
  return { replies, processed, reply: (message) => void (message.type === 'processed' ? processed.push(message.bytes) : replies.push(message)) };
}

/** Runs one exchange through a recorder on `store`, as the relay's thread would post it; resolves with the reply to its end. */
async function exchange(store: Store | undefined, reads: readonly Uint8Array[], end: Extract<ToRecorder, { type: 'finish' }>['end'], options: { clientLeft?: boolean; encoding?: string; secrets?: string[]; notRecorded?: number } = {}): Promise<Ended & { id: number | null; processed: number[] }> {
  const { replies, processed, reply } = listen();
  const recorder = createRecorder(store, reply, () => {});
  const begin = { startedAt: '2026-12-02T00:00:00.000Z', source: 'capture' as const, request: REQUEST, capture: CAPTURE };
  const id = store ? store.reserveRecording(begin) : null;
  recorder.handle({ type: 'begin', key: 1, id, startedAt: begin.startedAt, request: REQUEST, secrets: options.secrets ?? [], tags: undefined, capture: CAPTURE, keepRecording: true });
  const headers: Record<string, string> = { 'content-type': 'text/event-stream', ...(options.encoding ? { 'content-encoding': options.encoding } : {}) };
  recorder.handle({ type: 'response', key: 1, head: { t: 1, status: 200, httpVersion: '1.1', headers } });
  // Packed as the relay's thread posts them: some in one batch, the rest in another.
  const batches = [new ReadBatch(), new ReadBatch()];
  reads.forEach((bytes, i) => batches[i < reads.length / 2 ? 0 : 1]!.add(1, 2 + i, bytes));
  for (const batch of batches) if (!batch.empty) recorder.handle(batch.take());
  recorder.handle({ type: 'finish', key: 1, end, clientLeft: options.clientLeft ?? false, relay: RELAY, ...(options.notRecorded === undefined ? {} : { notRecorded: options.notRecorded }) });
  await expect.poll(() => replies.length).toBe(1);
  return { ...(replies[0] as Ended), id, processed };
}

const ABORTED = { t: 50, outcome: 'aborted', error: 'the client closed the connection' } as const;

describe('a client that hangs up', () => {
  it('after the final event ([DONE]) has simply finished: the recording ends eof', async () => {
    const reply = await exchange(undefined, [STREAM], ABORTED, { clientLeft: true });
    expect(reply).toMatchObject({ type: 'finished', end: { t: 50, outcome: 'eof' } });
  });

  it('before the final event aborted the stream: the recording ends as the relay said', async () => {
    const cut = STREAM.slice(0, STREAM.length - 'data: [DONE]\n\n'.length);
    const reply = await exchange(undefined, [cut], ABORTED, { clientLeft: true });
    expect(reply).toMatchObject({ type: 'finished', end: ABORTED });
  });

  it('with no hang-up, the relay\'s end is kept whatever came', async () => {
    const reply = await exchange(undefined, [STREAM], { t: 9, outcome: 'error', error: 'reset' });
    expect(reply).toMatchObject({ type: 'finished', end: { t: 9, outcome: 'error', error: 'reset' } });
  });
});

describe('the stored recording', () => {
  it.each([
    ['whole', [STREAM]],
    ['split at random', splitAt(STREAM, [17, 301, 302, 1200].filter((at) => at < STREAM.length))],
    ['byte by byte', byteByByte(STREAM)],
  ])('is written to the row the relay reserved, its reads as they came (%s), with the figures the analysis gives', async (_how, reads) => {
    const store = openStore(tempDbPath());
    stores.push(store);
    const reply = await exchange(store, reads, { t: 80, outcome: 'eof' });
    expect(reply.type).toBe('finished');
    // Each batch answered once handled, with its bytes: the relay's count of bytes waiting goes down by as many.
    const half = Math.ceil(reads.length / 2);
    const size = (some: readonly Uint8Array[]) => some.reduce((sum, read) => sum + read.length, 0);
    expect(reply.processed).toEqual([reads.slice(0, half), reads.slice(half)].filter((some) => some.length > 0).map(size));
    const stored = store.get(reply.id!)!;
    expect(stored.reads.map((read) => [...read.bytes])).toEqual(reads.map((read) => [...read]));
    expect(stored.end).toEqual({ t: 80, outcome: 'eof' });
    // The relay's clock unpacked: a write the socket never took has no flush time.
    expect(stored.capture?.relay).toEqual({ ...RELAY, writes: [[2, 2.01, 2.05], [3, 3.01, null]] });
    const analysis = analyzeRecording(stored);
    expect(reply).toMatchObject({ figures: { events: analysis.events.length, ttftMs: analysis.metrics?.ttft_ms ?? null } });
  });

  it('of a gzip body (--keep-encoding) is the decoded copy, whether the encoded bytes come whole or byte by byte', async () => {
    const encoded = gzipSync(STREAM);
    for (const reads of [[encoded], byteByByte(encoded)]) {
      const reply = await exchange(undefined, reads, { t: 80, outcome: 'eof' }, { encoding: 'gzip' });
      expect(reply.type).toBe('finished');
      const recording = (reply as Extract<FromRecorder, { type: 'finished' }>).recording!;
      expect(Buffer.concat(recording.reads.map((read) => read.bytes)).equals(Buffer.from(STREAM))).toBe(true);
    }
  });

  it('whose last reads the relay kept back (the thread had fallen behind) ends truncated at the bytes it got, a key\'s first bytes held back by the masking not kept', async () => {
    const store = openStore(tempDbPath());
    stores.push(store);
    const key = 'sk-proj-0123456789abcdefghij';
    const first = STREAM.subarray(0, 300);
    // The upstream echoes the key; the read the relay could send ends inside it, the rest never reached the thread.
    const cut = new TextEncoder().encode(`data: {"echo":"${key.slice(0, 12)}`);
    const reply = await exchange(store, [first, cut], { t: 80, outcome: 'eof' }, { secrets: [key], notRecorded: 5000 });
    const truncated = { atBytes: 300, droppedBytes: cut.length + 5000, cause: 'recorder-behind' };
    expect(reply).toMatchObject({ type: 'finished', figures: { findings: { codes: ['recording-truncated'] } } });
    const stored = store.get(reply.id!)!;
    expect(stored.end).toEqual({ t: 80, outcome: 'eof', truncated });
    expect(Buffer.concat(stored.reads.map((read) => read.bytes)).equals(Buffer.from(first))).toBe(true);
  });

  it('is committed while it streams every CAPTURE_FLUSH_INTERVAL_MS, not at each read: the recording view sees it that late at most', async () => {
    const store = openStore(tempDbPath());
    stores.push(store);
    const { replies, reply } = listen();
    const recorder = createRecorder(store, reply, () => {});
    const id = store.reserveRecording({ startedAt: '2026-12-02T00:00:00.000Z', source: 'capture', request: REQUEST, capture: CAPTURE });
    recorder.handle({ type: 'begin', key: 1, id, startedAt: '2026-12-02T00:00:00.000Z', request: REQUEST, secrets: [], tags: undefined, capture: CAPTURE, keepRecording: false });
    recorder.handle({ type: 'response', key: 1, head: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } } });
    const batch = new ReadBatch();
    batch.add(1, 2, STREAM);
    recorder.handle(batch.take());
    // Timers never fire early: halfway through the interval nothing can have been committed.
    await new Promise((resolve) => setTimeout(resolve, CAPTURE_FLUSH_INTERVAL_MS / 2));
    expect(store.get(id)!.reads).toHaveLength(0);
    await expect.poll(() => store.get(id)!.reads.length, { timeout: 10 * CAPTURE_FLUSH_INTERVAL_MS }).toBe(1);
    expect(store.summary(id)).toMatchObject({ outcome: 'recording' });
    recorder.handle({ type: 'finish', key: 1, end: { t: 3, outcome: 'eof' }, clientLeft: false, relay: RELAY });
    await expect.poll(() => replies.length).toBe(1);
  });

  it('that the store refuses is reported failed, with the relay\'s end, rather than finished', async () => {
    const store = openStore(tempDbPath());
    stores.push(store);
    const { replies, reply } = listen();
    const recorder = createRecorder(store, reply, () => {});
    // A row that was never reserved: the writer has nothing to write to.
    recorder.handle({ type: 'begin', key: 7, id: 424242, startedAt: '2026-12-02T00:00:00.000Z', request: REQUEST, secrets: [], tags: undefined, capture: CAPTURE, keepRecording: false });
    const batch = new ReadBatch();
    batch.add(7, 1, STREAM);
    recorder.handle(batch.take());
    recorder.handle({ type: 'finish', key: 7, end: { t: 2, outcome: 'eof' }, clientLeft: false, relay: RELAY });
    await expect.poll(() => replies.length).toBe(1);
    expect(replies[0]).toMatchObject({ type: 'failed', key: 7, end: { t: 2, outcome: 'eof' } });
    expect((replies[0] as { error: string }).error).toMatch(/^the store could not keep it: .*FOREIGN KEY/);
  });
});
