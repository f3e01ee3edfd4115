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
//
// Precise timing never sleeps: the whole wait is spent yielding to the event loop, so the process
// is awake at every moment and no wake-up can make a write late. It keeps a core busy for as long
// as a stream plays, so it is asked for (`--precise`); `npm run bench` measures both ways
// (docs/performance.md, "Replay timing").
//
// The yielding loop is a callback given to setImmediate, not an awaited promise: at about a
// million turns a second the promises' garbage set off a young-generation collection every few
// milliseconds (213 in a benchmark run, against 52), each one a pause of about a millisecond.

import { performance } from 'node:perf_hooks';

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

/**
 * Resolves at `due` (a performance.now() time) or just after; at once, without yielding, when it
 * has passed. Rejects when `signal` aborts. `precise`: awake all the way, never asleep.
 */
export async function waitUntil(due: number, signal: AbortSignal, precise = false): Promise<void> {
  signal.throwIfAborted();
  if (!precise) {
    const wake = due - earlyMs();
    const sleepMs = wake - performance.now();
    if (sleepMs >= 1) {
      await sleep(sleepMs, signal);
      lateness[next] = Math.max(0, performance.now() - wake);
      next = (next + 1) % LATENESS_WINDOW;
    }
  }
  if (performance.now() < due) await spinUntil(due, signal);
}

/** The global timer (not node:timers/promises): the tests replace it to show that a precise wait never sleeps. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** Yields to the event loop until `due`: other connections are served meanwhile. */
function spinUntil(due: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const turn = (): void => {
      if (signal.aborted) reject(signal.reason);
      else if (performance.now() >= due) resolve();
      else setImmediate(turn);
    };
    setImmediate(turn);
  });
}
