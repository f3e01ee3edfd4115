// The list's grid: its rows drawn only as they scroll into view (virtualised, ROW_HEIGHT each),
// and the row focus the keys move (./keys.ts): the grid is one tab stop, its focused row named by
// aria-activedescendant.

import { useVirtualizer } from '@tanstack/react-virtual';
import type { VirtualItem } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, RefObject } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { ROW_HEIGHT } from './HistoryRow.tsx';
import { focusAfter, gridAction, pageRows } from './keys.ts';
import type { RowCommand } from './keys.ts';

/** What the grid's keys do besides moving the focus. */
export interface GridKeys {
  /** Shift+arrows: the focus moved from the row `from` to the row `to` (ids). */
  extend(from: number, to: number): void;
  /** A command, for the focused row (undefined: no row is focused). */
  run(command: RowCommand, focused: RecordingSummary | undefined): void;
}

export interface Grid {
  readonly gridRef: RefObject<HTMLDivElement | null>;
  readonly bodyRef: RefObject<HTMLDivElement | null>;
  /** The rows drawn. */
  readonly items: readonly VirtualItem[];
  /** The height of every row, drawn or not. */
  readonly height: number;
  /** The index of the last row drawn, -1 for none. */
  readonly lastDrawn: number;
  /** The focused row's index, -1 for none. */
  readonly focusIndex: number;
  /** Whether the focused row is drawn (so that aria-activedescendant can name it). */
  readonly focusShown: boolean;
  /** A row clicked takes the focus. */
  focus(id: number): void;
  /** The rows `gone` are deleted: the focus moves on to the next row still shown. */
  skip(gone: ReadonlySet<number>): void;
  /** The keyboard's focus back on the grid (a row's field closed). */
  focusGrid(): void;
  onFocus(event: FocusEvent<HTMLDivElement>): void;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>, keys: GridKeys): void;
}

/** `order`: the ids of `rows`, the rows shown. */
export function useGrid(rows: readonly RecordingSummary[], order: readonly number[]): Grid {
  const [focusId, setFocusId] = useState<number | null>(null);
  const focusIndex = focusId === null ? -1 : order.indexOf(focusId);
  const gridRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's methods are read during render on purpose; nothing here is memoised on them
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => bodyRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();

  const focusRow = (index: number): void => {
    const row = rows[index];
    if (!row) return;
    setFocusId(row.id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  return {
    gridRef,
    bodyRef,
    items,
    height: virtualizer.getTotalSize(),
    lastDrawn: items.length > 0 ? items[items.length - 1]!.index : -1,
    focusIndex,
    focusShown: focusIndex !== -1 && items.some((item) => item.index === focusIndex),
    focus: setFocusId,
    skip(gone) {
      const next = focusAfter(order, focusId, gone);
      if (next !== focusId) setFocusId(next);
    },
    focusGrid: () => gridRef.current?.focus({ preventScroll: true }),
    onFocus(event) {
      if (event.target === event.currentTarget && focusIndex === -1 && rows.length > 0) setFocusId(rows[0]!.id);
    },
    onKeyDown(event, keys) {
      // Keys typed into a row's fields and buttons are theirs.
      if (event.target !== event.currentTarget && event.target !== bodyRef.current) return;
      const action = gridAction(event, focusIndex, rows.length, pageRows(bodyRef.current?.clientHeight ?? 0, ROW_HEIGHT));
      if (action === null) return;
      event.preventDefault();
      const focused = rows[focusIndex];
      if ('command' in action) return keys.run(action.command, focused);
      if (action.move === null) return;
      if (action.extend && focused) keys.extend(focused.id, rows[action.move]!.id);
      focusRow(action.move);
    },
  };
}
