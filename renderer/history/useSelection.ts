// The list's selection (./selection.ts): ticked, shift-clicked, extended with Shift+arrows, all
// matching; emptied when the filters change, since a selection of rows no longer shown would act unseen.

import { useState } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { extendTo, isSelected, NOTHING_SELECTED, pickSelected, selectAll, selectedCount, selectRange, toggle, withoutIds } from './selection.ts';
import type { Selection } from './selection.ts';
import { fetchMatching } from './useRecordings.ts';

export interface Selecting {
  readonly selection: Selection;
  /** How many recordings are selected. */
  readonly count: number;
  /** Every matching recording, none excepted (the head's box ticked). */
  readonly everyOne: boolean;
  has(id: number): boolean;
  /** A row's box clicked; `range`, with Shift. */
  check(id: number, range: boolean): void;
  toggle(id: number): void;
  /** Shift+arrows, from the row the focus leaves to the one it comes to. */
  extend(from: number, to: number): void;
  selectAll(): void;
  clear(): void;
  /** Deleted rows leave the selection. */
  drop(gone: ReadonlySet<number>): void;
  /** The selected recordings: the rows picked of `rows`, or every one matching (fetched) but the exceptions and `hidden`. */
  chosen(rows: readonly RecordingSummary[], hidden: ReadonlySet<number>): Promise<RecordingSummary[]>;
}

/** `filtersKey` names the filters; `order`, the ids of the rows as shown; `matching`, how many match. */
export function useSelection(filtersKey: string, order: readonly number[], matching: number): Selecting {
  const [selection, setSelection] = useState(NOTHING_SELECTED);
  const [selectionFor, setSelectionFor] = useState(filtersKey);
  if (selectionFor !== filtersKey) {
    setSelectionFor(filtersKey);
    setSelection(NOTHING_SELECTED);
  }
  const count = selectedCount(selection, matching);
  return {
    selection,
    count,
    everyOne: selection.all && selection.ids.size === 0 && matching > 0,
    has: (id) => isSelected(selection, id),
    check: (id, range) => setSelection((current) => (range ? selectRange(current, order, id) : toggle(current, id))),
    toggle: (id) => setSelection((current) => toggle(current, id)),
    extend: (from, to) => setSelection((current) => extendTo(current, order, from, to)),
    selectAll: () => setSelection(selectAll()),
    clear: () => setSelection(NOTHING_SELECTED),
    drop: (gone) => setSelection((current) => withoutIds(current, gone)),
    async chosen(rows, hidden) {
      if (!selection.all) return pickSelected(selection, rows);
      return pickSelected(selection, await fetchMatching(filtersKey)).filter((row) => !hidden.has(row.id));
    },
  };
}
