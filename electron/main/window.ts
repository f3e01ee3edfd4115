// The app's one window: restored where it was, secure web preferences, the system theme, and
// every way out of the page closed (navigation, new windows, webviews) except external links,
// which go to the system browser after a check (./security.ts).

import { BrowserWindow, dialog, nativeTheme, screen, shell } from 'electron';
import type { WebContents } from 'electron';
import { secureWebPreferences } from './run-mode.ts';
import { externalLinkDecision, isAppPage } from './security.ts';
import { MIN_SIZE, placeWindow, readWindowState, writeWindowState } from './window-state.ts';

export interface WindowOptions {
  /** Where the renderer is: app://streamscope/index.html (./app-protocol.ts), or the dev server's URL. */
  readonly appUrl: string;
  readonly preload: string;
  /** A packaged app has no DevTools (./run-mode.ts). */
  readonly isPackaged: boolean;
  /** The saved window state (in the user-data folder). */
  readonly stateFile: string;
}

/** The page's background before it paints, per theme (renderer/styles.css, `--bg`), so that no white flashes in dark mode. */
const BACKGROUND = { light: '#f7f8fa', dark: '#0f1317' } as const;
const background = () => (nativeTheme.shouldUseDarkColors ? BACKGROUND.dark : BACKGROUND.light);
const SAVE_DELAY_MS = 500;

export function createMainWindow(options: WindowOptions): BrowserWindow {
  const placement = placeWindow(
    readWindowState(options.stateFile),
    // The primary display first: placeWindow centres there when the saved place is gone.
    [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((display) => display.workArea),
  );
  const win = new BrowserWindow({
    ...(placement.x === undefined || placement.y === undefined ? { center: true } : { x: placement.x, y: placement.y }),
    width: placement.width,
    height: placement.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Streamscope',
    show: false,
    backgroundColor: background(),
    webPreferences: secureWebPreferences(options.preload, options.isPackaged),
  });
  if (placement.maximized) win.maximize();
  if (placement.fullScreen) win.setFullScreen(true);
  win.once('ready-to-show', () => win.show());

  const onTheme = () => win.setBackgroundColor(background());
  nativeTheme.on('updated', onTheme);

  // Saved a moment after the last move or resize, and when the window closes.
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    if (win.isDestroyed()) return;
    try {
      writeWindowState(options.stateFile, { bounds: win.getNormalBounds(), maximized: win.isMaximized(), fullScreen: win.isFullScreen() });
    } catch (error) {
      console.error(`streamscope: could not save the window state: ${(error as Error).message}`);
    }
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };
  win.on('resize', saveSoon);
  win.on('move', saveSoon);
  win.on('maximize', saveSoon);
  win.on('unmaximize', saveSoon);
  win.on('enter-full-screen', saveSoon);
  win.on('leave-full-screen', saveSoon);
  win.on('close', save);
  win.on('closed', () => nativeTheme.off('updated', onTheme));

  void win.loadURL(options.appUrl);
  return win;
}

/** Keeps a page on our app: no navigation elsewhere, no new windows, no webviews (for every web contents the app creates). */
export function guardContents(contents: WebContents, appUrl: string): void {
  contents.setWindowOpenHandler(({ url }) => {
    void openExternal(url, contents);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isAppPage(url, appUrl)) return;
    event.preventDefault();
    void openExternal(url, contents);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppPage(url, appUrl)) event.preventDefault();
  });
  // will-navigate covers the top frame only; the app has no frames of its own (CSP frame-src 'none'),
  // so any sub-frame that got made anyway goes nowhere.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Opens a link in the system browser when the check allows it, asking the user first when it says so. */
async function openExternal(url: string, contents: WebContents): Promise<void> {
  const decision = externalLinkDecision(url);
  if (decision.action === 'refuse') {
    console.error(`streamscope: ${decision.reason}`);
    return;
  }
  if (decision.action === 'confirm') {
    const owner = BrowserWindow.fromWebContents(contents);
    const question = {
      type: 'question' as const,
      buttons: ['Open in Browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'Open this link in your browser?',
      detail: `${decision.url}\n\n${decision.reason}`,
    };
    const { response } = owner ? await dialog.showMessageBox(owner, question) : await dialog.showMessageBox(question);
    if (response !== 0) return;
  }
  await shell.openExternal(decision.url);
}
