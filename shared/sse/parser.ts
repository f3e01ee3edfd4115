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
// Linear time: the complete lines of a read are decoded together and searched
// as text (byte offsets stay exact: see scanText); a line spanning many reads
// is decoded piece by piece as they come and joined once, when it ends.

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
/** Bytes decoded at a time: Node 20 decodes more than 64 KiB at once ten times slower per byte. */
const SEGMENT = 32 * 1024;

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

  // A line that spans reads: its earlier pieces, decoded as they came, and where it started.
  const pieceDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let pieces: string[] = [];
  let piecesStart = -1;
  // The previous read ended in CR: the next byte decides between CR and CRLF.
  let pendingCr = false;
  // ...and that CR ended a blank line, so an event waits for its final byte.
  let pendingDispatch = false;

  // The event being built.
  let eventStart = -1;
  // The data buffer: the first line alone (most events have one), then all of them.
  let firstData: string | null = null;
  let moreData: string[] | null = null;
  let eventType: string | null = null;
  let id: string | null = null;
  let retry: number | null = null;
  let comments: string[] | null = null;
  let unknown: SseField[] | null = null;

  function data(): string | null {
    return moreData === null ? firstData : moreData.join('\n');
  }

  function reset(): void {
    eventStart = -1;
    firstData = null;
    moreData = null;
    eventType = null;
    id = null;
    retry = null;
    comments = null;
    unknown = null;
  }

  let eventIndex = 0;
  function dispatch(end: number, read: number): void {
    const event: SseEvent = {
      index: eventIndex++,
      start: eventStart,
      end,
      read,
      data: data(),
      event: eventType,
      id,
      retry,
      comments: comments ?? EMPTY,
      unknownFields: unknown ?? EMPTY,
    };
    reset();
    onEvent(event);
  }

  /** Applies one field (§9.2.6 "process the field"). */
  function field(name: string, value: string): void {
    switch (name) {
      case 'data':
        if (firstData === null) firstData = value;
        else (moreData ??= [firstData]).push(value);
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
        (unknown ??= []).push({ name, value });
    }
  }

  /** Interprets one line given as bytes (without its line ending). Returns true for a blank line that ends an event. */
  function byteLine(bytes: Uint8Array, start: number): boolean {
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
    field(fieldName(bytes, colon) ?? decoder.decode(bytes.subarray(0, colon)), valueStart < length ? decoder.decode(bytes.subarray(valueStart)) : '');
    return false;
  }

  /** The same for a line of a read decoded whole, whose characters stand one for one at its byte offsets. */
  function textLine(text: string, from: number, to: number, start: number): boolean {
    if (start === 0 && text.charCodeAt(from) === 0xfeff) {
      bom = true;
      from++;
      start = 3;
    }
    if (from === to) return eventStart !== -1;
    if (eventStart === -1) eventStart = start;
    if (text.charCodeAt(from) === COLON) {
      (comments ??= []).push(text.slice(from + 1, to));
      return false;
    }
    let colon = text.indexOf(':', from);
    if (colon === -1 || colon > to) colon = to;
    let valueStart = colon + 1;
    if (valueStart < to && text.charCodeAt(valueStart) === SPACE) valueStart++;
    const name = colon - from === 4 && text.startsWith('data', from) ? 'data' : text.slice(from, colon);
    field(name, valueStart < to ? text.slice(valueStart, to) : '');
    return false;
  }

  /** Keeps the unfinished line's bytes from `pos` to `end`, decoded (a character cut in two waits in the decoder). */
  function keepPiece(read: Uint8Array, pos: number, end: number): void {
    if (piecesStart === -1) piecesStart = offset + pos;
    for (let at = pos; at < end; at += SEGMENT) pieces.push(pieceDecoder.decode(read.subarray(at, Math.min(end, at + SEGMENT)), { stream: true }));
  }

  /** The unfinished line's text, ending the decoder's character that waits, if any. */
  function takePieces(): { text: string; start: number } {
    pieces.push(pieceDecoder.decode());
    const taken = { text: pieces.join(''), start: piecesStart };
    pieces = [];
    piecesStart = -1;
    return taken;
  }

  /** Interprets the line ending at the first line ending at or after `pos`, which began in an earlier read. */
  function finishPiecesLine(read: Uint8Array, pos: number): number {
    let eol = read.indexOf(LF, pos);
    const crAt = read.indexOf(CR, pos);
    if (eol === -1 || (crAt !== -1 && crAt < eol)) eol = crAt;
    if (eol === -1) return pos;
    keepPiece(read, pos, eol);
    const { text, start } = takePieces();
    return endLine(read, eol, textLine(text, 0, text.length, start));
  }

  /**
   * Counts the line ending at `eol` (LF, CR or CRLF), and dispatches the event when the line was
   * blank, unless a CR at the very end of the read holds it back. Returns where the next line starts.
   */
  function endLine(read: Uint8Array, eol: number, blank: boolean): number {
    let next = eol + 1;
    let deferred = false;
    if (read[eol] === LF) {
      lf++;
    } else if (next < read.length) {
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
    if (blank) {
      if (deferred) pendingDispatch = true;
      else dispatch(offset + next, readIndex);
    }
    return next;
  }

  /** Interprets the complete lines of `read` from `pos` up to `length`, searching bytes. Returns where the unfinished line starts. */
  function scanBytes(read: Uint8Array, pos: number, length: number): number {
    let nextLf = indexOrLength(read, LF, pos);
    let nextCr = indexOrLength(read, CR, pos);
    while (pos < length) {
      if (nextLf < pos) nextLf = indexOrLength(read, LF, pos);
      if (nextCr < pos) nextCr = indexOrLength(read, CR, pos);
      const eol = nextLf < nextCr ? nextLf : nextCr;
      if (eol >= length) break;
      pos = endLine(read, eol, byteLine(read.subarray(pos, eol), offset + pos));
    }
    return pos;
  }

  /**
   * The same, searching `text`: the bytes from `pos` to `end`, just after the read's last line ending, decoded. When the
   * text is as long as the bytes (ASCII) a character's index is its byte's; otherwise each line ending
   * is also found in the bytes, where it is the same character.
   */
  function scanText(read: Uint8Array, pos: number, end: number, text: string): number {
    const aligned = text.length === end - pos;
    let at = 0;
    let nextLf = textIndexOrLength(text, '\n', 0);
    let nextCr = textIndexOrLength(text, '\r', 0);
    const length = text.length;
    while (at < length) {
      if (nextLf < at) nextLf = textIndexOrLength(text, '\n', at);
      if (nextCr < at) nextCr = textIndexOrLength(text, '\r', at);
      const eolChar = nextLf < nextCr ? nextLf : nextCr;
      if (eolChar === length) break;
      const eol = aligned ? pos + (eolChar - at) : read.indexOf(eolChar === nextLf ? LF : CR, pos);
      const next = endLine(read, eol, textLine(text, at, eolChar, offset + pos));
      at = eolChar + (next - eol);
      pos = next;
    }
    return pos;
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

    // A line that began in an earlier read is finished from bytes.
    if (piecesStart !== -1 && pos < length) pos = finishPiecesLine(read, pos);

    // The complete lines of the read are decoded at once and searched as text, at string speed.
    // A multi-byte character never straddles a line ending, so the text up to the last line ending
    // is whole characters.
    // A large read is taken in segments of about SEGMENT bytes, each ending at a line ending.
    const last = lastLineEnding(read);
    while (last >= pos) {
      let end = last + 1;
      if (end - pos > SEGMENT) {
        const cut = read.indexOf(LF, pos + SEGMENT);
        if (cut !== -1 && cut < last) end = cut + 1;
      }
      // Node 20 decodes large inputs fastest in streaming mode and small ones in one shot; the
      // segment ends at a line ending, so streaming mode holds nothing back for the next decode.
      const segment = read.subarray(pos, end);
      const text = segment.length >= 2048 ? decoder.decode(segment, { stream: true }) : decoder.decode(segment);
      // U+FFFD may stand for invalid bytes, which break the character-to-byte mapping: search bytes then.
      const next = text.includes('\uFFFD') ? scanBytes(read, pos, end) : scanText(read, pos, end, text);
      if (next === pos) break;
      pos = next;
    }
    if (pos < length) {
      keepPiece(read, pos, length);
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
    const unterminatedLine = piecesStart !== -1;
    if (unterminatedLine) {
      const { text, start } = takePieces();
      textLine(text, 0, text.length, start);
    }
    if (eventStart !== -1) {
      partial = { start: eventStart, end: offset, unterminatedLine, data: data(), event: eventType, id, retry, comments: comments ?? EMPTY, unknownFields: unknown ?? EMPTY };
      reset();
    }
    return {
      partial,
      stats: { bytes: offset, reads: readIndex + 1, bom, lineEndings: { lf, cr, crlf } },
    };
  }

  return { feed, end };
}

/** The last LF or CR of a read; a CR is looked for only after the last LF, so an LF-only read is searched once. */
function lastLineEnding(read: Uint8Array): number {
  const lastLf = read.lastIndexOf(LF);
  return read.indexOf(CR, lastLf + 1) === -1 ? lastLf : read.lastIndexOf(CR);
}

function indexOrLength(bytes: Uint8Array, byte: number, from: number): number {
  const at = bytes.indexOf(byte, from);
  return at === -1 ? bytes.length : at;
}

function textIndexOrLength(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at === -1 ? text.length : at;
}

/** Recognises the standard's field names without decoding them. */
function fieldName(bytes: Uint8Array, colon: number): 'data' | 'event' | 'id' | 'retry' | undefined {
  switch (colon) {
    case 4:
      return bytes[0] === 0x64 && bytes[1] === 0x61 && bytes[2] === 0x74 && bytes[3] === 0x61 ? 'data' : undefined;
    case 5:
      if (bytes[0] === 0x65 && bytes[1] === 0x76 && bytes[2] === 0x65 && bytes[3] === 0x6e && bytes[4] === 0x74) return 'event';
      return bytes[0] === 0x72 && bytes[1] === 0x65 && bytes[2] === 0x74 && bytes[3] === 0x72 && bytes[4] === 0x79 ? 'retry' : undefined;
    case 2:
      return bytes[0] === 0x69 && bytes[1] === 0x64 ? 'id' : undefined;
    default:
      return undefined;
  }
}

/** Parses a whole body at once: the events, and what `end` reports. */
export function parseSse(body: Uint8Array | readonly Uint8Array[]): { events: SseEvent[] } & SseEnd {
  const events: SseEvent[] = [];
  const parser = createSseParser({ onEvent: (event) => events.push(event) });
  if (body instanceof Uint8Array) parser.feed(body);
  else for (const read of body) parser.feed(read);
  return { events, ...parser.end() };
}
