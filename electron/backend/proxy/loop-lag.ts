// The relay thread's own event-loop lag, per exchange (capture.relay.lag). When the loop is
// blocked (CPU contention, a long garbage collection, hundreds of streams), the kernel gathers
// the upstream's writes into one read, stamped when the loop comes back: a burst after a silence
// that the analysis would otherwise blame on the upstream (buffered-delivery). One timer for the
// whole thread checks every LAG_SAMPLE_MS that it ran on time, and only while exchanges are in
// flight; a check LAG_EPISODE_MS late or more is an episode, handed to every exchange under way.
// perf_hooks' monitorEventLoopDelay would say how much, but not when, nor for which exchange.

import { performance } from 'node:perf_hooks';
import { LAG_EPISODE_MS, LAG_EPISODES_KEPT, LAG_SAMPLE_MS } from '../../../shared/capture/types.ts';

/** One exchange's watch: its episodes on its own clock (ms since `t0`). */
export interface LagWatch {
  /** Stops watching; the episodes seen, the one under way (the loop is late right now) included. */
  stop(): [number, number][];
}

interface Watcher {
  readonly t0: number;
  readonly episodes: [number, number][];
}

const watchers = new Set<Watcher>();
let timer: NodeJS.Timeout | null = null;
/** When the check last ran. */
let lastCheck = 0;

/** Records an episode when the check due LAG_SAMPLE_MS after the last is LAG_EPISODE_MS late or more. */
function check(): void {
  const now = performance.now();
  const due = lastCheck + LAG_SAMPLE_MS;
  lastCheck = now;
  if (now - due < LAG_EPISODE_MS) return;
  for (const watcher of watchers) {
    // The part of the episode after the exchange began: a loop blocked before it is not its concern.
    const from = Math.max(due, watcher.t0);
    if (now - from >= LAG_EPISODE_MS && watcher.episodes.length < LAG_EPISODES_KEPT) watcher.episodes.push([from - watcher.t0, now - watcher.t0]);
  }
}

/** Watches the loop from `t0` (performance.now()), the exchange's clock, until stop(). */
export function watchLoopLag(t0: number): LagWatch {
  const watcher: Watcher = { t0, episodes: [] };
  if (timer === null) {
    lastCheck = performance.now();
    // Unref'd: an idle proxy (or a test) is not kept alive by it.
    timer = setInterval(check, LAG_SAMPLE_MS).unref();
  }
  watchers.add(watcher);
  return {
    stop() {
      if (!watchers.has(watcher)) return watcher.episodes;
      // The loop may be ending a stall right now, its check not yet run: the exchange's last reads came in it.
      check();
      watchers.delete(watcher);
      if (watchers.size === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
      return watcher.episodes;
    },
  };
}
