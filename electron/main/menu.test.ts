import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate } from './menu.ts';

/** Each item as its role, or its label when it has no role; sub-menus nested; separators as '-'. */
function outline(items: readonly MenuItemConstructorOptions[]): unknown[] {
  return items.map((item) => {
    const name = item.type === 'separator' ? '-' : (item.role ?? item.label);
    return Array.isArray(item.submenu) ? { [String(name)]: outline(item.submenu) } : name;
  });
}

function clicks(items: readonly MenuItemConstructorOptions[]): Map<string, () => void> {
  const found = new Map<string, () => void>();
  for (const item of items) {
    if (item.click && item.label) found.set(item.label, item.click as () => void);
    if (Array.isArray(item.submenu)) for (const [label, click] of clicks(item.submenu)) found.set(label, click);
  }
  return found;
}

const actions = { showDataFolder: () => {}, copyVersions: () => {} };

describe('the application menu', () => {
  it('on macOS: the app menu first, Close in File, About left to the app menu', () => {
    expect(outline(menuTemplate({ platform: 'darwin', isPackaged: true, ...actions }))).toEqual([
      'appMenu',
      { File: ['Show Data Folder', '-', 'close'] },
      'editMenu',
      { View: ['resetZoom', 'zoomIn', 'zoomOut', '-', 'togglefullscreen'] },
      'windowMenu',
      { help: ['Copy Version Information'] },
    ]);
  });

  it('on Windows and Linux: Quit in File, About in Help, no app menu', () => {
    for (const platform of ['win32', 'linux'] as const) {
      expect(outline(menuTemplate({ platform, isPackaged: true, ...actions }))).toEqual([
        { '&File': ['Show Data Folder', '-', 'quit'] },
        'editMenu',
        { '&View': ['resetZoom', 'zoomIn', 'zoomOut', '-', 'togglefullscreen'] },
        'windowMenu',
        { help: ['Copy Version Information', '-', 'about'] },
      ]);
    }
  });

  it('offers reload and the developer tools only in a development build', () => {
    const [, , view] = menuTemplate({ platform: 'linux', isPackaged: false, ...actions });
    expect(outline([view!])).toEqual([{ '&View': ['reload', 'forceReload', 'toggleDevTools', '-', 'resetZoom', 'zoomIn', 'zoomOut', '-', 'togglefullscreen'] }]);
  });

  it('runs the given actions from its own items', () => {
    const called: string[] = [];
    const template = menuTemplate({ platform: 'linux', isPackaged: true, showDataFolder: () => called.push('data folder'), copyVersions: () => called.push('versions') });
    const items = clicks(template);
    expect([...items.keys()]).toEqual(['Show Data Folder', 'Copy Version Information']);
    items.get('Show Data Folder')!();
    items.get('Copy Version Information')!();
    expect(called).toEqual(['data folder', 'versions']);
  });
});
