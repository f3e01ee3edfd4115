import { describe, expect, it } from 'vitest';
import { rowCommand } from './keys.ts';

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
