// Seeded randomness and pacing: every random choice the simulator makes (ids,
// padding, words, jitter) comes from a PRNG seeded here, so the same seed gives
// the same bytes and the same timing, run after run.

/** A source of numbers in [0, 1). */
export type Rng = () => number;

/** Mixes strings and numbers into one 32-bit seed (FNV-1a over their text). */
export function seedFrom(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: small, fast, and good enough to look random. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max], both included. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomString(rng: Rng, length: number, alphabet = ALPHANUMERIC): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(rng() * alphabet.length)];
  return text;
}

/** How fast a simulated model answers, in real milliseconds (before the time scale). */
export interface PaceOptions {
  /** Wait before the first chunk (time to first token). */
  readonly ttftMs: number;
  /** Token chunks a second once the answer flows. */
  readonly tps: number;
  /** How much each interval varies, 0 (metronome) to 1 (between 0 and twice the mean). */
  readonly jitter: number;
}

export const DEFAULT_PACE: PaceOptions = { ttftMs: 450, tps: 60, jitter: 0.35 };

/**
 * When a step goes out, relative to the one before it: `first` is the wait for
 * the first chunk, `token` one token interval, `quick` a short fraction of one
 * (a finish, usage or [DONE] event right after the last token); a number is an
 * explicit wait in milliseconds.
 */
export type Pace = 'first' | 'token' | 'quick' | number;

/** The wait before a step in milliseconds at time scale 1, jittered from `rng`. */
export function delayFor(pace: Pace, options: PaceOptions, rng: Rng): number {
  const spread = (mean: number, jitter: number): number => Math.max(0, mean * (1 + jitter * (rng() * 2 - 1)));
  const interval = 1000 / options.tps;
  if (typeof pace === 'number') return pace;
  if (pace === 'first') return spread(options.ttftMs, options.jitter / 2);
  if (pace === 'token') return spread(interval, options.jitter);
  return spread(interval / 5, options.jitter);
}
