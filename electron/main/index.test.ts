// The main process's wiring, with a stand-in for the `electron` module (the binary cannot run in
// the unit tests): what the shell registers and how it answers Electron's events. The backend is
// the real one, on Node's build of better-sqlite3.

import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiReply } from '../../shared/api/errors.ts';
import { IPC_CALL_CHANNEL, IPC_OPEN_REPORT_CHANNEL, IPC_PUSH_CHANNEL } from '../../shared/api/bridge.ts';
import { COMMAND_CHANNEL, COMMANDS_OFFERED_CHANNEL } from '../../shared/commands.ts';
import type { EventEmitter } from 'node:events';
import type { BackendOptions } from '../backend/api/index.ts';
import type * as BackendModule from '../backend/api/index.ts';
import { menuTemplate } from './menu.ts';

const userData = mkdtempSync(join(tmpdir(), 'streamscope-main-'));
/** The database the command line would use too, in a folder of its own: STREAMSCOPE_DB wins over the user-data folder. */
const sharedDb = join(mkdtempSync(join(tmpdir(), 'streamscope-shared-')), 'streamscope.db');
const appUrl = 'app://streamscope/index.html';

interface FakeContents extends EventEmitter {
  isDestroyed(): boolean;
  getURL(): string;
  send(...args: unknown[]): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void;
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
}

/** What the fake electron module records. */
const electron = vi.hoisted(() => {
  const record = {
    /** Set by the fake module. */
    app: undefined as unknown as EventEmitter,
    handlers: new Map<string, (...args: unknown[]) => unknown>(),
    listeners: new Map<string, (...args: unknown[]) => unknown>(),
    /** The order of the calls that must come before the app is ready. */
    calls: [] as string[],
    schemes: undefined as unknown,
    protocols: new Map<string, (request: { url: string; method?: string }) => Promise<Response>>(),
    /** What the window's contents show (getURL). */
    pageUrl: 'app://streamscope/index.html',
    tempDir: '',
    windows: [] as { options: Record<string, unknown>; contents: FakeContents; loaded: string[] }[],
    sent: [] as unknown[][],
    opened: [] as string[],
    openedPaths: [] as string[],
    asked: [] as string[],
    answer: 1,
    quit: 0,
    exited: [] as number[],
    sandboxEnabled: false,
    permission: {} as { request?: (...args: unknown[]) => void; check?: () => boolean; device?: () => boolean },
    headers: undefined as undefined | ((details: unknown, callback: (response: unknown) => void) => void),
    menu: undefined as unknown as { template: unknown; getMenuItemById(id: string): { enabled: boolean } | null },
    backendOptions: undefined as unknown,
  };
  return record;
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  electron.tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamscope-temp-'));
  const paths: Record<string, string> = { temp: electron.tempDir };
  electron.app = new Emitter();
  const app = Object.assign(electron.app, {
    isPackaged: false,
    setPath: (name: string, path: string) => void (paths[name] = path),
    getPath: (name: string) => paths[name] ?? `/nowhere/${name}`,
    enableSandbox: () => void (electron.sandboxEnabled = true),
    requestSingleInstanceLock: () => true,
    whenReady: () => (electron.calls.push('whenReady'), Promise.resolve()),
    quit: () => void (electron.quit += 1),
    exit: (code: number) => void electron.exited.push(code),
    getVersion: () => '0.1.0',
  });
  class BrowserWindow extends Emitter {
    static all: BrowserWindow[] = [];
    static getAllWindows = () => BrowserWindow.all;
    static fromWebContents = () => null;
    webContents: FakeContents;
    constructor(options: Record<string, unknown>) {
      super();
      const contents: FakeContents = Object.assign(new Emitter(), {
        isDestroyed: () => false,
        getURL: () => electron.pageUrl,
        send: (...args: unknown[]) => void electron.sent.push(args),
        setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => void (contents.openHandler = handler),
        openHandler: undefined,
      });
      this.webContents = contents;
      electron.windows.push({ options, contents, loaded: [] });
      app.emit('web-contents-created', {}, contents);
      BrowserWindow.all.push(this);
    }
    loadURL(url: string) {
      electron.windows.at(-1)!.loaded.push(url);
      return Promise.resolve();
    }
    maximize() {}
    setFullScreen() {}
    isDestroyed = () => false;
    setBackgroundColor() {}
  }
  return {
    app,
    BrowserWindow,
    clipboard: { writeText: () => {} },
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        const options = args.at(-1) as { detail: string };
        electron.asked.push(options.detail);
        return { response: electron.answer };
      },
      showErrorBox: () => {},
    },
    ipcMain: {
      handle: (channel: string, handler: (...args: unknown[]) => unknown) => void electron.handlers.set(channel, handler),
      on: (channel: string, listener: (...args: unknown[]) => unknown) => void electron.listeners.set(channel, listener),
    },
    Menu: {
      // Items found by id, as Electron's Menu does; `enabled` is set on the template's own objects.
      buildFromTemplate: (template: { id?: string; submenu?: unknown }[]) => ({
        template,
        getMenuItemById: (id: string) => {
          const find = (items: { id?: string; submenu?: unknown }[]): { enabled: boolean } | null => {
            for (const item of items) {
              if (item.id === id) return item as { enabled: boolean };
              const inner = Array.isArray(item.submenu) ? find(item.submenu as { id?: string }[]) : null;
              if (inner) return inner;
            }
            return null;
          };
          return find(template);
        },
      }),
      setApplicationMenu: (menu: typeof electron.menu) => void (electron.menu = menu),
    },
    nativeTheme: Object.assign(new Emitter(), { themeSource: 'light', shouldUseDarkColors: false }),
    net: { fetch: () => Promise.reject(new Error('no network in tests')) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => {
        electron.calls.push('registerSchemesAsPrivileged');
        electron.schemes = schemes;
      },
      handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) => void electron.protocols.set(scheme, handler),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(`enc:${text}`),
      decryptString: (blob: Buffer) => blob.toString().slice(4),
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    screen: {
      getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: (...args: unknown[]) => void) => void (electron.permission.request = handler),
        setPermissionCheckHandler: (handler: () => boolean) => void (electron.permission.check = handler),
        setDevicePermissionHandler: (handler: () => boolean) => void (electron.permission.device = handler),
        webRequest: { onHeadersReceived: (handler: typeof electron.headers) => void (electron.headers = handler) },
      },
    },
    shell: { openExternal: async (url: string) => void electron.opened.push(url), openPath: async (path: string) => (electron.openedPaths.push(path), '') },
  };
});

