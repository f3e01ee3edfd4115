// Moving the selection through the table's rows with the keyboard, and following the tail of a
// live recording.

/** The keys the table moves the selection with (a grid's, WAI-ARIA APG "Grid Pattern"). */
const KEYS = ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'] as const;
export type MoveKey = (typeof KEYS)[number];

export function isMoveKey(key: string): key is MoveKey {
  return (KEYS as readonly string[]).includes(key);
}

/**
 * The row a key moves the selection to, or null when there is no row. `from` is where the
 * selection is (rowOf in filter.ts): its row when shown; when it is hidden by the filter (or
 * there is none, row 0), the row it would come before, so Down goes to the next shown event and
 * Up to the previous one.
 */
export function moveRow(key: MoveKey, from: { readonly row: number; readonly exact: boolean } | null, rows: number, page: number): number | null {
  if (rows === 0) return null;
  const clamp = (row: number): number => Math.max(0, Math.min(rows - 1, row));
  const step = Math.max(1, page);
  if (key === 'Home') return 0;
  if (key === 'End') return rows - 1;
  if (from === null) return key === 'ArrowUp' || key === 'PageUp' ? rows - 1 : 0;
  const { row, exact } = from;
  switch (key) {
    case 'ArrowDown':
      return clamp(exact ? row + 1 : row);
    case 'ArrowUp':
      return clamp(row - 1);
    case 'PageDown':
      return clamp(exact ? row + step : row + step - 1);
    case 'PageUp':
      return clamp(row - step);
  }
}

export interface ScrollMetrics {
  readonly scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

/** Within `slop` pixels of the bottom (a fraction of a row: zoomed pages scroll to fractions of a pixel). */
export function isAtBottom({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics, slop: number): boolean {
  return scrollHeight - clientHeight - scrollTop <= slop;
}

/**
 * Whether the table scrolls to the newest row when rows arrive: only while recording, and only
 * when the reader was at the bottom before they came (one scrolled up to read is left there).
 */
export function followsTail(live: boolean, wasAtBottom: boolean, grew: boolean): boolean {
  return live && wasAtBottom && grew;
}

/**
 * Where the table scrolls to bring `row` (rows `rowHeight` tall, from 0) into a viewport
 * `viewport` pixels tall scrolled to `scrollTop`: the least move (the row at the top when it is
 * above, at the bottom when below), or null when it is in view already. Worked out from the fixed
 * row height rather than asked of the virtualiser: its scrollToIndex reads the page's layout back
 * on every render until the scroll lands, and a replay on screen moves the selection every frame.
 */
export function scrollToShow(row: number, rowHeight: number, scrollTop: number, viewport: number): number | null {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
  return null;
}
