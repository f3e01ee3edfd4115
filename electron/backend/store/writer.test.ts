import { describe, expect, it, vi } from 'vitest';
import { analyzeRecording, createStreamAnalyzer, finishAnalysis } from '../../../shared/index.ts';
import type { RecordedRequest, Recording } from '../../../shared/index.ts';
import { openStore } from './store.ts';
import { DEFAULT_FLUSH_INTERVAL_MS } from './writer.ts';
import { cleanBody, concat, contentChunk, openDatabase, rawConnection, roleChunk, splitReads, stored, tempDbPath, utf8 } from './test-support.ts';
import type { RecordingWriter, Store } from './types.ts';

const REQUEST: RecordedRequest = {
  method: 'POST',
  url: 'https://api.openai.com/v1/chat/completions',
  headers: { 'content-type': 'application/json' },
  body: { model: 'gpt-4o-mini', stream: true },
};
const STARTED_AT = '2026-11-30T08:00:00.000Z';

/** Feeds reads to a writer the way the recorder does: the read, then the events it completed. */
function feeder(writer: RecordingWriter) {
  const analyzer = createStreamAnalyzer({ onEvent: (event) => writer.event(event) });
  return {
    analyzer,
    read(t: number, bytes: Uint8Array) {
      writer.read(t, bytes);
      analyzer.feed(bytes, t);
    },
  };
}

function readRows(path: string, id: number): { seq: number; offset: number; length: number; t: number | null }[] {
  const db = rawConnection(path);
  try {
    return db.prepare('SELECT seq, offset, length(bytes) AS length, t FROM reads WHERE recording_id = ? ORDER BY seq').all(id) as never;
  } finally {
    db.close();
  }
}

/** Every read follows the one before it: sequence 0, 1, 2 … and offsets the running sum of the lengths. */
function contiguous(rows: readonly { seq: number; offset: number; length: number }[]): boolean {
  let offset = 0;
  return rows.every((row, i) => {
    const ok = row.seq === i && row.offset === offset;
    offset += row.length;
    return ok;
  });
}


