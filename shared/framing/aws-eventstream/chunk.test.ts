// An invoke stream's chunk frames (chunk.ts): the framing hands on the event the envelope's base64
// carries as the message's data, the envelope kept as the frame's payload, and flags a chunk it
// cannot unwrap (not JSON, no bytes, not base64) with its data null — whole, split at random and
// byte by byte, never throwing.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteByByte, splitAt } from '../../test/streams.ts';
import { checkEventStream } from './checks.ts';
import { concat, eventFrame, exceptionFrame, frame } from './frames.test-support.ts';
import { parseEventStream } from './parser.ts';
import type { EventStreamMessage } from './parser.ts';

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const start = '{"type":"message_start","message":{"id":"msg_bdrk_1","role":"assistant","content":[]}}';
const delta = '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ça va 🦀"}}';
const chunkFrame = (payload: unknown): Uint8Array => eventFrame('chunk', payload);
const rawChunk = (payload: string): Uint8Array =>
  frame({ ':event-type': { type: 'string', value: 'chunk' }, ':content-type': { type: 'string', value: 'application/json' }, ':message-type': { type: 'string', value: 'event' } }, new TextEncoder().encode(payload));

const fields = (messages: readonly EventStreamMessage[]) => messages.map(({ data, event, unknownFields, chunk, chunkError }) => ({ data, event, unknownFields, chunk, chunkError }));
const CHUNK_FIELDS = [
  { name: ':event-type', value: 'chunk' },
  { name: ':content-type', value: 'application/json' },
  { name: ':message-type', value: 'event' },
];

describe('an invoke stream chunk', () => {
  const body = concat([chunkFrame({ bytes: base64(start), p: 'abcdefgh' }), chunkFrame({ bytes: base64(delta), p: 'abc' })]);

  it("is handed on with the event its base64 carries as data, no event name, its headers as fields, and the envelope as the payload", () => {
    const { messages, stats } = parseEventStream(body);
    expect(fields(messages)).toEqual([
      { data: start, event: null, unknownFields: CHUNK_FIELDS, chunk: true, chunkError: null },
      { data: delta, event: null, unknownFields: CHUNK_FIELDS, chunk: true, chunkError: null },
    ]);
    expect(new TextDecoder().decode(messages[1]!.payload)).toBe(JSON.stringify({ bytes: base64(delta), p: 'abc' }));
    expect([stats.malformedChunks, stats.flagged]).toEqual([0, []]);
  });

  it('reads alike whole, split at random and byte by byte', () => {
    const whole = fields(parseEventStream(body).messages);
    expect(fields(parseEventStream(byteByByte(body)).messages)).toEqual(whole);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 12 }), (cuts) => {
        expect(fields(parseEventStream(splitAt(body, cuts)).messages)).toEqual(whole);
      }),
      { numRuns: 50 },
    );
  });

  it('keeps bytes that are base64 of no JSON as the data, for the dialect to report', () => {
    const { messages, stats } = parseEventStream(chunkFrame({ bytes: base64('not json {') }));
    expect([messages[0]!.data, messages[0]!.chunkError, stats.malformedChunks]).toEqual(['not json {', null, 0]);
  });

  it('leaves an exception frame and any other event frame as they are', () => {
    const { messages } = parseEventStream(concat([exceptionFrame('chunk', { message: 'x' }), eventFrame('messageStart', { role: 'assistant' })]));
    expect(messages.map((message) => [message.event, message.data, message.chunk])).toEqual([
      ['chunk', '{"message":"x"}', false],
      ['messageStart', '{"role":"assistant"}', false],
    ]);
  });

  it.each([
    ['bytes that are not base64', chunkFrame({ bytes: 'eyJ0eXBlIjoi!!!', p: 'ab' }), 'its "bytes" is not base64 ("eyJ0eXBlIjoi!!!")'],
    ['no bytes', chunkFrame({ p: 'abc' }), 'its payload\'s "bytes" is missing'],
    ['bytes that are a number', chunkFrame({ bytes: 12 }), 'its payload\'s "bytes" is not a string (number)'],
    ['a payload that is not JSON', rawChunk('{"bytes": "eyJ0'), 'its payload is not JSON'],
    ['a payload that is a JSON array', rawChunk('["eyJ0"]'), 'its payload is not a JSON object'],
    ['an empty payload', rawChunk(''), 'its payload is empty'],
  ])('with %s is flagged, its data null, its payload kept, and the framing says so', (_, bad, problem) => {
    const good = chunkFrame({ bytes: base64(start) });
    const whole = concat([good, bad, good]);
    for (const reads of [[whole], byteByByte(whole)]) {
      const { messages, partial, stats } = parseEventStream(reads);
      expect(messages.map((message) => [message.data, message.chunkError])).toEqual([
        [start, null],
        [null, problem],
        [start, null],
      ]);
      expect(messages[1]!.payload).toEqual(bad.subarray(bad.length - 4 - messages[1]!.payload.length, bad.length - 4));
      expect([stats.malformedChunks, stats.flagged.map((message) => message.index)]).toEqual([1, [1]]);
      expect(checkEventStream({ events: [], partial, stats, ended: true })).toEqual([
        {
          code: 'invoke-chunk-malformed',
          severity: 'error',
          message: `1 chunk whose event cannot be read (#1): in the first, at offset ${good.length}–${good.length + bad.length}, ${problem}. Its payload is shown as it came.`,
          hint: expect.stringContaining('InvokeModelWithResponseStream') as string,
          events: [1],
        },
      ]);
    }
  });
});
