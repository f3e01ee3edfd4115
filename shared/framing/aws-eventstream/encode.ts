// AWS event-stream frames written, the parser's inverse: a prelude (total length, headers length,
// prelude CRC-32), the typed headers in the order given, the payload, and the message CRC-32 over
// everything before it — byte for byte what the AWS SDK's encoder (@smithy/eventstream-codec)
// writes for the same headers. The simulator writes Bedrock's answers with it, and the replay its
// edited frames. Pure: no Buffer, big-endian through a DataView.

import { crc32 } from './crc32.ts';
import type { EventStreamHeaderValue } from './types.ts';

/** A header to write: its name and its typed value (a long in decimal, as the parser gives it back). */
export type EncodedHeader = { readonly name: string } & EventStreamHeaderValue;

const utf8 = new TextEncoder();
const PRELUDE = 12;

/** One frame of these headers and this payload. */
export function encodeFrame(headers: readonly EncodedHeader[], payload: Uint8Array): Uint8Array {
  const encoded = headers.map(encodeHeader);
  const headersLength = encoded.reduce((sum, header) => sum + header.length, 0);
  const total = PRELUDE + headersLength + payload.length + 4;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headersLength);
  view.setUint32(8, crc32(out, 0, 8));
  let at = PRELUDE;
  for (const header of encoded) {
    out.set(header, at);
    at += header.length;
  }
  out.set(payload, at);
  view.setUint32(total - 4, crc32(out, 0, total - 4));
  return out;
}

const string = (name: string, value: string): EncodedHeader => ({ name, type: 'string', value });

/** An event frame as Bedrock writes one: `:event-type`, `:content-type` application/json, `:message-type` event. */
export function eventFrame(type: string, payload: string): Uint8Array {
  return encodeFrame([string(':event-type', type), string(':content-type', 'application/json'), string(':message-type', 'event')], utf8.encode(payload));
}

/** An exception frame as Bedrock writes one inside a 200: `:exception-type`, not `:event-type`. */
export function exceptionFrame(type: string, payload: string): Uint8Array {
  return encodeFrame([string(':exception-type', type), string(':content-type', 'application/json'), string(':message-type', 'exception')], utf8.encode(payload));
}

function encodeHeader(header: EncodedHeader): Uint8Array {
  const name = utf8.encode(header.name);
  const value = valueBytes(header);
  const out = new Uint8Array(1 + name.length + value.length);
  out[0] = name.length;
  out.set(name, 1);
  out.set(value, 1 + name.length);
  return out;
}

/** The type tag and the value's bytes. */
function valueBytes(header: EventStreamHeaderValue): Uint8Array {
  switch (header.type) {
    case 'boolean':
      return Uint8Array.of(header.value ? 0 : 1);
    case 'byte':
      return Uint8Array.of(2, header.value & 0xff);
    case 'short':
      return withView(3, 2, (view) => view.setInt16(1, header.value));
    case 'integer':
      return withView(4, 4, (view) => view.setInt32(1, header.value));
    case 'long':
      return withView(5, 8, (view) => view.setBigInt64(1, BigInt(header.value)));
    case 'timestamp':
      return withView(8, 8, (view) => view.setBigInt64(1, BigInt(Math.trunc(header.value))));
    case 'binary':
      return lengthPrefixed(6, header.value);
    case 'string':
      return lengthPrefixed(7, utf8.encode(header.value));
    case 'uuid': {
      const hex = header.value.replace(/-/g, '');
      return Uint8Array.of(9, ...Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16)));
    }
  }
}

function withView(tag: number, size: number, write: (view: DataView) => void): Uint8Array {
  const out = new Uint8Array(1 + size);
  out[0] = tag;
  write(new DataView(out.buffer));
  return out;
}

function lengthPrefixed(tag: number, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(3 + bytes.length);
  out[0] = tag;
  new DataView(out.buffer).setUint16(1, bytes.length);
  out.set(bytes, 3);
  return out;
}
