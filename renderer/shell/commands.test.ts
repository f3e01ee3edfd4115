import { describe, expect, it } from 'vitest';
import { isShortcutKey, offeredCommands, registerCommand, runCommand, watchOfferedCommands } from './commands.ts';

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

describe('the commands the view offers', () => {
  it('are those registered now, and watchers hear them at once and once after each batch of changes', async () => {
    const heard: string[][] = [];
    const stop = watchOfferedCommands((ids) => heard.push([...ids]));
    expect(heard).toEqual([[]]);

    // A recording's view mounts: several commands in one go.
    const unregister = [registerCommand('export', () => {}), registerCommand('replay-toggle', () => {}), registerCommand('compare-with', () => {})];
    await Promise.resolve();
    expect(heard).toEqual([[], ['export', 'replay-toggle', 'compare-with']]);
    expect(offeredCommands()).toEqual(['export', 'replay-toggle', 'compare-with']);

    // It unmounts; unregistering twice changes nothing more.
    for (const done of unregister) done();
    unregister[0]!();
    await Promise.resolve();
    expect(heard).toEqual([[], ['export', 'replay-toggle', 'compare-with'], []]);

    stop();
    registerCommand('serve-mock', () => {})();
    await Promise.resolve();
    expect(heard).toHaveLength(3);
  });

  it('run the handler mounted last, and stay offered while one is left', () => {
    const ran: string[] = [];
    const page = registerCommand('export', () => ran.push('page'));
    const dialog = registerCommand('export', () => ran.push('dialog'));
    expect(runCommand('export')).toBe(true);
    dialog();
    expect(offeredCommands()).toEqual(['export']);
    expect(runCommand('export')).toBe(true);
    page();
    expect(offeredCommands()).toEqual([]);
    expect(runCommand('export')).toBe(false);
    expect(ran).toEqual(['dialog', 'page']);
  });
});
