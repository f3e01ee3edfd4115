// The live writer: reads and events are buffered in memory and written in one
// transaction at least every flush interval (40 ms), and at once when the
// buffer passes its bound (1 MiB or 2,000 rows), so a recording survives a
// kill up to its last moments and memory stays bounded however long the
// stream. Storage errors never reach the caller's data path: they go to
// `onError`, the writer retries, and past a hard memory bound it gives up,
// keeping the contiguous prefix already stored.

import type Database from 'better-sqlite3';
import type { AnalyzedEvent, RecordedEnd } from '../../../shared/index.ts';
import { redactHeaders } from '../../../shared/recording/redact.ts';
import { ROWS_PER_INSERT } from './statements.ts';
import type { Statements } from './statements.ts';
import { distinctReasons, diagnosticRows, summarize, worstSeverity } from './summary.ts';
import type { BeginRecordingOptions, FinishSummary, FlushInfo, RecordingWriter, StoredEvent } from './types.ts';

export const DEFAULT_FLUSH_INTERVAL_MS = 40;
export const DEFAULT_MAX_BUFFER_BYTES = 1 << 20;
export const DEFAULT_MAX_BUFFER_ROWS = 2000;
/** Past this many times the buffer bound, a writer whose flushes keep failing gives up. */
const GIVE_UP_FACTOR = 32;
/** How long a flush waits for another process's write lock before it leaves the data to the next try. */
export const FLUSH_BUSY_TIMEOUT_MS = 100;

/** The row of an event, as `insertEvent` takes it after the recording id. */
export type EventRow = [
  seq: number,
  start: number,
  end: number,
  read: number,
  t: number | null,
  event: string | null,
  id: string | null,
  retry: number | null,
  data: string | null,
  comments: string | null,
  unknownFields: string | null,
];

export function eventRow(event: AnalyzedEvent): EventRow {
  const { sse } = event;
  return [
    sse.index,
    sse.start,
    sse.end,
    sse.read,
    event.t,
    sse.event,
    sse.id,
    sse.retry,
    sse.data,
    sse.comments.length > 0 ? JSON.stringify(sse.comments) : null,
    sse.unknownFields.length > 0 ? JSON.stringify(sse.unknownFields.map(({ name, value }) => ({ name, value }))) : null,
  ];
}

/** What the store keeps of an analysed event, as a plain object (what `events()` reads back, and what the live view is pushed). */
export function storedEvent(event: AnalyzedEvent): StoredEvent {
  const { sse } = event;
  return {
    index: sse.index,
    start: sse.start,
    end: sse.end,
    read: sse.read,
    t: event.t,
    event: sse.event,
    id: sse.id,
    retry: sse.retry,
    data: sse.data,
    comments: [...sse.comments],
    unknownFields: sse.unknownFields.map(({ name, value }) => ({ name, value })),
  };
}

interface PendingRead {
  readonly seq: number;
  readonly t: number | null;
  readonly offset: number;
  readonly bytes: Uint8Array;
}

export interface WriterContext {
  readonly db: Database.Database;
  /** The connection's usual busy timeout, restored after each flush. */
  readonly busyTimeoutMs: number;
  readonly statements: Statements;
  readonly id: number;
  /** Called once the writer is done (finished, given up, or abandoned). */
  readonly release: () => void;
}

export interface LiveWriter extends RecordingWriter {
  /** Stores what it can and ends the recording as interrupted (the store is closing). */
  abandon(reason: string): void;
}

