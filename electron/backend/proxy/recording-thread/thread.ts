// The relay's side of the recording thread (recorder.ts): each exchange's messages are queued and
// the reads posted at most every POST_INTERVAL_MS, their bytes copied into one packed batch that is
// handed over (transferred), so the relay's thread spends a copy per read and wakes the recording
// thread twenty times a second at most, not once per read; the thread counts what it handled in
// shared memory, so its answers wake the relay's thread no more (docs/performance.md, "Capture
// proxy: relay cost"). The thread starts with the first
// stream and is started again should it die; the recordings it held then end as interrupted. The
// bytes that wait for it are bounded (MAX_PENDING_BYTES): past the bound the relay goes on and the
// recordings it could not send end truncated.

import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type { RecordedEnd, RecordedResponse, Recording } from '../../../../shared/index.ts';
import type { Store } from '../../store/index.ts';
import { startRecordingWorker } from './launch.ts';
import { createRecorder } from './recorder.ts';
import type { Recorder } from './recorder.ts';
import { ReadBatch } from './read-batch.ts';
import type { ExchangeFigures, FromRecorder, PackedRelayTiming, RecordingStart, RecordingThreadData, ToRecorder } from './messages.ts';

export type { PackedRelayTiming, RecordingStart };

/**
 * How long reads wait to be posted together. On this VM a wake-up costs a Node thread ~100 µs of
 * CPU, so at one stream a post per read cost each thread a wake-up per read. A read is posted on
 * the turn of a later read once this long has passed since the last post (the relay's thread is
 * awake then anyway), else by a timer at twice this: a read reaches the recording thread 100 ms
 * late at most, its store commits it within CAPTURE_FLUSH_INTERVAL_MS more.
 */
export const POST_INTERVAL_MS = 50;

/**
 * The most read bytes waiting for the recording thread: copied for it and not yet handled there
 * (it answers each batch). One that falls behind (a slow disk, a busy CPU, hundreds of streams)
 * let them pile up without bound: 300 streams of 516 KB held 1.2 GB (issue 27). Past the bound the
 * relay goes on as fast; a read that does not fit is not recorded, nor any later read of its
 * stream, and that recording ends truncated, keeping the bytes before it (docs/capture.md).
 */
export const MAX_PENDING_BYTES = 64 * 1024 * 1024;

/**
 * How long the recording thread lives with no recording under way: then it ends, and the next
 * stream starts another. A round of 300 large streams left it ~100 MB of heap and allocations that
 * neither V8 nor the allocator gave back, round after round (docs/performance.md, "Capture proxy:
 * memory"); a start costs the next stream nothing but the thread's boot, its reads waiting meanwhile.
 */
export const IDLE_EXIT_MS = 5_000;

export interface RecordingThreadOptions {
  /** MAX_PENDING_BYTES by default (tests make it small). */
  readonly maxPendingBytes?: number;
  /** IDLE_EXIT_MS by default. */
  readonly idleExitMs?: number;
}

export interface RecordingEnd {
  /** The outcome as settled (a client leaving after the final event is `eof`). */
  readonly end: RecordedEnd;
  /** Null when the recording failed. */
  readonly figures: ExchangeFigures | null;
  /** When asked for (keepRecording) and it did not fail. */
  readonly recording: Recording | null;
  /** Why the recording failed (the relay did not). */
  readonly error: string | null;
}

export interface RemoteRecording {
  /** The stored recording's id (reserved at once on the relay's store); null when not stored. */
  readonly id: number | null;
  response(head: RecordedResponse): void;
  /** The bytes are copied: the caller's buffer is left alone. */
  read(t: number, bytes: Uint8Array): void;
  /** `clientLeft`: the client hung up (an `eof` after the final event, else `end`). The buffer of `relay.writes` is handed over. */
  finish(end: RecordedEnd, relay: PackedRelayTiming, clientLeft: boolean): Promise<RecordingEnd>;
}

export interface RecordingThread {
  begin(start: RecordingStart): RemoteRecording;
  /** Waits for the recordings under way to end and the thread's store to close. */
  close(): Promise<void>;
}

/** What the relay posts to: the worker, or the recorder on the relay's own thread when no worker could start. */
type Endpoint = Pick<Worker, 'postMessage' | 'ref' | 'unref'> & EventEmitter;

