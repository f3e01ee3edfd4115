// What the AWS event-stream parser (parser.ts) reports: each binary message as a framed message
// (../types.ts) with the frame as it is beside it — prelude figures, typed headers, payload bytes,
// both CRCs as stated and as computed — what the end of the body cut short, and the body's figures.

import type { FramedMessage, FramingEnd, FramingOptions, FramingParser, FramingStats } from '../types.ts';

/** A header value by its type tag (0–9), as the AWS SDKs name the types. */
export type EventStreamHeaderValue =
  /** Tags 0 (true) and 1 (false): the value is the tag, no bytes follow. */
  | { readonly type: 'boolean'; readonly value: boolean }
  /** Tags 2, 3, 4: signed 8, 16, 32-bit integers. */
  | { readonly type: 'byte' | 'short' | 'integer'; readonly value: number }
  /** Tag 5: a signed 64-bit integer, in decimal (exact beyond 2^53, where a number is not). */
  | { readonly type: 'long'; readonly value: string }
  /** Tag 6: bytes, u16 length first. */
  | { readonly type: 'binary'; readonly value: Uint8Array }
  /** Tag 7: UTF-8 text, u16 length first. */
  | { readonly type: 'string'; readonly value: string }
  /** Tag 8: milliseconds since the epoch, a signed 64-bit integer. */
  | { readonly type: 'timestamp'; readonly value: number }
  /** Tag 9: 16 bytes, as lowercase hex with hyphens (8-4-4-4-12). */
  | { readonly type: 'uuid'; readonly value: string };

export type EventStreamHeaderType = EventStreamHeaderValue['type'];

/** One header of a frame, in the order the frame has them. */
export type EventStreamHeader = { readonly name: string; readonly tag: number } & EventStreamHeaderValue;

/** Where the headers stopped making sense: what could be read before it is kept. */
export interface EventStreamHeaderError {
  /** Body offset of the header that could not be read. */
  readonly offset: number;
  readonly problem: string;
}

/**
 * One message (frame). `data` is the payload as UTF-8 (null when empty); `event` is the
 * `:event-type` of an event (or of a message with no `:message-type`), the `:exception-type` of an
 * exception, the `:error-code` of an error; the other headers are `unknownFields`, as text. An
 * invoke stream's `chunk` frame (chunk.ts) is the exception: its `data` is the event its envelope's
 * base64 carries, its `event` null, and every header a field, `:event-type: chunk` among them.
 */
export interface EventStreamMessage extends FramedMessage {
  /** The payload's place in the body when `data` is its text; null for an empty payload and for a chunk. */
  readonly dataStart: number | null;
  readonly dataEnd: number | null;
  /** The prelude as stated: total length, headers length, prelude CRC; the message CRC (the frame's last 4 bytes). */
  readonly totalLength: number;
  readonly headersLength: number;
  readonly preludeCrc: number;
  readonly messageCrc: number;
  /** The CRCs the bytes give: a frame whose stated CRC differs is handed on all the same, flagged. */
  readonly computedPreludeCrc: number;
  readonly computedMessageCrc: number;
  /** `:message-type` (`event`, `exception`, `error`), or null when the frame has none. */
  readonly messageType: string | null;
  readonly headers: readonly EventStreamHeader[];
  /** Headers that could not be read (an unknown type tag, a header running past the headers' length), or null. */
  readonly headerError: EventStreamHeaderError | null;
  /** The payload's bytes (a view on the parser's copy of the read): a chunk's envelope, as it came. */
  readonly payload: Uint8Array;
  /** Whether this is an invoke stream's `chunk` frame, whose `data` is the event its envelope carries. */
  readonly chunk: boolean;
  /** Why a chunk's envelope could not be unwrapped (not JSON, no `bytes`, not base64), its `data` then null; null otherwise. */
  readonly chunkError: string | null;
}

/** The frame the end of the body cut short: as much of its prelude as arrived. */
export interface EventStreamPartialFrame {
  readonly start: number;
  readonly end: number;
  /** Null while fewer than 4 bytes of it arrived. */
  readonly totalLength: number | null;
  /** Null while fewer than 8 bytes of it arrived. */
  readonly headersLength: number | null;
}

/** A length no frame can have: the parser cannot find the next frame, so it stopped framing here. */
export interface EventStreamUnframeable {
  readonly start: number;
  readonly totalLength: number;
  /** The bounds it broke (`MIN_FRAME_LENGTH`, `MAX_FRAME_LENGTH`). */
  readonly min: number;
  readonly max: number;
}

export interface EventStreamStats extends FramingStats {
  readonly messages: number;
  /** Frames whose prelude CRC, or whose message CRC, does not hold. */
  readonly crcMismatches: number;
  readonly malformedHeaders: number;
  /** Chunk frames whose envelope could not be unwrapped (chunkError). */
  readonly malformedChunks: number;
  /** The frames counted in `crcMismatches`, `malformedHeaders` or `malformedChunks`, as read, in order: what the checks name. */
  readonly flagged: readonly EventStreamMessage[];
  /** Set once a length out of bounds stopped the framing: the bytes from `start` on are not framed. */
  readonly unframeable: EventStreamUnframeable | null;
}

export type EventStreamEnd = FramingEnd<EventStreamPartialFrame, EventStreamStats>;

export type EventStreamParser = FramingParser<EventStreamPartialFrame, EventStreamStats>;

export type EventStreamParserOptions = FramingOptions<EventStreamMessage>;
