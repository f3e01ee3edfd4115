// A byte-level, incremental Server-Sent Events parser.
//
// Rules from the WHATWG HTML standard, §9.2.6 "Interpreting an event stream":
// lines end in CRLF, LF or CR; a UTF-8 BOM at the very start is dropped; a line
// starting with ":" is a comment; "name: value" drops one space after the colon;
// a line with no colon is a field with an empty value; `data` lines join with
// "\n"; a blank line dispatches the event. Unlike a browser, which drops what
// it does not need, this parser keeps everything a debugger wants to see: the
// byte range of each event, the read that completed it, comments, fields the
// standard does not know, and an event cut off by the end of the body.
//
// Linear time: every byte is scanned once by `indexOf`, and a line spanning
// many reads is joined once, when it ends.

import { concatBytes } from '../formats/bytes.ts';

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;

export interface SseField {
  readonly name: string;
  readonly value: string;
}

/** What the lines of one event said, per field. */
export interface SseFields {
  /** The data buffer: `data` lines joined with "\n"; null when the event had no `data` line. */
  readonly data: string | null;
  /** The last `event` field, or null. */
  readonly event: string | null;
  /** The last `id` field (ignored when it contains NUL, as the standard says), or null. */
  readonly id: string | null;
  /** The last `retry` field made only of ASCII digits, or null. */
  readonly retry: number | null;
  /** Comment lines, without the leading colon. */
  readonly comments: readonly string[];
  /** Lines whose field name the standard does not know; a conforming client ignores them. */
  readonly unknownFields: readonly SseField[];
}

export interface SseEvent extends SseFields {
  /** Position among the events of the body, from 0. */
  readonly index: number;
  /** First byte of the event's first line. */
  readonly start: number;
  /** Just after the line ending of the blank line that dispatched it. */
  readonly end: number;
  /** Index of the read (the `feed` call, from 0) holding the event's last byte. */
  readonly read: number;
}

/** Lines left at the end of the body that no blank line ever dispatched. */
export interface SsePartialEvent extends SseFields {
  readonly start: number;
  readonly end: number;
  /** True when the last line had no line ending either. */
  readonly unterminatedLine: boolean;
}

export interface SseStats {
  readonly bytes: number;
  readonly reads: number;
  readonly bom: boolean;
  readonly lineEndings: { readonly lf: number; readonly cr: number; readonly crlf: number };
}

export interface SseEnd {
  readonly partial: SsePartialEvent | null;
  readonly stats: SseStats;
}

export interface SseParser {
  /** Feeds one network read. The parser copies what it keeps, so the caller may reuse the buffer. */
  feed(read: Uint8Array): void;
  /** Ends the body: dispatches what a pending CR held back and reports what was left unfinished. */
  end(): SseEnd;
}

export interface SseParserOptions {
  onEvent(event: SseEvent): void;
}

const EMPTY: readonly never[] = Object.freeze([]);

