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
// Linear time, at string speed: a read is decoded in a few calls and its text
// searched with String#indexOf, the byte offsets following from the text (see
// `scan`). A line spanning reads is kept as decoded pieces, joined once when it
// ends (a data line's value is their concatenation, which V8 keeps as a rope);
// a character cut by the end of a read waits as bytes. How a range is decoded
// (which decoder, which pieces) is a matter of speed only: the text is the
// same, and the offsets are exact whatever it holds.

import type { SseEnd, SseEvent, SseField, SseParser, SseParserOptions, SsePartialEvent, SseStats } from './types.ts';
import { decodesOtherCharactersSlowly } from './decode-choice.ts';
import { characterStart, firstNonAscii, isContinuation, sequenceLength, wordsOf } from './utf8.ts';
import type { Words } from './utf8.ts';

export type * from './types.ts';

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
const EMPTY: readonly never[] = Object.freeze([]);

/** Bytes decoded at a time: Node 20 decodes more than 64 KiB at once ten times slower per byte. */
const SEGMENT = 32 * 1024;
/** Ranges this long are searched for non-ASCII bytes before they are decoded (see `decodeApart`). */
const APART_MIN = 1024;

// Two decoders, shared by every parser: they are only ever given whole characters, so they keep
// no state between calls. Where cutting ranges apart pays (Node 20 and 22, decode-choice.ts),
// `fast` is never used in streaming mode, which would turn Node's fast path off for good: it
// copies ASCII into a string at once, but decodes other characters several times slower than ICU. `icu` was put in streaming mode once, which sends it
// to ICU for good (each later call still flushes, like a one-shot decode).
const fast = new TextDecoder('utf-8', { ignoreBOM: true });
const icu = new TextDecoder('utf-8', { ignoreBOM: true });
icu.decode(new Uint8Array(0), { stream: true });

export function createSseParser(options: SseParserOptions): SseParser {
  return new Parser(options, options.decode === undefined ? null : options.decode === 'whole');
}

/** Whether long ranges are decoded whole on this runtime: measured the first time it matters (decode-choice.ts). */
let decodeWhole: boolean | null = null;
const measureDecodeWhole = (): boolean => !decodesOtherCharactersSlowly((bytes) => fast.decode(bytes));

/**
 * The parser's state. A class rather than closures for speed: V8 keeps the optimised code of
 * methods, where it drops that of closures once a garbage collection finds none alive (and an
 * analysis creates a parser each time).
 */
class Parser implements SseParser {
  // V8 keeps the shape (hidden class) of parsers only while some parser is alive, and drops the
  // code it optimised for a shape that a garbage collection found gone: this idle parser keeps
  // the shape, so that a parser created after a collection runs at full speed from its first read.
  static readonly shapeKeeper: Parser = new Parser({ onEvent() {} });

  private offset = 0; // body offset of the current read's first byte
  private readIndex = -1;
  private ended = false;
  private bom = false;
  private lf = 0;
  private cr = 0;
  private crlf = 0;

  // The line that the end of a read (or of a decoded range) left unfinished: its text so far,
  // where it started, and the first bytes of a character the read cut in two.
  private pieces: string[] = [];
  private lineStart = -1;
  private carry: Uint8Array | null = null;
  // The previous read ended in CR: the next byte decides between CR and CRLF.
  private pendingCr = false;
  // ...and that CR ended a blank line, so an event waits for its final byte.
  private pendingDispatch = false;
  // The first LF of the current read at or after where `decodeApart` last looked (the read's length when none).
  private nextLf = -1;
  // Bytes decoded lately, and those of them in lines with characters other than ASCII: how to decode the next ones.
  private seenBytes = 0;
  private otherBytes = 0;

  // The event being built.
  private eventIndex = 0;
  private eventStart = -1;
  // The data buffer: the first line alone (most events have one), then all of them.
  private firstData: string | null = null;
  private moreData: string[] | null = null;
  private eventType: string | null = null;
  private id: string | null = null;
  private retry: number | null = null;
  private comments: string[] | null = null;
  private unknown: SseField[] | null = null;

  // `onEvent` is called as a method of `options`: when it is a class's method, V8's code for the
  // call stays valid from one caller to the next (a closure per caller would be dropped with it).
  // `whole`: how to decode long ranges, fixed for the measurement itself; null, as measured.
  constructor(
    private readonly options: SseParserOptions,
    private readonly whole: boolean | null = null,
  ) {}

