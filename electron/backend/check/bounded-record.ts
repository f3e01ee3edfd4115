// One request recorded within a run's bounds, as the server battery (run.ts) and gateway mode
// (gateway.ts) send theirs: a whole time and a body size past which it is cut, so that a server or
// gateway that never answers, answers forever or sends a huge body is reported, never waited on.

import { recordStream } from '../recorder/record.ts';
import type { RecordOptions, RecordResult } from '../recorder/record.ts';

export interface BoundedRequest extends Omit<RecordOptions, 'timeouts' | 'signal' | 'maxRecordingBytes' | 'onRead'> {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  /** The caller's own stop: the request is cut, and the cut is not the bounds' (`cut` stays null). */
  readonly signal?: AbortSignal;
}

/** Which bound cut the request: its time, or its body's size. */
export type BoundCut = 'time' | 'size';

export interface BoundedRecording {
  readonly recorded: RecordResult;
  /** Null when it ended by itself (or by the caller's signal). */
  readonly cut: BoundCut | null;
}

/** A cut in words, as the end of a sentence: "it did not end within 60 s". */
export function cutWords(cut: BoundCut, request: Pick<BoundedRequest, 'timeoutMs' | 'maxBodyBytes'>): string {
  return cut === 'time' ? `it did not end within ${request.timeoutMs / 1000} s` : `its body passed ${request.maxBodyBytes.toLocaleString('en-US')} bytes`;
}

export async function recordBounded(request: BoundedRequest): Promise<BoundedRecording> {
  const { timeoutMs, maxBodyBytes, signal, ...options } = request;
  const controller = new AbortController();
  let cut: BoundCut | null = null;
  const stop = (why: BoundCut): void => {
    if (cut !== null) return;
    cut = why;
    controller.abort();
  };
  const timer = setTimeout(() => stop('time'), timeoutMs);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onAbort);
  let bytes = 0;
  try {
    const recorded = await recordStream({
      ...options,
      timeouts: { firstByteMs: timeoutMs, idleMs: timeoutMs },
      signal: controller.signal,
      // One byte more than the bound is kept, so that a body past it is seen to be (the read that crosses the cap is cut there).
      maxRecordingBytes: maxBodyBytes + 1,
      onRead: (_t, read) => {
        bytes += read.length;
        if (bytes > maxBodyBytes) stop('size');
      },
    });
    return { recorded, cut };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
