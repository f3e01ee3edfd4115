// Waiting until a moment on the monotonic clock, to well under a millisecond.
//
// Node's timers fire on whole milliseconds and usually up to a millisecond
// late, and a replay that slept for each recorded gap would add that error to
// every gap. So each wait is for an absolute moment (the replay's start plus
// the write's time, never the previous write plus a gap: errors do not add up);
// a timer wakes us a little early, and the last stretch is spent yielding to
// the event loop (setImmediate) until performance.now() reaches the moment.
//
// How early is learnt, not fixed: the timer's own lateness is measured on
// every wait, and the head start is the worst lateness seen in the last
// LATENESS_WINDOW waits plus a margin. On an idle machine a timer is a fraction
// of a millisecond late and the spin stays short; on a virtual machine whose
// sleeping vCPU takes milliseconds to wake, the head start grows to cover it,
// up to MAX_EARLY_MS of spinning a write.

import { performance } from 'node:perf_hooks';
import { setImmediate as immediate, setTimeout as sleep } from 'node:timers/promises';

const MIN_EARLY_MS = 1;
const MAX_EARLY_MS = 8;
const MARGIN_MS = 0.5;
const LATENESS_WINDOW = 64;

/** Recent timer lateness (ms past the moment asked for), a ring of the last LATENESS_WINDOW waits. */
const lateness = new Float64Array(LATENESS_WINDOW).fill(MIN_EARLY_MS);
let next = 0;

/** The head start a wait takes now. */
export function earlyMs(): number {
  let worst = 0;
  for (const value of lateness) if (value > worst) worst = value;
  return Math.min(MAX_EARLY_MS, Math.max(MIN_EARLY_MS, worst + MARGIN_MS));
}

/** Resolves at `due` (a performance.now() time) or just after; at once, without yielding, when it has passed. Rejects when `signal` aborts. */
export async function waitUntil(due: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const wake = due - earlyMs();
  const sleepMs = wake - performance.now();
  if (sleepMs >= 1) {
    await sleep(sleepMs, undefined, { signal });
    lateness[next] = Math.max(0, performance.now() - wake);
    next = (next + 1) % LATENESS_WINDOW;
  }
  while (performance.now() < due) {
    await immediate();
    signal.throwIfAborted();
  }
}
