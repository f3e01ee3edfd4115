// The API over Electron IPC: the preload script's bridge (window.streamscope) carries calls and
// pushes; the renderer never sees ipcRenderer itself.

import type { ApiTransport } from '../../shared/api/client.ts';
import type { PreloadBridge } from '../../shared/api/bridge.ts';

export function ipcTransport(bridge: PreloadBridge): ApiTransport {
  return {
    call: (call, input) => bridge.call(call, input),
    subscribe: (listener) => bridge.onPush(listener),
  };
}

/** The preload bridge, when this page runs in the desktop app. */
export function preloadBridge(global: object): PreloadBridge | null {
  const bridge = (global as { streamscope?: Partial<PreloadBridge> }).streamscope;
  return bridge && typeof bridge.call === 'function' && typeof bridge.onPush === 'function' ? (bridge as PreloadBridge) : null;
}
