// Checkpoints the WAL on a thread of its own while recordings are written.
//
// A commit in WAL mode appends pages to the -wal file; a checkpoint copies
// them into the database file and, with synchronous=NORMAL, fsyncs both
// (https://www.sqlite.org/wal.html, "Checkpointing"). SQLite's automatic
// checkpoint runs inside the commit that brings the WAL to 1,000 pages, on the
// committing thread (https://www.sqlite.org/c3ref/wal_autocheckpoint.html):
// during a fast recording, a copy and two fsyncs every ~4 MB on the thread
// that reads the socket, about half of the ingest benchmark's time. SQLite
// suggests running checkpoints from another thread instead (wal.html,
// "Application-Initiated Checkpoints"); this does, with a second connection
// in a worker thread. Commits are as durable as before: a checkpoint only
// moves committed pages, and a kill at any point loses nothing committed.
//
// The writer's connection keeps its automatic checkpoint as a safety net, at
// a much higher mark: a burst of up to a quarter of a gigabyte, faster than
// the disk takes it (a checkpointed page is written twice: in the WAL, then
// in the database), never makes the writer copy; past that mark the writer
// checkpoints again, so the WAL stops growing there. Should the worker fail,
// the writer's connection goes back to SQLite's default.

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Pages in the WAL past which the writer's own connection checkpoints while the worker runs (256 MiB of 4 KiB pages). */
export const SAFETY_NET_PAGES = 65536;
/** SQLite's default automatic checkpoint, in pages: what the writer's connection goes back to without the worker. */
export const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** Bytes committed between two requests to the worker: about SQLite's default 1,000 pages. */
const REQUEST_EVERY_BYTES = 4 << 20;
/** How long closing waits for a checkpoint under way before it leaves the worker to end with the process. */
const CLOSE_WAIT_MS = 5000;

// The shared state: requests made, the close flag, the worker's done flag.
const REQUESTS = 0;
const CLOSING = 1;
const DONE = 2;

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
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A checkpoint that fails leaves the pages in the WAL for the next one (or the writer's own).
    }
  }
} finally {
  if (db !== null) db.close();
  Atomics.store(state, ${DONE}, 1);
  Atomics.notify(state, ${DONE});
}
`;

export interface Checkpointer {
  /** Counts bytes committed to the WAL; past ~4 MiB since the last request, asks the worker for a checkpoint. */
  wrote(bytes: number): void;
  /** Asks for a checkpoint of whatever the WAL holds (a recording ended). */
  request(): void;
  /** Stops the worker, waiting for a checkpoint under way and for its connection to close. */
  close(): void;
}

/**
 * Starts the checkpoint worker for the database at `path`. `onStop` is called if the worker dies
 * (it could not load better-sqlite3 or open the file): the caller then goes back to SQLite's own
 * automatic checkpoints.
 */
export function startCheckpointer(path: string, nativeBinding: string | undefined, onStop: (error: Error) => void): Checkpointer {
  const state = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path, nativeBinding, state: state.buffer },
  });
  // The worker never keeps the process alive; at exit it ends with it, and SQLite's recovery replays any WAL left.
  worker.unref();
  let stopped = false;
  worker.on('error', (error) => {
    if (stopped) return;
    stopped = true;
    onStop(error);
  });
  let unrequested = 0;

  function request(): void {
    unrequested = 0;
    Atomics.add(state, REQUESTS, 1);
    Atomics.notify(state, REQUESTS);
  }

  return {
    wrote(bytes) {
      unrequested += bytes;
      if (unrequested >= REQUEST_EVERY_BYTES) request();
    },
    request,
    close() {
      if (stopped) return;
      stopped = true;
      Atomics.store(state, CLOSING, 1);
      request();
      // Synchronous, like the store's close: afterwards the store's own connection is the last one, and closing it removes the WAL.
      try {
        Atomics.wait(state, DONE, 0, CLOSE_WAIT_MS);
      } catch {
        // A thread that may not block (Atomics.wait refused): the worker closes on its own; the WAL stays until the next open.
      }
    },
  };
}
