// An incremental parser of AWS event-stream messages (`application/vnd.amazon.eventstream`, the
// framing of Bedrock's streams): a prelude (total length u32 BE, headers length u32 BE, prelude
// CRC-32), typed headers, a payload and a message CRC-32 over everything before it.
//
// Linear time: a frame within one read is read where it lies, in a copy of that read made once;
// only a frame that a read cuts is gathered into a buffer of its own length. A CRC that does not
// hold, or headers that cannot be read, flag the frame, which is handed on all the same; a length
// no frame can have leaves no way to find the next frame, so the framing stops there and says so.
// Nothing is thrown on any input.

import { CHUNK_EVENT, unwrapChunk } from './chunk.ts';
import { crc32 } from './crc32.ts';
import { headerText, readHeaders } from './headers.ts';
import type { EventStreamEnd, EventStreamHeader, EventStreamHeaderError, EventStreamMessage, EventStreamParser, EventStreamParserOptions, EventStreamPartialFrame, EventStreamStats, EventStreamUnframeable } from './types.ts';
import { decodeData } from '../data.ts';
import type { MessageField } from '../types.ts';

export type * from './types.ts';

/** Prelude (12 bytes) and message CRC (4): a frame with no headers and no payload. */
export const MIN_FRAME_LENGTH = 16;
/**
 * The largest frame read: 16 MiB of payload and 128 KiB of headers, the bounds of the AWS SDKs
 * that set any (botocore's and smithy-python's `_MAX_PAYLOAD_LENGTH` and `_MAX_HEADERS_LENGTH`,
 * aws-c-event-stream's); @smithy/eventstream-codec sets none.
 */
export const MAX_FRAME_LENGTH = 16 * 1024 * 1024 + 128 * 1024 + MIN_FRAME_LENGTH;

const PRELUDE = 12;
/** Bytes of the blocks small copies of reads share. */
const BLOCK = 64 * 1024;
const EMPTY: readonly never[] = Object.freeze([]);

export function createEventStreamParser(options: EventStreamParserOptions): EventStreamParser {
  return new Parser(options);
}

/** A class rather than closures for speed, as the SSE parser (../sse/parser.ts) is. */
class Parser implements EventStreamParser {
  private offset = 0; // body offset of the current read's first byte
  private readIndex = -1;
  private ended = false;
  private messageIndex = 0;
  private crcMismatches = 0;
  private malformedHeaders = 0;
  private malformedChunks = 0;
  private readonly flagged: EventStreamMessage[] = [];
  private unframeable: EventStreamUnframeable | null = null;
  // The last frame's header bytes that read without error, and their reading.
  private lastHeaders: HeaderReading | null = null;

  // The frame a read cut: its first bytes (4 while its length is unknown, then its whole length) and how many arrived.
  private pending: Uint8Array | null = null;
  private filled = 0;
  private pendingStart = -1;
  // The block small copies of reads are carved from (see `copy`).
  private block = new Uint8Array(0);
  private blockUsed = 0;

  private readonly readsKept: boolean;

  constructor(private readonly options: EventStreamParserOptions) {
    this.readsKept = options.readsKept === true;
  }

  feed(read: Uint8Array): void {
    if (this.ended) throw new Error('event-stream parser: feed() after end()');
    this.readIndex++;
    const length = read.length;
    let pos = 0;
    if (this.unframeable === null && this.pending !== null) pos = this.continuePending(read);
    let owned: Uint8Array | null = null;
    let ownedAt = 0;
    while (this.unframeable === null && pos < length) {
      const left = length - pos;
      if (left < 4) {
        this.startPending(read, pos, 4);
        break;
      }
      const total = uint32(read, pos);
      if (!this.inBounds(total, this.offset + pos)) break;
      if (left < total) {
        this.startPending(read, pos, total);
        break;
      }
      // The caller may reuse its buffer, and payloads are views: the read's whole frames are copied once, not each frame (unless the caller keeps its reads).
      if (owned === null) {
        owned = this.readsKept ? read : this.copy(read, pos, wholeFramesEnd(read, pos));
        ownedAt = this.readsKept ? 0 : pos;
      }
      this.frame(owned, pos - ownedAt, this.offset + pos);
      pos += total;
    }
    this.offset += length;
  }

  /**
   * A copy of `read` from `from` to `to`: small ones are carved out of a shared block, since an
   * ArrayBuffer of its own for each read of one frame costs more than parsing the frame.
   */
  private copy(read: Uint8Array, from: number, to: number): Uint8Array {
    const size = to - from;
    if (size > BLOCK / 4) return read.slice(from, to);
    if (this.blockUsed + size > this.block.length) {
      this.block = new Uint8Array(BLOCK);
      this.blockUsed = 0;
    }
    const copy = this.block.subarray(this.blockUsed, this.blockUsed + size);
    copy.set(read.subarray(from, to));
    this.blockUsed += size;
    return copy;
  }

