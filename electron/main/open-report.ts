// "Open in browser" for the HTML report, in the desktop app. The page's blob: URL means nothing to
// the system browser, so the main process makes the report itself, from the recording's id (the
// page sends no content to be opened), writes it to a new file, readable by the user only, in
// this run's private folder (./report-folder.ts), and hands it to the system's handler for .html.

import { basename } from 'node:path';
import { ApiError } from '../../shared/api/errors.ts';
import type { ApiReply } from '../../shared/api/errors.ts';
import type { SenderFrame } from './security.ts';
import { writeNewFile } from './report-folder.ts';

export interface OpenReportOptions {
  /** The HTML report of a stored recording (the API's exportRecording with format html). */
  readonly exportHtml: (id: number) => Promise<{ readonly fileName: string; readonly content: string | Uint8Array }>;
  /** Where report files go: this run's private folder, made on first use. */
  readonly folder: () => string;
  /** Electron's shell.openPath: resolves to '' when it opened the file, else why not. */
  readonly openPath: (path: string) => Promise<string>;
  readonly isTrusted: (frame: SenderFrame | null) => boolean;
}

/** The `ipcMain.handle(IPC_OPEN_REPORT_CHANNEL, …)` handler; resolves to where the report was written. */
export function openReportHandler(options: OpenReportOptions) {
  return async (event: { readonly senderFrame: SenderFrame | null }, id: unknown): Promise<ApiReply> => {
    if (!options.isTrusted(event.senderFrame)) return { ok: false, error: { code: 'unauthorized', message: 'refused: only the Streamscope window opens reports' } };
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return { ok: false, error: { code: 'invalid-argument', message: 'openReport takes a recording id' } };
    try {
      const report = await options.exportHtml(id);
      // The backend names the file after the recording; only its last part is used, and it is made an .html one.
      const name = basename(report.fileName).replace(/\.html?$/i, '') || `recording-${id}`;
      const path = writeNewFile(options.folder(), name, '.html', typeof report.content === 'string' ? report.content : new TextDecoder().decode(report.content));
      const failure = await options.openPath(path);
      return failure === '' ? { ok: true, value: path } : { ok: false, error: { code: 'failed', message: `the report was written to ${path} but could not be opened: ${failure}` } };
    } catch (error) {
      return { ok: false, error: error instanceof ApiError ? error.toJSON() : { code: 'failed', message: error instanceof Error ? error.message : String(error) } };
    }
  };
}
