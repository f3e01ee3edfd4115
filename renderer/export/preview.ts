// What the export dialog shows of a file before it is saved: the start of a text file (a few
// hundred lines, cut short of a huge single line too), or only the size of one that is not text.

import { utf8Bytes, utf8OrNull } from '../../shared/formats/bytes.ts';
import { formatCount } from '../components/format.ts';

export const PREVIEW_LINES = 200;
/** A minified line or a one-line body can be megabytes: the preview stops here whatever the lines. */
export const PREVIEW_CHARS = 64 * 1024;

export interface TextPreview {
  readonly kind: 'text';
  /** The whole file as text (what Copy puts on the clipboard). */
  readonly text: string;
  /** The start shown. */
  readonly shown: string;
  readonly shownLines: number;
  readonly totalLines: number;
  readonly truncated: boolean;
  /** In bytes, as saved. */
  readonly size: number;
}

export type ExportPreview = TextPreview | { readonly kind: 'binary'; readonly size: number };

/** The preview of an exported file's content: text when it is a string or valid UTF-8. */
export function previewOf(content: string | Uint8Array, maxLines = PREVIEW_LINES, maxChars = PREVIEW_CHARS): ExportPreview {
  const text = typeof content === 'string' ? content : utf8OrNull(content);
  const size = typeof content === 'string' ? utf8Bytes(content).length : content.length;
  if (text === null) return { kind: 'binary', size };
  const totalLines = countLines(text);
  const cut = Math.min(lineStart(text, maxLines), maxChars);
  const shown = text.slice(0, cut);
  return { kind: 'text', text, shown, shownLines: countLines(shown), totalLines, truncated: cut < text.length, size };
}

/** The lines of a text, by any of SSE's line endings (WHATWG HTML §9.2.6: CRLF, LF, CR); a last line without one counts. */
export function countLines(text: string): number {
  let lines = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      lines += 1;
      if (code === 13 && text.charCodeAt(i + 1) === 10) i += 1;
    }
  }
  const last = text.charCodeAt(text.length - 1);
  return text.length > 0 && last !== 10 && last !== 13 ? lines + 1 : lines;
}

/** Where line `n` (counted from 0) starts; the text's length when it has no more lines. */
function lineStart(text: string, n: number): number {
  let line = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      if (code === 13 && text.charCodeAt(i + 1) === 10) i += 1;
      line += 1;
      if (line === n) return i + 1;
    }
  }
  return text.length;
}

/** How much of the file the preview holds: "1,234 lines, the first 200 shown". */
export function previewExtent(preview: TextPreview): string {
  const lines = `${formatCount(preview.totalLines)} line${preview.totalLines === 1 ? '' : 's'}`;
  if (!preview.truncated) return lines;
  // Cut inside a line: the character cap came first.
  if (!/[\r\n]$/.test(preview.shown)) return `${lines}, the first ${formatCount(preview.shown.length)} characters shown`;
  return `${lines}, the first ${formatCount(preview.shownLines)} shown`;
}