// The real backend, recorded, and on Node's better-sqlite3 (the app's nativeBinding is Electron's).
vi.mock('../backend/api/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof BackendModule>();
  return {
    ...real,
    createBackend: (options: BackendOptions) => {
      electron.backendOptions = options;
      return real.createBackend({ ...options, store: {} });
    },
  };
});

const ours = { senderFrame: { url: appUrl, parent: null } };
const call = (event: unknown, name: string, input: unknown) => electron.handlers.get(IPC_CALL_CHANNEL)!(event, name, input) as Promise<ApiReply>;
const window = () => electron.windows[0]!;

beforeAll(async () => {
  process.env['STREAMSCOPE_USER_DATA_DIR'] = userData;
  process.env['STREAMSCOPE_DB'] = sharedDb;
  Object.defineProperty(process.versions, 'electron', { value: '45.5.0', configurable: true });
  await import('./index.ts');
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
});

afterAll(() => {
  delete process.env['STREAMSCOPE_USER_DATA_DIR'];
  delete process.env['STREAMSCOPE_DB'];
  Reflect.deleteProperty(process.versions, 'electron');
});

describe('the main process', () => {
  it("opens the backend on the database STREAMSCOPE_DB names, with keys in safeStorage in the user-data folder and better-sqlite3's Electron build", () => {
    const options = electron.backendOptions as BackendOptions;
    expect(options.dbPath).toBe(sharedDb);
    expect(options.keys.kind).toBe('keychain');
    expect(options.store).toEqual({ nativeBinding: join(import.meta.dirname, '..', '..', '.cache', 'electron-native', '45.5.0', 'better_sqlite3.node') });
    expect(electron.exited).toEqual([]);
  });

  it('opens one window on our page, sandboxed, isolated, without Node, with the preload bridge', () => {
    expect(electron.sandboxEnabled).toBe(true);
    expect(electron.windows).toHaveLength(1);
    expect(window().loaded).toEqual([appUrl]);
    expect(window().options['webPreferences']).toMatchObject({
      preload: join(import.meta.dirname, '..', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // A development run: DevTools stay (run-mode.test.ts: a packaged app has none).
      devTools: true,
    });
    expect(window().options).toMatchObject({ center: true, width: 1200, height: 800, show: false });
  });

  it('answers API calls from our page over IPC, and refuses them from any other frame', async () => {
    expect(await call(ours, 'listRecordings', {})).toEqual({ ok: true, value: { items: [], total: 0 } });
    expect(await call({ senderFrame: { url: 'https://example.com/', parent: null } }, 'listRecordings', {})).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await call({ senderFrame: { url: appUrl, parent: {} } }, 'deleteRecording', { id: 1 })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it("keeps a key through the API in the key file, encrypted, and shows only its suffix", async () => {
    const reply = await call(ours, 'setKey', { profile: 'openai', key: 'sk-test-abcdef123456' });
    expect(reply).toMatchObject({ ok: true, value: { profile: 'openai', source: 'keychain' } });
    expect(JSON.stringify(reply)).not.toContain('sk-test-abcdef');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(userData, 'api-keys.json'), 'utf8')).not.toContain('sk-test-abcdef123456');
  });

  it('pushes a live recording to the window on the push channel', async () => {
    const started = await call(ours, 'startRecording', { profile: 'simulator', model: 'sim-text', messages: [{ role: 'user', content: 'Hi' }], params: { sim: { time_scale: 0 } } });
    expect(started.ok).toBe(true);
    await vi.waitFor(() => expect(electron.sent.map((args) => args[1])).toContain('finished'));
    expect(electron.sent.every((args) => args[0] === IPC_PUSH_CHANNEL)).toBe(true);
    expect(electron.sent[0]![1]).toBe('live');
  });

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    electron.permission.request!({}, 'media', (granted: boolean) => answers.push(granted));
    electron.permission.request!({}, 'notifications', (granted: boolean) => answers.push(granted));
    expect(answers).toEqual([false, false]);
    expect(electron.permission.check!()).toBe(false);
    expect(electron.permission.device!()).toBe(false);
  });

  it('registers app:// as a privileged scheme before the app is ready, and loads the page from it', () => {
    expect(electron.calls.slice(0, 2)).toEqual(['registerSchemesAsPrivileged', 'whenReady']);
    expect(electron.schemes).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
    expect([...electron.protocols.keys()]).toEqual(['app']);
    expect(window().loaded).toEqual(['app://streamscope/index.html']);
  });

  it('serves app:// from the renderer folder only, with the policy header (here the strict fallback: the unbuilt tree has no page), and sets no webRequest hook', async () => {
    const serve = electron.protocols.get('app')!;
    const page = await serve({ url: appUrl, method: 'GET' });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'self'; object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    // This very file is one folder up from the renderer folder the handler serves (electron/renderer).
    expect(existsSync(join(dirname(import.meta.dirname), 'main', 'index.ts'))).toBe(true);
    const climb = await serve({ url: 'app://streamscope/%2E%2E%2Fmain%2Findex.ts', method: 'GET' });
    expect([climb.status, await climb.text()]).toEqual([404, 'not found']);
    expect(electron.headers).toBeUndefined();
  });

  it('denies new windows and navigation away, opening https links in the browser and asking first for plain http', async () => {
    const contents = window().contents;
    const handler = contents.openHandler!;
    expect(handler({ url: 'https://platform.openai.com/docs' })).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(electron.opened).toEqual(['https://platform.openai.com/docs']));

    const navigate = (url: string) => {
      let prevented = false;
      contents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate(`${appUrl}#/recordings`)).toBe(false);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('http://example.com/')).toBe(true);
    await vi.waitFor(() => expect(electron.asked).toEqual(['http://example.com/\n\nThe link is not encrypted (http, not https).']));
    expect(electron.opened).toEqual(['https://platform.openai.com/docs']);

    electron.answer = 0;
    expect(navigate('http://example.org/')).toBe(true);
    await vi.waitFor(() => expect(electron.opened).toEqual(['https://platform.openai.com/docs', 'http://example.org/']));

    let webviewPrevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (webviewPrevented = true) });
    expect(webviewPrevented).toBe(true);
  });

  it('stops every sub-frame navigation, which will-navigate does not see, and leaves the top frame to will-navigate', () => {
    const frameNavigate = (url: string, isMainFrame: boolean) => {
      let prevented = false;
      window().contents.emit('will-frame-navigate', { url, isMainFrame, preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect(frameNavigate('https://example.com/', false)).toBe(true);
    expect(frameNavigate(appUrl, false)).toBe(true);
    expect(frameNavigate(`${appUrl}#/recordings`, true)).toBe(false);
  });

  it("sets the application menu for this platform's conventions", () => {
    const expected = menuTemplate({ platform: process.platform, isPackaged: false, showDataFolder: () => {}, copyVersions: () => {}, command: () => {} });
    expect(JSON.stringify(electron.menu.template)).toBe(JSON.stringify(expected));
  });

  it('shows the folder of the database in use, which the command line shares, from File → Show Data Folder', () => {
    const item = (electron.menu.template as { submenu?: { label?: string; click?: () => void }[] }[]).flatMap((menu) => menu.submenu ?? []).find((entry) => entry.label === 'Show Data Folder')!;
    item.click!();
    expect(electron.openedPaths).toEqual([dirname(sharedDb)]);
  });

  it("sends a menu command to the window only while it shows our page", () => {
    const exportItem = (electron.menu.template as { submenu?: { label?: string; click?: () => void }[] }[]).flatMap((menu) => menu.submenu ?? []).find((item) => item.label === 'Export…')!;
    const commands = () => electron.sent.filter((args) => args[0] === COMMAND_CHANNEL);
    exportItem.click!();
    expect(commands()).toEqual([[COMMAND_CHANNEL, 'export']]);
    electron.pageUrl = 'https://example.com/';
    exportItem.click!();
    electron.pageUrl = 'file:///etc/passwd';
    exportItem.click!();
    electron.pageUrl = appUrl;
    expect(commands()).toEqual([[COMMAND_CHANNEL, 'export']]);
  });

  it("enables the Recording menu's items as our page offers them, ignoring other frames, and disables them when a new document starts loading", () => {
    const enabled = () => ['replay-toggle', 'export', 'serve-mock'].map((id) => electron.menu.getMenuItemById(id)!.enabled);
    const offer = (senderFrame: unknown, ids: unknown) => electron.listeners.get(COMMANDS_OFFERED_CHANNEL)!({ senderFrame }, ids);
    expect(enabled()).toEqual([false, false, false]);
    offer(ours.senderFrame, ['export', 'serve-mock', 'go-recordings']);
    expect(enabled()).toEqual([false, true, true]);
    offer({ url: 'https://example.com/', parent: null }, ['replay-toggle']);
    offer({ url: appUrl, parent: {} }, []);
    expect(enabled()).toEqual([false, true, true]);

    const navigation = (isSameDocument: boolean) => window().contents.emit('did-start-navigation', { isMainFrame: true, isSameDocument, url: appUrl });
    navigation(true);
    expect(enabled()).toEqual([false, true, true]);
    navigation(false);
    expect(enabled()).toEqual([false, false, false]);
  });

  it("writes a report for the browser into a folder of this run's own, user-only, under the app's temporary path", async () => {
    const reply = (await electron.handlers.get(IPC_OPEN_REPORT_CHANNEL)!(ours, 1)) as ApiReply;
    expect(reply.ok).toBe(true);
    const report = (reply as { value: string }).value;
    const folder = dirname(report);
    expect(dirname(folder)).toBe(electron.tempDir);
    expect(folder).toMatch(/streamscope-reports-[A-Za-z0-9]{6}$/);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(readdirSync(folder)).toEqual([report.slice(folder.length + 1)]);
  });

  it('closes the backend and removes the reports folder before quitting', async () => {
    expect(readdirSync(electron.tempDir)).toHaveLength(1);
    let prevented = 0;
    electron.app.emit('will-quit', { preventDefault: () => (prevented += 1) });
    expect(prevented).toBe(1);
    expect(readdirSync(electron.tempDir)).toEqual([]);
    await vi.waitFor(() => expect(electron.quit).toBe(1));
    expect(await call(ours, 'listRecordings', {})).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    electron.app.emit('will-quit', { preventDefault: () => (prevented += 1) });
    expect(prevented).toBe(1);
  });
});