export function createWriter(context: WriterContext, options: BeginRecordingOptions): LiveWriter {
  const { db, statements, id } = context;
  const flushIntervalMs = options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
  const maxBytes = options.maxBufferBytes ?? DEFAULT_MAX_BUFFER_BYTES;
  const maxRows = options.maxBufferRows ?? DEFAULT_MAX_BUFFER_ROWS;
  const onError =
    options.onError ?? ((error: Error) => process.emitWarning(`Streamscope store, recording ${id}: ${error.message}`, { code: 'STREAMSCOPE_STORE' }));

  let reads: PendingRead[] = [];
  let events: EventRow[] = [];
  let response: [number, string | null, string, number | null] | null = null;
  // Memory held by the buffer (reads and events), and the body bytes among it.
  let pendingBytes = 0;
  let pendingBodyBytes = 0;
  // Every read and event accepted, stored or not.
  let nextSeq = 0;
  let nextOffset = 0;
  let lastT: number | null = null;
  let model: string | null = null;
  let modelDirty = false;
  // What is committed.
  let stored: FlushInfo = { reads: 0, events: 0, bytes: 0 };
  let lastError: Error | null = null;
  let failed = false;
  let finished = false;
  let timer: NodeJS.Timeout | null = null;
  // A flush failed: further ones wait for the retry timer instead of running (and failing) on every read.
  let retrying = false;

  const transaction = db.transaction((batchReads: PendingRead[], batchEvents: EventRow[], head: typeof response, bytes: number, counts: FlushInfo) => {
    if (head) statements.updateResponse.run(...head, id);
    let at = 0;
    for (; at + ROWS_PER_INSERT <= batchReads.length; at += ROWS_PER_INSERT) {
      const values: unknown[] = [];
      for (let i = at; i < at + ROWS_PER_INSERT; i++) {
        const read = batchReads[i]!;
        values.push(id, read.seq, read.t, read.offset, read.bytes);
      }
      statements.insertReads.run(values);
    }
    for (; at < batchReads.length; at++) {
      const read = batchReads[at]!;
      statements.insertRead.run(id, read.seq, read.t, read.offset, read.bytes);
    }
    at = 0;
    for (; at + ROWS_PER_INSERT <= batchEvents.length; at += ROWS_PER_INSERT) {
      const values: unknown[] = [];
      for (let i = at; i < at + ROWS_PER_INSERT; i++) values.push(id, ...batchEvents[i]!);
      statements.insertEvents.run(values);
    }
    for (; at < batchEvents.length; at++) statements.insertEvent.run(id, ...batchEvents[at]!);
    statements.updateProgress.run(counts.bytes + bytes, counts.reads + batchReads.length, counts.events + batchEvents.length, model, id);
  });

  /** One flush transaction, waiting at most FLUSH_BUSY_TIMEOUT_MS for a lock held elsewhere: storage never stalls the stream for long. */
  function write(...args: Parameters<typeof transaction>): void {
    db.pragma(`busy_timeout = ${FLUSH_BUSY_TIMEOUT_MS}`);
    try {
      transaction(...args);
    } finally {
      if (db.open) db.pragma(`busy_timeout = ${context.busyTimeoutMs}`);
    }
  }

  function schedule(): void {
    if (timer !== null || failed || finished) return;
    timer = setTimeout(() => {
      timer = null;
      flush();
    }, flushIntervalMs);
    timer.unref();
  }

  function pendingRows(): number {
    return reads.length + events.length;
  }

  function flush(): boolean {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (failed) return false;
    if (reads.length === 0 && events.length === 0 && response === null && !modelDirty) return true;
    const batchReads = reads;
    const batchEvents = events;
    const batchBytes = pendingBodyBytes;
    try {
      write(batchReads, batchEvents, response, batchBytes, stored);
    } catch (error) {
      lastError = error instanceof Error ? error : new Error(String(error));
      report(lastError);
      if (overHardBound() || !db.open) giveUp(lastError);
      else {
        retrying = true;
        schedule();
      }
      return false;
    }
    retrying = false;
    stored = { reads: stored.reads + batchReads.length, events: stored.events + batchEvents.length, bytes: stored.bytes + batchBytes };
    reads = [];
    events = [];
    response = null;
    pendingBytes = 0;
    pendingBodyBytes = 0;
    modelDirty = false;
    if (options.onFlush) {
      try {
        options.onFlush(stored);
      } catch (error) {
        report(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return true;
  }

  function report(error: Error): void {
    try {
      onError(error);
    } catch {
      // The error callback itself failed: nothing more can be done without throwing into the data path.
    }
  }

  function giveUp(error: Error): void {
    failed = true;
    reads = [];
    events = [];
    response = null;
    pendingBytes = 0;
    pendingBodyBytes = 0;
    report(new Error(`stopped storing recording ${id} after ${stored.bytes} bytes: ${error.message}`));
  }

  function overHardBound(): boolean {
    return pendingBytes > maxBytes * GIVE_UP_FACTOR || pendingRows() > maxRows * GIVE_UP_FACTOR;
  }

  function afterBuffer(): void {
    if (retrying) {
      if (overHardBound()) giveUp(lastError ?? new Error('flush failed'));
      else schedule();
    } else if (pendingBytes >= maxBytes || pendingRows() >= maxRows) flush();
    else schedule();
  }

  function assertOpen(what: string): void {
    if (finished) throw new Error(`recording ${id} is finished: ${what} comes too late`);
  }

  function end(outcome: RecordedEnd, summary: FinishSummary): boolean {
    finished = true;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const diagnostics = summary.diagnostics ?? [];
    let error = outcome.error ?? null;
    let outcomeName = outcome.outcome;
    if (failed) {
      const why = `storage failed after ${stored.bytes} bytes (${lastError?.message ?? 'unknown error'}): the recording holds only what was stored before`;
      error = error === null ? why : `${error}; ${why}`;
      outcomeName = 'error';
    }
    try {
      db.transaction(() => {
        statements.updateFinish.run({
          id,
          outcome: outcomeName,
          endT: outcome.t,
          error,
          model: summary.model ?? model,
          durationMs: summary.durationMs ?? outcome.t,
          ttftMs: summary.ttftMs ?? null,
          worstSeverity: worstSeverity(diagnostics),
          finishReasons: JSON.stringify(distinctReasons(summary.finishReasons)),
        });
        for (const row of diagnosticRows(diagnostics)) statements.insertDiagnostic.run(id, row.code, row.severity, row.count);
      })();
      return !failed;
    } catch (caught) {
      lastError = caught instanceof Error ? caught : new Error(String(caught));
      report(lastError);
      return false;
    } finally {
      context.release();
    }
  }

  return {
    id,
    response(head) {
      assertOpen('the response');
      response = [head.status, head.httpVersion, JSON.stringify(redactHeaders(head.headers)), head.t];
      schedule();
    },
    read(t, bytes) {
      assertOpen('a read');
      if (!(bytes instanceof Uint8Array)) throw new TypeError('a read takes a Uint8Array');
      const seq = nextSeq++;
      if (t !== null) lastT = t;
      const offset = nextOffset;
      nextOffset += bytes.length;
      if (failed) return;
      reads.push({ seq, t, offset, bytes: new Uint8Array(bytes) });
      pendingBytes += bytes.length;
      pendingBodyBytes += bytes.length;
      afterBuffer();
    },
    event(event) {
      assertOpen('an event');
      if (model === null && event.interpretation.kind !== 'error') {
        const named = event.interpretation.meta?.model;
        if (typeof named === 'string' && named !== '') {
          model = named;
          modelDirty = true;
        }
      }
      if (failed) return;
      const row = eventRow(event);
      events.push(row);
      pendingBytes += 64 + (row[8]?.length ?? 0) + (row[9]?.length ?? 0) + (row[10]?.length ?? 0);
      afterBuffer();
    },
    flush,
    finish(outcome, given = {}) {
      assertOpen('finish');
      const summary = 'identity' in given && 'choices' in given ? summarize(given) : (given as FinishSummary);
      flush();
      // One more try: a transient failure (a lock held by another process) may have cleared.
      if (!failed && pendingRows() > 0 && !flush()) giveUp(lastError ?? new Error('flush failed'));
      return end(outcome, summary);
    },
    abandon(reason) {
      if (finished) return;
      flush();
      end({ t: lastT, outcome: 'interrupted', error: reason }, {});
    },
    get pendingBytes() {
      return pendingBytes;
    },
    get pendingRows() {
      return pendingRows();
    },
    get stored() {
      return stored;
    },
    get lastError() {
      return lastError;
    },
    get failed() {
      return failed;
    },
    get finished() {
      return finished;
    },
  };
}