interface Running {
  readonly worker: Endpoint;
  /** Whether the thread said it was ready or any recording ended there: a thread that dies before either could not start. */
  answered: boolean;
  /** Set by close(): the thread's exit then is no failure. */
  closing: boolean;
  /** Ends awaited, by exchange key, with the recording's id (to release it on the relay's store). */
  readonly waiting: Map<number, { readonly id: number | null; readonly end: RecordedEnd; readonly resolve: (end: RecordingEnd) => void }>;
  /** Exchanges begun and not yet ended. */
  readonly open: Set<number>;
  /** Why the thread died; null while it runs. */
  died: string | null;
  readonly exited: Promise<void>;
  /** Messages posted together at the next post, with the buffers they hand over. */
  queue: ToRecorder[];
  transfer: ArrayBuffer[];
  /** The reads since the last message queued: queued as one, before the next message or at the post. */
  reads: ReadBatch;
  /** A post is due at the end of this turn. */
  scheduled: boolean;
  /** The post that reads wait for when no later read comes; null when none waits. */
  timer: NodeJS.Timeout | null;
  /** When the last batch was posted (performance.now()). */
  postedAt: number;
  /** Read bytes in `reads`, in the queue or posted; the thread's answers take off what it handled. */
  pending: number;
  /** Read bytes the worker handled, counted there (Atomics.add): `pending` less this is what waits for it (at most the bound). */
  readonly processed: BigInt64Array;
}

