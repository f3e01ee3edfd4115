// Telling what a "." of `--trace-ascii` stood for. The dump prints every byte outside 0x20–0x7F
// as ".", so a "." is a full stop, a line feed, a lone CR, or a byte of non-ASCII (UTF-8) text.
// In an SSE body of JSON payloads most of them can be decided:
// - a `data:` line that holds JSON ends at the first "." after which the JSON is complete
//   (JSON.parse decides), and inside JSON a raw line break cannot occur (RFC 8259 §7);
// - any other line ends at the first "." that is followed by the start of a line (a field name
//   and colon, a comment, another line end) or by the end of the body;
// - a "." where a line starts is an empty line (the end of an event);
// - a single "." between printable bytes is a full stop: a non-ASCII character is two bytes or
//   more in UTF-8, so it shows as two dots or more.
// What cannot be decided is counted, never guessed silently: a run of two dots or more inside
// text (non-ASCII text, or "..", "…"); in a body that shows CR LF line endings, a line end right
// where the bytes were not contiguous on the wire followed by another "." (a CR LF cut in two
// shows as ". ." — the dump breaks the row on a CR LF only within one write); and three dots or
// more ending a line that is not JSON. A lone CR line ending reads as LF: no server is known to
// send one, and the ASCII trace cannot show it.

const CR = 0x0d;
const LF = 0x0a;

export interface Resolved {
  readonly bytes: Uint8Array;
  /** Bytes whose value the trace does not tell. */
  readonly uncertain: number;
  /** Offset of the first of them, or -1. */
  readonly firstUncertain: number;
}

const EVENT_AFTER = /^(?:data|event|id|retry)?:/;
const LINE_START = /^(?:data[:.\r\n]|data$|event:|id:|retry:|:|\.|\r|\n)/;

/**
 * Resolves the dots of an SSE body read from an ASCII trace. `seams` are the offsets where bytes
 * that were apart on the wire meet (another read, another chunk).
 */
