// Checkpoints the WAL on a thread of its own once recordings have written a
// few megabytes.
//
// A commit in WAL mode appends pages to the -wal file; a checkpoint copies
// them into the database file and, with synchronous=NORMAL, fsyncs both
// (https://www.sqlite.org/wal.html, "Checkpointing"). SQLite's automatic
// checkpoint runs inside the commit that brings the WAL to 1,000 pages, on the
// committing thread (https://www.sqlite.org/c3ref/wal_autocheckpoint.html):
// during a fast recording, a copy and two fsyncs every ~4 MB on the thread
// that reads the socket (its share of the time: docs/performance.md,
// "Recording", "Ingest"). SQLite
// suggests running checkpoints from another thread instead (wal.html,
// "Application-Initiated Checkpoints"); this does, with a second connection
// in a worker thread. Commits are as durable as before: a checkpoint only
// moves committed pages, and a kill at any point loses nothing committed.
//
// SQLite resets the WAL (writes it again from its start) only at the start
// of a write transaction that finds every page already copied, which a worker
// racing a fast writer seldom leaves it: in a burst faster than the disk takes
// (a checkpointed page is written twice, in the WAL and in the database),
// the WAL would grow without end. So past WAL_LIMIT_BYTES the writer catches
// up itself: the worker stands aside, the writer's connection copies what is
// left (a stall of the backlog's size: past that much, the disk sets the
// pace anyway), and its next transaction starts the WAL again.
//
// Until the worker starts (after the first 4 MiB) the writer's connection
// checkpoints as SQLite does by default, every 1,000 pages; from then on it
// keeps its automatic checkpoint only at a mark it never reaches while all
// this works, and goes back to the default should the worker fail.

import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { workerExecArgv } from '../worker-exec-argv.ts';

/** Pages in the WAL past which the writer's own connection checkpoints while the worker runs (1 GiB of 4 KiB pages): never, unless the catch-ups fail. */
const SAFETY_NET_PAGES = 262144;
/** SQLite's default automatic checkpoint, in pages: what the writer's connection goes back to without the worker. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/**
 * The WAL's limit: past it the writer catches up. Large enough to take a burst of several hundred
 * thousand events whole (docs/performance.md, "Recording", "Ingest", has what a smaller bound cost); above the
 * store's journal_size_limit (64 MiB), which a reset trims the file back to, so a file this large
 * has not been reset since it grew.
 */
export const WAL_LIMIT_BYTES = 256 << 20;
/** Bytes committed between two requests to the worker: about SQLite's default 1,000 pages. */
const REQUEST_EVERY_BYTES = 4 << 20;
/** How long closing waits for a checkpoint under way before it leaves the worker to end with the process. */
const CLOSE_WAIT_MS = 5000;
/** How long a catch-up waits for the worker's checkpoint under way to end. */
const CATCH_UP_WAIT_MS = 2000;

// The shared state: requests made, the close flag, the worker's done flag, the worker checkpointing, the writer catching up.
const REQUESTS = 0;
const CLOSING = 1;
const DONE = 2;
const ACTIVE = 3;
const HOLD = 4;

/**
 * The worker: plain CommonJS given as a string, so it runs the same under Node, tsx, Vitest and the
 * bundled Electron main process (no file to find or bundle). It sleeps on the shared counter and runs
 * a PASSIVE checkpoint (one that never waits for, nor blocks, the writer) whenever it moves.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
let db = null;
try {
  const Database = require(workerData.module);
  db = new Database(workerData.path, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
  db.pragma('synchronous = NORMAL');
  let seen = 0;
  for (;;) {
    Atomics.wait(state, ${REQUESTS}, seen);
    if (Atomics.load(state, ${CLOSING}) !== 0) break;
    seen = Atomics.load(state, ${REQUESTS});
    // ACTIVE before HOLD is read, and HOLD before ACTIVE is read on the writer's side: one of the two sees the other.
    Atomics.store(state, ${ACTIVE}, 1);
    try {
      if (Atomics.load(state, ${HOLD}) === 0) db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A checkpoint that fails leaves the pages in the WAL for the next one.
    } finally {
      Atomics.store(state, ${ACTIVE}, 0);
      Atomics.notify(state, ${ACTIVE});
    }
  }
} finally {
  if (db !== null) db.close();
  Atomics.store(state, ${DONE}, 1);
  Atomics.notify(state, ${DONE});
}
`;

export interface Checkpointer {
  /**
   * Counts bytes a writer committed; every ~4 MiB asks the worker for a checkpoint (starting it the
   * first time), or, when the WAL has grown past WAL_LIMIT_BYTES, catches up on this thread.
   */
  wrote(bytes: number): void;
  /** Asks a running worker for a checkpoint of whatever the WAL holds (a recording ended). */
  request(): void;
  /** Stops the worker, waiting for a checkpoint under way and for its connection to close. */
  close(): void;
}

