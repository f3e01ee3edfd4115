// The encoder against the AWS SDK's: every frame it writes is byte for byte the one
// @smithy/eventstream-codec writes for the same headers and payload — Bedrock's event and
// exception frames, every header type, random headers and payloads — and reads back through our
// parser as what was written, whole, split at random and byte by byte.

import fc from 'fast-check';
import { Int64 } from '@smithy/eventstream-codec';
import { describe, expect, it } from 'vitest';
import { byteByByte, splitAt } from '../../test/streams.ts';
import { encodeFrame, eventFrame, exceptionFrame } from './encode.ts';
import type { EncodedHeader } from './encode.ts';
import { codec, converseStreamEvents, everyHeaderType, eventFrame as sdkEventFrame, exceptionFrame as sdkExceptionFrame, frame as sdkFrame } from './frames.test-support.ts';
import { crcHolds, parseEventStream } from './parser.ts';

type SdkHeaders = Parameters<typeof sdkFrame>[0];
const utf8 = new TextEncoder();

/** The SDK's headers as ours: a long in decimal, a timestamp in milliseconds. */
function ours(headers: SdkHeaders): EncodedHeader[] {
  return Object.entries(headers).map(([name, header]): EncodedHeader => {
    switch (header.type) {
      case 'long':
        return { name, type: 'long', value: header.value.toString() };
      case 'timestamp':
        return { name, type: 'timestamp', value: header.value.getTime() };
      default:
        return { name, ...header } as EncodedHeader;
    }
  });
}

const name = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => utf8.encode(text).length <= 255);
const value: fc.Arbitrary<SdkHeaders[string]> = fc.oneof(
  fc.string({ maxLength: 30 }).map((text) => ({ type: 'string' as const, value: text })),
  fc.boolean().map((flag) => ({ type: 'boolean' as const, value: flag })),
  fc.integer({ min: -128, max: 127 }).map((n) => ({ type: 'byte' as const, value: n })),
  fc.integer({ min: -32768, max: 32767 }).map((n) => ({ type: 'short' as const, value: n })),
  fc.integer().map((n) => ({ type: 'integer' as const, value: n })),
  fc.maxSafeInteger().map((n) => ({ type: 'long' as const, value: Int64.fromNumber(n) })),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => ({ type: 'binary' as const, value: bytes })),
  fc.date({ min: new Date(-4e12), max: new Date(4e12), noInvalidDate: true }).map((date) => ({ type: 'timestamp' as const, value: date })),
  fc.uuid().map((uuid) => ({ type: 'uuid' as const, value: uuid })),
);
const headers: fc.Arbitrary<SdkHeaders> = fc.array(fc.tuple(name, value), { maxLength: 6 }).map((pairs) => Object.fromEntries(pairs));

describe('encodeFrame', () => {
  it("writes Bedrock's event and exception frames byte for byte as the AWS SDK's encoder does", () => {
    for (const [type, payload] of converseStreamEvents()) expect(eventFrame(type, JSON.stringify(payload))).toEqual(sdkEventFrame(type, payload));
    const throttled = { message: 'Too many tokens, please wait before trying again.' };
    expect(exceptionFrame('throttlingException', JSON.stringify(throttled))).toEqual(sdkExceptionFrame('throttlingException', throttled));
  });

  it('writes every header type as the SDK does, and an empty frame of 16 bytes', () => {
    const payload = utf8.encode('{"a":1}');
    expect(encodeFrame(ours(everyHeaderType), payload)).toEqual(sdkFrame(everyHeaderType, payload));
    expect(encodeFrame([], new Uint8Array(0))).toEqual(sdkFrame({}, new Uint8Array(0)));
    expect(encodeFrame([], new Uint8Array(0)).length).toBe(16);
  });

  it('writes any headers and payload as the SDK does', () => {
    fc.assert(
      fc.property(headers, fc.uint8Array({ maxLength: 300 }), (given, payload) => {
        expect(encodeFrame(ours(given), payload)).toEqual(sdkFrame(given, payload));
      }),
    );
  });

  it("reads back through our parser as written — headers, payload, CRCs that hold — whole, split at random and byte by byte, and through the SDK's decoder", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(headers, fc.uint8Array({ maxLength: 100 })), { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 10 }), (frames, cuts) => {
        const written = frames.map(([given, payload]) => encodeFrame(ours(given), payload));
        const body = new Uint8Array(written.reduce((sum, part) => sum + part.length, 0));
        written.reduce((at, part) => (body.set(part, at), at + part.length), 0);
        for (const reads of [[body], splitAt(body, cuts.map((cut) => cut % body.length)), byteByByte(body)]) {
          const parsed = parseEventStream(reads);
          expect(parsed.partial).toBe(null);
          expect(parsed.messages.map((message) => [message.headers.map(({ tag: _tag, ...header }) => header), [...message.payload], crcHolds(message)])).toEqual(
            frames.map(([given, payload]) => [ours(given), [...payload], true]),
          );
        }
        written.forEach((part, at) => expect(codec.decode(part).body).toEqual(frames[at]![1]));
      }),
      { numRuns: 60 },
    );
  });
});
