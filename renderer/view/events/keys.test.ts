import { describe, expect, it } from 'vitest';
import { followsTail, isAtBottom, isMoveKey, moveRow, scrollToShow } from './keys.ts';

describe('moving the selection with the keyboard', () => {
  const at = (row: number) => ({ row, exact: true });

  it('steps a row with the arrows and a page with PageUp and PageDown, stopping at the ends', () => {
    expect([moveRow('ArrowDown', at(3), 10, 4), moveRow('ArrowUp', at(3), 10, 4), moveRow('PageDown', at(3), 10, 4), moveRow('PageUp', at(3), 10, 4)]).toEqual([4, 2, 7, 0]);
    expect([moveRow('ArrowDown', at(9), 10, 4), moveRow('ArrowUp', at(0), 10, 4), moveRow('PageDown', at(8), 10, 4)]).toEqual([9, 0, 9]);
  });

  it('goes to the first and last rows with Home and End', () => {
    expect([moveRow('Home', at(5), 10, 4), moveRow('End', at(5), 10, 4), moveRow('End', null, 10, 4)]).toEqual([0, 9, 9]);
  });

  it('from an event the filter hides, goes down to the next shown row and up to the one before', () => {
    // The selected event would sit before row 4.
    const hidden = { row: 4, exact: false };
    expect([moveRow('ArrowDown', hidden, 10, 4), moveRow('ArrowUp', hidden, 10, 4), moveRow('PageDown', hidden, 10, 4)]).toEqual([4, 3, 7]);
  });

  it('with nothing selected, starts at the top going down and at the bottom going up', () => {
    expect([moveRow('ArrowDown', null, 10, 4), moveRow('ArrowUp', null, 10, 4), moveRow('PageDown', null, 10, 4)]).toEqual([0, 9, 0]);
  });

  it('has nowhere to go in an empty table', () => {
    expect(moveRow('End', null, 0, 4)).toBeNull();
  });

  it('moves at least one row a page, however small the viewport', () => {
    expect(moveRow('PageDown', at(2), 10, 0)).toBe(3);
  });

  it('knows its keys', () => {
    expect(['ArrowDown', 'Home', 'PageUp', 'Enter', 'a'].map(isMoveKey)).toEqual([true, true, true, false, false]);
  });
});

describe('following the tail of a live recording', () => {
  it('counts the reader at the bottom within the slop', () => {
    expect(isAtBottom({ scrollTop: 900, scrollHeight: 1200, clientHeight: 300 }, 4)).toBe(true);
    expect(isAtBottom({ scrollTop: 897.5, scrollHeight: 1200, clientHeight: 300 }, 4)).toBe(true);
    expect(isAtBottom({ scrollTop: 850, scrollHeight: 1200, clientHeight: 300 }, 4)).toBe(false);
    // A table shorter than its viewport is at the bottom.
    expect(isAtBottom({ scrollTop: 0, scrollHeight: 100, clientHeight: 300 }, 4)).toBe(true);
  });

  it('follows only while recording, when rows came, and when the reader was at the bottom', () => {
    expect([followsTail(true, true, true), followsTail(true, false, true), followsTail(false, true, true), followsTail(true, true, false)]).toEqual([true, false, false, false]);
  });
});

describe('scrolling the selected row into view', () => {
  // Rows 26 px tall in a body 260 px tall (ten rows), scrolled to row 100 at the top.
  it('leaves the body where it is when the row is wholly in view', () => {
    expect([scrollToShow(100, 26, 2600, 260), scrollToShow(109, 26, 2600, 260)]).toEqual([null, null]);
  });

  it('brings a row above the view to the top, and one below it to the bottom', () => {
    expect(scrollToShow(99, 26, 2600, 260)).toBe(2574);
    expect(scrollToShow(110, 26, 2600, 260)).toBe(2600 + 26);
    // A replay on screen jumps far ahead: the row lands at the bottom.
    expect(scrollToShow(5000, 26, 2600, 260)).toBe(5001 * 26 - 260);
  });

  it('scrolls a row cut off at either edge fully into view', () => {
    expect(scrollToShow(100, 26, 2610, 260)).toBe(2600);
    expect(scrollToShow(109, 26, 2590, 260)).toBe(110 * 26 - 260);
  });
});
