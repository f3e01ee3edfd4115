// A frame's headers: a name (u8 length, UTF-8), a type tag (u8), a value by its type. What cannot
// be read — an unknown tag, a header running past the headers' length — ends the reading there,
// reported with the headers read before it.

import type { EventStreamHeader, EventStreamHeaderError } from './types.ts';

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const TWO_32 = 2 ** 32;

export interface ReadHeaders {
  readonly headers: EventStreamHeader[];
  readonly error: EventStreamHeaderError | null;
}

/** The headers in `bytes` from `from` to `to`; `base` is the body offset of `bytes[0]` (for the error's offset). */
export function readHeaders(bytes: Uint8Array, from: number, to: number, base: number): ReadHeaders {
  const headers: EventStreamHeader[] = [];
  let at = from;
  while (at < to) {
    const start = at;
    const nameEnd = at + 1 + bytes[at]!;
    if (nameEnd >= to) return failed(headers, base + start, `header ${headers.length + 1}'s name and type run past the headers' end`);
    const name = text(bytes, at + 1, nameEnd);
    const tag = bytes[nameEnd]!;
    at = nameEnd + 1;
    const size = VALUE_SIZES[tag];
    if (size === undefined) return failed(headers, base + start, `header ${JSON.stringify(name)} has type tag ${tag}, which is no header type (0–9)`);
    const length = size >= 0 ? size : at + 2 <= to ? 2 + ((bytes[at]! << 8) | bytes[at + 1]!) : Infinity;
    if (at + length > to) return failed(headers, base + start, `header ${JSON.stringify(name)}'s value runs past the headers' end`);
    headers.push(header(bytes, name, tag, at));
    at += length;
  }
  return { headers, error: null };
}

function failed(headers: EventStreamHeader[], offset: number, problem: string): ReadHeaders {
  return { headers, error: { offset, problem } };
}

/** Bytes of the value after the tag, by tag; -1: a u16 length, then that many bytes. */
const VALUE_SIZES: readonly number[] = [0, 0, 1, 2, 4, 8, -1, -1, 8, 16];

function header(bytes: Uint8Array, name: string, tag: number, at: number): EventStreamHeader {
  switch (tag) {
    case 0:
    case 1:
      return { name, tag, type: 'boolean', value: tag === 0 };
    case 2:
      return { name, tag, type: 'byte', value: (bytes[at]! << 24) >> 24 };
    case 3:
      return { name, tag, type: 'short', value: (((bytes[at]! << 8) | bytes[at + 1]!) << 16) >> 16 };
    case 4:
      return { name, tag, type: 'integer', value: int32(bytes, at) };
    case 5:
      return { name, tag, type: 'long', value: int64Text(bytes, at) };
    case 6:
      return { name, tag, type: 'binary', value: bytes.subarray(at + 2, at + 2 + ((bytes[at]! << 8) | bytes[at + 1]!)) };
    case 7:
      return { name, tag, type: 'string', value: text(bytes, at + 2, at + 2 + ((bytes[at]! << 8) | bytes[at + 1]!)) };
    case 8:
      return { name, tag, type: 'timestamp', value: int32(bytes, at) * TWO_32 + (int32(bytes, at + 4) >>> 0) };
    default:
      return { name, tag, type: 'uuid', value: uuid(bytes, at) };
  }
}

/** A header as text, for the message's unknown fields: binary as base64, a timestamp as ISO 8601 when it is a date. */
export function headerText(header: EventStreamHeader): string {
  switch (header.type) {
    case 'binary': {
      let binary = '';
      for (const byte of header.value) binary += String.fromCharCode(byte);
      return btoa(binary);
    }
    case 'timestamp': {
      const date = new Date(header.value);
      return Number.isNaN(date.getTime()) ? String(header.value) : date.toISOString();
    }
    default:
      return String(header.value);
  }
}

function int32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
}

function int64Text(bytes: Uint8Array, at: number): string {
  const high = int32(bytes, at);
  const low = int32(bytes, at + 4) >>> 0;
  const value = high * TWO_32 + low;
  return Number.isSafeInteger(value) ? String(value) : String((BigInt(high) << 32n) | BigInt(low));
}

function uuid(bytes: Uint8Array, at: number): string {
  let hex = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) hex += '-';
    hex += HEX[bytes[at + i]!];
  }
  return hex;
}

const HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

// Header names and most string values repeat in every frame (`:event-type`, `application/json`…):
// short ones are looked up in a small table of those seen, so that each is decoded once and the
// same string is handed on each time (comparing it to a name is then quick).
const SHORT = 32;
const SLOTS = 512;
const slotBytes: (Uint8Array | null)[] = new Array<Uint8Array | null>(SLOTS).fill(null);
const slotText: string[] = new Array<string>(SLOTS).fill('');

/** UTF-8 text, invalid sequences replaced by U+FFFD. */
export function text(bytes: Uint8Array, from: number, to: number): string {
  const length = to - from;
  if (length > SHORT) return utf8.decode(bytes.subarray(from, to));
  let hash = length;
  for (let i = from; i < to; i++) hash = (Math.imul(hash, 31) + bytes[i]!) | 0;
  const slot = hash & (SLOTS - 1);
  const seen = slotBytes[slot]!;
  if (seen !== null && seen.length === length) {
    let i = 0;
    while (i < length && seen[i] === bytes[from + i]) i++;
    if (i === length) return slotText[slot]!;
  }
  const decoded = utf8.decode(bytes.subarray(from, to));
  slotBytes[slot] = bytes.slice(from, to);
  slotText[slot] = decoded;
  return decoded;
}
