// Commands in the page: a component that can carry one out registers for it while it is mounted
// (`useCommand`), and a command comes from a key (`useShortcuts`) or from the desktop app's menu
// (the preload bridge's `onCommand`). A command nobody registered for does nothing: "Export…" on
// the recordings list, say. What is registered is what the view offers: the desktop menu enables
// its Recording items by it (`watchOfferedCommands`).

import { useEffect, useRef } from 'react';
import { commandForKey, isCommandId } from '../../shared/commands.ts';
import type { CommandId } from '../../shared/commands.ts';

const handlers = new Map<CommandId, Set<() => void>>();
const offerWatchers = new Set<(ids: CommandId[]) => void>();
let offerQueued = false;

/** Carries out a command; false when nothing on screen offers it. */
export function runCommand(id: CommandId): boolean {
  const registered = handlers.get(id);
  if (!registered || registered.size === 0) return false;
  // The most recently mounted handler wins (a dialog's over the page's).
  [...registered].at(-1)!();
  return true;
}

/** Offers a command until the returned function is called (useCommand, while a component is mounted). */
export function registerCommand(id: CommandId, run: () => void): () => void {
  let registered = handlers.get(id);
  if (!registered) handlers.set(id, (registered = new Set()));
  registered.add(run);
  offersChanged();
  return () => {
    if (registered.delete(run)) offersChanged();
  };
}

export function useCommand(id: CommandId, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => registerCommand(id, () => latest.current()), [id]);
}

/** The commands something on screen offers now. */
export function offeredCommands(): CommandId[] {
  return [...handlers].filter(([, registered]) => registered.size > 0).map(([id]) => id);
}

/** Calls `watcher` with the offered commands now, and again after each change, until the returned function is called. */
export function watchOfferedCommands(watcher: (ids: CommandId[]) => void): () => void {
  offerWatchers.add(watcher);
  watcher(offeredCommands());
  return () => void offerWatchers.delete(watcher);
}

// A view mounts and unmounts several commands at once: watchers hear once, after the last.
function offersChanged(): void {
  if (offerQueued) return;
  offerQueued = true;
  queueMicrotask(() => {
    offerQueued = false;
    const ids = offeredCommands();
    for (const watcher of offerWatchers) watcher(ids);
  });
}

/** Whether a key press belongs to what the user is typing or to the browser, not to a shortcut. */
export function isShortcutKey(event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'target'>): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as { tagName?: string; isContentEditable?: boolean; type?: string } | null;
  if (!target || typeof target.tagName !== 'string') return true;
  if (target.isContentEditable) return false;
  if (target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return false;
  // Buttons, checkboxes and radios take no text: shortcuts still work while one has focus.
  return target.tagName !== 'INPUT' || ['checkbox', 'radio', 'button', 'submit', 'range', 'file'].includes(target.type ?? '');
}

/** Listens for the shortcut keys and the desktop menu's commands while the app is mounted. */
export function useShortcuts(onCommand: (listener: (id: unknown) => void) => (() => void) | null): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (!isShortcutKey(event)) return;
      const command = commandForKey(event.key);
      if (command && runCommand(command.id)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    const unsubscribe = onCommand((id) => {
      if (isCommandId(id)) runCommand(id);
    });
    return () => {
      window.removeEventListener('keydown', onKey);
      unsubscribe?.();
    };
  }, [onCommand]);
}
