// The rows of the history, fetched a page at a time as the list is scrolled (limit/offset of
// the store's ListQuery, newest first). A recording stored between two pages shifts the later
// ones by a row: a row seen twice is kept once, and a refresh starts over from the top.

import type { ListResult, RecordingSummary } from '../../shared/api/recordings.ts';

/** Rows fetched per call. */
export const PAGE_SIZE = 200;
/** The store answers at most this many rows per call (shared/api/schema.ts). */
export const MAX_LIMIT = 10_000;

export interface Loaded {
  readonly rows: readonly RecordingSummary[];
  /** How many recordings match, as the last answer said. */
  readonly total: number;
  /** Where the next page starts. */
  readonly offset: number;
}

export const NOTHING_LOADED: Loaded = { rows: [], total: 0, offset: 0 };

/** `loaded` with the page fetched from `offset` after it (a page fetched from 0 starts over). */
export function withPage(loaded: Loaded, page: ListResult, offset: number): Loaded {
  const base = offset === 0 ? NOTHING_LOADED : loaded;
  const seen = new Set(base.rows.map((row) => row.id));
  const rows = [...base.rows];
  for (const row of page.items) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    rows.push(row);
  }
  return { rows, total: page.total, offset: offset + page.items.length };
}

export function hasMore(loaded: Loaded): boolean {
  return loaded.offset < loaded.total;
}

/** Whether to fetch the next page: the last row drawn is within `margin` rows of the end of what is loaded. */
export function wantsMore(loaded: Loaded, shown: number, lastDrawn: number, margin = 50): boolean {
  return hasMore(loaded) && lastDrawn >= shown - margin;
}

/** How many rows a refresh fetches: as many as are loaded, so the reader keeps their place. */
export function refreshLimit(loaded: Loaded): number {
  return Math.min(MAX_LIMIT, Math.max(PAGE_SIZE, loaded.offset));
}

/** `loaded` with one row changed (renamed, tagged) in place. */
export function withRow(loaded: Loaded, id: number, change: (row: RecordingSummary) => RecordingSummary): Loaded {
  return { ...loaded, rows: loaded.rows.map((row) => (row.id === id ? change(row) : row)) };
}

/** `loaded` without rows deleted for good; the rows after them move up, and so does the next page's offset. */
export function withoutRows(loaded: Loaded, gone: ReadonlySet<number>): Loaded {
  const rows = loaded.rows.filter((row) => !gone.has(row.id));
  const removed = loaded.rows.length - rows.length;
  return { rows, total: Math.max(0, loaded.total - removed), offset: Math.max(0, loaded.offset - removed) };
}