/** `startWorker`: how the thread is started (tests start one that fails). */
export function createRecordingThread(store: Store | undefined, startWorker: (data: RecordingThreadData) => Worker = startRecordingWorker, options: RecordingThreadOptions = {}): RecordingThread {
  const maxPendingBytes = options.maxPendingBytes ?? MAX_PENDING_BYTES;
  const idleExitMs = options.idleExitMs ?? IDLE_EXIT_MS;
  /** Ends the thread once idle; null while a recording is under way. */
  let idleTimer: NodeJS.Timeout | null = null;
  /** A thread ended for being idle, until it has exited. */
  let retiring: Promise<void> | null = null;
  let running: Running | null = null;
  let count = 0;
  /** Said once per proxy: each recording it touches says so in its own end. */
  let warnedBehind = false;
  /** Why no recording thread could start (then recordings are made on this thread); null while they can. */
  let cannotStart: string | null = null;

  /**
   * A post at the end of this turn of the event loop for any message but reads (`soon`), and for
   * reads when the last post was POST_INTERVAL_MS ago or more; else the reads wait for a later
   * read's turn, or for a timer at twice that should none come.
   */
  const schedule = (thread: Running, soon: boolean): void => {
    if (thread.scheduled) return;
    if (soon || performance.now() - thread.postedAt >= POST_INTERVAL_MS) {
      thread.scheduled = true;
      setImmediate(() => flush(thread));
    } else thread.timer ??= setTimeout(() => flush(thread), thread.postedAt + 2 * POST_INTERVAL_MS - performance.now());
  };

  /** The reads so far go in the queue first, so that every exchange's messages keep their order. */
  const queueReads = (thread: Running): void => {
    if (thread.reads.empty) return;
    const reads = thread.reads.take();
    thread.queue.push(reads);
    thread.transfer.push(reads.table.buffer as ArrayBuffer, reads.bytes.buffer as ArrayBuffer);
  };

  const post = (thread: Running, message: ToRecorder, buffer?: ArrayBuffer): void => {
    queueReads(thread);
    thread.queue.push(message);
    if (buffer) thread.transfer.push(buffer);
    schedule(thread, true);
  };

  function flush(thread: Running): void {
    thread.scheduled = false;
    if (thread.timer !== null) clearTimeout(thread.timer);
    thread.timer = null;
    thread.postedAt = performance.now();
    queueReads(thread);
    const batch = thread.queue;
    const buffers = thread.transfer;
    thread.queue = [];
    thread.transfer = [];
    if (thread.died === null && batch.length > 0) thread.worker.postMessage(batch, buffers);
  }

  /** No recording thread can start: the recordings are made on the relay's thread from now on, and the process is told why. */
  function fallBack(why: string): void {
    cannotStart = why;
    process.emitWarning(`Streamscope capture: ${why}; the recordings are made on the relay's thread from now on`, { code: 'STREAMSCOPE_CAPTURE' });
  }

  function start(): Running {
    let worker: Endpoint;
    const processed = new BigInt64Array(new SharedArrayBuffer(8));
    try {
      worker = cannotStart === null ? startWorker({ store: store ? { path: store.path, nativeBinding: store.nativeBinding } : null, processed: processed.buffer as SharedArrayBuffer }) : new InThread(store);
    } catch (error) {
      fallBack(`the recording thread could not start: ${error instanceof Error ? error.message : String(error)}`);
      worker = new InThread(store);
    }
    const state: Running = {
      worker,
      answered: false,
      closing: false,
      waiting: new Map(),
      open: new Set(),
      died: null,
      exited: new Promise<void>((resolve) => worker.once('exit', () => resolve())),
      queue: [],
      transfer: [],
      reads: new ReadBatch(),
      scheduled: false,
      timer: null,
      postedAt: -Infinity,
      pending: 0,
      processed,
    };
    worker.on('message', (message: FromRecorder) => {
      if (message.type === 'closed') return;
      if (message.type === 'ready') return void (state.answered = true);
      if (message.type === 'processed') return void (state.pending -= message.bytes);
      const waiting = state.waiting.get(message.key);
      if (!waiting) return;
      state.answered = true;
      state.waiting.delete(message.key);
      state.open.delete(message.key);
      if (state.open.size === 0) {
        worker.unref();
        whenIdle(state);
      }
      if (waiting.id !== null) store?.releaseRecording(waiting.id, message.type === 'failed' ? `the recording failed: ${message.error}` : undefined);
      waiting.resolve(message.type === 'finished' ? { end: message.end, figures: message.figures, recording: message.recording, error: null } : { end: message.end, figures: null, recording: null, error: message.error });
    });
    const die = (why: string): void => {
      if (state.died !== null) return;
      state.died = why;
      // A thread that never became ready could not start (the packaged app cannot load it, say): the next ones are made here.
      // One that crashed later (out of memory, say) is replaced by a new thread at the next exchange.
      if (!state.answered && !state.closing && cannotStart === null && !(worker instanceof InThread) && state.waiting.size + state.open.size > 0) fallBack(why);
      if (running === state) running = null;
      for (const [key, waiting] of state.waiting) {
        state.open.delete(key);
        if (waiting.id !== null) store?.releaseRecording(waiting.id, why);
        waiting.resolve({ end: waiting.end, figures: null, recording: null, error: why });
      }
      state.waiting.clear();
    };
    worker.on('error', (error) => die(`the recording thread failed: ${error.message}`));
    worker.on('exit', (code) => die(`the recording thread exited (code ${code})`));
    return state;
  }

  return {
    begin(options) {
      stayAwake();
      if (running === null) running = start();
      const thread = running;
      const key = ++count;
      const id = options.stored && store ? store.reserveRecording({ startedAt: options.startedAt, source: 'capture', request: options.request, tags: options.tags, capture: options.capture }) : null;
      thread.open.add(key);
      thread.worker.ref();
      const { stored: _stored, ...begun } = options;
      post(thread, { type: 'begin', key, id, ...begun });
      let ended = false;
      /** Body bytes kept from the thread once one read did not fit under the bound; undefined while every read was sent. */
      let notRecorded: number | undefined;
      return {
        id,
        response(head) {
          if (!ended) post(thread, { type: 'response', key, head });
        },
        read(t, bytes) {
          if (ended) return;
          // Once a read is left out, so is every later one: the recording keeps the body's first bytes, never one with a hole.
          if (notRecorded === undefined && thread.pending - Number(Atomics.load(thread.processed, 0)) + bytes.length <= maxPendingBytes) {
            thread.pending += bytes.length;
            thread.reads.add(key, t, bytes);
            schedule(thread, false);
            return;
          }
          if (notRecorded === undefined && !warnedBehind) {
            warnedBehind = true;
            process.emitWarning(`Streamscope capture: the recording thread fell behind (${maxPendingBytes.toLocaleString('en-US')} bytes waiting for it); the streams go on whole, and the recordings it could not take end truncated`, { code: 'STREAMSCOPE_CAPTURE' });
          }
          notRecorded = (notRecorded ?? 0) + bytes.length;
        },
        finish(end, relay, clientLeft) {
          if (ended) throw new Error('finish was already called');
          ended = true;
          return new Promise<RecordingEnd>((resolve) => {
            if (thread.died !== null) {
              thread.open.delete(key);
              if (id !== null) store?.releaseRecording(id, thread.died);
              return resolve({ end, figures: null, recording: null, error: thread.died });
            }
            thread.waiting.set(key, { id, end, resolve });
            post(thread, { type: 'finish', key, end, clientLeft, relay, ...(notRecorded === undefined ? {} : { notRecorded }) }, relay.writes.buffer as ArrayBuffer);
          });
        },
      };
    },
    async close() {
      stayAwake();
      const thread = running;
      running = null;
      await Promise.all([retiring, thread && end(thread)]);
    },
  };

  /** The thread closes its store once its recordings have ended, and exits. */
  function end(thread: Running): Promise<void> {
    thread.closing = true;
    if (thread.died === null) {
      post(thread, { type: 'close' });
      flush(thread);
      thread.worker.ref();
    }
    return thread.exited;
  }

  /** A thread with no recording under way for idleExitMs ends (what it grew to goes with it); the next stream starts another. */
  function whenIdle(thread: Running): void {
    stayAwake();
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (running !== thread || thread.open.size > 0) return;
      running = null;
      const exited = end(thread).then(() => {
        if (retiring === exited) retiring = null;
      });
      retiring = exited;
    }, idleExitMs).unref();
  }

  function stayAwake(): void {
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
  }
}

/** The recorder on the relay's own thread, behind the worker's interface: what a proxy falls back to when no worker can start. */
class InThread extends EventEmitter {
  private readonly recorder: Recorder;

  constructor(store: Store | undefined) {
    super();
    // Its replies come a turn later, as a worker's would; it shares the relay's store, which stays open.
    this.recorder = createRecorder(store, (message) => setImmediate(() => this.emit('message', message)), () => setImmediate(() => this.emit('exit', 0)));
  }

  postMessage(batch: readonly ToRecorder[]): void {
    for (const message of batch) this.recorder.handle(message);
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }
}