  feed(read: Uint8Array): void {
    if (this.ended) throw new Error('SSE parser: feed() after end()');
    this.readIndex++;
    const length = read.length;
    let pos = 0;

    if (this.carry !== null && length > 0) {
      pos = this.finishCharacter(read);
    } else if (this.pendingCr && length > 0) {
      this.pendingCr = false;
      if (read[0] === LF) {
        this.crlf++;
        pos = 1;
      } else {
        this.cr++;
      }
      if (this.pendingDispatch) {
        this.pendingDispatch = false;
        this.dispatch(this.offset + pos, pos === 1 ? this.readIndex : this.readIndex - 1);
      }
    }

    // A character cut by the end of the read waits for the rest of its bytes.
    const end = pos < length && read[length - 1]! >= 0x80 ? characterStart(read, pos, length) : length;
    if (pos < end) this.decodeRange(read, pos, end);
    if (end < length) {
      if (this.lineStart === -1) this.lineStart = this.offset + end;
      this.carry = read.slice(end);
    }
    this.offset += length;
  }

  end(): SseEnd {
    if (this.ended) throw new Error('SSE parser: end() called twice');
    this.ended = true;
    if (this.pendingCr) {
      this.cr++;
      this.pendingCr = false;
      if (this.pendingDispatch) {
        this.pendingDispatch = false;
        this.dispatch(this.offset, this.readIndex);
      }
    }
    if (this.carry !== null) {
      this.pieces.push(fast.decode(this.carry));
      this.carry = null;
    }
    let partial: SsePartialEvent | null = null;
    const unterminatedLine = this.lineStart !== -1;
    if (unterminatedLine) this.finishLine('');
    if (this.eventStart !== -1) {
      const { eventStart: start, offset: end, eventType: event, id, retry, comments, unknown } = this;
      partial = { start, end, unterminatedLine, data: this.data(), event, id, retry, comments: comments ?? EMPTY, unknownFields: unknown ?? EMPTY };
      this.reset();
    }
    return { partial, stats: this.stats };
  }

  get stats(): SseStats {
    return { bytes: this.offset, reads: this.readIndex + 1, bom: this.bom, lineEndings: { lf: this.lf, cr: this.cr, crlf: this.crlf } };
  }

  /** Completes the character the previous read cut, with the continuation bytes this read starts with. Returns where the rest starts. */
  private finishCharacter(read: Uint8Array): number {
    const held = this.carry!;
    const wanted = sequenceLength(held[0]!) - held.length;
    let taken = 0;
    while (taken < wanted && taken < read.length && isContinuation(read[taken]!)) taken++;
    const bytes = new Uint8Array(held.length + taken);
    bytes.set(held);
    bytes.set(read.subarray(0, taken), held.length);
    if (taken < wanted && taken === read.length) {
      this.carry = bytes;
    } else {
      this.carry = null;
      this.pieces.push(fast.decode(bytes));
    }
    return taken;
  }

  /** Decodes and interprets `read` from `pos` to `end` (whole characters), in segments Node decodes at full speed. */
  private decodeRange(read: Uint8Array, pos: number, end: number): void {
    let words: Words | null = null;
    this.nextLf = -1;
    while (pos < end) {
      const stop = end - pos > SEGMENT ? segmentEnd(read, pos, pos + SEGMENT) : end;
      // Where most of the text lately was in lines with other characters than ASCII, cutting them
      // apart costs more than it saves: ICU decodes it all. Where whole ranges are faster (Node
      // 24), the fast path decodes everything.
      const mostlyOther = this.otherBytes * 2 > this.seenBytes;
      if (this.seenBytes > SEGMENT) {
        this.seenBytes = this.seenBytes >> 1;
        this.otherBytes = this.otherBytes >> 1;
      }
      if (stop - pos < APART_MIN && !mostlyOther) this.decodeLines(read, pos, stop, fast);
      else if (this.whole ?? (decodeWhole ??= measureDecodeWhole())) this.decodeLines(read, pos, stop, fast);
      else if (mostlyOther) this.decodeLines(read, pos, stop, icu);
      else this.decodeApart(read, (words ??= wordsOf(read)), pos, stop);
      pos = stop;
    }
  }

