import { describe, expect, it } from 'vitest';
import { devServerUrl, secureWebPreferences, userDataOverride } from './run-mode.ts';

const env = { STREAMSCOPE_USER_DATA_DIR: '/tmp/elsewhere', ELECTRON_RENDERER_URL: 'http://localhost:5173/' };

describe('a packaged app, unlike a development run', () => {
  it('has no DevTools', () => {
    expect(secureWebPreferences('/app/out/preload/index.cjs', true).devTools).toBe(false);
    expect(secureWebPreferences('/app/out/preload/index.cjs', false).devTools).toBe(true);
  });

  it('ignores STREAMSCOPE_USER_DATA_DIR, which would point it at another folder of data and keys', () => {
    expect(userDataOverride(env, true)).toBeUndefined();
    expect(userDataOverride(env, false)).toBe('/tmp/elsewhere');
    expect(userDataOverride({ STREAMSCOPE_USER_DATA_DIR: '' }, false)).toBeUndefined();
  });

  it('ignores ELECTRON_RENDERER_URL, which would load another page with the bridge', () => {
    expect(devServerUrl(env, true)).toBeUndefined();
    expect(devServerUrl(env, false)).toBe('http://localhost:5173/');
  });
});

describe('the web preferences', () => {
  it('keep isolation, the sandbox and web security on, and Node, webviews and insecure content off, packaged or not', () => {
    for (const isPackaged of [true, false]) {
      expect(secureWebPreferences('/p.cjs', isPackaged)).toEqual({
        preload: '/p.cjs',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        navigateOnDragDrop: false,
        spellcheck: false,
        devTools: !isPackaged,
      });
    }
  });
});
