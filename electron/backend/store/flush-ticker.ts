// One flush for all live recordings of a store per interval, instead of one each: a hundred
// streams captured at once made 2,500 commits a second, whose WAL grew twenty times faster than
// the data, and whose catch-up checkpoints stalled every stream (docs/performance.md, "Capture
// proxy"). On each tick the writers due write their rows a few at a time in one transaction, each
// in a savepoint of its own (better-sqlite3 nests them), and count them stored once it commits.

import type Database from 'better-sqlite3';
import { FLUSH_BUSY_TIMEOUT_MS } from './writer.ts';

/** Writers flushed in one transaction: few enough that one takes a millisecond or two. */
export const WRITERS_PER_TRANSACTION = 8;

export interface Stageable {
  /** Writes the writer's rows inside the caller's transaction; what to do once it commits, or null when nothing was written. */
  stage(): (() => void) | null;
}

export interface FlushTicker {
  /** Flushes `writer` at the next tick of its interval (once, however often it asks). */
  request(writer: Stageable, intervalMs: number): void;
  /** Forgets a writer (it is done). */
  cancel(writer: Stageable): void;
}

/**
 * `writersPerTransaction`: WRITERS_PER_TRANSACTION by default; a connection on a thread that relays
 * nothing (the capture proxy's recording thread) takes every writer due in one. `onCommit` (for
 * tests): called after each transaction with the number of writers it flushed.
 */
export function createFlushTicker(db: Database.Database, busyTimeoutMs: number, onCommit?: (writers: number) => void, writersPerTransaction = WRITERS_PER_TRANSACTION): FlushTicker {
  const due = new Map<number, Set<Stageable>>();
  const timers = new Map<number, NodeJS.Timeout>();
  const together = db.transaction((writers: readonly Stageable[]) => writers.map((writer) => writer.stage()));

  const tick = (intervalMs: number): void => {
    timers.delete(intervalMs);
    const writers = [...(due.get(intervalMs) ?? [])];
    due.delete(intervalMs);
    flushSlices(writers, intervalMs);
  };

  /**
   * A few writers per transaction, a turn of the event loop between transactions: a hundred
   * writers flushed in one go held the thread (and every stream the capture proxy relays on it)
   * for tens of milliseconds.
   */
  function flushSlices(writers: readonly Stageable[], intervalMs: number): void {
    if (writers.length === 0 || !db.open) return;
    const slice = writers.slice(0, writersPerTransaction);
    let settle: ((() => void) | null)[];
    // A lock held by another process is waited for briefly: the rows stay pending for the next tick.
    db.pragma(`busy_timeout = ${FLUSH_BUSY_TIMEOUT_MS}`);
    try {
      settle = together.immediate(slice);
    } catch {
      // Nothing was committed: the writers still hold their rows, and ask again.
      for (const writer of writers) request(writer, intervalMs);
      return;
    } finally {
      if (db.open) db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    }
    for (const committed of settle) committed?.();
    onCommit?.(slice.length);
    if (writers.length > slice.length) setImmediate(() => flushSlices(writers.slice(slice.length), intervalMs));
  }

  function arm(intervalMs: number): void {
    if (timers.has(intervalMs)) return;
    const timer = setTimeout(() => tick(intervalMs), intervalMs);
    timer.unref();
    timers.set(intervalMs, timer);
  }

  function request(writer: Stageable, intervalMs: number): void {
    let writers = due.get(intervalMs);
    if (!writers) due.set(intervalMs, (writers = new Set()));
    writers.add(writer);
    arm(intervalMs);
  }

  return {
    request,
    cancel(writer) {
      for (const writers of due.values()) writers.delete(writer);
    },
  };
}
