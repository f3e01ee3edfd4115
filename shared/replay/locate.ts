// Where things sit in the raw bytes of an event, so a fault can change exactly
// those bytes and keep every other byte as recorded (no re-serialising: the
// spacing, key order and escapes of the server stay intact).

import type { JsonStep } from '../dialects/kit/drops.ts';

/** One step of a path into a JSON value (the dialects' drops name paths with it). */
export type { JsonStep };

export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
const DATA = [0x64, 0x61, 0x74, 0x61];

/**
 * The byte ranges, in `body`, of the values of the `data` lines of the event spanning
 * `start`..`end`, in order (WHATWG HTML §9.2.6: the field name runs to the first colon,
 * one space after it is not part of the value).
 */
export function dataValueRanges(body: Uint8Array, start: number, end: number): ByteRange[] {
  const ranges: ByteRange[] = [];
  let line = start;
  while (line < end) {
    let eol = line;
    while (eol < end && body[eol] !== LF && body[eol] !== CR) eol++;
    let colon = line;
    while (colon < eol && body[colon] !== COLON) colon++;
    if (colon - line === 4 && DATA.every((byte, i) => body[line + i] === byte)) {
      let value = colon + 1;
      if (value < eol && body[value] === SPACE) value++;
      ranges.push({ start: Math.min(value, eol), end: eol });
    }
    line = eol + (body[eol] === CR && body[eol + 1] === LF ? 2 : 1);
  }
  return ranges;
}


/**
 * The byte ranges of the values found at `path` in a JSON text given as UTF-8 bytes, e.g.
 * `['choices', '*', 'finish_reason']`. Member names are compared as raw bytes (a name written
 * with escapes is not recognised). Text that is not JSON yields what was found before the
 * scanner lost its way; it never throws.
 */
export function jsonValueRanges(json: Uint8Array, path: readonly JsonStep[]): ByteRange[] {
  const names = path.map((step) => (step === '*' ? null : new TextEncoder().encode(step)));
  const found: ByteRange[] = [];
  let pos = 0;

  const space = (): void => {
    while (pos < json.length && (json[pos] === SPACE || json[pos] === LF || json[pos] === CR || json[pos] === 0x09)) pos++;
  };
  const string = (): ByteRange => {
    const from = ++pos;
    while (pos < json.length && json[pos] !== 0x22) pos += json[pos] === 0x5c ? 2 : 1;
    return { start: from, end: pos++ };
  };
  const sameName = (range: ByteRange, name: Uint8Array | null | undefined): boolean =>
    name != null && range.end - range.start === name.length && name.every((byte, i) => json[range.start + i] === byte);

  // Iterative, so a deeply nested payload cannot exhaust the stack: each open container on the
  // path remembers how many steps of the path lead to it.
  const open: { array: boolean; depth: number }[] = [];
  /** Scans one value, `depth` steps down the path when `onPath`. Returns false when the text is not JSON. */
  const value = (depth: number, onPath: boolean): boolean => {
    space();
    if (!onPath) return skip();
    if (depth === path.length) {
      const from = pos;
      if (!skip()) return false;
      found.push({ start: from, end: pos });
      return true;
    }
    const byte = json[pos];
    if (byte !== 0x7b && byte !== 0x5b) return skip();
    open.push({ array: byte === 0x5b, depth });
    pos++;
    return true;
  };
  const skipScalar = (): boolean => {
    if (json[pos] === 0x22) {
      string();
      return pos <= json.length;
    }
    const from = pos;
    while (pos < json.length && !isDelimiter(json[pos]!)) pos++;
    return pos > from;
  };
  /** Skips a whole value, containers included, without recording anything inside it. */
  const skip = (): boolean => {
    let nesting = 0;
    do {
      space();
      const byte = json[pos];
      if (byte === 0x7b || byte === 0x5b) {
        nesting++;
        pos++;
      } else if (byte === 0x7d || byte === 0x5d) {
        nesting--;
        pos++;
      } else if (byte === 0x2c || byte === COLON) pos++;
      else if (!skipScalar()) return false;
    } while (nesting > 0 && pos < json.length);
    return nesting === 0;
  };

  if (!value(0, true)) return found;
  while (open.length > 0) {
    const top = open[open.length - 1]!;
    space();
    const byte = json[pos];
    if (byte === (top.array ? 0x5d : 0x7d)) {
      pos++;
      open.pop();
      continue;
    }
    if (byte === 0x2c) {
      pos++;
      space();
    }
    if (pos >= json.length) return found;
    if (top.array) {
      if (!value(top.depth + 1, path[top.depth] === '*')) return found;
      continue;
    }
    if (json[pos] !== 0x22) return found;
    const name = string();
    space();
    if (json[pos] !== COLON) return found;
    pos++;
    if (!value(top.depth + 1, sameName(name, names[top.depth]))) return found;
  }
  return found;
}

function isDelimiter(byte: number): boolean {
  return byte === 0x2c || byte === 0x7d || byte === 0x5d || byte === SPACE || byte === LF || byte === CR || byte === 0x09;
}
