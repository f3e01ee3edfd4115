// JSON for the serve-mode bridge. IPC clones Uint8Array as it is; JSON cannot, so bytes travel
// as `{"$bytes": base64}`. A caller's own object that happens to have a `$bytes`, `$blob` or
// `$object` key is wrapped in `{"$object": …}`, so no value is ever mistaken for bytes.
//
// A call's argument, and the reply for a client that asks for one, can also travel as a frame
// (FRAME_TYPE): the JSON with each byte array replaced by `{"$blob": [offset, length]}`, followed
// by the bytes themselves. A recording's 26 MB body (or a file to import) then crosses as it is,
// with no base64 to make and read back (about half a second each way) and a JSON text a
// thirtieth the size.

import { fromBase64, toBase64 } from '../formats/bytes.ts';

export function encodeJson(value: unknown): string {
  return JSON.stringify(encodeValue(value));
}

/** Parses bridge JSON; null when the text is not JSON or a `$bytes` is not base64. */
export function decodeJson(text: string): { readonly value: unknown } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  try {
    return { value: decodeValue(parsed) };
  } catch {
    return null;
  }
}

/** The media type of a frame (a call's argument or its reply). */
export const FRAME_TYPE = 'application/x-streamscope-frame';

/**
 * A frame: a 4-byte big-endian length, that many bytes of UTF-8 JSON, then the blobs the
 * JSON's `{"$blob": [offset, length]}` values point into (offsets from the end of the JSON).
 */
export function encodeFrame(value: unknown): Uint8Array<ArrayBuffer> {
  const blobs: Uint8Array[] = [];
  let blobBytes = 0;
  const json = utf8.encode(
    JSON.stringify(
      encodeValue(value, (bytes) => {
        const placed = { $blob: [blobBytes, bytes.length] };
        blobs.push(bytes);
        blobBytes += bytes.length;
        return placed;
      }),
    ),
  );
  const frame = new Uint8Array(4 + json.length + blobBytes);
  new DataView(frame.buffer).setUint32(0, json.length);
  frame.set(json, 4);
  let at = 4 + json.length;
  for (const blob of blobs) {
    frame.set(blob, at);
    at += blob.length;
  }
  return frame;
}

/** Reads a frame; null when it is not one. Byte arrays in the value are views into `frame`. */
export function decodeFrame(frame: Uint8Array): { readonly value: unknown } | null {
  if (frame.length < 4) return null;
  const length = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  if (4 + length > frame.length) return null;
  const blobs = frame.subarray(4 + length);
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decoder.decode(frame.subarray(4, 4 + length)));
    return { value: decodeValue(parsed, blobs) };
  } catch {
    return null;
  }
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const RESERVED = ['$bytes', '$blob', '$object'];

function encodeValue(value: unknown, bytes: (value: Uint8Array) => unknown = (value) => ({ $bytes: toBase64(value) })): unknown {
  if (value instanceof Uint8Array) return bytes(value);
  if (Array.isArray(value)) return value.map((item) => encodeValue(item, bytes));
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines own properties, so a `__proto__` key stays data instead of a prototype.
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : [[key, encodeValue(item, bytes)]])));
  return RESERVED.some((key) => Object.hasOwn(out, key)) ? { $object: out } : out;
}

/** `blobs`: a frame's bytes after its JSON; null for plain JSON, where a `$blob` is an error. */
function decodeValue(value: unknown, blobs: Uint8Array | null = null): unknown {
  if (Array.isArray(value)) return value.map((item) => decodeValue(item, blobs));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === '$bytes') {
    const bytes = typeof record.$bytes === 'string' ? fromBase64(record.$bytes) : null;
    if (!bytes) throw new Error('"$bytes" is not base64');
    return bytes;
  }
  if (keys.length === 1 && keys[0] === '$blob') {
    const [offset, length] = Array.isArray(record.$blob) ? (record.$blob as unknown[]) : [];
    const valid = blobs !== null && Number.isInteger(offset) && Number.isInteger(length) && (offset as number) >= 0 && (length as number) >= 0 && (offset as number) + (length as number) <= blobs.length;
    if (!valid) throw new Error('"$blob" does not point into the frame');
    return blobs.subarray(offset as number, (offset as number) + (length as number));
  }
  const inner = keys.length === 1 && keys[0] === '$object' && typeof record.$object === 'object' && record.$object !== null ? (record.$object as Record<string, unknown>) : record;
  return Object.fromEntries(Object.entries(inner).map(([key, item]) => [key, decodeValue(item, blobs)]));
}