  end(): EventStreamEnd {
    if (this.ended) throw new Error('event-stream parser: end() called twice');
    this.ended = true;
    let partial: EventStreamPartialFrame | null = null;
    const pending = this.pending;
    if (pending !== null) {
      const { filled } = this;
      partial = {
        start: this.pendingStart,
        end: this.offset,
        totalLength: filled >= 4 ? uint32(pending, 0) : null,
        headersLength: filled >= 8 ? uint32(pending, 4) : null,
      };
      this.pending = null;
    }
    return { partial, stats: this.stats };
  }

  get stats(): EventStreamStats {
    return {
      bytes: this.offset,
      reads: this.readIndex + 1,
      messages: this.messageIndex,
      crcMismatches: this.crcMismatches,
      malformedHeaders: this.malformedHeaders,
      malformedChunks: this.malformedChunks,
      flagged: this.flagged.length === 0 ? EMPTY : this.flagged.slice(),
      unframeable: this.unframeable,
    };
  }

  /** Whether a frame can be `total` bytes long; if not, framing stops at `start`. */
  private inBounds(total: number, start: number): boolean {
    if (total >= MIN_FRAME_LENGTH && total <= MAX_FRAME_LENGTH) return true;
    this.unframeable = { start, totalLength: total, min: MIN_FRAME_LENGTH, max: MAX_FRAME_LENGTH };
    this.pending = null;
    return false;
  }

  /** Keeps `read` from `pos` on as the start of a frame `size` bytes long (4: its length still unknown). */
  private startPending(read: Uint8Array, pos: number, size: number): void {
    const buffer = new Uint8Array(size);
    buffer.set(read.subarray(pos));
    this.pending = buffer;
    this.filled = read.length - pos;
    this.pendingStart = this.offset + pos;
  }

  /** Adds this read's first bytes to the frame the previous read cut; returns where the rest of the read starts. */
  private continuePending(read: Uint8Array): number {
    let pos = 0;
    let buffer = this.pending!;
    if (buffer.length === 4) {
      const taken = Math.min(4 - this.filled, read.length);
      buffer.set(read.subarray(0, taken), this.filled);
      this.filled += taken;
      pos = taken;
      if (this.filled < 4) return pos;
      const total = uint32(buffer, 0);
      if (!this.inBounds(total, this.pendingStart)) return read.length;
      const whole = new Uint8Array(total);
      whole.set(buffer);
      this.pending = buffer = whole;
    }
    const taken = Math.min(buffer.length - this.filled, read.length - pos);
    buffer.set(read.subarray(pos, pos + taken), this.filled);
    this.filled += taken;
    pos += taken;
    if (this.filled === buffer.length) {
      this.pending = null;
      this.frame(buffer, 0, this.pendingStart);
    }
    return pos;
  }

  /** Reads the whole frame at `at` in `bytes` (its length checked), which starts at body offset `start`, and hands it on. */
  private frame(bytes: Uint8Array, at: number, start: number): void {
    const totalLength = uint32(bytes, at);
    const headersLength = uint32(bytes, at + 4);
    const preludeCrc = uint32(bytes, at + 8);
    const end = at + totalLength;
    const messageCrc = uint32(bytes, end - 4);
    const computedPreludeCrc = crc32(bytes, at, at + 8);
    const computedMessageCrc = crc32(bytes, at + 8, end - 4, computedPreludeCrc);
    const crcBroken = computedPreludeCrc !== preludeCrc || computedMessageCrc !== messageCrc;
    if (crcBroken) this.crcMismatches++;

    // Headers the stated length puts past the payload's end are read up to it; the payload is then empty.
    const fits = headersLength <= totalLength - MIN_FRAME_LENGTH;
    const headersEnd = fits ? at + PRELUDE + headersLength : end - 4;
    // Most frames repeat the headers of the frame before byte for byte (every contentBlockDelta of
    // a stream): their reading is that frame's, and comparing the bytes costs a fifth of reading them.
    const last = this.lastHeaders;
    let reading: HeaderReading;
    if (fits && last !== null && sameBytes(last.bytes, last.from, last.to, bytes, at + PRELUDE, headersEnd)) reading = last;
    else {
      reading = readHeaderFacts(bytes, at + PRELUDE, headersEnd, start - at);
      if (fits && reading.error === null) this.lastHeaders = reading;
    }
    const headerError = fits ? reading.error : (reading.error ?? { offset: start + PRELUDE, problem: `the headers' length (${headersLength}) runs past the frame's end (${totalLength - MIN_FRAME_LENGTH} bytes for headers and payload)` });
    if (headerError !== null) this.malformedHeaders++;
    const { headers, messageType, event, unknown, chunk } = reading;
    const payload = bytes.subarray(headersEnd, end - 4);
    let data = payload.length === 0 ? null : decodeData(payload, 0, payload.length);
    let chunkError: string | null = null;
    if (chunk) {
      const unwrapped = unwrapChunk(data);
      data = unwrapped.data;
      chunkError = unwrapped.error;
      if (chunkError !== null) this.malformedChunks++;
    }

    const message: EventStreamMessage = {
      index: this.messageIndex++,
      start,
      end: start + totalLength,
      read: this.readIndex,
      data,
      // A chunk's data is the event its envelope carries, not the payload's text.
      dataStart: data === null || chunk ? null : start + (headersEnd - at),
      dataEnd: data === null || chunk ? null : start + totalLength - 4,
      event,
      id: null,
      retry: null,
      comments: EMPTY,
      unknownFields: unknown,
      totalLength,
      headersLength,
      preludeCrc,
      messageCrc,
      computedPreludeCrc,
      computedMessageCrc,
      messageType,
      headers,
      headerError,
      payload,
      chunk,
      chunkError,
    };
    if (crcBroken || headerError !== null || chunkError !== null) this.flagged.push(message);
    this.options.onEvent(message);
  }
}

