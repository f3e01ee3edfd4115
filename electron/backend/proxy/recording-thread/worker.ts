// The recording thread's entry (see recorder.ts): its own connection to the relay's store file,
// then every batch of messages from the relay's thread handled in order.

import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../../store/index.ts';
import { createRecorder } from './recorder.ts';
import type { FromRecorder, RecordingThreadData, ToRecorder } from './messages.ts';

const port = parentPort;
if (!port) throw new Error('recording-thread/worker.ts runs as a worker thread');
const { store: address, processed } = workerData as RecordingThreadData;
const handled = new BigInt64Array(processed);
// The relay's store already recovered what a dead process left; this connection must not (it cannot see the relay's live recordings).
// Every recording due is flushed in one transaction: nothing on this thread waits for the store.
const store = address
  ? openStore(address.path, { recover: false, writersPerFlush: Infinity, ...(address.nativeBinding === undefined ? {} : { nativeBinding: address.nativeBinding }) })
  : undefined;
const recorder = createRecorder(
  store,
  // What it handled is counted where the relay's thread reads it: a message would wake that thread for each batch.
  (message: FromRecorder) => (message.type === 'processed' ? void Atomics.add(handled, 0, BigInt(message.bytes)) : port.postMessage(message)),
  () => {
    store?.close();
    port.close();
  },
);
port.on('message', (batch: readonly ToRecorder[]) => {
  for (const message of batch) recorder.handle(message);
});
port.postMessage({ type: 'ready' } satisfies FromRecorder);