  /**
   * The same, in ranges that end with the line of a character other than ASCII: Node's fast path
   * copies ASCII into a string at once, but decodes everything after the first other character
   * several times slower, and in most streams these are a few tokens here and there. (Cutting the
   * line off from the ASCII lines before it too would keep those one-byte strings, for a decoder
   * call more each time: a fifth slower on OpenAI streams.)
   */
  private decodeApart(read: Uint8Array, words: Words, pos: number, stop: number): void {
    while (pos < stop) {
      const other = firstNonAscii(read, words, pos, stop);
      if (other === stop) {
        this.decodeLines(read, pos, stop, fast);
        return;
      }
      // To the next LF: any CR line endings before it are found in the text. Each byte of the read is searched once.
      if (this.nextLf < other) this.nextLf = byteIndexOrLength(read, LF, other);
      const end = this.nextLf < stop ? this.nextLf + 1 : stop;
      this.decodeLines(read, pos, end, fast);
      pos = end;
    }
  }

  /** Decodes `read` from `from` to `to` (whole characters) and interprets its lines. */
  private decodeLines(read: Uint8Array, from: number, to: number, decoder: typeof fast): void {
    const text = decoder.decode(from === 0 && to === read.length ? read : read.subarray(from, to));
    this.seenBytes += to - from;
    this.scan(read, text, from, to);
  }

  /**
   * Interprets the lines of `text`: the bytes of `read` from `at` to `to` decoded, whole characters.
   * A line's bytes hold no LF or CR, and each of its characters took at least one byte, so the
   * line ending is the byte as many places after its start as it has characters when every
   * character took one byte (always, when the text is as long as the bytes), and else the first
   * LF or CR after that; a line ending that only line endings follow is as many places before
   * `to`. What follows the last line ending waits as a piece of the next line.
   */
  private scan(read: Uint8Array, text: string, at: number, to: number): void {
    const length = text.length;
    const aligned = length === to - at;
    const offset = this.offset;
    let from = 0;
    let nextLf = indexOrLength(text, '\n', 0);
    let nextCr = indexOrLength(text, '\r', 0);
    for (;;) {
      if (nextLf < from) nextLf = indexOrLength(text, '\n', from);
      if (nextCr < from) nextCr = indexOrLength(text, '\r', from);
      const isLf = nextLf < nextCr;
      const eol = isLf ? nextLf : nextCr;
      if (eol === length) break;
      let end = at + (eol - from);
      if (!aligned) {
        const byte = isLf ? LF : CR;
        if (read[end] !== byte) {
          const tail = length - eol;
          end = tail === 1 || (tail === 2 && isLineEnding(text.charCodeAt(eol + 1))) ? to - tail : read.indexOf(byte, end + 1);
          this.otherBytes += end - at;
        }
      }
      if (isLf && text.charCodeAt(eol + 1) === LF && this.eventStart === -1 && this.lineStart === -1 && isDataLine(text, from, eol) && offset + at !== 0) {
        // `data: …` and a blank line, the commonest event: the blank line's LF is the next character, and byte.
        const value = text.charCodeAt(from + 5) === SPACE && from + 5 < eol ? from + 6 : from + 5;
        this.lf += 2;
        this.dispatchData(offset + at, offset + end + 2, text.slice(value, eol));
        from = eol + 2;
        at = end + 2;
        continue;
      }
      const blank = this.lineStart === -1 ? this.line(text, from, eol, offset + at) : this.finishLine(text.slice(from, eol));
      from = eol + 1;
      at = end + 1;
      let deferred = false;
      if (isLf) {
        this.lf++;
      } else if (at < read.length) {
        // A decoded range never ends between CR and LF (see `segmentEnd` and `decodeApart`), so the LF is in `text` too.
        if (read[at] === LF) {
          this.crlf++;
          at++;
          from++;
        } else {
          this.cr++;
        }
      } else {
        this.pendingCr = true;
        deferred = true;
      }
      if (blank) {
        if (deferred) this.pendingDispatch = true;
        else this.dispatch(offset + at, this.readIndex);
      }
    }
    if (from < length) {
      if (this.lineStart === -1) this.lineStart = offset + at;
      this.pieces.push(from === 0 ? text : text.slice(from));
    }
  }

  /**
   * The unfinished line ends with `last`: interprets it whole. A `data:` line whose first piece
   * holds its name, colon and the character after gets its value by concatenation, which V8
   * keeps as a rope of the pieces until something reads its characters: a line of many
   * megabytes is not copied into one string here.
   */
  private finishLine(last: string): boolean {
    const pieces = this.pieces;
    const start = this.lineStart;
    this.pieces = [];
    this.lineStart = -1;
    const head = pieces[0];
    if (head === undefined || head.length < 6 || !isDataLine(head, 0, head.length)) {
      pieces.push(last);
      const text = pieces.join('');
      return this.line(text, 0, text.length, start);
    }
    let value = head.slice(head.charCodeAt(5) === SPACE ? 6 : 5);
    for (let i = 1; i < pieces.length; i++) value += pieces[i]!;
    value += last;
    if (this.eventStart === -1) this.eventStart = start;
    this.field('data', value);
    return false;
  }

