// The application menu. Items are Electron roles wherever one exists, so that labels, shortcuts
// (Cmd on macOS, Ctrl elsewhere) and behaviour are the platform's own; macOS gets its app menu
// and keeps Quit there, other platforms quit from File.

import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  readonly platform: NodeJS.Platform;
  /** Reload and the developer tools are for development builds only. */
  readonly isPackaged: boolean;
  /** Opens the folder with the database, the key file and the window state. */
  readonly showDataFolder: () => void;
  /** Copies the app's, Electron's and the OS's versions, for a bug report. */
  readonly copyVersions: () => void;
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  // `&` marks the Alt-key mnemonic on Windows and Linux; macOS has none.
  const label = (text: string) => (mac ? text.replace('&', '') : text);
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const development: MenuItemConstructorOptions[] = options.isPackaged ? [] : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator];
  return [
    ...(mac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    {
      label: label('&File'),
      submenu: [{ label: 'Show Data Folder', click: () => options.showDataFolder() }, separator, mac ? { role: 'close' } : { role: 'quit' }],
    },
    { role: 'editMenu' },
    {
      label: label('&View'),
      submenu: [...development, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, separator, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      // macOS shows About in the app menu.
      submenu: [{ label: 'Copy Version Information', click: () => options.copyVersions() }, ...(mac ? [] : [separator, { role: 'about' } as const])],
    },
  ];
}
