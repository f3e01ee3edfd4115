// The main process's wiring, with a stand-in for the `electron` module (the binary cannot run in
// the unit tests): what the shell registers and how it answers Electron's events. The backend is
// the real one, on Node's build of better-sqlite3.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiReply } from '../../shared/api/errors.ts';
import { IPC_CALL_CHANNEL, IPC_PUSH_CHANNEL } from '../../shared/api/bridge.ts';
import type { EventEmitter } from 'node:events';
import type { BackendOptions } from '../backend/api/index.ts';
import type * as BackendModule from '../backend/api/index.ts';
import { menuTemplate } from './menu.ts';

const userData = mkdtempSync(join(tmpdir(), 'streamscope-main-'));
const appUrl = pathToFileURL(join(import.meta.dirname, '..', 'renderer', 'index.html')).href;

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
    windows: [] as { options: Record<string, unknown>; contents: FakeContents; loaded: string[] }[],
    sent: [] as unknown[][],
    opened: [] as string[],
    asked: [] as string[],
    answer: 1,
    quit: 0,
    exited: [] as number[],
    sandboxEnabled: false,
    permission: {} as { request?: (...args: unknown[]) => void; check?: () => boolean; device?: () => boolean },
    headers: undefined as undefined | ((details: unknown, callback: (response: unknown) => void) => void),
    menu: undefined as unknown,
    backendOptions: undefined as unknown,
  };
  return record;
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const paths: Record<string, string> = {};
  electron.app = new Emitter();
  const app = Object.assign(electron.app, {
    isPackaged: false,
    setPath: (name: string, path: string) => void (paths[name] = path),
    getPath: (name: string) => paths[name] ?? `/nowhere/${name}`,
    enableSandbox: () => void (electron.sandboxEnabled = true),
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
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
        getURL: () => appUrl,
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
    ipcMain: { handle: (channel: string, handler: (...args: unknown[]) => unknown) => void electron.handlers.set(channel, handler) },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: (menu: unknown) => void (electron.menu = menu) },
    nativeTheme: Object.assign(new Emitter(), { themeSource: 'light', shouldUseDarkColors: false }),
    net: { fetch: () => Promise.reject(new Error('no network in tests')) },
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
    shell: { openExternal: async (url: string) => void electron.opened.push(url), openPath: async () => '' },
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
  Object.defineProperty(process.versions, 'electron', { value: '45.5.0', configurable: true });
  await import('./index.ts');
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
});

afterAll(() => {
  delete process.env['STREAMSCOPE_USER_DATA_DIR'];
  Reflect.deleteProperty(process.versions, 'electron');
});

describe('the main process', () => {
  it("opens the backend in the user-data folder, with keys in safeStorage and better-sqlite3's Electron build", () => {
    const options = electron.backendOptions as BackendOptions;
    expect(options.dbPath).toBe(join(userData, 'streamscope.db'));
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

  it('sets a Content-Security-Policy header on our pages only (here the strict fallback: the unbuilt tree has no page to read)', () => {
    const responses: unknown[] = [];
    electron.headers!({ url: appUrl, responseHeaders: {} }, (response) => responses.push(response));
    electron.headers!({ url: 'https://example.com/', responseHeaders: {} }, (response) => responses.push(response));
    const [ourPage, other] = responses as [{ responseHeaders: Record<string, string[]> }, unknown];
    expect(ourPage.responseHeaders['Content-Security-Policy']?.[0]).toMatch(/^default-src 'self'; script-src 'self'; object-src 'none'/);
    expect(other).toEqual({});
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

  it("sets the application menu for this platform's conventions", () => {
    const expected = menuTemplate({ platform: process.platform, isPackaged: false, showDataFolder: () => {}, copyVersions: () => {}, command: () => {} });
    expect(JSON.stringify(electron.menu)).toBe(JSON.stringify(expected));
  });

  it('closes the backend before quitting', async () => {
    let prevented = 0;
    electron.app.emit('will-quit', { preventDefault: () => (prevented += 1) });
    expect(prevented).toBe(1);
    await vi.waitFor(() => expect(electron.quit).toBe(1));
    expect(await call(ours, 'listRecordings', {})).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    electron.app.emit('will-quit', { preventDefault: () => (prevented += 1) });
    expect(prevented).toBe(1);
  });
});
