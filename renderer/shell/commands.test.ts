import { describe, expect, it } from 'vitest';
import { isShortcutKey } from './commands.ts';

const press = (target: object | null, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented', boolean>> = {}) => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  ...modifiers,
  target: target as EventTarget | null,
});

describe('a key press that is a shortcut', () => {
  it('is a plain key on the page, a button or a checkbox', () => {
    expect(isShortcutKey(press({ tagName: 'BODY' }))).toBe(true);
    expect(isShortcutKey(press({ tagName: 'BUTTON' }))).toBe(true);
    expect(isShortcutKey(press({ tagName: 'INPUT', type: 'checkbox' }))).toBe(true);
  });

  it('is never one typed into a field, a text area, a select or editable text', () => {
    for (const target of [{ tagName: 'INPUT', type: 'text' }, { tagName: 'INPUT', type: 'search' }, { tagName: 'INPUT', type: 'password' }, { tagName: 'TEXTAREA' }, { tagName: 'SELECT' }, { tagName: 'DIV', isContentEditable: true }]) {
      expect(isShortcutKey(press(target)), JSON.stringify(target)).toBe(false);
    }
  });

  it('leaves keys with Ctrl, Cmd or Alt to the browser and the desktop menu, and keys a component already took', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey', 'defaultPrevented'] as const) expect(isShortcutKey(press({ tagName: 'BODY' }, { [modifier]: true }))).toBe(false);
  });
});