/**
 * Checkpoints for `db`, the writers' connection to the file at `path`. The worker starts once 4 MiB
 * were committed (most recordings are smaller, and never need a thread). `onStop` is called if it
 * dies (it could not load better-sqlite3 or open the file): the connection is then back to SQLite's
 * own automatic checkpoints.
 */
export function createCheckpointer(
  db: Database.Database,
  path: string,
  nativeBinding: string | undefined,
  onStop: (error: Error) => void,
  walLimitBytes = WAL_LIMIT_BYTES,
): Checkpointer {
  const state = new Int32Array(new SharedArrayBuffer(5 * Int32Array.BYTES_PER_ELEMENT));
  let worker: Worker | null = null;
  // The worker failed, or was closed: no more starts nor waits.
  let stopped = false;
  let unrequested = 0;

  function start(): void {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: workerExecArgv(),
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path, nativeBinding, state: state.buffer },
    });
    // The worker never keeps the process alive; at exit it ends with it, and SQLite's recovery replays any WAL left.
    worker.unref();
    worker.on('error', (error) => {
      if (stopped) return;
      stopped = true;
      if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
      onStop(error);
    });
    db.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  }

  function request(): void {
    if (worker === null || stopped) return;
    unrequested = 0;
    Atomics.add(state, REQUESTS, 1);
    Atomics.notify(state, REQUESTS);
  }

  /** Copies what the WAL holds on the writers' connection, the worker standing aside; the next transaction then starts the WAL again. */
  function catchUp(): void {
    unrequested = 0;
    Atomics.store(state, HOLD, 1);
    try {
      const deadline = performance.now() + CATCH_UP_WAIT_MS;
      while (Atomics.load(state, ACTIVE) === 1 && performance.now() < deadline) Atomics.wait(state, ACTIVE, 1, CATCH_UP_WAIT_MS);
      // SQLITE_BUSY (a worker still copying after the wait) comes back as a row, not an error: nothing is lost, the next catch-up tries again.
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Atomics.wait refused on this thread, or the checkpoint failed: the WAL waits for the next try.
    } finally {
      Atomics.store(state, HOLD, 0);
    }
  }

  function walBytes(): number {
    try {
      return statSync(`${path}-wal`).size;
    } catch {
      return 0;
    }
  }

  return {
    wrote(bytes) {
      unrequested += bytes;
      if (unrequested < REQUEST_EVERY_BYTES || stopped) return;
      if (worker === null) start();
      if (walBytes() > walLimitBytes) catchUp();
      else request();
    },
    request,
    close() {
      const running = worker !== null && !stopped;
      stopped = true;
      if (!running) return;
      Atomics.store(state, CLOSING, 1);
      Atomics.add(state, REQUESTS, 1);
      Atomics.notify(state, REQUESTS);
      // Synchronous, like the store's close: afterwards the store's own connection is the last one, and closing it removes the WAL.
      try {
        Atomics.wait(state, DONE, 0, CLOSE_WAIT_MS);
      } catch {
        // A thread that may not block (Atomics.wait refused): the worker closes on its own; the WAL stays until the next open.
      }
    },
  };
}