describe('the live writer', () => {
  // The flush is driven by the writer's timer, so fake timers pin it exactly: a wall-clock bound
  // here failed on a loaded CI machine (198 ms) while the writer did nothing wrong.
  it('makes a read visible to another connection when its flush interval elapses, and not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] });
    try {
      const path = tempDbPath();
      const store = openStore(path);
      const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST });
      const other = rawConnection(path);
      const count = other.prepare('SELECT count(*) FROM reads WHERE recording_id = ?').pluck();
      // The recording row itself is committed at once, as 'recording'.
      expect(other.prepare('SELECT outcome FROM recordings WHERE id = ?').pluck().get(writer.id)).toBe('recording');
      for (let round = 0; round < 5; round++) {
        writer.read(round, utf8(`: read ${round}\n\n`));
        vi.advanceTimersByTime(DEFAULT_FLUSH_INTERVAL_MS - 1);
        expect(count.get(writer.id)).toBe(round);
        vi.advanceTimersByTime(1);
        expect(count.get(writer.id)).toBe(round + 1);
      }
      other.close();
      store.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores everything at finish: reads, events, response, outcome, summary and diagnostics', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const body = utf8(cleanBody(['Hello', ' world'], 'gpt-4o-mini-2024-07-18', 'length'));
    const reads = splitReads(body, [3, 200, 17, 300]);
    const writer = store.beginRecording({ name: 'live one', startedAt: STARTED_AT, request: REQUEST, tags: ['live'] });
    const response = { t: 40.25, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } };
    writer.response(response);
    const feed = feeder(writer);
    for (const read of reads) feed.read(read.t!, read.bytes);
    const { partial, stats } = feed.analyzer.end();
    const end = { t: 999.5, outcome: 'eof' as const };
    const recording: Recording = { source: 'live', startedAt: STARTED_AT, request: REQUEST, response, reads, end };
    const analysis = finishAnalysis(recording, feed.analyzer, { partial, stats });
    expect(writer.finish(end, analysis)).toBe(true);
    expect(writer.pendingRows).toBe(0);

    const got = store.get(writer.id)!;
    expect({ ...got, id: 0, summary: null }).toEqual({ ...recording, id: 0, name: 'live one', tags: ['live'], createdAt: STARTED_AT, summary: null });
    expect(store.events(writer.id)).toEqual(analyzeRecording(recording).events.map(stored));
    expect(got.summary).toMatchObject({
      model: 'gpt-4o-mini-2024-07-18',
      outcome: 'eof',
      bytes: body.length,
      readCount: reads.length,
      eventCount: 5,
      durationMs: 999.5,
      ttftMs: analysis.metrics!.ttft_ms,
      worstSeverity: 'warning',
      finishReasons: ['length'],
      codes: ['finish-length'],
    });
    expect(store.list({ code: 'finish-length' }).items.map((item) => item.id)).toEqual([writer.id]);
    expect(() => writer.read(1000, utf8('late'))).toThrow(`recording ${writer.id} is finished: a read comes too late`);
    store.close();
  });

  it('shows a recording in progress in the list, with what is stored so far', () => {
    const store = openStore(tempDbPath());
    const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST });
    const feed = feeder(writer);
    const read = utf8(roleChunk('gpt-4o-2024-08-06') + contentChunk('Hi', 'gpt-4o-2024-08-06'));
    feed.read(10, read);
    writer.flush();
    expect(store.summary(writer.id)).toMatchObject({ outcome: 'recording', model: 'gpt-4o-2024-08-06', bytes: read.length, readCount: 1, eventCount: 2, worstSeverity: null });
    expect(writer.stored).toEqual({ reads: 1, events: 2, bytes: read.length });
    writer.finish({ t: 20, outcome: 'aborted' });
    expect(store.summary(writer.id)).toMatchObject({ outcome: 'aborted', durationMs: 20 });
    store.close();
  });

  it('names the dialect by the request path while recording, and by the analysis once finished', () => {
    const store = openStore(tempDbPath());
    const byPath = store.beginRecording({ startedAt: STARTED_AT, request: { ...REQUEST, url: 'https://api.anthropic.com/v1/messages' } });
    expect(store.summary(byPath.id)!.protocol).toBe('anthropic-messages');
    // Given no analysis (an abandoned recording), it keeps what the path told.
    byPath.finish({ t: 5, outcome: 'aborted' });
    expect(store.summary(byPath.id)!.protocol).toBe('anthropic-messages');

    const unusual = store.beginRecording({ startedAt: STARTED_AT, request: { ...REQUEST, url: 'https://gateway.test/relay' } });
    expect(store.summary(unusual.id)!.protocol).toBeNull();
    const feed = feeder(unusual);
    const reads = splitReads(utf8(cleanBody(['Hi'])), [40]);
    for (const read of reads) feed.read(read.t!, read.bytes);
    const { partial, stats } = feed.analyzer.end();
    const end = { t: 200, outcome: 'eof' as const };
    const recording: Recording = { source: 'live', startedAt: STARTED_AT, request: { ...REQUEST, url: 'https://gateway.test/relay' }, response: null, reads, end };
    unusual.finish(end, finishAnalysis(recording, feed.analyzer, { partial, stats }));
    expect(store.summary(unusual.id)!.protocol).toBe('chat-completions');
    store.close();
  });

  it('flushes at once when the buffer passes 2,000 rows or 1 MiB', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const flushes: number[] = [];
    const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST, onFlush: (info) => flushes.push(info.reads) });
    for (let i = 0; i < 1999; i++) writer.read(i, utf8('x'));
    expect([writer.pendingRows, flushes]).toEqual([1999, []]);
    writer.read(2000, utf8('x'));
    expect([writer.pendingRows, flushes]).toEqual([0, [2000]]);
    writer.read(2001, new Uint8Array(1024 * 1024 - 1));
    expect(writer.pendingBytes).toBe(1024 * 1024 - 1);
    writer.read(2002, new Uint8Array(1));
    expect([writer.pendingBytes, flushes]).toEqual([0, [2000, 2002]]);
    expect(contiguous(readRows(path, writer.id))).toBe(true);
    writer.finish({ t: 3000, outcome: 'eof' });
    store.close();
  });

  it('copies each read, so the caller may reuse its buffer', () => {
    const store = openStore(tempDbPath());
    const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST });
    const buffer = utf8('data: 1\n\n');
    writer.read(1, buffer);
    buffer.set(utf8('data: 2\n\n'));
    writer.read(2, buffer);
    writer.finish({ t: 3, outcome: 'eof' });
    expect(new TextDecoder().decode(concat(store.get(writer.id)!.reads))).toBe('data: 1\n\ndata: 2\n\n');
    store.close();
  });

  it('keeps memory bounded while 200 MB of reads go through in 64 KB pieces', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST });
    const piece = new Uint8Array(64 * 1024);
    const pieces = (200 * 1024 * 1024) / piece.length;
    const baseline = process.memoryUsage();
    let maxHeap = 0;
    let maxBuffers = 0;
    let maxPending = 0;
    const started = performance.now();
    for (let i = 0; i < pieces; i++) {
      piece.fill(i & 0xff);
      writer.read(i, piece);
      maxPending = Math.max(maxPending, writer.pendingBytes);
      if (i % 64 === 0) {
        const now = process.memoryUsage();
        maxHeap = Math.max(maxHeap, now.heapUsed - baseline.heapUsed);
        maxBuffers = Math.max(maxBuffers, now.arrayBuffers - baseline.arrayBuffers);
      }
    }
    writer.finish({ t: pieces, outcome: 'eof' });
    const seconds = (performance.now() - started) / 1000;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(`200 MB in ${pieces} reads written in ${seconds.toFixed(2)} s: heap grew at most ${mb(maxHeap)} MB, array buffers ${mb(maxBuffers)} MB, buffered at most ${mb(maxPending)} MB`);
    expect(maxPending).toBeLessThan(1024 * 1024);
    expect(maxHeap).toBeLessThan(30 * 1024 * 1024);
    // The copies live outside the heap until collected: far fewer than the 200 MB written are ever held.
    expect(maxBuffers).toBeLessThan(150 * 1024 * 1024);
    expect(store.summary(writer.id)).toMatchObject({ bytes: 200 * 1024 * 1024, readCount: pieces, outcome: 'eof' });
    const rows = readRows(path, writer.id);
    expect([rows.length, contiguous(rows)]).toEqual([pieces, true]);
    store.close();
  }, 15_000);
});

