// The app's commands: what the menus (electron/main/menu.ts) and the keyboard shortcuts
// (renderer/shell/shortcuts.ts) both offer, listed once so that a menu item, its shortcut and the
// shortcuts help never disagree. The desktop menu sends a command's id to the page
// (COMMAND_CHANNEL); in a browser the page's own key handler finds it by its key.

export type CommandScope = 'app' | 'recording';

interface CommandShape {
  readonly id: string;
  /** As a menu item says it (title case, an ellipsis when it opens a dialog). */
  readonly label: string;
  /** Where it applies: everywhere, or in a recording's view. */
  readonly scope: CommandScope;
  /**
   * The key that runs it in the page, outside text fields and without Ctrl, Alt or Cmd (as
   * `KeyboardEvent.key` gives it): single keys, so that none is taken from the browser.
   */
  readonly key: string;
  /** The desktop menu's accelerator (Electron syntax), where the item has one. */
  readonly accelerator?: string;
  /** The desktop menu it sits in; none for a view's own keys. */
  readonly menu?: 'file' | 'go' | 'recording' | 'help';
}

export type Command = CommandShape & { readonly id: CommandId };

export const COMMANDS = [
  { id: 'new-request', label: 'New Request', scope: 'app', key: 'n', accelerator: 'CmdOrCtrl+N', menu: 'file' },
  { id: 'go-recordings', label: 'Recordings', scope: 'app', key: 'r', accelerator: 'CmdOrCtrl+1', menu: 'go' },
  { id: 'go-mock', label: 'Mock Endpoints', scope: 'app', key: 'm', accelerator: 'CmdOrCtrl+2', menu: 'go' },
  { id: 'go-capture', label: 'Capture', scope: 'app', key: 'a', accelerator: 'CmdOrCtrl+3', menu: 'go' },
  { id: 'go-check', label: 'Check', scope: 'app', key: 'k', accelerator: 'CmdOrCtrl+4', menu: 'go' },
  { id: 'go-back', label: 'Back', scope: 'app', key: 'Backspace', accelerator: 'Alt+Left', menu: 'go' },
  { id: 'import', label: 'Import Files…', scope: 'app', key: 'i' },
  { id: 'find', label: 'Find', scope: 'app', key: '/', accelerator: 'CmdOrCtrl+F', menu: 'go' },
  { id: 'shortcuts', label: 'Keyboard Shortcuts', scope: 'app', key: '?', accelerator: 'CmdOrCtrl+/', menu: 'help' },
  { id: 'replay-toggle', label: 'Replay or Pause', scope: 'recording', key: 'p', accelerator: 'CmdOrCtrl+P', menu: 'recording' },
  { id: 'replay-back', label: 'Step Back One Event', scope: 'recording', key: ',', accelerator: 'CmdOrCtrl+[', menu: 'recording' },
  { id: 'replay-forward', label: 'Step Forward One Event', scope: 'recording', key: '.', accelerator: 'CmdOrCtrl+]', menu: 'recording' },
  { id: 'export', label: 'Export…', scope: 'recording', key: 'e', accelerator: 'CmdOrCtrl+E', menu: 'recording' },
  { id: 'compare-with', label: 'Compare With…', scope: 'recording', key: 'c', accelerator: 'CmdOrCtrl+K', menu: 'recording' },
  { id: 'serve-mock', label: 'Serve as Mock Endpoint', scope: 'recording', key: 's', accelerator: 'CmdOrCtrl+Shift+M', menu: 'recording' },
] as const satisfies readonly CommandShape[];

export type CommandId = (typeof COMMANDS)[number]['id'];

/** The IPC channel on which the desktop menu sends a command's id to the page. */
export const COMMAND_CHANNEL = 'streamscope:command';
/** The IPC channel on which the page tells the desktop menu which commands its view offers (the menu enables those items). */
export const COMMANDS_OFFERED_CHANNEL = 'streamscope:commands-offered';

const byKey = new Map<string, Command>(COMMANDS.map((command) => [command.key, command]));
const ids = new Set<string>(COMMANDS.map((command) => command.id));

/** The command a key runs, or null. */
export function commandForKey(key: string): Command | null {
  return byKey.get(key) ?? null;
}

/** Whether a value that came over IPC names a command (the page trusts nothing it is sent). */
export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && ids.has(value);
}
