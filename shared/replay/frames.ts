// The replay's edits of an AWS event-stream body (Bedrock's frames), where SSE's edit bytes inside
// a data line (edits.ts): a frame is length-prefixed and CRC-checked, so a value nulled in its
// payload is the whole frame written again (encode.ts) with its headers as they were and the
// payload edited, lengths and CRCs that hold; a corrupted event is its message CRC flipped, the
// frame left as it was otherwise (frame-crc-mismatch, what a client's decoder throws on).

import { encodeFrame } from '../framing/aws-eventstream/encode.ts';
import type { EventStreamMessage } from '../framing/aws-eventstream/types.ts';
import type { ByteEdit } from './edits.ts';
import { jsonValueRanges } from './locate.ts';
import type { ByteRange, JsonStep } from './locate.ts';

const NULL = new TextEncoder().encode('null');

/** The payload's ranges of the values at `path` that are not null already. */
export function payloadValueRanges(frame: EventStreamMessage, path: readonly JsonStep[]): ByteRange[] {
  return jsonValueRanges(frame.payload, path).filter((range) => !sameBytes(frame.payload.subarray(range.start, range.end), NULL));
}

/** The frame written again with `null` over these payload ranges (sorted, apart): one edit over the whole frame. */
export function nulledFrame(frame: EventStreamMessage, ranges: readonly ByteRange[]): ByteEdit {
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    parts.push(frame.payload.subarray(at, range.start), NULL);
    at = range.end;
  }
  parts.push(frame.payload.subarray(at));
  const payload = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => (payload.set(part, offset), offset + part.length), 0);
  const headers = frame.headers.map(({ tag: _tag, ...header }) => header);
  return { start: frame.start, end: frame.end, insert: encodeFrame(headers, payload) };
}

/** The frame's message CRC (its last 4 bytes) with its low bit flipped. */
export function corruptedCrc(body: Uint8Array, frame: EventStreamMessage): ByteEdit {
  const crc = body.slice(frame.end - 4, frame.end);
  crc[3]! ^= 1;
  return { start: frame.end - 4, end: frame.end, insert: crc };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
