// An event's bytes as they came over the wire, as report markup: line endings made visible
// (`\r`, `\n`, so CR, LF and CRLF can be told apart), bytes that are not UTF-8 shown as `\xNN`
// instead of being replaced, and invisible characters marked as everywhere else in the report.
// What is shown how is decided by visible-bytes.ts, which the recording view shares.

import { visibleBytes } from '../../recording/visible-bytes.ts';
import { Html, escapeHtml } from './escape.ts';
import { number } from './format.ts';

/** The bytes as visible text; past `max` bytes they are cut (at a character boundary) with a note of what was left out. */
export function rawBytes(bytes: Uint8Array, max = Infinity): Html {
  const { segments, shown, total } = visibleBytes(bytes, max);
  let out = '';
  for (const segment of segments) {
    switch (segment.type) {
      case 'text':
        out += escapeHtml(segment.text);
        break;
      case 'invisible':
        out += `<span class="esc">${segment.escape}</span>`;
        break;
      case 'line-end':
        out += `<span class="le">${segment.escape}</span>\n`;
        break;
      case 'bad':
        out += `<span class="bad">${segment.escape}</span>`;
        break;
    }
  }
  if (shown < total) out += `<span class="cut">… ${number(total - shown)} more bytes not shown</span>`;
  return new Html(out);
}
