// The real Bedrock bodies (shared/test/fixtures/bedrock/, SOURCES.md there: pydantic-ai,
// openinference and vercel/ai recordings), framed whole, split at random and byte by byte, each
// frame checked against the AWS SDK's own decoder (@smithy/eventstream-codec) on its bytes.

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteByByte, splitAt } from '../../test/streams.ts';
import { codec, concat, eventFrame } from './frames.test-support.ts';
import { parseEventStream } from './parser.ts';
import type { EventStreamMessage } from './parser.ts';

const DIR = fileURLToPath(new URL('../../test/fixtures/bedrock/', import.meta.url));
const files = (ending: string): string[] =>
  readdirSync(DIR)
    .filter((name) => name.endsWith(ending))
    .sort();
const bytesOf = (name: string): Uint8Array => new Uint8Array(readFileSync(DIR + name));

/** A message without the read that completed it: what must not depend on how the body was split. */
const placed = (messages: readonly EventStreamMessage[]) => messages.map(({ read: _, ...rest }) => rest);

describe('the real Bedrock event-stream bodies', () => {
  it('are there to test', () => {
    expect(files('.bin').length).toBeGreaterThanOrEqual(13);
  });

  describe.each(files('.bin'))('%s', (name) => {
    const body = bytesOf(name);

    it('frames end to end, every CRC holding, each frame as the AWS SDK decodes its bytes', () => {
      const { messages, partial, stats } = parseEventStream(body);
      expect(partial).toBeNull();
      expect(stats).toMatchObject({ bytes: body.length, crcMismatches: 0, malformedHeaders: 0, unframeable: null });
      expect(messages.length).toBeGreaterThan(0);
      let start = 0;
      for (const message of messages) {
        expect(message.start).toBe(start);
        const sdk = codec.decode(body.subarray(message.start, message.end));
        expect(Object.fromEntries(message.headers.map(({ name, type, value }) => [name, { type, value }]))).toEqual(sdk.headers);
        expect(message.payload).toEqual(new Uint8Array(sdk.body));
        const type = sdk.headers[':event-type']!.value;
        if (type === 'chunk') {
          // An invoke chunk: the data is the event its envelope's base64 carries, the envelope the payload.
          const envelope = JSON.parse(new TextDecoder().decode(sdk.body)) as { bytes: string };
          expect([message.chunk, message.chunkError, message.data, message.event]).toEqual([true, null, Buffer.from(envelope.bytes, 'base64').toString('utf8'), null]);
        } else {
          expect([message.chunk, message.data, message.event]).toEqual([false, new TextDecoder().decode(sdk.body), type]);
        }
        expect(message.messageType).toBe('event');
        start = message.end;
      }
      expect(start).toBe(body.length);
    });

    it('frames alike byte by byte and split anywhere, each frame completed by the read of its last byte', () => {
      const whole = parseEventStream(body);
      const single = parseEventStream(byteByByte(body));
      expect(placed(single.messages)).toEqual(placed(whole.messages));
      expect(single.messages.map((message) => message.read)).toEqual(whole.messages.map((message) => message.end - 1));
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 30 }), (cuts) => {
          const split = parseEventStream(splitAt(body, cuts));
          expect(placed(split.messages)).toEqual(placed(whole.messages));
          expect(split.partial).toBeNull();
        }),
        { numRuns: 20 },
      );
    });
  });

  // vercel/ai keeps payloads, not bytes: rebuilt one frame a line, as SOURCES.md says, with the AWS SDK's encoder.
  it.each(files('.chunks.txt'))('%s, rebuilt as frames, reads back each line', (name) => {
    const lines = readFileSync(DIR + name, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => Object.entries(JSON.parse(line) as Record<string, unknown>)[0]!);
    const body = concat(lines.map(([type, payload]) => eventFrame(type, payload)));
    const { messages, stats } = parseEventStream(byteByByte(body));
    expect(messages.map((message) => [message.event, JSON.parse(message.data!)])).toEqual(lines);
    expect(stats.crcMismatches).toBe(0);
  });
});
