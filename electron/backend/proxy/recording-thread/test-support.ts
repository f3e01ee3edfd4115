// A recording thread that has fallen behind, for tests: it takes every batch the relay posts and
// handles none until let go, then records them on the given store as the real thread does
// (createRecorder, answering a turn later). It counts what waited for it meanwhile.

import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { Store } from '../../store/index.ts';
import type { FromRecorder, ToRecorder } from './messages.ts';
import { forEachRead } from './read-batch.ts';
import { createRecorder } from './recorder.ts';

export interface HeldWorker {
  /** What createRecordingThread's `startWorker` returns. */
  readonly worker: Worker;
  /** Handles what came so far, and from now on each batch as it comes. */
  release(): void;
  /** Read bytes posted and not yet answered. */
  readonly waiting: number;
  /** The most `waiting` ever was. */
  readonly maxWaiting: number;
  /** Read bytes posted, per exchange key. */
  readonly received: ReadonlyMap<number, number>;
}

export function heldWorker(store: Store | undefined): HeldWorker {
  const batches: ToRecorder[][] = [];
  const received = new Map<number, number>();
  let held = true;
  let waiting = 0;
  let maxWaiting = 0;
  const endpoint = Object.assign(new EventEmitter(), {
    postMessage(batch: ToRecorder[]) {
      for (const message of batch) {
        if (message.type !== 'reads') continue;
        forEachRead(message, (key, _t, bytes) => void received.set(key, (received.get(key) ?? 0) + bytes.length));
        waiting += message.bytes.length;
        maxWaiting = Math.max(maxWaiting, waiting);
      }
      batches.push(batch);
      if (!held) drain();
    },
    ref: () => endpoint,
    unref: () => endpoint,
  });
  const reply = (message: FromRecorder): void =>
    void setImmediate(() => {
      if (message.type === 'processed') waiting -= message.bytes;
      endpoint.emit('message', message);
    });
  const recorder = createRecorder(store, reply, () => setImmediate(() => endpoint.emit('exit', 0)));
  function drain(): void {
    for (const batch of batches.splice(0)) for (const message of batch) recorder.handle(message);
  }
  return {
    worker: endpoint as unknown as Worker,
    release() {
      held = false;
      drain();
    },
    get waiting() {
      return waiting;
    },
    get maxWaiting() {
      return maxWaiting;
    },
    received,
  };
}
