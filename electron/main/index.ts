// The Electron main process: the thin shell around the backend (docs/architecture.md, "The layers").
// It opens the store (the database the command line shares, docs/desktop.md "Where the data
// lives") with better-sqlite3's Electron-ABI build, keeps API
// keys with safeStorage, binds the one API to IPC, and keeps Electron's secure defaults on
// (docs/desktop.md, "Security model"). The decisions live in small modules tested without
// Electron; this file only wires them to Electron's events.

import { readFileSync } from 'node:fs';
import { release } from 'node:os';
import { dirname, join } from 'node:path';
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, nativeTheme, net, protocol, safeStorage, session, shell } from 'electron';
import { IPC_CALL_CHANNEL, IPC_OPEN_REPORT_CHANNEL, IPC_PUSH_CHANNEL } from '../../shared/api/bridge.ts';
import { createApiDispatcher } from '../../shared/api/dispatch.ts';
import { COMMAND_CHANNEL, COMMANDS_OFFERED_CHANNEL } from '../../shared/commands.ts';
import { createBackend } from '../backend/api/index.ts';
import type { Backend } from '../backend/api/index.ts';
import { appDbPath } from '../backend/store/location.ts';
import { cachedAddonPath, stagedAddonPath, unpackedPath } from '../launch/native-paths.ts';
import { APP_PAGE_URL, APP_SCHEME, appProtocolHandler } from './app-protocol.ts';
import { cspFromHtml, withPolicyHeader } from './csp.ts';
import { forwardPushes, ipcCallHandler, sendToPage } from './ipc.ts';
import type { Encryptor } from './keychain.ts';
import { KEYS_FILE, safeStorageKeyVault } from './keychain.ts';
import { menuTemplate, updateOfferedCommands } from './menu.ts';
import { openReportHandler } from './open-report.ts';
import { privateFolder } from './report-folder.ts';
import { devServerUrl, userDataOverride } from './run-mode.ts';
import { isAppPage, isTrustedSender } from './security.ts';
import { WINDOW_STATE_FILE } from './window-state.ts';
import { createMainWindow, guardContents } from './window.ts';

/** out/: the built main, preload and renderer (and, when packaged, the native addon). */
const outDir = join(import.meta.dirname, '..');
const devServer = devServerUrl(process.env, app.isPackaged);
const rendererDir = join(outDir, 'renderer');
const appUrl = devServer ?? APP_PAGE_URL;
const isOurs = (url: string) => isAppPage(url, appUrl);
/** Used when the page declares no policy (a broken build): strict, so that it fails closed. */
const FALLBACK_POLICY = "default-src 'self'; script-src 'self'; object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// Tests give the app a folder of its own (database, keys, window state); a packaged app ignores it.
const userDataDir = userDataOverride(process.env, app.isPackaged);
if (userDataDir) app.setPath('userData', userDataDir);

// Before ready, as Electron requires: app:// is a secure standard origin (module scripts, storage,
// fetch). Not corsEnabled, so no other origin can read from it.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
app.enableSandbox();
nativeTheme.themeSource = 'system';

if (!app.requestSingleInstanceLock()) {
  // Another Streamscope is running: it comes to the front (second-instance below) and this one ends.
  app.quit();
} else {
  app.on('web-contents-created', (_event, created) => guardContents(created, appUrl));
  void app.whenReady().then(ready);
}

