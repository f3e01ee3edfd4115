// The two recordings' figures side by side: the counts every recording has (events, chunks, reads,
// bytes) and the timing metrics of shared/analysis/metrics.ts in the order and words of
// METRIC_DEFINITIONS, each with B − A and which of the two did better.

import type { Analysis } from '../../shared/analysis/analyze.ts';
import { countsOf } from '../../shared/analysis/contract.ts';
import { METRIC_DEFINITIONS } from '../../shared/analysis/metric-definitions.ts';
import type { Metrics } from '../../shared/analysis/metrics.ts';

/** Lower is better for a time, higher for a rate; counts only differ. */
export type Better = 'lower' | 'higher' | null;

export interface MetricRow {
  readonly key: keyof Metrics | 'events' | 'chunks' | 'reads' | 'bytes';
  readonly label: string;
  readonly definition: string;
  readonly a: number | null;
  readonly b: number | null;
  /** B − A; null when either is missing. */
  readonly delta: number | null;
  /** Which recording did better; 'same' when equal, null when neither is better (a count, a missing value). */
  readonly winner: 'a' | 'b' | 'same' | null;
  /** Why no winner is named for a pace metric: a buffered stream's bursts make its gaps short and its rates high, which is no merit. */
  readonly unjudged: 'buffered' | null;
}

const RATES: ReadonlySet<keyof Metrics> = new Set(['events_per_s', 'tokens_per_s']);
/** The metrics of the stream's pace, which buffering falsifies: gaps between events, per-token times and rates. */
const PACE: ReadonlySet<MetricRow['key']> = new Set(['gap_p50_ms', 'gap_p90_ms', 'gap_p99_ms', 'gap_max_ms', 'tpot_ms', 'events_per_s', 'tokens_per_s']);

/** How a better value of `key` is said: a moment comes sooner, a gap or a per-token time is shorter, a rate is faster. */
export function betterWord(key: MetricRow['key']): 'sooner' | 'shorter' | 'faster' | null {
  const better = betterOf(key);
  if (better === 'higher') return 'faster';
  if (better === 'lower') return PACE.has(key) || key === 'read_gap_max_ms' ? 'shorter' : 'sooner';
  return null;
}

/** Whether a lower or a higher value of `key` is better: times lower, rates higher; the token count is neither. */
export function betterOf(key: MetricRow['key']): Better {
  if (key.endsWith('_ms')) return 'lower';
  return RATES.has(key as keyof Metrics) ? 'higher' : null;
}

const COUNTS: readonly { readonly key: 'events' | 'chunks' | 'reads' | 'bytes'; readonly label: string; readonly definition: string }[] = [
  { key: 'events', label: 'events', definition: 'SSE events in the body, comments included.' },
  { key: 'chunks', label: 'chunks', definition: 'Events whose data is a JSON chunk.' },
  { key: 'reads', label: 'network reads', definition: 'Reads of the body as the network delivered it.' },
  { key: 'bytes', label: 'body bytes', definition: 'Bytes of the response body.' },
];

/**
 * The rows of the comparison: the counts, then every metric at least one recording has (a
 * metric neither has, such as the first refusal of two answers without one, is left out).
 */
export function metricRows(a: Analysis, b: Analysis): MetricRow[] {
  const countsA = countsOf(a);
  const countsB = countsOf(b);
  const buffered = isBuffered(a) || isBuffered(b);
  const rows = COUNTS.map(({ key, label, definition }) => row(key, label, definition, countsA[key], countsB[key], false));
  for (const { key, label, definition } of METRIC_DEFINITIONS) {
    const valueA = a.metrics?.[key] ?? null;
    const valueB = b.metrics?.[key] ?? null;
    if (valueA !== null || valueB !== null) rows.push(row(key, label, definition, valueA, valueB, buffered && PACE.has(key)));
  }
  return rows;
}

function isBuffered(analysis: Analysis): boolean {
  return analysis.diagnostics.some((diagnostic) => diagnostic.code === 'buffered-delivery');
}

function row(key: MetricRow['key'], label: string, definition: string, a: number | null, b: number | null, bufferedPace: boolean): MetricRow {
  const delta = a !== null && b !== null ? b - a : null;
  const unjudged = bufferedPace && delta !== null && delta !== 0 ? 'buffered' : null;
  return { key, label, definition, a, b, delta, winner: unjudged ? null : winnerOf(betterOf(key), delta), unjudged };
}

function winnerOf(better: Better, delta: number | null): MetricRow['winner'] {
  if (better === null || delta === null) return null;
  if (delta === 0) return 'same';
  return (delta < 0) === (better === 'lower') ? 'b' : 'a';
}
