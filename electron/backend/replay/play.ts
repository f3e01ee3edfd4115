// Carrying a replay plan out on one response (docs/replay.md): the response line at once, each
// planned write one chunk (write-chunk.ts) at its moment on the monotonic clock (clock.ts), a late
// write's lateness given back a little a gap (catch-up.ts). The replay server and the capture
// proxy's cassettes both play through it.

import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ReplayPlan } from '../../../shared/replay/plan.ts';
import { drained, writeChunk } from '../http/write-chunk.ts';
import { CatchUp } from './catch-up.ts';
import { waitUntil } from './clock.ts';

/** What a played response did, filled in as it goes. */
export interface PlayProgress {
  status: number | null;
  bytes: number;
  /** The connection was destroyed (a cut fault, or a recording that ended in error). */
  cut: boolean;
}

/** Carries a plan out; the response line goes at once, each write at its moment after it. */
export async function playPlan(res: ServerResponse, plan: ReplayPlan, progress: PlayProgress, signal: AbortSignal, precise: boolean): Promise<void> {
  const start = performance.now();
  if (plan.status === null) {
    await waitUntil(start + plan.end.at, signal, precise);
    progress.cut = true;
    res.destroy();
    return;
  }
  res.socket?.setNoDelay(true);
  res.writeHead(plan.status, plan.headers.flat());
  res.flushHeaders();
  progress.status = plan.status;
  const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  let flushed: Promise<void> = Promise.resolve();
  const catchUp = new CatchUp();
  for (const write of plan.writes) {
    await waitUntil(start + write.at + catchUp.lagAt(write.at), signal, precise);
    catchUp.wrote(performance.now() - (start + write.at));
    let more = true;
    flushed = new Promise<void>((resolve) => (more = writeChunk(res, write.bytes, () => resolve())));
    progress.bytes += write.bytes.length;
    // The client reads slower than the recording went: wait, as a real server blocks there too, then catch up at once.
    if (!more) {
      await drained(res, signal);
      signal.throwIfAborted();
      catchUp.reset();
    }
  }
  await waitUntil(start + plan.end.at + catchUp.lagAt(plan.end.at), signal, precise);
  if (plan.end.how === 'end') {
    res.end();
    return;
  }
  // The bytes written reach the socket first: the client gets them, then the connection ends without a terminating chunk.
  await Promise.race([flushed, aborted]);
  progress.cut = true;
  res.destroy();
}
