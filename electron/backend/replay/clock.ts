// Waiting until a moment on the monotonic clock, to well under a millisecond, at a few % of a core.
//
// Node's timers fire on whole milliseconds and usually up to a millisecond late, and a replay that
// slept for each recorded gap would add that error to every gap. So each wait is for an absolute
// moment (the replay's start plus the write's time, never the previous write plus a gap: errors do
// not add up); a timer wakes us a little early, and the last stretch is spent blocked in
// Atomics.wait, whose timeout is kept to the microsecond, in slices of at most BLOCK_SLICE_MS with
// one turn of the event loop before each (what arrived meanwhile, a client's read or a request, is
// served), then a busy wait of the last SPIN_TAIL_MS.
//
// How early is learnt, not fixed: the timer's own lateness is measured on every wait, and the head
// start is the worst lateness seen in the last LATENESS_WINDOW waits plus a margin (1–8 ms). The
// head start costs no CPU (the thread is blocked, not spinning), only the event loop's turns
// between slices. A wait never blocks past the moment of another wait in its last stretch: the
// earliest goes first (several streams played at once).
//
// Precise timing never sleeps: the whole wait is spent yielding to the event loop, so the process
// is awake at every moment and no wake-up of this VM's vCPU can make a write late. It keeps a core
// busy for as long as a stream plays, so it is asked for (`--precise`); `npm run bench` measures
// both ways (docs/performance.md, "Replay timing").
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
  if (precise) {
    if (performance.now() < due) await spinUntil(due, signal);
    return;
  }
  const wake = due - earlyMs();
  const sleepMs = wake - performance.now();
  if (sleepMs >= 1) {
    await sleep(sleepMs, signal);
    lateness[next] = Math.max(0, performance.now() - wake);
    next = (next + 1) % LATENESS_WINDOW;
  }
  if (performance.now() >= due) return;
  const waiting = { due };
  finalStretch.add(waiting);
  try {
    await blockUntil(waiting, signal);
  } finally {
    finalStretch.delete(waiting);
  }
}

const BLOCK_SLICE_MS = 2;
const SPIN_TAIL_MS = 0.05;
/** Never written: Atomics.wait on it only ever times out. */
const cell = new Int32Array(new SharedArrayBuffer(4));
/** The waits in their last stretch, blocked or about to be. */
const finalStretch = new Set<{ readonly due: number }>();

/** Blocks the thread in slices until `waiting.due`, a turn of the event loop before each, the earliest wait first. */
async function blockUntil(waiting: { readonly due: number }, signal: AbortSignal): Promise<void> {
  for (;;) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
    let first = waiting.due;
    for (const other of finalStretch) if (other.due < first) first = other.due;
    const mine = first >= waiting.due;
    const now = performance.now();
    if (mine && now >= waiting.due) return;
    const until = Math.min(first, now + BLOCK_SLICE_MS) - SPIN_TAIL_MS;
    if (until > now) Atomics.wait(cell, 0, 0, until - now);
    if (mine && waiting.due - performance.now() <= SPIN_TAIL_MS) {
      while (performance.now() < waiting.due);
      return;
    }
  }
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
