// A push reader of one JSON array streamed over many reads (Gemini's `streamGenerateContent`
// without `alt=sse`: `[{…}\n,\r\n{…}\n]`): each element is handed on as a message as soon as its
// last byte comes, with its byte range and the read that completed it, as the SSE parser does
// its events (../types.ts). Byte-level and linear: the reader tracks strings, escapes and depth
// only, never parses; the element's text is decoded once, when whole. What it cannot read as the
// array's syntax is counted (stats), never thrown. A bare object (no array) is read as the one
// element, as Google's error body is.

import type { FramingOptions } from '../types.ts';
import type { JsonArrayElement, JsonArrayParser, JsonArrayPartial, JsonArrayStats } from './types.ts';

const BEFORE = 0; // nothing but whitespace (or a BOM) yet
const BETWEEN = 1; // inside the array, between elements
const VALUE = 2; // inside an element
const AFTER = 3; // the array closed (or the bare object ended)

const NONE: readonly never[] = Object.freeze([]);

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

export function createJsonArrayParser(options: FramingOptions<JsonArrayElement>): JsonArrayParser {
  const decoder = new TextDecoder();
  let phase = BEFORE;
  let opened: JsonArrayStats['opened'] = null;
  let bytes = 0;
  let reads = 0;
  let stray = 0;
  let firstStray: number | null = null;
  let index = 0;
  // Where the bytes after the last element (or after `[`) begin: what an unclosed array leaves.
  let tailStart = 0;
  // After `[` or `,`: an element may come; after an element: a `,` or `]` must.
  let expectValue = true;
  let commaBefore = false;
  // The element being read.
  let depth = 0;
  let inString = false;
  let escaped = false;
  let scalar = false;
  let bare = false;
  let valueStart = 0;
  // The element's bytes from earlier reads (copies: the caller may reuse its buffer).
  let pieces: Uint8Array[] = [];

  const strayAt = (at: number) => {
    stray++;
    firstStray ??= at;
  };

  const emit = (read: Uint8Array, from: number, to: number, end: number) => {
    let text: string;
    if (pieces.length === 0) text = decoder.decode(read.subarray(from, to));
    else {
      pieces.push(read.slice(from, to));
      const whole = new Uint8Array(end - valueStart);
      let at = 0;
      for (const piece of pieces) {
        whole.set(piece, at);
        at += piece.length;
      }
      text = decoder.decode(whole);
      pieces = [];
    }
    // Called as the options' method: the analysis's fold is its own options object.
    options.onEvent({ index: index++, start: valueStart, end, read: reads - 1, data: text, event: null, id: null, retry: null, comments: NONE, unknownFields: NONE });
    tailStart = end;
    expectValue = false;
    commaBefore = false;
    phase = bare ? AFTER : BETWEEN;
  };

  const begin = (byte: number, at: number) => {
    if (!expectValue) strayAt(at);
    phase = VALUE;
    valueStart = at;
    depth = byte === 0x7b || byte === 0x5b ? 1 : 0;
    inString = byte === 0x22;
    escaped = false;
    scalar = !inString && depth === 0;
  };

  const feed = (read: Uint8Array) => {
    const base = bytes;
    bytes += read.length;
    reads++;
    // Where the element under way began in this read (0 when an earlier read began it).
    let from = phase === VALUE ? 0 : -1;
    for (let i = 0; i < read.length; i++) {
      const byte = read[i]!;
      if (phase === VALUE) {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === 0x5c) escaped = true;
          else if (byte === 0x22) {
            inString = false;
            if (depth === 0) emit(read, from, i + 1, base + i + 1);
          }
        } else if (scalar) {
          // A number, true, false or null ends where a delimiter begins: read that byte again as the array's.
          if (isSpace(byte) || byte === 0x2c || byte === 0x5d) {
            emit(read, from, i, base + i);
            i--;
          }
        } else if (byte === 0x22) inString = true;
        else if (byte === 0x7b || byte === 0x5b) depth++;
        else if (byte === 0x7d || byte === 0x5d) {
          if (--depth === 0) emit(read, from, i + 1, base + i + 1);
        }
        continue;
      }
      if (isSpace(byte)) continue;
      const at = base + i;
      if (phase === BEFORE) {
        if (at < 3 && byte === [0xef, 0xbb, 0xbf][at]) continue; // a UTF-8 BOM
        if (byte === 0x5b) {
          phase = BETWEEN;
          opened = 'array';
          tailStart = at + 1;
        } else if (byte === 0x7b) {
          opened = 'object';
          bare = true;
          begin(byte, at);
          from = i;
        } else strayAt(at);
      } else if (phase === BETWEEN) {
        if (byte === 0x2c) {
          if (expectValue) strayAt(at);
          expectValue = true;
          commaBefore = true;
        } else if (byte === 0x5d) {
          if (commaBefore) strayAt(at);
          phase = AFTER;
          tailStart = at + 1;
        } else {
          begin(byte, at);
          from = i;
        }
      } else strayAt(at);
    }
    if (phase === VALUE) pieces.push(read.slice(Math.max(from, 0)));
  };

  const stats = (): JsonArrayStats => ({ bytes, reads, opened, stray, firstStray });

  return {
    feed,
    end() {
      let partial: JsonArrayPartial | null = null;
      if (phase === VALUE && scalar) {
        // A number or literal the body's end closed: whole, though the array is not.
        emit(new Uint8Array(0), 0, 0, bytes);
      }
      if (phase === VALUE) partial = { start: valueStart, end: bytes, cut: 'element' };
      else if (phase === BETWEEN) partial = { start: tailStart, end: bytes, cut: 'array' };
      pieces = [];
      return { partial, stats: stats() };
    },
    get stats() {
      return stats();
    },
  };
}

/** The same over a whole body, in one read. */
export function parseJsonArray(body: Uint8Array): { readonly events: JsonArrayElement[]; readonly partial: JsonArrayPartial | null; readonly stats: JsonArrayStats } {
  const events: JsonArrayElement[] = [];
  const parser = createJsonArrayParser({ onEvent: (event) => events.push(event) });
  parser.feed(body);
  return { events, ...parser.end() };
}
