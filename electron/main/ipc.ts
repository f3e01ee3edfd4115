// The API over Electron IPC, main side: calls arrive on IPC_CALL_CHANNEL (ipcRenderer.invoke) and
// are dispatched only when they come from the top frame of our own page; pushes leave on
// IPC_PUSH_CHANNEL (webContents.send) to the app's window only. The dispatcher validates every
// argument and never throws, so nothing a renderer sends can take the main process down.

import type { ApiPush } from '../../shared/api/contract.ts';
import type { ApiDispatcher } from '../../shared/api/dispatch.ts';
import type { ApiReply } from '../../shared/api/errors.ts';
import type { SenderFrame } from './security.ts';

/** What the handler reads of Electron's IpcMainInvokeEvent. */
export interface IpcCallEvent {
  readonly senderFrame: SenderFrame | null;
}

export const REFUSED_SENDER: ApiReply = {
  ok: false,
  error: { code: 'unauthorized', message: 'refused: API calls are answered only for the Streamscope window' },
};

/** The `ipcMain.handle(IPC_CALL_CHANNEL, …)` handler. */
export function ipcCallHandler(dispatch: ApiDispatcher, isTrusted: (frame: SenderFrame | null) => boolean) {
  return async (event: IpcCallEvent, call: unknown, input: unknown): Promise<ApiReply> => {
    if (!isTrusted(event.senderFrame)) return REFUSED_SENDER;
    if (typeof call !== 'string') return { ok: false, error: { code: 'unknown-call', message: `the call's name must be a string, not ${typeof call}` } };
    return dispatch(call, input);
  };
}

/** What forwarding reads of Electron's WebContents. */
export interface PushTarget {
  isDestroyed(): boolean;
  getURL(): string;
  send(channel: string, ...args: unknown[]): void;
}

/**
 * Sends a message to the window's contents when they show our page (not a page it was navigated
 * to, nor a closed window): pushes and the menu's commands both go this way. True when sent.
 */
export function sendToPage(contents: PushTarget | null, isOurs: (url: string) => boolean, channel: string, ...args: unknown[]): boolean {
  if (!contents || contents.isDestroyed() || !isOurs(contents.getURL())) return false;
  contents.send(channel, ...args);
  return true;
}

/**
 * Sends every push of the backend to the window's contents on `channel`, while they show our page.
 * Returns the function that stops forwarding.
 */
export function forwardPushes(
  subscribe: (listener: (push: ApiPush, payload: unknown) => void) => () => void,
  target: () => PushTarget | null,
  isOurs: (url: string) => boolean,
  channel: string,
): () => void {
  return subscribe((push, payload) => void sendToPage(target(), isOurs, channel, push, payload));
}
