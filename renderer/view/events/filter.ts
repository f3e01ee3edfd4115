// Which events the table shows: the kinds ticked, and a text or a regular expression searched in
// each event's annotation and data. Built for a live recording of a hundred thousand events: a
// filter remembers how far it has looked, and when the events have only grown since, it looks
// at the new ones alone.

import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import type { ViewKind } from '../../../shared/dialects/kit/view.ts';

/** A text query, compiled: `test` is null when there is none (every event matches). */
export interface Query {
  readonly test: ((text: string) => boolean) | null;
  /** Why the pattern is not a regular expression (it then matches nothing); null when it is one. */
  readonly error: string | null;
}

const NO_QUERY: Query = { test: null, error: null };
const NOTHING = (): boolean => false;

/** Text is searched as typed, ignoring case; a regex is searched as written, ignoring case too. */
export function compileQuery(text: string, regex: boolean): Query {
  if (text === '') return NO_QUERY;
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex ? text : text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  } catch (error) {
    return { test: NOTHING, error: `invalid pattern: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { test: (value) => pattern.test(value), error: null };
}

export interface EventFilter {
  /** The kinds shown; null for all of them. */
  readonly kinds: ReadonlySet<ViewKind> | null;
  readonly query: Query;
}

export type KindCounts = Readonly<Partial<Record<ViewKind, number>>>;

export interface FilteredEvents {
  /** The indexes of the events shown, in order; null when every event is. */
  readonly rows: readonly number[] | null;
  /** How many rows there are. */
  readonly count: number;
  /** How many events of each kind there are, shown or not. */
  readonly kinds: KindCounts;
  /** How many events were looked at. */
  readonly total: number;
}

/**
 * Annotations a text filter worded, kept per recording's events: wording a hundred thousand takes
 * a few hundred milliseconds, which the next keystroke's filter then does not pay again.
 */
const worded = new WeakMap<readonly AnalyzedEvent[], string[]>();

/** Whether event `index` passes a query: its annotation, then its data. */
function matches(events: readonly AnalyzedEvent[], index: number, test: (text: string) => boolean): boolean {
  let annotations = worded.get(events);
  if (!annotations) worded.set(events, (annotations = []));
  const event = events[index]!;
  if (test((annotations[index] ??= event.annotation))) return true;
  const data = event.sse.data;
  return data !== null && test(data);
}

export interface Filterer {
  /** The events `events` shows under this filter. `events` may have grown since the last call. */
  apply(events: readonly AnalyzedEvent[]): FilteredEvents;
}

/** A filter that remembers what it saw: one per filter, called again as the events grow. */
export function createFilterer({ kinds, query }: EventFilter): Filterer {
  const all = kinds === null && query.test === null;
  let rows: number[] = [];
  let counts: Partial<Record<ViewKind, number>> = {};
  let scanned = 0;
  let last: AnalyzedEvent | undefined;
  let result: FilteredEvents | null = null;

  return {
    apply(events) {
      // Another recording, or the same one analysed again: start over.
      if (scanned > events.length || (scanned > 0 && events[scanned - 1] !== last)) {
        rows = [];
        counts = {};
        scanned = 0;
        result = null;
      }
      if (result !== null && scanned === events.length) return result;
      const added: number[] = [];
      const nextCounts = { ...counts };
      const { test } = query;
      for (let index = scanned; index < events.length; index++) {
        const event = events[index]!;
        const kind = event.interpretation.kind;
        nextCounts[kind] = (nextCounts[kind] ?? 0) + 1;
        if (all || ((kinds === null || kinds.has(kind)) && (test === null || matches(events, index, test)))) added.push(index);
      }
      // A new array rather than a longer one: a result handed out never changes.
      if (!all && added.length > 0) rows = rows.concat(added);
      counts = nextCounts;
      scanned = events.length;
      last = events[scanned - 1];
      result = { rows: all ? null : rows, count: all ? scanned : rows.length, kinds: counts, total: scanned };
      return result;
    },
  };
}

/** The event on row `row`. */
export function eventAt(filtered: FilteredEvents, row: number): number {
  return filtered.rows === null ? row : filtered.rows[row]!;
}

/**
 * Where event `event` is among the rows: its row when shown (`exact`), else the row of the first
 * shown event after it (the row count when none): where keys move on from.
 */
export function rowOf(filtered: FilteredEvents, event: number): { readonly row: number; readonly exact: boolean } {
  const { rows } = filtered;
  if (rows === null) return event < filtered.count ? { row: event, exact: true } : { row: filtered.count, exact: false };
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[middle]! < event) low = middle + 1;
    else high = middle;
  }
  return { row: low, exact: rows[low] === event };
}
