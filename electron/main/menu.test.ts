import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate, updateOfferedCommands } from './menu.ts';

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

/** The template's items by their id, as Electron's Menu.getMenuItemById finds them. */
function byId(items: readonly MenuItemConstructorOptions[]) {
  const found = new Map<string, MenuItemConstructorOptions>();
  const walk = (list: readonly MenuItemConstructorOptions[]) => {
    for (const item of list) {
      if (item.id !== undefined) found.set(item.id, item);
      if (Array.isArray(item.submenu)) walk(item.submenu);
    }
  };
  walk(items);
  return { getMenuItemById: (id: string) => (found.get(id) as { enabled: boolean } | undefined) ?? null, found };
}

/** Each item that has an enabled flag, as label: flag. */
function enabledFlags(items: readonly MenuItemConstructorOptions[]): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const item of items) {
    if (item.enabled !== undefined) flags[String(item.label)] = item.enabled;
    if (Array.isArray(item.submenu)) Object.assign(flags, enabledFlags(item.submenu));
  }
  return flags;
}

const RECORDING_ITEMS = ['Replay or Pause', 'Step Back One Event', 'Step Forward One Event', 'Export…', 'Compare With…', 'Serve as Mock Endpoint'];

const actions = { showDataFolder: () => {}, copyVersions: () => {}, command: () => {} };

describe('the application menu', () => {
  it('on macOS: the app menu first, Close in File, About left to the app menu', () => {
    expect(outline(menuTemplate({ platform: 'darwin', isPackaged: true, ...actions }))).toEqual([
      'appMenu',
      { File: ['New Request', '-', 'Show Data Folder', '-', 'close'] },
      'editMenu',
      { Go: ['Recordings', 'Mock Endpoints', 'Capture', 'Check', 'Back', 'Find'] },
      { Recording: RECORDING_ITEMS },
      { View: ['resetZoom', 'zoomIn', 'zoomOut', '-', 'togglefullscreen'] },
      'windowMenu',
      { help: ['Keyboard Shortcuts', 'Copy Version Information'] },
    ]);
  });

  it('on Windows and Linux: Quit in File, About in Help, no app menu', () => {
    for (const platform of ['win32', 'linux'] as const) {
      expect(outline(menuTemplate({ platform, isPackaged: true, ...actions }))).toEqual([
        { '&File': ['New Request', '-', 'Show Data Folder', '-', 'quit'] },
        'editMenu',
        { '&Go': ['Recordings', 'Mock Endpoints', 'Capture', 'Check', 'Back', 'Find'] },
        { '&Recording': RECORDING_ITEMS },
        { '&View': ['resetZoom', 'zoomIn', 'zoomOut', '-', 'togglefullscreen'] },
        'windowMenu',
        { help: ['Keyboard Shortcuts', 'Copy Version Information', '-', 'about'] },
      ]);
    }
  });

  it('offers reload and the developer tools only in a development build', () => {
    const [, , , , view] = menuTemplate({ platform: 'linux', isPackaged: false, ...actions });
    expect(outline([view!])).toEqual([{ '&View': ['reload', 'forceReload', 'toggleDevTools', '-', 'resetZoom', 'zoomIn', 'zoomOut', '-', 'togglefullscreen'] }]);
  });

  it('runs the given actions from its own items, and sends the page its commands with their accelerators', () => {
    const called: string[] = [];
    const template = menuTemplate({ platform: 'linux', isPackaged: true, showDataFolder: () => called.push('data folder'), copyVersions: () => called.push('versions'), command: (id) => called.push(id) });
    const items = clicks(template);
    expect([...items.keys()]).toEqual(['New Request', 'Show Data Folder', 'Recordings', 'Mock Endpoints', 'Capture', 'Check', 'Back', 'Find', ...RECORDING_ITEMS, 'Keyboard Shortcuts', 'Copy Version Information']);
    for (const label of items.keys()) items.get(label)!();
    expect(called).toEqual(['new-request', 'data folder', 'go-recordings', 'go-mock', 'go-capture', 'go-check', 'go-back', 'find', 'replay-toggle', 'replay-back', 'replay-forward', 'export', 'compare-with', 'serve-mock', 'shortcuts', 'versions']);
  });

  it('gives every item it sends to the page an accelerator of its own, none that a role’s item uses', () => {
    const accelerators = (items: readonly MenuItemConstructorOptions[]): string[] =>
      items.flatMap((item) => [...(item.accelerator ? [String(item.accelerator)] : []), ...(Array.isArray(item.submenu) ? accelerators(item.submenu) : [])]);
    const all = accelerators(menuTemplate({ platform: 'linux', isPackaged: false, ...actions }));
    expect(all).toHaveLength(new Set(all).size);
    // The roles' own: reload, developer tools, zoom, full screen, edit, minimise, close, quit.
    const roles = ['CmdOrCtrl+R', 'CmdOrCtrl+Shift+R', 'CmdOrCtrl+Shift+I', 'CmdOrCtrl+0', 'CmdOrCtrl+Plus', 'CmdOrCtrl+-', 'F11', 'CmdOrCtrl+Z', 'CmdOrCtrl+Shift+Z', 'CmdOrCtrl+Y', 'CmdOrCtrl+X', 'CmdOrCtrl+C', 'CmdOrCtrl+V', 'CmdOrCtrl+A', 'CmdOrCtrl+M', 'CmdOrCtrl+W', 'CmdOrCtrl+Q'];
    expect(all.filter((accelerator) => roles.includes(accelerator))).toEqual([]);
    expect(all).toContain('CmdOrCtrl+E');
  });

  it('starts with the Recording menu disabled, and enables exactly what the view on screen offers', () => {
    const template = menuTemplate({ platform: 'linux', isPackaged: true, ...actions });
    const menu = byId(template);
    const none = Object.fromEntries(RECORDING_ITEMS.map((label) => [label, false]));
    expect(enabledFlags(template)).toEqual(none);
    expect([...menu.found.keys()]).toEqual(['replay-toggle', 'replay-back', 'replay-forward', 'export', 'compare-with', 'serve-mock']);

    // A saved recording on screen: everything; a live one: no replay.
    updateOfferedCommands(menu, ['new-request', 'go-recordings', 'replay-toggle', 'replay-back', 'replay-forward', 'export', 'compare-with', 'serve-mock', 'shortcuts']);
    expect(enabledFlags(template)).toEqual(Object.fromEntries(RECORDING_ITEMS.map((label) => [label, true])));
    updateOfferedCommands(menu, ['export', 'compare-with']);
    expect(enabledFlags(template)).toEqual({ ...none, 'Export…': true, 'Compare With…': true });
    // Back on the recordings list.
    updateOfferedCommands(menu, ['new-request', 'go-recordings', 'find']);
    expect(enabledFlags(template)).toEqual(none);
  });

  it('counts anything but a list of command ids from the page as offering nothing', () => {
    const template = menuTemplate({ platform: 'darwin', isPackaged: false, ...actions });
    const menu = byId(template);
    for (const offered of [null, 'export', { 0: 'export', length: 1 }, [42, 'Export…', 'exportx', ['export']]]) {
      updateOfferedCommands(menu, ['export']);
      expect(menu.found.get('export')!.enabled).toBe(true);
      updateOfferedCommands(menu, offered);
      expect(menu.found.get('export')!.enabled, JSON.stringify(offered)).toBe(false);
    }
  });
});
