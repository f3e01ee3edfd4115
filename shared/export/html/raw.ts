// An event's bytes as they came over the wire: line endings made visible (`\r`, `\n`, so CR,
// LF and CRLF can be told apart), bytes that are not UTF-8 shown as `\xNN` instead of being
// replaced, and invisible characters marked as everywhere else in the report.

import { Html, shown } from './escape.ts';
import { number } from './format.ts';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The length of the well-formed UTF-8 sequence starting at `at` (Unicode §3.9, table 3-7), or 0. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  if (lead < 0x80) return 1;
  const inRange = (offset: number, low = 0x80, high = 0xbf): boolean => {
    const byte = bytes[at + offset];
    return byte !== undefined && byte >= low && byte <= high;
  };
  if (lead >= 0xc2 && lead <= 0xdf) return inRange(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const low = lead === 0xe0 ? 0xa0 : 0x80;
    const high = lead === 0xed ? 0x9f : 0xbf;
    return inRange(1, low, high) && inRange(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const low = lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xf4 ? 0x8f : 0xbf;
    return inRange(1, low, high) && inRange(2) && inRange(3) ? 4 : 0;
  }
  return 0;
}

function textRun(text: string): string {
  let out = '';
  for (const part of text.split(/(\r\n|\r|\n)/)) {
    if (part === '\r\n') out += '<span class="le">\\r\\n</span>\n';
    else if (part === '\r') out += '<span class="le">\\r</span>\n';
    else if (part === '\n') out += '<span class="le">\\n</span>\n';
    else out += shown(part).value;
  }
  return out;
}

/** The bytes as visible text; past `max` bytes they are cut (at a character boundary) with a note of what was left out. */
export function rawBytes(bytes: Uint8Array, max = Infinity): Html {
  let end = Math.min(bytes.length, max);
  // Back off to the start of a character rather than show a cut one as invalid bytes.
  for (let back = 0; back < 3 && end < bytes.length && end > 0 && (bytes[end]! & 0xc0) === 0x80; back++) end--;
  let out = '';
  let runStart = 0;
  let at = 0;
  while (at < end) {
    const length = sequenceLength(bytes, at);
    if (length > 0 && at + length <= end) {
      at += length;
      continue;
    }
    if (at > runStart) out += textRun(decoder.decode(bytes.subarray(runStart, at)));
    out += `<span class="bad">\\x${bytes[at]!.toString(16).padStart(2, '0')}</span>`;
    at++;
    runStart = at;
  }
  if (end > runStart) out += textRun(decoder.decode(bytes.subarray(runStart, end)));
  if (end < bytes.length) out += `<span class="cut">… ${number(bytes.length - end)} more bytes not shown</span>`;
  return new Html(out);
}
