// The live writer: reads and events are buffered in memory and written in one
// transaction at least every flush interval (40 ms), and at once when the
// buffer passes its bound (1 MiB or 2,000 rows), so a recording survives a
// kill up to its last moments and memory stays bounded however long the
// stream. Storage errors never reach the caller's data path: they go to
// `onError`, the writer retries, and past a hard memory bound it gives up,
// keeping the contiguous prefix already stored.

import type Database from 'better-sqlite3';
import type { AnalyzedEvent, RecordedEnd } from '../../../shared/index.ts';
import { redactHeaders } from '../../../shared/recording/secrets/redact.ts';
import { PendingEvents } from './event-runs.ts';
import { captureColumns } from './relay-writes.ts';
import type { ReadTimes } from './relay-writes.ts';
import { PendingRows, ReadArena } from './rows.ts';
import type { FlushTicker, Stageable } from './flush-ticker.ts';
import type { Statements } from './statements.ts';
import { distinctReasons, diagnosticRows, recorderLagColumn, summarize, worstSeverity } from './summary.ts';
import type { BeginRecordingOptions, FinishExtras, FinishSummary, FlushInfo, RecordingWriter, StoredEvent } from './types.ts';
import { chatReading } from '../../../shared/dialects/chat/kept.ts';

export const DEFAULT_FLUSH_INTERVAL_MS = 40;
export const DEFAULT_MAX_BUFFER_BYTES = 1 << 20;
export const DEFAULT_MAX_BUFFER_ROWS = 2000;
/** Past this many times the buffer bound, a writer whose flushes keep failing gives up. */
const GIVE_UP_FACTOR = 32;
/** The most memory a writer sets aside for copies of its reads (a larger buffer bound copies the rest one by one). */
const MAX_ARENA_BYTES = 16 << 20;
/** What a pending event counts for against the buffer's bound: its range, and its share of the rows it may keep. */
const EVENT_BYTES = 64;
/** How long a flush waits for another process's write lock before it leaves the data to the next try. */
export const FLUSH_BUSY_TIMEOUT_MS = 100;

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

export interface WriterContext {
  readonly db: Database.Database;
  /** The connection's usual busy timeout, restored after each flush. */
  readonly busyTimeoutMs: number;
  readonly statements: Statements;
  readonly id: number;
  /** Called after each committed flush with about the bytes it wrote (the checkpointer counts them). */
  readonly committed?: (bytes: number) => void;
  /** Called once the writer is done (finished, given up, or abandoned). */
  readonly release: () => void;
  /** Flushes the store's writers together (flush-ticker.ts); without it each writer flushes on its own timer. */
  readonly ticker?: FlushTicker;
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

  // Reads as the INSERTs take them, (recording_id, seq, t, offset, bytes); events as ranges of them (event-runs.ts).
  const reads = new PendingRows(5);
  const events = new PendingEvents();
  const arena = new ReadArena(Math.min(maxBytes, MAX_ARENA_BYTES));
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
  // What the store's ticker flushes, with the writers it flushes together.
  const self: Stageable = { stage };

  const transaction = db.transaction((head: typeof response, bytes: number, counts: FlushInfo) => {
    if (head) statements.updateResponse.run(...head, id);
    reads.insert(statements.insertReads, statements.insertRead);
    events.insert(statements, id);
    statements.updateProgress.run(counts.bytes + bytes, counts.reads + reads.length, counts.events + events.length, model, id);
  });

  /** One flush transaction, waiting at most FLUSH_BUSY_TIMEOUT_MS for a lock held elsewhere: storage never stalls the stream for long. */
  function write(head: typeof response, bytes: number, counts: FlushInfo): void {
    // Not a statement prepared once: SQLite applies busy_timeout when the pragma is prepared, not when it runs.
    db.pragma(`busy_timeout = ${FLUSH_BUSY_TIMEOUT_MS}`);
    try {
      transaction(head, bytes, counts);
    } finally {
      if (db.open) db.pragma(`busy_timeout = ${context.busyTimeoutMs}`);
    }
  }

  function schedule(): void {
    if (timer !== null || failed || finished) return;
    if (context.ticker) {
      context.ticker.request(self, flushIntervalMs);
      return;
    }
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
    if (nothingPending()) return true;
    const batchBytes = pendingBodyBytes;
    try {
      write(response, batchBytes, stored);
    } catch (error) {
      flushFailed(error);
      return false;
    }
    committed(batchBytes);
    return true;
  }