/** What a frame's header bytes say, read once for all the frames that repeat them. */
interface HeaderReading {
  readonly bytes: Uint8Array;
  readonly from: number;
  readonly to: number;
  readonly headers: readonly EventStreamHeader[];
  readonly error: EventStreamHeaderError | null;
  readonly messageType: string | null;
  /** The header that names the message (by its type), or null for an invoke stream's chunk. */
  readonly event: string | null;
  readonly unknown: readonly MessageField[];
  /** Whether it is an invoke stream's `chunk` frame: its `:event-type` names the envelope, not the event, so every header is a field. */
  readonly chunk: boolean;
}

function readHeaderFacts(bytes: Uint8Array, from: number, to: number, base: number): HeaderReading {
  const { headers, error } = readHeaders(bytes, from, to, base);
  let messageType: string | null = null;
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i]!;
    if (header.name === ':message-type' && header.type === 'string') messageType = header.value;
  }
  const eventHeader = messageType === 'exception' ? ':exception-type' : messageType === 'error' ? ':error-code' : ':event-type';
  let event: string | null = null;
  let unknown: MessageField[] | null = null;
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i]!;
    if (header.name === eventHeader && header.type === 'string') event = header.value;
    else (unknown ??= []).push({ name: header.name, value: headerText(header) });
  }
  const chunk = event === CHUNK_EVENT && eventHeader === ':event-type';
  if (chunk) return { bytes, from, to, headers, error, messageType, event: null, unknown: headers.map((header) => ({ name: header.name, value: headerText(header) })), chunk };
  return { bytes, from, to, headers, error, messageType, event, unknown: unknown ?? EMPTY, chunk };
}

function sameBytes(a: Uint8Array, aFrom: number, aTo: number, b: Uint8Array, bFrom: number, bTo: number): boolean {
  if (aTo - aFrom !== bTo - bFrom) return false;
  for (let i = 0; i < aTo - aFrom; i++) if (a[aFrom + i] !== b[bFrom + i]) return false;
  return true;
}

/** Where the whole frames from `pos` on in `read` end (the frame at `pos` is whole); a length out of bounds ends them too. */
function wholeFramesEnd(read: Uint8Array, pos: number): number {
  let end = pos;
  while (read.length - end >= 4) {
    const total = uint32(read, end);
    if (total < MIN_FRAME_LENGTH || total > MAX_FRAME_LENGTH || read.length - end < total) break;
    end += total;
  }
  return end;
}

function uint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

/**
 * Whether `bytes` start with a whole prelude that holds: a total length of a frame (16 bytes to
 * MAX_FRAME_LENGTH), headers within it, and the prelude CRC-32 over the first 8 bytes (any other
 * bytes pass 1 time in 2^32). What tells a bare body (a file, no response head) as event-stream frames.
 */
export function startsWithPrelude(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, 12);
  const total = view.getUint32(0);
  return total >= MIN_FRAME_LENGTH && total <= MAX_FRAME_LENGTH && view.getUint32(4) <= total - MIN_FRAME_LENGTH && view.getUint32(8) === crc32(bytes, 0, 8);
}

/** Whether a frame's CRCs hold, both. */
export function crcHolds(message: EventStreamMessage): boolean {
  return message.preludeCrc === message.computedPreludeCrc && message.messageCrc === message.computedMessageCrc;
}

/** Parses a whole body at once: the messages, and what `end` reports. */
export function parseEventStream(body: Uint8Array | readonly Uint8Array[]): { messages: EventStreamMessage[] } & EventStreamEnd {
  const messages: EventStreamMessage[] = [];
  const parser = createEventStreamParser({ onEvent: (message) => messages.push(message) });
  if (body instanceof Uint8Array) parser.feed(body);
  else for (const read of body) parser.feed(read);
  return { messages, ...parser.end() };
}
