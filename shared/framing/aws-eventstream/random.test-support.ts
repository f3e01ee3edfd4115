// Random AWS event-stream bodies for the dialect suite (dialect.suite.ts, "never throws on random
// messages"): frames the AWS SDK's encoder writes (valid CRCs), with random headers of every type —
// the event, exception and error headers among them, named as Bedrock names its events or not —
// and payloads of JSON of any shape, text or bytes; sometimes the last frame cut short.

import fc from 'fast-check';
import { Int64 } from '@smithy/eventstream-codec';
import { concat, frame } from './frames.test-support.ts';

type Headers = Parameters<typeof frame>[0];

const name = fc.constantFrom(':event-type', ':exception-type', ':error-code', ':error-message', ':message-type', ':content-type', 'x-other');
const word = fc.oneof(fc.constantFrom('event', 'exception', 'error', 'messageStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata', 'chunk', 'throttlingException', 'application/json', ''), fc.string({ maxLength: 12 }));
const value: fc.Arbitrary<Headers[string]> = fc.oneof(
  { weight: 6, arbitrary: word.map((text) => ({ type: 'string' as const, value: text })) },
  fc.boolean().map((flag) => ({ type: 'boolean' as const, value: flag })),
  fc.integer({ min: -128, max: 127 }).map((n) => ({ type: 'byte' as const, value: n })),
  fc.integer({ min: -32768, max: 32767 }).map((n) => ({ type: 'short' as const, value: n })),
  fc.integer().map((n) => ({ type: 'integer' as const, value: n })),
  fc.maxSafeInteger().map((n) => ({ type: 'long' as const, value: Int64.fromNumber(n) })),
  fc.uint8Array({ maxLength: 8 }).map((bytes) => ({ type: 'binary' as const, value: bytes })),
  fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((date) => ({ type: 'timestamp' as const, value: date })),
  fc.uuid().map((uuid) => ({ type: 'uuid' as const, value: uuid })),
);
const headers: fc.Arbitrary<Headers> = fc.array(fc.tuple(name, value), { maxLength: 4 }).map((pairs) => Object.fromEntries(pairs));
const encode = (text: string) => new TextEncoder().encode(text);
const payload = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => encode(JSON.stringify(json))) },
  fc.string().map(encode),
  fc.uint8Array({ maxLength: 40 }),
);

export const randomEventStreamBodies: fc.Arbitrary<Uint8Array> = fc
  .tuple(fc.array(fc.tuple(headers, payload), { maxLength: 12 }), fc.option(fc.nat(), { nil: null }))
  .map(([frames, cut]) => {
    const body = concat(frames.map(([h, p]) => frame(h, p)));
    return cut === null ? body : body.subarray(0, cut % (body.length + 1));
  });
