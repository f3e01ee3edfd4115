// One request recorded within the run's bounds, as gateway mode sends it (its direct and its
// via-gateway recordings): a whole time and a body size past which it is cut, the cut said in
// words, so that a gateway that never answers, answers forever or sends a huge body is reported,
// never waited on. (run.ts bounds the server battery's requests the same way.)

import { recordStream } from '../recorder/record.ts';
import type { RecordResult } from '../recorder/record.ts';
import type { Store } from '../store/index.ts';

export interface BoundedRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly secretHeaders?: readonly string[];
  readonly body: Record<string, unknown>;
  readonly name: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly store?: Store;
  readonly signal?: AbortSignal;
}

export interface BoundedRecording {
  readonly recorded: RecordResult;
  /** Why the run cut it short, in words; null when it ended by itself. */
  readonly cut: string | null;
}

export async function recordBounded(request: BoundedRequest): Promise<BoundedRecording> {
  const controller = new AbortController();
  let cut: string | null = null;
  const stop = (why: string): void => {
    if (cut !== null) return;
    cut = why;
    controller.abort();
  };
  const timer = setTimeout(() => stop(`it did not end within ${request.timeoutMs / 1000} s`), request.timeoutMs);
  const onAbort = (): void => controller.abort();
  request.signal?.addEventListener('abort', onAbort);
  let bytes = 0;
  try {
    const recorded = await recordStream({
      url: request.url,
      headers: request.headers,
      ...(request.secretHeaders ? { secretHeaders: request.secretHeaders } : {}),
      body: request.body,
      timeouts: { firstByteMs: request.timeoutMs, idleMs: request.timeoutMs },
      signal: controller.signal,
      name: request.name,
      ...(request.store ? { store: request.store } : {}),
      // One byte more than the bound is kept, so that a body past it is seen to be.
      maxRecordingBytes: request.maxBodyBytes + 1,
      onRead: (_t, read) => {
        bytes += read.length;
        if (bytes > request.maxBodyBytes) stop(`its body passed ${request.maxBodyBytes.toLocaleString('en-US')} bytes`);
      },
    });
    return { recorded, cut };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}