export function resolveSseDots(input: Uint8Array, dots: Uint8Array, seams: ReadonlySet<number>): Resolved {
  const bytes = input.slice();
  const n = bytes.length;
  let uncertain = 0;
  let firstUncertain = -1;
  const doubt = (at: number, count: number) => {
    if (count <= 0) return;
    uncertain += count;
    if (firstUncertain < 0 || at < firstUncertain) firstUncertain = at;
  };
  const isDot = (i: number) => i < n && dots[i] === 1;
  const known = (i: number, byte: number) => i < n && dots[i] !== 1 && bytes[i] === byte;
  const text = (from: number, to: number) => {
    let out = '';
    for (let i = from; i < to; i += 0x2000) out += String.fromCharCode(...bytes.subarray(i, Math.min(to, i + 0x2000)));
    return out;
  };

  // A body that shows a CR LF somewhere is written with CR LF line endings (a mixed one): only
  // there can two dots where reads meet be one CR LF cut in two.
  let crlfSeen = false;
  for (let i = 0; i + 1 < n && !crlfSeen; i++) crlfSeen = known(i, CR) && known(i + 1, LF);
  let pos = 0;
  // The next CR or LF the trace showed as such (a row break), found once per line break.
  let nextKnown = -1;
  while (pos < n) {
    if (isDot(pos)) {
      bytes[pos++] = LF;
      continue;
    }
    if (known(pos, CR)) {
      pos += known(pos + 1, LF) ? 2 : 1;
      continue;
    }
    if (known(pos, LF)) {
      pos++;
      continue;
    }
    if (nextKnown < pos) {
      nextKnown = pos;
      while (nextKnown < n && !known(nextKnown, CR) && !known(nextKnown, LF)) nextKnown++;
    }
    const knownEnd = nextKnown;

    let end = jsonLineEnd(pos, knownEnd);
    if (end < 0) {
      end = knownEnd;
      for (let p = pos; p < knownEnd; p++) {
        if (isDot(p) && (p + 1 >= n || LINE_START.test(text(p + 1, Math.min(n, p + 7))))) {
          end = p;
          break;
        }
      }
      let run = 0;
      while (isDot(end + run)) run++;
      if (run >= 3) doubt(end, run);
      doubtRuns(pos, end, false);
    }
    if (end >= n) break;
    if (isDot(end)) {
      bytes[end] = LF;
      if (crlfSeen && isDot(end + 1) && seams.has(end + 1)) doubt(end, 2);
      pos = end + 1;
    } else pos = end + (known(end, CR) && known(end + 1, LF) ? 2 : 1);
  }
  return { bytes, uncertain, firstUncertain };

  /** The end of a `data:` line holding JSON (a "." or the known line end), or -1. */
  function jsonLineEnd(start: number, knownEnd: number): number {
    if (text(start, start + 5) !== 'data:') return -1;
    let value = start + 5;
    if (bytes[value] === 0x20 && !isDot(value)) value++;
    const first = bytes[value];
    if (first !== 0x7b && first !== 0x5b) return -1;
    for (let p = value + 1; p <= knownEnd; p++) {
      if (p < knownEnd && !isDot(p)) continue;
      let last = p - 1;
      while (last > value && (bytes[last] === 0x20 || bytes[last] === 0x09)) last--;
      if ((bytes[last] === 0x7d || bytes[last] === 0x5d) && parses(value, p)) {
        doubtRuns(value, p, true);
        return p;
      }
      // Two dots and a field: the end of an event, so the JSON was broken (and the search stops
      // here rather than trying every later "." of the body).
      if (isDot(p + 1) && EVENT_AFTER.test(text(p + 2, Math.min(n, p + 8)))) return -1;
    }
    return -1;
  }

  function parses(from: number, to: number): boolean {
    try {
      JSON.parse(text(from, to));
      return true;
    } catch {
      return false;
    }
  }

  /** Counts the runs of two dots or more in [from, to): in JSON, only those inside strings. */
  function doubtRuns(from: number, to: number, json: boolean): void {
    let inString = !json;
    let escaped = false;
    let run = 0;
    for (let i = from; i <= to; i++) {
      const dot = i < to && isDot(i);
      if (dot && inString) {
        run++;
        continue;
      }
      if (run >= 2) doubt(i - run, run);
      run = 0;
      if (i >= to || !json) continue;
      const byte = bytes[i]!;
      if (escaped) escaped = false;
      else if (byte === 0x5c && inString) escaped = true;
      else if (byte === 0x22) inString = !inString;
    }
  }
}

/** Resolves the dots of a JSON request body: inside strings as in `resolveSseDots`, outside them a "." that is no decimal point is white space. */
export function resolveJsonDots(input: Uint8Array, dots: Uint8Array): Resolved {
  const bytes = input.slice();
  let uncertain = 0;
  let firstUncertain = -1;
  let inString = false;
  let escaped = false;
  let run = 0;
  const isDigit = (i: number) => i >= 0 && i < bytes.length && bytes[i]! >= 0x30 && bytes[i]! <= 0x39 && dots[i] !== 1;
  for (let i = 0; i <= bytes.length; i++) {
    const dot = i < bytes.length && dots[i] === 1;
    if (dot && inString) {
      run++;
      continue;
    }
    if (run >= 2) {
      uncertain += run;
      if (firstUncertain < 0) firstUncertain = i - run;
    }
    run = 0;
    if (i >= bytes.length) break;
    if (dot) {
      if (!(isDigit(i - 1) && isDigit(i + 1))) bytes[i] = LF;
      continue;
    }
    const byte = bytes[i]!;
    if (escaped) escaped = false;
    else if (byte === 0x5c && inString) escaped = true;
    else if (byte === 0x22) inString = !inString;
  }
  return { bytes, uncertain, firstUncertain };
}

