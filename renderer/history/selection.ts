// Which recordings are selected for a bulk action. Either a set of ids, or every recording the
// filters match except a set of ids ("select all matching": thousands of rows, most never
// loaded, are selected without fetching them). Shift-click selects the range from the anchor,
// the row last clicked, to the row clicked, in the order the rows are shown.

export interface Selection {
  /** True: every matching recording except `ids`; false: `ids` only. */
  readonly all: boolean;
  readonly ids: ReadonlySet<number>;
  /** Where a shift-click's range starts. */
  readonly anchor: number | null;
}

export const NOTHING_SELECTED: Selection = { all: false, ids: new Set(), anchor: null };

export function isSelected(selection: Selection, id: number): boolean {
  return selection.ids.has(id) !== selection.all;
}

/** How many recordings are selected, of `matching`. */
export function selectedCount(selection: Selection, matching: number): number {
  return selection.all ? Math.max(0, matching - selection.ids.size) : selection.ids.size;
}

export function selectAll(): Selection {
  return { all: true, ids: new Set(), anchor: null };
}

/** Flips one row, and makes it the anchor. */
export function toggle(selection: Selection, id: number): Selection {
  const ids = new Set(selection.ids);
  if (!ids.delete(id)) ids.add(id);
  return { all: selection.all, ids, anchor: id };
}

/** Selects every row from the anchor to `id` in `order` (the rows as shown), keeping what was selected. */
export function selectRange(selection: Selection, order: readonly number[], id: number): Selection {
  const to = order.indexOf(id);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  if (to === -1) return selection;
  if (from === -1) return isSelected(selection, id) ? { ...selection, anchor: id } : toggle(selection, id);
  const ids = new Set(selection.ids);
  for (let index = Math.min(from, to); index <= Math.max(from, to); index++) {
    // Selecting a row is adding it to the ids, or taking it out of the exceptions.
    if (selection.all) ids.delete(order[index]!);
    else ids.add(order[index]!);
  }
  return { all: selection.all, ids, anchor: selection.anchor };
}

/** Shift+arrows: selects from the anchor, or with none from `from` (the row the focus leaves), to `to`. */
export function extendTo(selection: Selection, order: readonly number[], from: number, to: number): Selection {
  return selectRange(selection.anchor === null ? { ...selection, anchor: from } : selection, order, to);
}

/** The selection without `gone` (deleted rows), which can no longer be acted on. */
export function withoutIds(selection: Selection, gone: Iterable<number>): Selection {
  if (selection.all) return selection;
  const ids = new Set(selection.ids);
  let changed = false;
  for (const id of gone) changed = ids.delete(id) || changed;
  return changed ? { ...selection, ids } : selection;
}

/** The selected ones of `rows` (a page of matching rows). */
export function pickSelected<T extends { readonly id: number }>(selection: Selection, rows: readonly T[]): T[] {
  return rows.filter((row) => isSelected(selection, row.id));
}
