// The preload's whole surface: `call`, `onPush`, `openReport`, and the menu's `onCommand` and `offerCommands` over IPC, nothing else. The renderer never gets
// ipcRenderer, an IPC event object or a way to pick a channel (Electron's context-isolation
// guide: https://www.electronjs.org/docs/latest/tutorial/context-isolation#security-considerations).

import { IPC_CALL_CHANNEL, IPC_OPEN_REPORT_CHANNEL, IPC_PUSH_CHANNEL } from '../../shared/api/bridge.ts';
import type { PreloadBridge } from '../../shared/api/bridge.ts';
import type { ApiPush } from '../../shared/api/contract.ts';
import type { ApiReply } from '../../shared/api/errors.ts';
import { COMMAND_CHANNEL, COMMANDS_OFFERED_CHANNEL } from '../../shared/commands.ts';

/** The part of Electron's ipcRenderer the bridge uses. */
export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createPreloadBridge(ipc: BridgeIpc): PreloadBridge {
  return Object.freeze({
    call(call: string, input: unknown): Promise<ApiReply> {
      if (typeof call !== 'string') return Promise.reject(new TypeError('streamscope.call: the call name must be a string'));
      return ipc.invoke(IPC_CALL_CHANNEL, call, input) as Promise<ApiReply>;
    },
    onPush(listener: (push: ApiPush, payload: unknown) => void): () => void {
      if (typeof listener !== 'function') throw new TypeError('streamscope.onPush: the listener must be a function');
      return listen(ipc, IPC_PUSH_CHANNEL, (push, payload) => listener(push as ApiPush, payload));
    },
    openReport(id: number): Promise<ApiReply> {
      if (typeof id !== 'number') return Promise.reject(new TypeError('streamscope.openReport: the recording id must be a number'));
      return ipc.invoke(IPC_OPEN_REPORT_CHANNEL, id) as Promise<ApiReply>;
    },
    onCommand(listener: (command: unknown) => void): () => void {
      if (typeof listener !== 'function') throw new TypeError('streamscope.onCommand: the listener must be a function');
      return listen(ipc, COMMAND_CHANNEL, (command) => listener(command));
    },
    offerCommands(ids: readonly string[]): void {
      // Only strings cross, in a fresh array: the page's own array (or a proxy of one) never reaches IPC.
      if (!Array.isArray(ids)) throw new TypeError('streamscope.offerCommands: the command ids must be an array');
      ipc.send(COMMANDS_OFFERED_CHANNEL, ids.filter((id): id is string => typeof id === 'string'));
    },
  });
}

/** Subscribes to a channel; the returned function unsubscribes once. */
function listen(ipc: BridgeIpc, channel: string, listener: (...args: unknown[]) => void): () => void {
  // The event object stays here: it would hand the page `sender`, i.e. ipcRenderer itself.
  const relay = (_event: unknown, ...args: unknown[]) => listener(...args);
  ipc.on(channel, relay);
  let subscribed = true;
  return () => {
    if (!subscribed) return;
    subscribed = false;
    ipc.removeListener(channel, relay);
  };
}
