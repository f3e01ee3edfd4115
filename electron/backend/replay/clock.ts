// Waiting until a moment on the monotonic clock, to well under a millisecond.
//
// Node's timers fire on whole milliseconds and usually up to a millisecond
// late, and a replay that slept for each recorded gap would add that error to
// every gap. So each wait is for an absolute moment (the replay's start plus
// the write's time, never the previous write plus a gap: errors do not add up);
// a timer wakes us a little early, and the last stretch is spent yielding to
// the event loop (setImmediate) until performance.now() reaches the moment.
// The spin costs CPU for at most EARLY_MS per write and lets other sockets run.

import { performance } from 'node:perf_hooks';
import { setImmediate as immediate, setTimeout as sleep } from 'node:timers/promises';

/** How long before the moment the timer wakes us: more than a timer is ever early or late by on a busy loop. */
const EARLY_MS = 2;

/** Resolves at `due` (a performance.now() time) or just after; at once, without yielding, when it has passed. Rejects when `signal` aborts. */
export async function waitUntil(due: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const sleepMs = due - performance.now() - EARLY_MS;
  if (sleepMs >= 1) await sleep(sleepMs, undefined, { signal });
  while (performance.now() < due) {
    await immediate();
    signal.throwIfAborted();
  }
}