describe('storage failures', () => {
  /** Makes inserts of reads fail from another connection, as a full disk or a broken file would. */
  function breakReads(path: string): () => void {
    const db = openDatabase(path);
    db.exec("CREATE TRIGGER break_reads BEFORE INSERT ON reads BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
    return () => {
      db.exec('DROP TRIGGER break_reads');
      db.close();
    };
  }

  it('reports a failed flush to onError, never to the caller, and retries until it succeeds', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    const errors: string[] = [];
    const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST, onError: (error) => errors.push(error.message) });
    writer.read(1, utf8('data: a\n\n'));
    expect(writer.flush()).toBe(true);
    const repair = breakReads(path);
    writer.read(2, utf8('data: b\n\n'));
    expect(writer.flush()).toBe(false);
    writer.read(3, utf8('data: c\n\n'));
    // The explicit flush, then at least one retry by the timer.
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2));
    expect(new Set(errors)).toEqual(new Set(['disk on fire']));
    expect([writer.lastError?.message, writer.failed, writer.pendingRows]).toEqual(['disk on fire', false, 2]);
    repair();
    await vi.waitFor(() => expect(writer.pendingRows).toBe(0));
    expect(writer.finish({ t: 4, outcome: 'eof' })).toBe(true);
    expect(new TextDecoder().decode(concat(store.get(writer.id)!.reads))).toBe('data: a\n\ndata: b\n\ndata: c\n\n');
    expect(contiguous(readRows(path, writer.id))).toBe(true);
    store.close();
  });

  it('does not wait on a write lock held by another process for more than 100 ms, and stores the data once it is released', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    const errors: string[] = [];
    const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST, onError: (error) => errors.push(error.message) });
    const other = openDatabase(path);
    other.exec('BEGIN IMMEDIATE');
    writer.read(1, utf8('data: a\n\n'));
    const started = performance.now();
    expect(writer.flush()).toBe(false);
    const waited = performance.now() - started;
    console.log(`flush against a held write lock gave up after ${waited.toFixed(0)} ms`);
    expect(waited).toBeLessThan(500);
    expect(errors).toEqual(['database is locked']);
    other.exec('COMMIT');
    other.close();
    await vi.waitFor(() => expect([writer.pendingRows, writer.stored.reads]).toEqual([0, 1]));
    writer.finish({ t: 2, outcome: 'eof' });
    store.close();
  });

  it('gives up past its memory bound, keeping the contiguous prefix it stored, and says so in the outcome', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const errors: string[] = [];
    const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST, maxBufferRows: 2, onError: (error) => errors.push(error.message) });
    writer.read(1, utf8('ab'));
    writer.read(2, utf8('cd'));
    const repair = breakReads(path);
    // The bound is 32 times the buffer's: 64 rows here. One failed flush, then no more tries until the retry timer.
    for (let i = 0; i < 64; i++) writer.read(3 + i, utf8('ef'));
    expect([writer.failed, errors]).toEqual([false, ['disk on fire']]);
    writer.read(67, utf8('ef'));
    expect(writer.failed).toBe(true);
    expect(errors).toEqual(['disk on fire', `stopped storing recording ${writer.id} after 4 bytes: disk on fire`]);
    expect(writer.pendingRows).toBe(0);
    repair();
    expect(writer.finish({ t: 50, outcome: 'eof' })).toBe(false);
    expect(store.summary(writer.id)).toMatchObject({
      outcome: 'error',
      error: 'storage failed after 4 bytes (disk on fire): the recording holds only what was stored before',
      bytes: 4,
      readCount: 2,
    });
    expect(contiguous(readRows(path, writer.id))).toBe(true);
    store.close();
  });
});

