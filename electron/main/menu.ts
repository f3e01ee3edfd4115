// The application menu. Items are Electron roles wherever one exists, so that labels, shortcuts
// (Cmd on macOS, Ctrl elsewhere) and behaviour are the platform's own; macOS gets its app menu
// and keeps Quit there, other platforms quit from File.

import type { MenuItemConstructorOptions } from 'electron';
import { COMMANDS, isCommandId } from '../../shared/commands.ts';
import type { Command, CommandId } from '../../shared/commands.ts';

export interface MenuOptions {
  readonly platform: NodeJS.Platform;
  /** Reload and the developer tools are for development builds only. */
  readonly isPackaged: boolean;
  /** Opens the folder with the database, the key file and the window state. */
  readonly showDataFolder: () => void;
  /** Copies the app's, Electron's and the OS's versions, for a bug report. */
  readonly copyVersions: () => void;
  /** Sends one of the page's commands (shared/commands.ts) to the window. */
  readonly command: (id: CommandId) => void;
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  // `&` marks the Alt-key mnemonic on Windows and Linux; macOS has none.
  const label = (text: string) => (mac ? text.replace('&', '') : text);
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  // The page's commands in a menu, with their accelerators (the page handles the same commands' single keys).
  // A view's commands start disabled, and are enabled while the page offers them (updateOfferedCommands).
  const commands = (menu: Command['menu']): MenuItemConstructorOptions[] =>
    (COMMANDS as readonly Command[])
      .filter((command) => command.menu === menu)
      .map((command) => ({
        label: command.label,
        accelerator: command.accelerator,
        click: () => options.command(command.id),
        ...(command.scope === 'app' ? {} : { id: command.id, enabled: false }),
      }));
  const development: MenuItemConstructorOptions[] = options.isPackaged ? [] : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator];
  return [
    ...(mac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    {
      label: label('&File'),
      submenu: [...commands('file'), separator, { label: 'Show Data Folder', click: () => options.showDataFolder() }, separator, mac ? { role: 'close' } : { role: 'quit' }],
    },
    { role: 'editMenu' },
    { label: label('&Go'), submenu: commands('go') },
    // What the recording on screen offers: disabled outside a recording's view.
    { label: label('&Recording'), submenu: commands('recording') },
    {
      label: label('&View'),
      submenu: [...development, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, separator, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      // macOS shows About in the app menu.
      submenu: [...commands('help'), { label: 'Copy Version Information', click: () => options.copyVersions() }, ...(mac ? [] : [separator, { role: 'about' } as const])],
    },
  ];
}

/** What updateOfferedCommands reads of Electron's Menu. */
export interface MenuItems {
  getMenuItemById(id: string): { enabled: boolean } | null;
}

/**
 * Enables the menu's items for a view's commands (scope `recording`) that the page says it offers
 * now, and disables the rest. `offered` came over IPC: anything but an array of command ids
 * counts as offering none of them.
 */
export function updateOfferedCommands(menu: MenuItems, offered: unknown): void {
  const ids = new Set(Array.isArray(offered) ? offered.filter(isCommandId) : []);
  for (const command of COMMANDS as readonly Command[]) {
    if (command.scope === 'app' || command.menu === undefined) continue;
    const item = menu.getMenuItemById(command.id);
    if (item) item.enabled = ids.has(command.id);
  }
}