  /** Interprets one line, `text` from `from` to `to`, which starts at body offset `start`. Returns true for a blank line that ends an event. */
  private line(text: string, from: number, to: number, start: number): boolean {
    if (start === 0 && from < to && text.charCodeAt(from) === 0xfeff) {
      this.bom = true;
      from++;
      start = 3;
    }
    if (from === to) return this.eventStart !== -1;
    if (this.eventStart === -1) this.eventStart = start;
    if (text.charCodeAt(from) === COLON) {
      (this.comments ??= []).push(text.slice(from + 1, to));
      return false;
    }
    let colon = from + 1;
    while (colon < to && text.charCodeAt(colon) !== COLON) colon++;
    let valueStart = colon + 1;
    if (valueStart < to && text.charCodeAt(valueStart) === SPACE) valueStart++;
    const value = text.slice(valueStart, to);
    // Most lines are `data:` lines: their name is not sliced out to be compared.
    this.field(colon - from === 4 && text.startsWith('data', from) ? 'data' : text.slice(from, colon), value);
    return false;
  }

  /** Applies one field (§9.2.6 "process the field"). */
  private field(name: string, value: string): void {
    switch (name) {
      case 'data':
        if (this.firstData === null) this.firstData = value;
        else (this.moreData ??= [this.firstData]).push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.retry = Number(value);
        else (this.unknown ??= []).push({ name: 'retry', value });
        break;
      default:
        (this.unknown ??= []).push({ name, value });
    }
  }

  private data(): string | null {
    return this.moreData === null ? this.firstData : this.moreData.join('\n');
  }

  private reset(): void {
    this.eventStart = -1;
    this.firstData = null;
    this.moreData = null;
    this.eventType = null;
    this.id = null;
    this.retry = null;
    this.comments = null;
    this.unknown = null;
  }

  private dispatch(end: number, read: number): void {
    const event: SseEvent = {
      index: this.eventIndex++,
      start: this.eventStart,
      end,
      read,
      data: this.data(),
      event: this.eventType,
      id: this.id,
      retry: this.retry,
      comments: this.comments ?? EMPTY,
      unknownFields: this.unknown ?? EMPTY,
    };
    this.reset();
    this.options.onEvent(event);
  }

  /** Dispatches the commonest event, one `data` line and a blank line, which never touches the event being built. */
  private dispatchData(start: number, end: number, data: string): void {
    this.options.onEvent({ index: this.eventIndex++, start, end, read: this.readIndex, data, event: null, id: null, retry: null, comments: EMPTY, unknownFields: EMPTY });
  }
}

function isLineEnding(code: number): boolean {
  return code === LF || code === CR;
}

/** Whether the line from `from` to `to` is a `data:` line. */
function isDataLine(text: string, from: number, to: number): boolean {
  return (
    to - from >= 5 &&
    text.charCodeAt(from) === 0x64 &&
    text.charCodeAt(from + 1) === 0x61 &&
    text.charCodeAt(from + 2) === 0x74 &&
    text.charCodeAt(from + 3) === 0x61 &&
    text.charCodeAt(from + 4) === COLON
  );
}

/** Where a segment that should end near `at` can end: at a character boundary, and not between CR and LF. */
function segmentEnd(read: Uint8Array, from: number, at: number): number {
  return read[at] === LF && read[at - 1] === CR ? at - 1 : characterStart(read, from, at);
}

function indexOrLength(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at === -1 ? text.length : at;
}

function byteIndexOrLength(bytes: Uint8Array, byte: number, from: number): number {
  const at = bytes.indexOf(byte, from);
  return at === -1 ? bytes.length : at;
}

/** Parses a whole body at once: the events, and what `end` reports. */
export function parseSse(body: Uint8Array | readonly Uint8Array[], decode?: SseParserOptions['decode']): { events: SseEvent[] } & SseEnd {
  const events: SseEvent[] = [];
  const parser = createSseParser({ onEvent: (event) => events.push(event), decode });
  if (body instanceof Uint8Array) parser.feed(body);
  else for (const read of body) parser.feed(read);
  return { events, ...parser.end() };
}
