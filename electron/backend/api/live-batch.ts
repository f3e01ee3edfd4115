// A live recording's reads and events, gathered into `live` pushes: one push at most every
// interval (30 ms: about two frames), or at once when a batch grows large. One push per read
// would be 5,000 messages a second through IPC or the bridge at a fast stream's pace, and as
// many renders; batching keeps that to some thirty, whatever the rate.

import type { LiveBatch } from '../../../shared/api/contract.ts';
import type { StoredEvent } from '../../../shared/api/recordings.ts';
import type { AnalyzedEvent, RecordedResponse } from '../../../shared/index.ts';
import { redactHeaders } from '../../../shared/recording/secrets/redact.ts';
import { storedEvent } from '../store/index.ts';

export interface LiveBatchOptions {
  /** Longest wait of a read or event before it is pushed. Default 30 ms. */
  readonly intervalMs?: number;
  /** A batch with this many events is pushed at once. Default 2,000. */
  readonly maxEvents?: number;
  /** A batch with this many body bytes is pushed at once. Default 256 KiB. */
  readonly maxBytes?: number;
}

export interface LiveBatcher {
  response(response: RecordedResponse): void;
  read(t: number, bytes: Uint8Array): void;
  event(event: AnalyzedEvent): void;
  /** Pushes what is pending now (before the `finished` push). */
  flush(): void;
}

export const LIVE_BATCH_INTERVAL_MS = 30;

export function createLiveBatcher(id: number, push: (batch: LiveBatch) => void, options: LiveBatchOptions = {}): LiveBatcher {
  const intervalMs = options.intervalMs ?? LIVE_BATCH_INTERVAL_MS;
  const maxEvents = options.maxEvents ?? 2000;
  const maxBytes = options.maxBytes ?? 256 * 1024;
  let response: RecordedResponse | undefined;
  let reads: { t: number; bytes: Uint8Array }[] = [];
  let events: StoredEvent[] = [];
  let bytes = 0;
  let firstRead = 0;
  let timer: NodeJS.Timeout | null = null;

  function flush(): void {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (response === undefined && reads.length === 0 && events.length === 0) return;
    const batch: LiveBatch = { id, ...(response ? { response } : {}), firstRead, reads, events };
    firstRead += reads.length;
    response = undefined;
    reads = [];
    events = [];
    bytes = 0;
    push(batch);
  }

  function added(): void {
    if (events.length >= maxEvents || bytes >= maxBytes) flush();
    else timer ??= setTimeout(flush, intervalMs);
  }

  return {
    response(head) {
      // The recorder hands over the headers as they came: a server may echo a key in them.
      response = { ...head, headers: redactHeaders(head.headers) };
      added();
    },
    read(t, data) {
      // A copy: the caller's view may share a larger buffer, which IPC would clone whole.
      reads.push({ t, bytes: data.slice() });
      bytes += data.length;
      added();
    },
    event(event) {
      events.push(storedEvent(event));
      added();
    },
    flush,
  };
}
