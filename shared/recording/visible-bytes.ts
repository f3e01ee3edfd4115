// Recorded bytes as a reader can see them, whatever draws them (the HTML export's <pre>, the
// recording view's inspector): line endings kept apart so CR, LF and CRLF can be told from one
// another, bytes that are not UTF-8 named as `\xNN` instead of being replaced by U+FFFD, and
// characters nobody could see written as their JSON escape. Every segment says where its bytes
// start and end, so a view can put byte offsets beside the lines.

/**
 * Characters a reader could not see, or that an HTML parser would change: C0 and C1 controls
 * other than tab and line feed, unpaired surrogates, noncharacters, the BOM, zero-width
 * characters, and the bidirectional controls a hostile stream could use to make text read
 * differently from what it is. (HTML §13.2.3.5 turns CR into LF and NUL into U+FFFD.)
 */
export const INVISIBLE_PATTERN =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\0-\x08\x0B-\x1F\x7F-\x9F\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The JSON escape of one invisible character: `\r`, `\b`, `\f` or `\uXXXX`. */
export function invisibleEscape(char: string): string {
  const short = char === '\r' ? '\\r' : char === '\b' ? '\\b' : char === '\f' ? '\\f' : null;
  return short ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

export type LineEnding = '\r\n' | '\r' | '\n';

/** One piece of the bytes; `start` and `end` are byte offsets into them. */
export type VisibleSegment =
  | { readonly type: 'text'; readonly start: number; readonly end: number; readonly text: string }
  /** One invisible character, and its escape (`\u0000`, `\u202e`). */
  | { readonly type: 'invisible'; readonly start: number; readonly end: number; readonly text: string; readonly escape: string }
  /** A line ending, and its escape (`\r\n`, `\r`, `\n`). */
  | { readonly type: 'line-end'; readonly start: number; readonly end: number; readonly ending: LineEnding; readonly escape: string }
  /** A byte that is not part of a well-formed UTF-8 sequence, and its escape (`\xc0`). */
  | { readonly type: 'bad'; readonly start: number; readonly end: number; readonly byte: number; readonly escape: string };

export interface VisibleBytes {
  readonly segments: readonly VisibleSegment[];
  /** How many bytes the segments cover: all of them unless cut at `max`. */
  readonly shown: number;
  readonly total: number;
}

const LF = 0x0a;
const CR = 0x0d;
const ESCAPES: Readonly<Record<LineEnding, string>> = { '\r\n': '\\r\\n', '\r': '\\r', '\n': '\\n' };
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const invisibles = new RegExp(INVISIBLE_PATTERN.source, 'g');

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

/** How many UTF-8 bytes well-formed text takes (a surrogate pair is four). */
function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    length += unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdbff ? 2 : unit >= 0xdc00 && unit <= 0xdfff ? 2 : 3;
  }
  return length;
}

/** A run of well-formed UTF-8 without line endings, starting at byte `start`: text, with its invisible characters apart. */
function pushText(segments: VisibleSegment[], text: string, start: number): void {
  let at = start;
  let from = 0;
  invisibles.lastIndex = 0;
  for (let match = invisibles.exec(text); match !== null; match = invisibles.exec(text)) {
    if (match.index > from) {
      const piece = text.slice(from, match.index);
      const end = at + utf8Length(piece);
      segments.push({ type: 'text', start: at, end, text: piece });
      at = end;
    }
    const char = match[0];
    const end = at + utf8Length(char);
    segments.push({ type: 'invisible', start: at, end, text: char, escape: invisibleEscape(char) });
    at = end;
    from = match.index + char.length;
  }
  if (from < text.length) {
    const piece = from === 0 ? text : text.slice(from);
    segments.push({ type: 'text', start: at, end: at + utf8Length(piece), text: piece });
  }
}

/**
 * The bytes as segments. Past `max` bytes they are cut, at the start of a character rather than
 * inside one (a cut character would show as invalid bytes); `shown` says where.
 */
export function visibleBytes(bytes: Uint8Array, max = Infinity): VisibleBytes {
  let end = Math.min(bytes.length, max);
  for (let back = 0; back < 3 && end < bytes.length && end > 0 && (bytes[end]! & 0xc0) === 0x80; back++) end--;
  const segments: VisibleSegment[] = [];
  let runStart = 0;
  let at = 0;
  const flush = (): void => {
    if (at > runStart) pushText(segments, decoder.decode(bytes.subarray(runStart, at)), runStart);
  };
  while (at < end) {
    const byte = bytes[at]!;
    // No byte of a multi-byte sequence is CR or LF (WHATWG Encoding §4.1), so they can be found byte by byte.
    if (byte === LF || byte === CR) {
      flush();
      const ending: LineEnding = byte === LF ? '\n' : at + 1 < end && bytes[at + 1] === LF ? '\r\n' : '\r';
      segments.push({ type: 'line-end', start: at, end: at + ending.length, ending, escape: ESCAPES[ending] });
      at += ending.length;
      runStart = at;
      continue;
    }
    if (byte < 0x80) {
      at++;
      continue;
    }
    const length = sequenceLength(bytes, at);
    if (length > 0 && at + length <= end) {
      at += length;
      continue;
    }
    flush();
    segments.push({ type: 'bad', start: at, end: at + 1, byte, escape: `\\x${byte.toString(16).padStart(2, '0')}` });
    at++;
    runStart = at;
  }
  flush();
  return { segments, shown: end, total: bytes.length };
}