async function ready(): Promise<void> {
  denyPermissions();
  await serveApp();

  const backend = openBackend();
  if (!backend) return;
  const dispatch = createApiDispatcher(backend.api);
  ipcMain.handle(IPC_CALL_CHANNEL, ipcCallHandler(dispatch, (frame) => isTrustedSender(frame, appUrl)));
  const reports = privateFolder(app.getPath('temp'), 'streamscope-reports-');
  ipcMain.handle(
    IPC_OPEN_REPORT_CHANNEL,
    openReportHandler({
      exportHtml: (id) => backend.api.exportRecording({ id, format: 'html' }),
      folder: reports.path,
      openPath: (path) => shell.openPath(path),
      isTrusted: (frame) => isTrustedSender(frame, appUrl),
    }),
  );

  let window: BrowserWindow | null = null;
  const contents = () => window?.webContents ?? null;
  forwardPushes(backend.subscribe, contents, isOurs, IPC_PUSH_CHANNEL);

  const menu = Menu.buildFromTemplate(
    menuTemplate({
      platform: process.platform,
      isPackaged: app.isPackaged,
      // The folder of the database in use: since the CLI and the app share one, not the user-data folder.
      showDataFolder: () => void shell.openPath(dirname(backend.dbPath)),
      copyVersions: () => clipboard.writeText(versions()),
      command: (id) => void sendToPage(contents(), isOurs, COMMAND_CHANNEL, id),
    }),
  );
  Menu.setApplicationMenu(menu);
  // The page says which of a view's commands it offers; the Recording menu follows it.
  ipcMain.on(COMMANDS_OFFERED_CHANNEL, (event, ids: unknown) => {
    if (isTrustedSender(event.senderFrame, appUrl)) updateOfferedCommands(menu, ids);
  });

  const openWindow = () => {
    const opened = createMainWindow({ appUrl, preload: join(outDir, 'preload', 'index.cjs'), stateFile: join(app.getPath('userData'), WINDOW_STATE_FILE), isPackaged: app.isPackaged });
    window = opened;
    // A new document offers nothing until it says so; neither does a closed window.
    opened.webContents.on('did-start-navigation', (details) => {
      if (details.isMainFrame && !details.isSameDocument) updateOfferedCommands(menu, []);
    });
    opened.on('closed', () => {
      window = null;
      updateOfferedCommands(menu, []);
    });
  };

  openWindow();
  app.on('second-instance', () => {
    if (!window) return openWindow();
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Live recordings end as `aborted` (not `interrupted`) and the store closes cleanly before exit.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    reports.remove();
    void backend.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
}

/** No web permission (camera, notifications, geolocation, USB …) is ever granted to a page. */
function denyPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.setDevicePermissionHandler(() => false);
}

/**
 * Serves the built page on app:// with its own policy (its meta tag) as a header; the dev server's
 * responses get that header through webRequest instead.
 */
async function serveApp(): Promise<void> {
  let html = '';
  try {
    html = devServer ? await (await net.fetch(devServer)).text() : readFileSync(join(rendererDir, 'index.html'), 'utf8');
  } catch (error) {
    console.error(`streamscope: cannot read the page's Content-Security-Policy: ${(error as Error).message}`);
  }
  const policy = cspFromHtml(html) ?? FALLBACK_POLICY;
  protocol.handle(APP_SCHEME, appProtocolHandler({ rendererDir, policy }));
  if (!devServer) return;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (!isOurs(details.url)) return callback({});
    callback({ responseHeaders: withPolicyHeader(details.responseHeaders, policy) });
  });
}

/** The backend on the app's database, with the database's path, or null after telling the user why it cannot open. */
function openBackend(): (Backend & { readonly dbPath: string }) | null {
  const userData = app.getPath('userData');
  const nativeBinding = app.isPackaged ? unpackedPath(stagedAddonPath(outDir)) : cachedAddonPath(join(outDir, '..'), process.versions.electron);
  const dbPath = appDbPath(process.env, userDataDir);
  try {
    return Object.assign(createBackend({ dbPath, keys: safeStorageKeyVault(encryptor(), join(userData, KEYS_FILE)), store: { nativeBinding } }), { dbPath });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    const hint = /NODE_MODULE_VERSION|Cannot find module/.test(message) && !app.isPackaged ? '\n\nRun `npm start`: it builds better-sqlite3 for this Electron version.' : '';
    dialog.showErrorBox('Streamscope cannot open its database', `${message}${hint}`);
    app.exit(1);
    return null;
  }
}

/** safeStorage, with the Linux-only backend query only where it exists. */
function encryptor(): Encryptor {
  return {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encryptString: (text) => safeStorage.encryptString(text),
    decryptString: (blob) => safeStorage.decryptString(blob),
    ...(process.platform === 'linux' ? { getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend() } : {}),
  };
}

function versions(): string {
  return [
    `Streamscope ${app.getVersion()}`,
    `Electron ${process.versions.electron}, Chromium ${process.versions.chrome}, Node ${process.versions.node}`,
    `${process.platform} ${process.arch} ${release()}`,
  ].join('\n');
}
