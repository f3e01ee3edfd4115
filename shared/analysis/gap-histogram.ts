// How the gaps between consecutive events' arrival times spread, in log-spaced buckets (1-2-5 per
// decade): a smooth stream is one tall bar near its decode rate, a buffered one a tall bar at 0
// (events that came in one read) and a long tail. The same gaps as the gap percentiles of
// metrics.ts.
//
// A live view asks again every frame with more events: the counts of an events array are kept
// and only the events added since are counted (the array may grow, never otherwise change,
// as scrub.ts also assumes).

export interface GapBucket {
  /** Gaps from `from` (inclusive) to `to` (exclusive), in ms; bucket 0 holds the gaps of exactly 0. */
  readonly from: number;
  readonly to: number;
  readonly label: string;
  readonly count: number;
}

export interface GapHistogram {
  /** Gaps counted: events − 1. */
  readonly total: number;
  /** Per bucket index (bucketOf), trailing empty buckets left out. */
  readonly counts: readonly number[];
  /** Gaps where the clock went backwards (an imported recording's times out of order): in no bucket. */
  readonly backwards: number;
}

/** The bucket of a gap in ms: 0 for exactly 0, 1 for under 1 ms, then 1–2, 2–5, 5–10, 10–20 … */
export function bucketOf(gap: number): number {
  if (gap <= 0) return 0;
  if (gap < 1) return 1;
  let decade = Math.floor(Math.log10(gap));
  // log10 of a power of ten may come out a hair under the integer.
  if (10 ** (decade + 1) <= gap) decade++;
  const mantissa = gap / 10 ** decade;
  return 2 + 3 * decade + (mantissa < 2 ? 0 : mantissa < 5 ? 1 : 2);
}

const STEPS = [1, 2, 5];

/** The range of a bucket, in ms: [from, to). */
export function bucketRange(index: number): { readonly from: number; readonly to: number } {
  if (index === 0) return { from: 0, to: 0 };
  if (index === 1) return { from: 0, to: 1 };
  const decade = Math.floor((index - 2) / 3);
  const step = (index - 2) % 3;
  const from = STEPS[step]! * 10 ** decade;
  const to = step === 2 ? 10 ** (decade + 1) : STEPS[step + 1]! * 10 ** decade;
  return { from, to };
}

/** `0 ms`, `<1 ms`, `1–2 ms` … `500–1000 ms`, `1–2 s`, `10–20 s`. */
export function bucketLabel(index: number): string {
  if (index === 0) return '0 ms';
  if (index === 1) return '<1 ms';
  const { from, to } = bucketRange(index);
  return from >= 1000 ? `${from / 1000}–${to / 1000} s` : `${from}–${to} ms`;
}

/** The buckets from the first non-empty one to the last, empty ones between included (an axis without holes). */
export function bucketsOf(histogram: GapHistogram): GapBucket[] {
  const { counts } = histogram;
  const first = counts.findIndex((count) => count > 0);
  if (first === -1) return [];
  const buckets: GapBucket[] = [];
  for (let index = first; index < counts.length; index++) {
    buckets.push({ ...bucketRange(index), label: bucketLabel(index), count: counts[index]! });
  }
  return buckets;
}

/** Counts of one events array so far: how many of its events are counted, and the last one's time. */
interface Tally {
  counted: number;
  last: number;
  readonly counts: number[];
  backwards: number;
  snapshot: GapHistogram;
}

const tallies = new WeakMap<readonly { readonly t: number | null }[], Tally>();

/**
 * The histogram of the gaps between consecutive events, or null when the events are untimed.
 * Asked again for the same array after it grew, it counts only the new events; the result is the
 * same object as long as nothing new was counted.
 */
export function gapHistogramOf(events: readonly { readonly t: number | null }[]): GapHistogram | null {
  if (events.length > 0 && events[0]!.t === null) return null;
  let tally = tallies.get(events);
  if (!tally || tally.counted > events.length) {
    tally = { counted: 0, last: 0, counts: [], backwards: 0, snapshot: { total: 0, counts: [], backwards: 0 } };
    tallies.set(events, tally);
  }
  if (tally.counted === events.length) return tally.snapshot;
  for (let i = tally.counted; i < events.length; i++) {
    const t = events[i]!.t;
    if (t === null) {
      // Timed and untimed events in one array is no recording we make: count nothing of it.
      tallies.delete(events);
      return null;
    }
    if (i > 0) {
      const gap = t - tally.last;
      if (gap < 0) tally.backwards++;
      else {
        const index = bucketOf(gap);
        while (tally.counts.length <= index) tally.counts.push(0);
        tally.counts[index]!++;
      }
    }
    tally.last = t;
  }
  tally.counted = events.length;
  tally.snapshot = { total: Math.max(0, events.length - 1), counts: [...tally.counts], backwards: tally.backwards };
  return tally.snapshot;
}
