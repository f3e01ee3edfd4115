import { describe, expect, it } from 'vitest';
import { commandForKey, COMMANDS, isCommandId } from './commands.ts';

describe('the app’s commands', () => {
  it('give every command its own id, key and accelerator', () => {
    const unique = (values: readonly (string | undefined)[]) => new Set(values.filter((value) => value !== undefined)).size === values.filter((value) => value !== undefined).length;
    expect(unique(COMMANDS.map((command) => command.id))).toBe(true);
    expect(unique(COMMANDS.map((command) => command.key))).toBe(true);
    expect(unique(COMMANDS.map((command) => ('accelerator' in command ? command.accelerator : undefined)))).toBe(true);
  });

  it('find a command by the key that runs it, and nothing for other keys', () => {
    expect(commandForKey('n')?.id).toBe('new-request');
    expect(commandForKey('?')?.id).toBe('shortcuts');
    expect(commandForKey('x')).toBeNull();
    expect(commandForKey('N')).toBeNull();
  });

  it('trust only their own ids from the menu', () => {
    expect(isCommandId('export')).toBe(true);
    for (const value of ['exporT', '', null, 3, { id: 'export' }, '__proto__', 'toString']) expect(isCommandId(value)).toBe(false);
  });
});
