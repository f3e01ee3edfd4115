// What Electron's preload exposes to the renderer (contextBridge), and the IPC channel names.
// The renderer turns it into an ApiTransport; it never sees ipcRenderer itself.

import type { ApiPush } from './contract.ts';
import type { ApiReply } from './errors.ts';

/** The name of the global the preload script defines: `window.streamscope`. */
export const PRELOAD_GLOBAL = 'streamscope';

/** IPC channels: calls go renderer → main with invoke; pushes main → renderer with send. */
export const IPC_CALL_CHANNEL = 'streamscope:call';
export const IPC_PUSH_CHANNEL = 'streamscope:push';
/** The desktop app's "Open in browser" for a recording's HTML report (electron/main/open-report.ts). */
export const IPC_OPEN_REPORT_CHANNEL = 'streamscope:open-report';

export interface PreloadBridge {
  call(call: string, input: unknown): Promise<ApiReply>;
  /** Every push until the returned function is called. */
  onPush(listener: (push: ApiPush, payload: unknown) => void): () => void;
  /** Writes recording `id`'s HTML report to a file and opens it in the system browser; the value is the file's path. */
  openReport(id: number): Promise<ApiReply>;
  /** The application menu's commands (shared/commands.ts: COMMAND_CHANNEL), until the returned function is called. */
  onCommand(listener: (command: unknown) => void): () => void;
  /** Tells the application menu which commands the view on screen offers (shared/commands.ts: COMMANDS_OFFERED_CHANNEL). */
  offerCommands(ids: readonly string[]): void;
}
