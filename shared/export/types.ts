// What every export format provides (issue 4, "Export"). Exporters are pure: they turn a
// recording into the text or bytes of one file, so the CLI writes them and the UI previews them.

import type { Recording } from '../recording/types.ts';

export const EXPORT_FORMATS = ['sse', 'ssrec', 'har', 'openai-test', 'msw', 'aimock', 'curl', 'html'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportOptions {
  /** The recording's name, when it has one (used in titles and identifiers). */
  readonly name?: string | null;
  /** The stored id, when the recording comes from the store. */
  readonly id?: number | null;
}

export interface Exporter {
  readonly format: ExportFormat;
  /** One line for `--help` and the UI's format menu. */
  readonly description: string;
  /** The file name ending, with its dot: `.sse`, `.ssrec.jsonl`, `.har`, `.ts`, `.html` … */
  readonly extension: string;
  readonly mediaType: string;
  /**
   * The file's content. The recording may come from an unredacted file: an exporter calls
   * `redactRecording` before it writes anything, and escapes the stream's text for its target
   * language (a stream is untrusted input).
   */
  export(recording: Recording, options?: ExportOptions): string | Uint8Array;
}
