import { describe, expect, it } from 'vitest';
import { focusAfter, gridAction, pageRows, rowCommand } from './keys.ts';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) =>
  rowCommand({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...modifiers });

describe('the history’s keys', () => {
  it('opens with Enter, deletes with Delete (and Backspace, the Mac’s delete key), renames with F2, selects with Space', () => {
    expect(press('Enter')).toBe('open');
    expect(press('Delete')).toBe('delete');
    expect(press('Backspace')).toBe('delete');
    expect(press('F2')).toBe('rename');
    expect(press(' ')).toBe('toggle');
    expect(press('Escape')).toBe('clear-selection');
  });

  it('selects all matching with Ctrl+A or Cmd+A', () => {
    expect(press('a', { ctrlKey: true })).toBe('select-all');
    expect(press('A', { metaKey: true })).toBe('select-all');
    expect(press('a')).toBeNull();
  });

  it('leaves other keys and modified keys to the browser', () => {
    expect(press('x')).toBeNull();
    expect(press('Enter', { altKey: true })).toBeNull();
    expect(press('Delete', { shiftKey: true })).toBeNull();
    expect(press('Enter', { ctrlKey: true })).toBeNull();
  });
});

const on = (key: string, focus: number, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) =>
  gridAction({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...modifiers }, focus, 100, 9);

describe('a key pressed on the history’s grid', () => {
  it('moves the row focus with the arrows, the Page keys a page at a time, Home and End to the ends', () => {
    expect(on('ArrowDown', 4)).toEqual({ move: 5, extend: false });
    expect(on('ArrowUp', 4)).toEqual({ move: 3, extend: false });
    expect(on('PageDown', 4)).toEqual({ move: 13, extend: false });
    expect(on('PageUp', 4)).toEqual({ move: 0, extend: false });
    expect(on('Home', 40)).toEqual({ move: 0, extend: false });
    expect(on('End', 40)).toEqual({ move: 99, extend: false });
  });

  it('starts at the first row with Down and at the last with Up when no row has the focus', () => {
    expect(on('ArrowDown', -1)).toEqual({ move: 0, extend: false });
    expect(on('ArrowUp', -1)).toEqual({ move: 99, extend: false });
  });

  it('keeps an arrow with nowhere to go, in an empty list, as the grid’s', () => {
    expect(gridAction({ key: 'ArrowDown', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false }, -1, 0, 9)).toEqual({ move: null, extend: false });
  });

  it('extends the selection with Shift from a focused row only', () => {
    expect(on('ArrowDown', 4, { shiftKey: true })).toEqual({ move: 5, extend: true });
    expect(on('ArrowDown', -1, { shiftKey: true })).toEqual({ move: 0, extend: false });
  });

  it('leaves arrows with Ctrl, Cmd or Alt to the browser, and runs the row commands', () => {
    expect(on('ArrowDown', 4, { ctrlKey: true })).toBeNull();
    expect(on('End', 4, { metaKey: true })).toBeNull();
    expect(on('ArrowUp', 4, { altKey: true })).toBeNull();
    expect(on('Enter', 4)).toEqual({ command: 'open' });
    expect(on('a', -1, { ctrlKey: true })).toEqual({ command: 'select-all' });
    expect(on('x', 4)).toBeNull();
  });

  it('pages by a screenful of rows but one, and by one row in a body too low for two', () => {
    expect(pageRows(520, 52)).toBe(9);
    expect(pageRows(540, 52)).toBe(9);
    expect(pageRows(60, 52)).toBe(1);
    expect(pageRows(0, 52)).toBe(1);
  });
});

describe('the row focus when rows are deleted', () => {
  const order = [90, 80, 70, 60, 50];

  it('stays on its row when that row is not deleted', () => {
    expect(focusAfter(order, 80, new Set([70, 60]))).toBe(80);
    expect(focusAfter(order, null, new Set([70]))).toBeNull();
  });

  it('moves on to the next row still shown, else back to the one before, else nowhere', () => {
    expect(focusAfter(order, 70, new Set([70, 60]))).toBe(50);
    expect(focusAfter(order, 60, new Set([60, 50]))).toBe(70);
    expect(focusAfter(order, 90, new Set(order))).toBeNull();
  });
});
