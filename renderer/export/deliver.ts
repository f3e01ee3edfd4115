// An exported file leaves the page: saved as a download, opened in a new window, or copied. The
// page holds the content already (the API returned it), so a Blob URL carries it; the URL is
// revoked once the browser has taken the content.

import type { ExportedFile } from '../../shared/api/contract.ts';
import { preloadBridge } from '../api/ipc.ts';

/** Long enough for the browser to start reading the blob (a download, a new window's load). */
const REVOKE_AFTER_MS = 60_000;

function blobUrl(file: ExportedFile): string {
  // The API's byte arrays sit on plain ArrayBuffers (decoded, never shared), which is what a Blob takes.
  const part = typeof file.content === 'string' ? file.content : (file.content as Uint8Array<ArrayBuffer>);
  const url = URL.createObjectURL(new Blob([part], { type: file.mediaType }));
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return url;
}

/** Downloads the file under the name the backend suggested. */
export function saveFile(file: ExportedFile): void {
  const link = document.createElement('a');
  link.href = blobUrl(file);
  link.download = file.fileName;
  link.rel = 'noopener';
  link.click();
}

/**
 * Opens recording `id`'s HTML report (`file`) in a browser: in a new window that cannot reach back
 * to this page, or, in the desktop app, where a page's blob: URL means nothing to the system
 * browser, as a file the main process writes and opens (electron/main/open-report.ts).
 */
export async function openInBrowser(file: ExportedFile, id: number): Promise<void> {
  const bridge = preloadBridge(window);
  if (!bridge) {
    window.open(blobUrl(file), '_blank', 'noopener');
    return;
  }
  const reply = await bridge.openReport(id);
  if (!reply.ok) throw new Error(reply.error.message);
}

/** Puts the text on the clipboard; rejects when the page may not (no permission, no focus). */
export function copyText(text: string): Promise<void> {
  return navigator.clipboard.writeText(text);
}