export function createSseParser(options: SseParserOptions): SseParser {
  const { onEvent } = options;
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  let offset = 0; // body offset of the current read's first byte
  let readIndex = -1;
  let ended = false;
  let bom = false;
  let lf = 0;
  let cr = 0;
  let crlf = 0;

  // A line that spans reads: its earlier pieces and where it started.
  let pieces: Uint8Array[] = [];
  let piecesStart = 0;
  // The previous read ended in CR: the next byte decides between CR and CRLF.
  let pendingCr = false;
  // ...and that CR ended a blank line, so an event waits for its final byte.
  let pendingDispatch = false;

  // The event being built.
  let eventStart = -1;
  let dataLines: string[] | null = null;
  let eventType: string | null = null;
  let id: string | null = null;
  let retry: number | null = null;
  let comments: string[] | null = null;
  let unknown: SseField[] | null = null;

  function fields(): SseFields {
    return {
      data: dataLines === null ? null : dataLines.length === 1 ? dataLines[0]! : dataLines.join('\n'),
      event: eventType,
      id,
      retry,
      comments: comments ?? EMPTY,
      unknownFields: unknown ?? EMPTY,
    };
  }

  function reset(): void {
    eventStart = -1;
    dataLines = null;
    eventType = null;
    id = null;
    retry = null;
    comments = null;
    unknown = null;
  }

  let eventIndex = 0;
  function dispatch(end: number, read: number): void {
    const event: SseEvent = { index: eventIndex++, start: eventStart, end, read, ...fields() };
    reset();
    onEvent(event);
  }

  /** Interprets one line (without its line ending). Returns true for a blank line that ends an event. */
  function line(bytes: Uint8Array, start: number): boolean {
    if (start === 0 && bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      bom = true;
      bytes = bytes.subarray(3);
      start = 3;
    }
    const length = bytes.length;
    if (length === 0) return eventStart !== -1;
    if (eventStart === -1) eventStart = start;

    if (bytes[0] === COLON) {
      (comments ??= []).push(decoder.decode(bytes.subarray(1)));
      return false;
    }
    let colon = bytes.indexOf(COLON);
    if (colon === -1) colon = length;
    let valueStart = colon + 1;
    if (valueStart < length && bytes[valueStart] === SPACE) valueStart++;
    const value = valueStart < length ? decoder.decode(bytes.subarray(valueStart)) : '';

    switch (fieldName(bytes, colon)) {
      case 'data':
        (dataLines ??= []).push(value);
        break;
      case 'event':
        eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) id = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) retry = Number(value);
        else (unknown ??= []).push({ name: 'retry', value });
        break;
      default:
        (unknown ??= []).push({ name: decoder.decode(bytes.subarray(0, colon)), value });
    }
    return false;
  }

  function feed(read: Uint8Array): void {
    if (ended) throw new Error('SSE parser: feed() after end()');
    readIndex++;
    const length = read.length;
    let pos = 0;

    if (pendingCr && length > 0) {
      pendingCr = false;
      if (read[0] === LF) {
        crlf++;
        pos = 1;
      } else {
        cr++;
      }
      if (pendingDispatch) {
        pendingDispatch = false;
        dispatch(offset + pos, pos === 1 ? readIndex : readIndex - 1);
      }
    }

    let nextLf = indexOrLength(read, LF, pos);
    let nextCr = indexOrLength(read, CR, pos);
    while (pos < length) {
      if (nextLf < pos) nextLf = indexOrLength(read, LF, pos);
      if (nextCr < pos) nextCr = indexOrLength(read, CR, pos);
      const eol = nextLf < nextCr ? nextLf : nextCr;
      if (eol === length) break;

      let bytes = read.subarray(pos, eol);
      let start = offset + pos;
      if (pieces.length > 0) {
        pieces.push(bytes);
        bytes = concatBytes(pieces);
        start = piecesStart;
        pieces = [];
      }

      let next = eol + 1;
      let deferred = false;
      if (read[eol] === LF) {
        lf++;
      } else if (next < length) {
        if (read[next] === LF) {
          crlf++;
          next++;
        } else {
          cr++;
        }
      } else {
        pendingCr = true;
        deferred = true;
      }

      if (line(bytes, start)) {
        if (deferred) pendingDispatch = true;
        else dispatch(offset + next, readIndex);
      }
      pos = next;
    }

    if (pos < length) {
      if (pieces.length === 0) piecesStart = offset + pos;
      pieces.push(read.slice(pos));
    }
    offset += length;
  }

  function end(): SseEnd {
    if (ended) throw new Error('SSE parser: end() called twice');
    ended = true;
    if (pendingCr) {
      cr++;
      pendingCr = false;
      if (pendingDispatch) {
        pendingDispatch = false;
        dispatch(offset, readIndex);
      }
    }
    let partial: SsePartialEvent | null = null;
    const unterminatedLine = pieces.length > 0;
    if (unterminatedLine) {
      const start = piecesStart;
      line(concatBytes(pieces), start);
      pieces = [];
    }
    if (eventStart !== -1) {
      partial = { start: eventStart, end: offset, unterminatedLine, ...fields() };
      reset();
    }
    return {
      partial,
      stats: { bytes: offset, reads: readIndex + 1, bom, lineEndings: { lf, cr, crlf } },
    };
  }

  return { feed, end };
}

/** Recognises the standard's field names without decoding them. */
function fieldName(bytes: Uint8Array, colon: number): 'data' | 'event' | 'id' | 'retry' | null {
  switch (colon) {
    case 4:
      return bytes[0] === 0x64 && bytes[1] === 0x61 && bytes[2] === 0x74 && bytes[3] === 0x61 ? 'data' : null;
    case 5:
      if (bytes[0] === 0x65 && bytes[1] === 0x76 && bytes[2] === 0x65 && bytes[3] === 0x6e && bytes[4] === 0x74) return 'event';
      return bytes[0] === 0x72 && bytes[1] === 0x65 && bytes[2] === 0x74 && bytes[3] === 0x72 && bytes[4] === 0x79 ? 'retry' : null;
    case 2:
      return bytes[0] === 0x69 && bytes[1] === 0x64 ? 'id' : null;
    default:
      return null;
  }
}

function indexOrLength(bytes: Uint8Array, byte: number, from: number): number {
  const at = bytes.indexOf(byte, from);
  return at === -1 ? bytes.length : at;
}

/** Parses a whole body at once: the events, and what `end` reports. */
export function parseSse(body: Uint8Array | readonly Uint8Array[]): { events: SseEvent[] } & SseEnd {
  const events: SseEvent[] = [];
  const parser = createSseParser({ onEvent: (event) => events.push(event) });
  if (body instanceof Uint8Array) parser.feed(body);
  else for (const read of body) parser.feed(read);
  return { events, ...parser.end() };
}
