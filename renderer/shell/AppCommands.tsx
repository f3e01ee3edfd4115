// The commands that apply anywhere (shared/commands.ts): going to a view, back, to the search box,
// and the shortcuts help. Mounted once by App, with the key and menu listeners.

import { useCallback, useEffect, useState } from 'react';
import { connection } from '../api/index.ts';
import { preloadBridge } from '../api/ipc.ts';
import { HOME, navigate } from '../route.ts';
import { useCommand, useShortcuts, watchOfferedCommands } from './commands.ts';
import { ShortcutsDialog } from './ShortcutsDialog.tsx';

export function AppCommands() {
  const [helpOpen, setHelpOpen] = useState(false);
  const onMenuCommand = useCallback((listener: (id: unknown) => void) => preloadBridge(window)?.onCommand(listener) ?? null, []);
  useShortcuts(onMenuCommand);
  // The desktop menu enables a view's commands (its Recording menu) while they are on screen.
  useEffect(() => {
    const bridge = preloadBridge(window);
    return bridge ? watchOfferedCommands((ids) => bridge.offerCommands(ids)) : undefined;
  }, []);

  useCommand('new-request', () => navigate({ view: 'new' }));
  useCommand('go-recordings', () => navigate(HOME));
  useCommand('go-mock', () => navigate({ view: 'mock' }));
  useCommand('go-capture', () => navigate({ view: 'capture' }));
  useCommand('go-check', () => navigate({ view: 'check' }));
  useCommand('go-back', () => window.history.back());
  // The view's own search: the recordings' search box, the events' filter.
  useCommand('find', () => document.querySelector<HTMLInputElement>('main input[type="search"]')?.focus());
  useCommand('shortcuts', () => setHelpOpen((open) => !open));

  return helpOpen ? <ShortcutsDialog onClose={() => setHelpOpen(false)} desktop={connection.kind === 'ipc'} /> : null;
}
