// What a packaged app refuses that a development run allows: DevTools, and the environment
// variables that point the app elsewhere (another user-data folder, a dev server). In a packaged
// app these would let whoever sets the environment read the user's data or swap the page.

import type { WebPreferences } from 'electron';

/** The folder STREAMSCOPE_USER_DATA_DIR names (tests give the app one of its own), in a development run only. */
export function userDataOverride(env: Readonly<Record<string, string | undefined>>, isPackaged: boolean): string | undefined {
  return isPackaged ? undefined : env['STREAMSCOPE_USER_DATA_DIR'] || undefined;
}

/** electron-vite's dev server (`npm run dev` sets ELECTRON_RENDERER_URL), in a development run only. */
export function devServerUrl(env: Readonly<Record<string, string | undefined>>, isPackaged: boolean): string | undefined {
  return isPackaged ? undefined : env['ELECTRON_RENDERER_URL'] || undefined;
}

/**
 * The window's web preferences: Electron's security checklist (items 2–4, 6, 8, 12) kept on, and
 * DevTools only in a development run (the menu's toggle alone would leave Ctrl+Shift+I and
 * webContents.openDevTools working in a packaged app).
 */
export function secureWebPreferences(preload: string, isPackaged: boolean): WebPreferences {
  return {
    preload,
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
  };
}