  /**
   * The ticker's half of a flush (flush-ticker.ts), inside its transaction: the rows written in a
   * savepoint, and what to count once that transaction commits; null when nothing was written.
   */
  function stage(): (() => void) | null {
    if (failed || nothingPending()) return null;
    const batchBytes = pendingBodyBytes;
    try {
      transaction(response, batchBytes, stored);
    } catch (error) {
      flushFailed(error);
      return null;
    }
    return () => committed(batchBytes);
  }

  function nothingPending(): boolean {
    return reads.length === 0 && events.length === 0 && response === null && !modelDirty;
  }

  function flushFailed(error: unknown): void {
    lastError = error instanceof Error ? error : new Error(String(error));
    report(lastError);
    if (overHardBound() || !db.open) giveUp(lastError);
    else {
      retrying = true;
      schedule();
    }
  }

  function committed(batchBytes: number): void {
    retrying = false;
    stored = { reads: stored.reads + reads.length, events: stored.events + events.length, bytes: stored.bytes + batchBytes };
    context.committed?.(pendingBytes);
    clearPending();
    modelDirty = false;
    if (options.onFlush) {
      try {
        options.onFlush(stored);
      } catch (error) {
        report(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  function report(error: Error): void {
    try {
      onError(error);
    } catch {
      // The error callback itself failed: nothing more can be done without throwing into the data path.
    }
  }

  function clearPending(): void {
    reads.clear();
    events.clear();
    arena.clear();
    response = null;
    pendingBytes = 0;
    pendingBodyBytes = 0;
  }

  function giveUp(error: Error): void {
    failed = true;
    clearPending();
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

  function end(outcome: RecordedEnd, summary: FinishSummary, { secretsMasked, capture, recorderLag }: FinishExtras = {}): boolean {
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
          truncated: outcome.truncated ? JSON.stringify(outcome.truncated) : null,
          model: summary.model ?? model,
          protocol: summary.protocol ?? null,
          durationMs: summary.durationMs ?? outcome.t,
          ttftMs: summary.ttftMs ?? null,
          worstSeverity: worstSeverity(diagnostics),
          finishReasons: JSON.stringify(distinctReasons(summary.finishReasons)),
          secretsMasked: secretsMasked ? JSON.stringify(secretsMasked) : null,
          ...captureColumnsAtFinish(capture, () => statements.selectReadTimes.all(id) as (number | null)[]),
          recorderLag: recorderLagColumn(recorderLag),
        });
        for (const row of diagnosticRows(diagnostics)) statements.insertDiagnostic.run(id, row.code, row.severity, row.count);
      })();
      return !failed;
    } catch (caught) {
      lastError = caught instanceof Error ? caught : new Error(String(caught));
      report(lastError);
      return false;
    } finally {
      context.ticker?.cancel(self);
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
      const values = reads.add();
      const at = reads.start;
      values[at] = id;
      values[at + 1] = seq;
      values[at + 2] = t;
      values[at + 3] = offset;
      values[at + 4] = arena.copy(bytes);
      events.read(t, bytes.length);
      pendingBytes += bytes.length;
      pendingBodyBytes += bytes.length;
      afterBuffer();
    },
    event(event) {
      assertOpen('an event');
      if (model === null && event.interpretation.kind !== 'error') {
        const named = chatReading(event).meta?.model;
        if (typeof named === 'string' && named !== '') {
          model = named;
          modelDirty = true;
        }
      }
      if (failed) return;
      events.event(event);
      pendingBytes += EVENT_BYTES;
      afterBuffer();
    },
    flush,
    finish(outcome, given = {}, extras) {
      assertOpen('finish');
      const summary = 'identity' in given && 'choices' in given ? summarize(given) : (given as FinishSummary);
      flush();
      // One more try: a transient failure (a lock held by another process) may have cleared.
      if (!failed && pendingRows() > 0 && !flush()) giveUp(lastError ?? new Error('flush failed'));
      return end(outcome, summary, extras);
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

/** The capture given at the end (it replaces the one given at the start), or nulls that keep that one. */
function captureColumnsAtFinish(capture: FinishExtras['capture'], readTimes: () => ReadTimes): { capture: string | null; relayWrites: Buffer | null } {
  const { capture: json, relayWrites } = captureColumns(capture, readTimes);
  return { capture: json, relayWrites };
}