describe('recovery', () => {
  function liveWriter(store: Store) {
    const writer = store.beginRecording({ startedAt: STARTED_AT, request: REQUEST });
    writer.read(5, utf8(roleChunk()));
    writer.read(7.5, utf8(contentChunk('Hi')));
    writer.flush();
    return writer;
  }

  it('leaves alone a recording still being written by this process or by another live one', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const writer = liveWriter(store);
    const second = openStore(path);
    expect([second.recovered, second.summary(writer.id)!.outcome]).toEqual([[], 'recording']);
    second.close();
    // Owned by a process that is alive (the test runner's parent).
    const db = openDatabase(path);
    db.prepare('UPDATE recordings SET writer_pid = ? WHERE id = ?').run(process.ppid, writer.id);
    db.close();
    const third = openStore(path);
    expect(third.recovered).toEqual([]);
    third.close();
    store.close();
  });

  it('marks interrupted, at its last stored read, a recording whose store closed before it finished', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const writer = liveWriter(store);
    writer.read(9, utf8(': unflushed\n\n'));
    store.close();
    expect(writer.finished).toBe(true);
    const reopened = openStore(path);
    expect(reopened.recovered).toEqual([]);
    expect(reopened.get(writer.id)!.end).toEqual({ t: 9, outcome: 'interrupted', error: 'the store was closed before the stream ended' });
    expect(reopened.summary(writer.id)).toMatchObject({ readCount: 3, eventCount: 0, durationMs: 9 });
    reopened.close();
  });

  it('refuses to delete a recording while it is being written', () => {
    const store = openStore(tempDbPath());
    const writer = liveWriter(store);
    expect(() => store.delete(writer.id)).toThrow(`recording ${writer.id} is being recorded: finish it before deleting it`);
    writer.finish({ t: 10, outcome: 'eof' });
    expect(store.delete(writer.id)).toBe(true);
    store.close();
  });
});

