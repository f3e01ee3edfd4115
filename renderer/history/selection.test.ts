import { describe, expect, it } from 'vitest';
import { extendTo, isSelected, NOTHING_SELECTED, pickSelected, selectAll, selectedCount, selectRange, toggle, withoutIds } from './selection.ts';
import type { Selection } from './selection.ts';

// The rows as shown: newest first.
const order = [90, 80, 70, 60, 50, 40];
const selectedOf = (selection: Selection): number[] => order.filter((id) => isSelected(selection, id));

describe('selecting rows', () => {
  it('toggles one row at a time and remembers it as the anchor', () => {
    let selection = toggle(NOTHING_SELECTED, 80);
    expect(selectedOf(selection)).toEqual([80]);
    expect(selection.anchor).toBe(80);
    selection = toggle(selection, 50);
    selection = toggle(selection, 80);
    expect(selectedOf(selection)).toEqual([50]);
    expect(selectedCount(selection, 1000)).toBe(1);
  });

  it('selects the range from the anchor to a shift-clicked row, downwards and upwards', () => {
    expect(selectedOf(selectRange(toggle(NOTHING_SELECTED, 80), order, 50))).toEqual([80, 70, 60, 50]);
    expect(selectedOf(selectRange(toggle(NOTHING_SELECTED, 50), order, 80))).toEqual([80, 70, 60, 50]);
  });

  it('keeps what was selected outside the range, and keeps the anchor for the next shift-click', () => {
    let selection = toggle(toggle(NOTHING_SELECTED, 40), 90);
    selection = selectRange(selection, order, 70);
    expect(selectedOf(selection)).toEqual([90, 80, 70, 40]);
    // A second shift-click from the same anchor extends the range further.
    selection = selectRange(selection, order, 60);
    expect(selectedOf(selection)).toEqual([90, 80, 70, 60, 40]);
    expect(selection.anchor).toBe(90);
  });

  it('treats a shift-click without an anchor (or one no longer shown) as a click', () => {
    expect(selectedOf(selectRange(NOTHING_SELECTED, order, 60))).toEqual([60]);
    const gone = { ...toggle(NOTHING_SELECTED, 10), ids: new Set<number>() };
    expect(selectedOf(selectRange(gone, order, 70))).toEqual([70]);
    expect(selectRange(toggle(NOTHING_SELECTED, 80), order, 12345)).toEqual(toggle(NOTHING_SELECTED, 80));
  });
});

describe('selecting with Shift+arrows', () => {
  it('selects from the row the focus leaves when nothing was clicked, and keeps it as the anchor', () => {
    const selection = extendTo(NOTHING_SELECTED, order, 80, 70);
    expect(selectedOf(selection)).toEqual([80, 70]);
    expect(selectedOf(extendTo(selection, order, 70, 60))).toEqual([80, 70, 60]);
  });

  it('selects from the anchor a click left, wherever the focus is', () => {
    expect(selectedOf(extendTo(toggle(NOTHING_SELECTED, 90), order, 60, 50))).toEqual([90, 80, 70, 60, 50]);
  });
});

describe('selecting all matching', () => {
  it('selects every matching recording, loaded or not, and counts them from the total', () => {
    const selection = selectAll();
    expect(selectedOf(selection)).toEqual(order);
    expect(isSelected(selection, 123_456)).toBe(true);
    expect(selectedCount(selection, 10_000)).toBe(10_000);
  });

  it('keeps the rows unticked afterwards as exceptions', () => {
    let selection = toggle(selectAll(), 70);
    selection = toggle(selection, 40);
    expect(selectedOf(selection)).toEqual([90, 80, 60, 50]);
    expect(selectedCount(selection, 10_000)).toBe(9_998);
    // A range ticks the exceptions in it again.
    expect(selectedOf(selectRange(selection, order, 40))).toEqual([90, 80, 60, 50, 40]);
  });

  it('picks the selected ones out of a page of rows', () => {
    const rows = order.map((id) => ({ id }));
    expect(pickSelected(toggle(selectAll(), 60), rows).map((row) => row.id)).toEqual([90, 80, 70, 50, 40]);
    expect(pickSelected(toggle(NOTHING_SELECTED, 60), rows)).toEqual([{ id: 60 }]);
  });
});

describe('deleted rows', () => {
  it('leave the selection', () => {
    const selection = withoutIds(selectRange(toggle(NOTHING_SELECTED, 90), order, 60), [80, 70, 5]);
    expect(selectedOf(selection)).toEqual([90, 60]);
    expect(selectedCount(selection, 6)).toBe(2);
  });

  it('leave a selection of all matching alone (the count follows the matching total)', () => {
    const selection = selectAll();
    expect(withoutIds(selection, [80])).toBe(selection);
  });
});
