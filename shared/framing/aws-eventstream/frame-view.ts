// A binary event-stream frame as the events table, the inspector and the HTML report show it
// beside its decoded event (one reading for all three, so they cannot disagree): read again from
// a message's bytes in the recording (the analysis keeps each message's fields and place, not its
// prelude or its typed headers), by the framing's own parser — the prelude's total length, headers length
// and CRC, each header with its type and value, the payload, the message CRC, each CRC as stated
// and as the bytes give it.

import { createEventStreamParser } from './parser.ts';
import type { EventStreamHeader, EventStreamMessage } from './types.ts';

export interface CrcView {
  /** As the frame states it and as its bytes give it, as 0x and 8 hex digits. */
  readonly stated: string;
  readonly computed: string;
  readonly holds: boolean;
}

export interface HeaderView {
  readonly name: string;
  /** The type's name and its tag: `string (7)`. */
  readonly type: string;
  /** The value as text: a string as it is, bytes as hex, a timestamp as ISO 8601 too. */
  readonly value: string;
}

export interface FrameView {
  /** Body offsets of the frame's first byte and just after its last. */
  readonly start: number;
  readonly end: number;
  readonly totalLength: number;
  readonly headersLength: number;
  readonly preludeCrc: CrcView;
  readonly headers: readonly HeaderView[];
  /** Where the headers stopped making sense, or null. */
  readonly headerError: string | null;
  readonly payloadLength: number;
  /** The payload as UTF-8 text, or null when it is not UTF-8 (then `payloadHex`, cut). */
  readonly payloadText: string | null;
  readonly payloadHex: string | null;
  readonly messageCrc: CrcView;
}

/** Payload bytes shown as hex when they are not text, at most. */
const HEX_PREVIEW = 256;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const hex32 = (value: number): string => `0x${value.toString(16).padStart(8, '0')}`;
const crcView = (stated: number, computed: number): CrcView => ({ stated: hex32(stated), computed: hex32(computed), holds: stated === computed });

function hexOf(bytes: Uint8Array, max: number): string {
  const shown = Array.from(bytes.subarray(0, max), (byte) => byte.toString(16).padStart(2, '0')).join(' ');
  return bytes.length > max ? `${shown} …` : shown;
}

function headerView(header: EventStreamHeader): HeaderView {
  const type = `${header.type} (${header.tag})`;
  switch (header.type) {
    case 'binary':
      return { name: header.name, type, value: hexOf(header.value, HEX_PREVIEW) };
    case 'timestamp':
      return { name: header.name, type, value: `${header.value} (${Number.isFinite(new Date(header.value).getTime()) ? new Date(header.value).toISOString() : 'out of range'})` };
    default:
      return { name: header.name, type, value: String(header.value) };
  }
}

/** The frame these bytes (one message's, from body offset `start`) hold, or null when they hold no whole frame. */
export function frameOfBytes(bytes: Uint8Array, start: number): FrameView | null {
  let frame: EventStreamMessage | null = null;
  const parser = createEventStreamParser({ onEvent: (read) => (frame ??= read) });
  parser.feed(bytes);
  parser.end();
  return frame === null ? null : viewOf(frame, start);
}

/** The payload as text, or null when its bytes are not UTF-8. */
function textOf(payload: Uint8Array): string | null {
  try {
    return strictUtf8.decode(payload);
  } catch {
    return null;
  }
}

function viewOf(frame: EventStreamMessage, base: number): FrameView {
  const payloadText = textOf(frame.payload);
  return {
    start: base,
    end: base + frame.totalLength,
    totalLength: frame.totalLength,
    headersLength: frame.headersLength,
    preludeCrc: crcView(frame.preludeCrc, frame.computedPreludeCrc),
    headers: frame.headers.map(headerView),
    headerError: frame.headerError === null ? null : `${frame.headerError.problem} (at byte ${base + frame.headerError.offset})`,
    payloadLength: frame.payload.length,
    payloadText,
    payloadHex: payloadText === null ? hexOf(frame.payload, HEX_PREVIEW) : null,
    messageCrc: crcView(frame.messageCrc, frame.computedMessageCrc),
  };
}
