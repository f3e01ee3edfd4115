import { crc32 as zlibCrc32 } from 'node:zlib';
import { Int64 } from '@smithy/eventstream-codec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteByByte, splitAt } from '../../test/streams.ts';
import { concat, converseStreamBody, converseStreamEvents, errorFrame, eventFrame, everyHeaderType, exceptionFrame, frame, json } from './frames.test-support.ts';
import { decodeData } from '../data.ts';
import { MAX_FRAME_LENGTH, createEventStreamParser, parseEventStream } from './parser.ts';
import type { EventStreamMessage } from './parser.ts';

const u32 = (bytes: Uint8Array, at: number): number => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);

/** The prelude and CRC figures of an encoded frame, read at their fixed places, the CRCs worked out by zlib. */
function figures(bytes: Uint8Array) {
  const crcs = { computedPreludeCrc: zlibCrc32(bytes.subarray(0, 8)), computedMessageCrc: zlibCrc32(bytes.subarray(0, bytes.length - 4)) };
  return { totalLength: bytes.length, headersLength: u32(bytes, 4), preludeCrc: u32(bytes, 8), messageCrc: u32(bytes, bytes.length - 4), ...crcs };
}

const stringHeader = (name: string, value: string) => ({ name, tag: 7, type: 'string', value });

/** What the parser must hand on for a Bedrock event frame: the frame is `bytes`, at `start`, completed by read `read`. */
function expectedEvent(index: number, start: number, read: number, bytes: Uint8Array, type: string, payload: unknown) {
  return {
    index,
    start,
    end: start + bytes.length,
    read,
    data: JSON.stringify(payload),
    dataStart: start + 12 + u32(bytes, 4),
    dataEnd: start + bytes.length - 4,
    event: type,
    id: null,
    retry: null,
    comments: [],
    unknownFields: [
      { name: ':content-type', value: 'application/json' },
      { name: ':message-type', value: 'event' },
    ],
    ...figures(bytes),
    messageType: 'event',
    headers: [stringHeader(':event-type', type), stringHeader(':content-type', 'application/json'), stringHeader(':message-type', 'event')],
    headerError: null,
    payload: json(payload),
    chunk: false,
    chunkError: null,
  };
}

/** The index of the read holding byte `at` of the body, the reads being `reads`. */
function readHolding(reads: readonly Uint8Array[], at: number): number {
  let end = 0;
  for (let i = 0; i < reads.length; i++) {
    end += reads[i]!.length;
    if (at < end) return i;
  }
  throw new Error(`byte ${at} is past the body`);
}

/** The ConverseStream answer's messages as the parser must hand them on, read from `reads`. */
function expectedConverseStream(reads: readonly Uint8Array[]) {
  const frames = converseStreamBody();
  let start = 0;
  return converseStreamEvents().map(([type, payload], index) => {
    const bytes = frames[index]!;
    const message = expectedEvent(index, start, readHolding(reads, start + bytes.length - 1), bytes, type, payload);
    start += bytes.length;
    return message;
  });
}

const converseBody = (): Uint8Array => concat(converseStreamBody());

/** Flips one bit of a copy of `bytes` at `at`. */
function flipped(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at]! ^= 0x01;
  return copy;
}

/** Sets the frame's CRCs to what its bytes give (after an edit made on purpose). */
function withCrcs(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  view.setUint32(8, zlibCrc32(bytes.subarray(0, 8)));
  view.setUint32(bytes.length - 4, zlibCrc32(bytes.subarray(0, bytes.length - 4)));
  return bytes;
}

describe('the AWS event-stream parser', () => {
  it('reads a ConverseStream answer fed whole: each frame with its byte range, its read, its figures and its headers', () => {
    const body = converseBody();
    const { messages, partial, stats } = parseEventStream(body);
    expect(messages).toEqual(expectedConverseStream([body]));
    expect(partial).toBeNull();
    expect(stats).toEqual({ bytes: body.length, reads: 1, messages: 6, crcMismatches: 0, malformedHeaders: 0, malformedChunks: 0, flagged: [], unframeable: null });
  });

  it('reads the same answer byte by byte, each frame completed by the read of its last byte', () => {
    const reads = byteByByte(converseBody());
    const { messages, partial } = parseEventStream(reads);
    expect(messages).toEqual(expectedConverseStream(reads));
    expect(partial).toBeNull();
  });

  it('reads the same answer split anywhere', () => {
    const body = converseBody();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 40 }), (cuts) => {
        const reads = splitAt(body, cuts);
        expect(parseEventStream(reads).messages).toEqual(expectedConverseStream(reads));
      }),
    );
  });

  it('reads one frame a read, as Bedrock often sends them', () => {
    const reads = converseStreamBody();
    expect(parseEventStream(reads).messages.map((message) => [message.event, message.read])).toEqual([
      ['messageStart', 0],
      ['contentBlockDelta', 1],
      ['contentBlockDelta', 2],
      ['contentBlockStop', 3],
      ['messageStop', 4],
      ['metadata', 5],
    ]);
  });

  it('reads every header type the AWS SDK encodes, typed and as text', () => {
    const bytes = frame(everyHeaderType, json({ ok: true }));
    for (const reads of [[bytes], byteByByte(bytes)]) {
      const [message] = parseEventStream(reads).messages;
      expect(message!.headers).toEqual([
        { name: 'yes', tag: 0, type: 'boolean', value: true },
        { name: 'no', tag: 1, type: 'boolean', value: false },
        { name: 'byte', tag: 2, type: 'byte', value: -7 },
        { name: 'short', tag: 3, type: 'short', value: -1234 },
        { name: 'integer', tag: 4, type: 'integer', value: 2_000_000_000 },
        { name: 'long', tag: 5, type: 'long', value: '-9007199254740991' },
        { name: 'binary', tag: 6, type: 'binary', value: new Uint8Array([0, 1, 254, 255]) },
        { name: 'string', tag: 7, type: 'string', value: 'héllo' },
        { name: 'timestamp', tag: 8, type: 'timestamp', value: Date.parse('2026-12-07T14:30:00.123Z') },
        { name: 'uuid', tag: 9, type: 'uuid', value: '0123abcd-4567-89ef-0123-456789abcdef' },
      ]);
      expect(message!.unknownFields).toEqual([
        { name: 'yes', value: 'true' },
        { name: 'no', value: 'false' },
        { name: 'byte', value: '-7' },
        { name: 'short', value: '-1234' },
        { name: 'integer', value: '2000000000' },
        { name: 'long', value: '-9007199254740991' },
        { name: 'binary', value: 'AAH+/w==' },
        { name: 'string', value: 'héllo' },
        { name: 'timestamp', value: '2026-12-07T14:30:00.123Z' },
        { name: 'uuid', value: '0123abcd-4567-89ef-0123-456789abcdef' },
      ]);
      expect(message).toMatchObject({ event: null, messageType: null, data: '{"ok":true}', headerError: null, ...figures(bytes) });
    }
  });

  it('keeps a long beyond 2^53 exact, in decimal', () => {
    const bytes = frame({ big: { type: 'long', value: new Int64(new Uint8Array([0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])) } }, new Uint8Array(0));
    expect(parseEventStream(bytes).messages[0]!.headers).toEqual([{ name: 'big', tag: 5, type: 'long', value: '9223372036854775807' }]);
  });

  it('names an exception frame by its :exception-type, not :event-type', () => {
    const bytes = exceptionFrame('throttlingException', { message: 'Too many requests, please wait before trying again.' });
    const [message] = parseEventStream(byteByByte(bytes)).messages;
    expect(message).toEqual({
      index: 0,
      start: 0,
      end: bytes.length,
      read: bytes.length - 1,
      data: '{"message":"Too many requests, please wait before trying again."}',
      dataStart: 12 + u32(bytes, 4),
      dataEnd: bytes.length - 4,
      event: 'throttlingException',
      id: null,
      retry: null,
      comments: [],
      unknownFields: [
        { name: ':content-type', value: 'application/json' },
        { name: ':message-type', value: 'exception' },
      ],
      ...figures(bytes),
      messageType: 'exception',
      headers: [stringHeader(':exception-type', 'throttlingException'), stringHeader(':content-type', 'application/json'), stringHeader(':message-type', 'exception')],
      headerError: null,
      payload: json({ message: 'Too many requests, please wait before trying again.' }),
      chunk: false,
      chunkError: null,
    });
  });

  it('names an error frame by its :error-code, and keeps its :error-message', () => {
    const bytes = errorFrame('InternalFailure', 'We encountered an internal error.');
    const [message] = parseEventStream(bytes).messages;
    expect(message).toMatchObject({
      event: 'InternalFailure',
      messageType: 'error',
      data: null,
      dataStart: null,
      dataEnd: null,
      payload: new Uint8Array(0),
      unknownFields: [
        { name: ':error-message', value: 'We encountered an internal error.' },
        { name: ':message-type', value: 'error' },
      ],
      ...figures(bytes),
    });
  });

  it('reads an exception frame inside a 200 after the events, as Bedrock sends a throttled answer', () => {
    const reads = [...converseStreamBody().slice(0, 3), exceptionFrame('modelStreamErrorException', { message: 'boom', originalStatusCode: 500 })];
    const { messages, stats } = parseEventStream(concat(reads));
    expect(messages.map((message) => [message.messageType, message.event])).toEqual([
      ['event', 'messageStart'],
      ['event', 'contentBlockDelta'],
      ['event', 'contentBlockDelta'],
      ['exception', 'modelStreamErrorException'],
    ]);
    expect(stats.crcMismatches).toBe(0);
  });

  it('hands on a frame whose prelude CRC does not hold, flagged, and goes on with the next', () => {
    const frames = converseStreamBody();
    const bad = flipped(frames[1]!, 9);
    const body = concat([frames[0]!, bad, ...frames.slice(2)]);
    for (const reads of [[body], byteByByte(body)]) {
      const { messages, stats } = parseEventStream(reads);
      expect(messages.map((message) => message.event)).toEqual(converseStreamEvents().map(([type]) => type));
      expect(messages[1]).toMatchObject({ preludeCrc: u32(bad, 8), computedPreludeCrc: zlibCrc32(bad.subarray(0, 8)), data: JSON.stringify(converseStreamEvents()[1]![1]) });
      expect(messages[1]!.preludeCrc).not.toBe(messages[1]!.computedPreludeCrc);
      expect(stats.crcMismatches).toBe(1);
    }
  });

  it('hands on a frame whose payload changed on the way, with the bytes as they came, its message CRC flagged', () => {
    const frames = converseStreamBody();
    const at = frames[2]!.length - 10;
    const bad = flipped(frames[2]!, at);
    const { messages, stats } = parseEventStream(concat([frames[0]!, frames[1]!, bad]));
    expect(messages[2]).toMatchObject({ preludeCrc: u32(bad, 8), computedPreludeCrc: u32(bad, 8), messageCrc: u32(bad, bad.length - 4), computedMessageCrc: zlibCrc32(bad.subarray(0, bad.length - 4)) });
    expect(messages[2]!.messageCrc).not.toBe(messages[2]!.computedMessageCrc);
    expect(messages[2]!.payload).toEqual(bad.subarray(bad.length - 4 - messages[2]!.payload.length, bad.length - 4));
    expect(stats.crcMismatches).toBe(1);
  });

  it.each([
    ['inside the length', 2, null, null],
    ['inside the prelude', 6, 'total', null],
    ['inside the headers', 40, 'total', 'headers'],
    ['inside the payload', -20, 'total', 'headers'],
  ] as const)('reports a body cut %s as the partial frame, after the frames before it', (_, cut, hasTotal, hasHeaders) => {
    const frames = converseStreamBody();
    const last = frames[3]!;
    const kept = last.subarray(0, cut < 0 ? last.length + cut : cut);
    const body = concat([...frames.slice(0, 3), kept]);
    const start = frames[0]!.length + frames[1]!.length + frames[2]!.length;
    for (const reads of [[body], byteByByte(body), splitAt(body, [start + 1])]) {
      const { messages, partial } = parseEventStream(reads);
      expect(messages.map((message) => message.index)).toEqual([0, 1, 2]);
      expect(partial).toEqual({
        start,
        end: body.length,
        totalLength: hasTotal ? last.length : null,
        headersLength: hasHeaders ? u32(last, 4) : null,
      });
    }
  });

  it('stops framing at a length above the bound, keeping the rest of the body unframed', () => {
    const frames = converseStreamBody();
    const huge = frames[1]!.slice();
    new DataView(huge.buffer).setUint32(0, MAX_FRAME_LENGTH + 1);
    const body = concat([frames[0]!, huge, ...frames.slice(2)]);
    for (const reads of [[body], byteByByte(body), splitAt(body, [frames[0]!.length + 2])]) {
      const { messages, partial, stats } = parseEventStream(reads);
      expect(messages.map((message) => message.index)).toEqual([0]);
      expect(partial).toBeNull();
      expect(stats).toMatchObject({ bytes: body.length, messages: 1, unframeable: { start: frames[0]!.length, totalLength: MAX_FRAME_LENGTH + 1, min: 16, max: MAX_FRAME_LENGTH } });
    }
  });

  it('stops framing at a length below the 16 bytes of an empty frame', () => {
    const body = concat([new Uint8Array([0, 0, 0, 5, 0, 0, 0, 0]), ...converseStreamBody()]);
    const { messages, stats } = parseEventStream(byteByByte(body));
    expect(messages).toEqual([]);
    expect(stats.unframeable).toEqual({ start: 0, totalLength: 5, min: 16, max: MAX_FRAME_LENGTH });
  });

  it('reads the headers before an unknown type tag and flags the frame', () => {
    const bytes = eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x' } });
    // The third header (:message-type) starts after ':event-type' (1 + 11 + 1 + 2 + 17) and ':content-type' (1 + 13 + 1 + 2 + 16): its tag is after its 13-byte name.
    const third = 12 + 32 + 33;
    expect(bytes[third + 1 + 13]).toBe(7);
    const bad = bytes.slice();
    bad[third + 1 + 13] = 12;
    const { messages, stats } = parseEventStream(withCrcs(bad));
    expect(messages[0]).toMatchObject({
      event: 'contentBlockDelta',
      messageType: null,
      headers: [stringHeader(':event-type', 'contentBlockDelta'), stringHeader(':content-type', 'application/json')],
      headerError: { offset: third, problem: 'header ":message-type" has type tag 12, which is no header type (0–9)' },
      data: '{"contentBlockIndex":0,"delta":{"text":"x"}}',
    });
    expect(stats.malformedHeaders).toBe(1);
  });

  it('flags headers whose stated length runs past the frame, reading them up to its end', () => {
    const bytes = errorFrame('InternalFailure', 'x').slice();
    new DataView(bytes.buffer).setUint32(4, bytes.length);
    const { messages } = parseEventStream(withCrcs(bytes));
    expect(messages[0]).toMatchObject({
      event: 'InternalFailure',
      payload: new Uint8Array(0),
      headerError: { offset: 12, problem: `the headers' length (${bytes.length}) runs past the frame's end (${bytes.length - 16} bytes for headers and payload)` },
    });
  });

  it('flags a header value running past the headers', () => {
    const bytes = frame({ s: { type: 'string', value: 'abcdef' } }, json({})).slice();
    // Headers: name length, "s", tag 7, u16 length 6, "abcdef": claim 9 bytes of value instead.
    bytes[12 + 4] = 9;
    const { messages } = parseEventStream(withCrcs(bytes));
    expect(messages[0]).toMatchObject({ headers: [], headerError: { offset: 12, problem: 'header "s"\'s value runs past the headers\' end' }, data: '{}' });
  });

  it('reads each frame its own header names and values, however many short ones repeat or differ', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 40, unit: 'binary' }), fc.string({ maxLength: 40, unit: 'binary' })), { minLength: 1, maxLength: 30 }), (pairs) => {
        const named = pairs.map(([name, value]) => [name.slice(0, 60), value] as const).filter(([name]) => new TextEncoder().encode(name).length <= 255);
        const frames = named.map(([name, value]) => frame({ [name]: { type: 'string', value } }, new Uint8Array(0)));
        expect(parseEventStream(concat(frames)).messages.map((message) => message.headers)).toEqual(named.map(([name, value]) => [stringHeader(name, value)]));
      }),
    );
  });

  it('reads a frame whose headers repeat the frame before\'s exactly as a frame read alone, its CRCs too, after any other frame, flagged ones too', () => {
    const badTag = eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x' } }).slice();
    badTag[12 + 32 + 33 + 1 + 13] = 12;
    // The same headers as the deltas, a payload byte changed on the way: its message CRC does not hold.
    const changed = eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'de' } }).slice();
    changed[changed.length - 8] = changed[changed.length - 8]! ^ 0x20;
    const pool = [
      changed,
      eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'a' } }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'bc' } }),
      eventFrame('contentBlockStop', { contentBlockIndex: 0 }),
      exceptionFrame('throttlingException', { message: 'slow down' }),
      errorFrame('InternalFailure', 'x'),
      withCrcs(badTag),
      frame({ ':event-type': { type: 'string', value: 'chunk' }, ':message-type': { type: 'string', value: 'event' } }, json({ bytes: btoa('{"type":"ping"}') })),
    ];
    const alone = pool.map((bytes) => parseEventStream(bytes).messages[0]!);
    // What a frame's headers make of it, with the header error's offset taken from the frame's start.
    const headerReading = (message: EventStreamMessage) => ({
      event: message.event,
      messageType: message.messageType,
      headers: message.headers,
      unknownFields: message.unknownFields,
      chunk: message.chunk,
      headerError: message.headerError && { ...message.headerError, offset: message.headerError.offset - message.start },
      data: message.data,
      computedPreludeCrc: message.computedPreludeCrc,
      computedMessageCrc: message.computedMessageCrc,
      crcHolds: message.messageCrc === message.computedMessageCrc,
    });
    expect(alone.map((message) => message.messageCrc === message.computedMessageCrc)).toEqual([false, true, true, true, true, true, true, true]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: pool.length - 1 }), { minLength: 1, maxLength: 40 }), (order) => {
        const { messages } = parseEventStream(concat(order.map((i) => pool[i]!)));
        expect(messages.map(headerReading)).toEqual(order.map((i) => headerReading(alone[i]!)));
      }),
    );
  });

  it('says where each frame\'s data lies in the body, so that it decodes again from there, but for a chunk, whose data its envelope carries', () => {
    const body = concat([
      ...converseStreamBody(),
      eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'caf\u00e9 \u{1F600}' } }),
      frame({ ':event-type': { type: 'string', value: 'chunk' }, ':message-type': { type: 'string', value: 'event' } }, json({ bytes: btoa('{"type":"ping"}') })),
    ]);
    for (const reads of [[body], byteByByte(body), splitAt(body, [7, 100, 101, 333])]) {
      const { messages } = parseEventStream(reads);
      const placed = messages.filter((message) => !message.chunk);
      expect(placed.map((message) => decodeData(body, message.dataStart!, message.dataEnd!))).toEqual(placed.map((message) => message.data));
      expect(messages.filter((message) => message.chunk).map((message) => [message.dataStart, message.dataEnd])).toEqual([[null, null]]);
    }
  });

  it('hands on views on the reads themselves when the caller keeps them (a recording\'s), copies when it may reuse them', () => {
    const reads = converseStreamBody();
    const viewsOf = (readsKept: boolean) => {
      const messages: EventStreamMessage[] = [];
      const parser = createEventStreamParser({ onEvent: (message) => messages.push(message), readsKept });
      for (const read of reads) parser.feed(read);
      parser.end();
      return messages.map((message, i) => message.payload.buffer === reads[i]!.buffer);
    };
    expect(viewsOf(true)).toEqual(reads.map(() => true));
    expect(viewsOf(false)).toEqual(reads.map(() => false));
  });

  it.each([97, 400, 5000])('copies what it keeps: the caller may reuse its buffer (reads of %i bytes into one buffer)', (size) => {
    // 200 answers: more than the 64 KiB block the parser copies small reads into.
    const body = concat(Array.from({ length: 200 }, () => converseBody()));
    const messages: EventStreamMessage[] = [];
    const parser = createEventStreamParser({ onEvent: (message) => messages.push(message) });
    const buffer = new Uint8Array(size);
    for (let at = 0; at < body.length; at += size) {
      const read = body.subarray(at, at + size);
      buffer.set(read);
      parser.feed(buffer.subarray(0, read.length));
      buffer.fill(0);
    }
    parser.end();
    const payloads = converseStreamEvents().map(([, payload]) => JSON.stringify(payload));
    expect(messages.map((message) => message.data)).toEqual(Array.from({ length: 200 }, () => payloads).flat());
    expect(messages.every((message) => new TextDecoder().decode(message.payload) === message.data)).toBe(true);
  });

  it('reads a frame of megabytes, whole or in 16 KiB reads, byte for byte', () => {
    const text = 'x'.repeat(3_000_000) + 'é';
    const big = eventFrame('contentBlockDelta', { delta: { text } });
    const body = concat([converseStreamBody()[0]!, big, converseStreamBody()[5]!]);
    for (const reads of [[body], splitAt(body, Array.from({ length: Math.ceil(body.length / 16384) }, (_, i) => i * 16384))]) {
      const { messages, partial } = parseEventStream(reads);
      expect(messages.map((message) => message.event)).toEqual(['messageStart', 'contentBlockDelta', 'metadata']);
      expect(messages[1]!.data).toBe(JSON.stringify({ delta: { text } }));
      expect(messages[1]).toMatchObject({ ...figures(big), start: converseStreamBody()[0]!.length, end: converseStreamBody()[0]!.length + big.length });
      expect(partial).toBeNull();
    }
  });

  it('reports the figures so far while the stream is under way', () => {
    const frames = converseStreamBody();
    const parser = createEventStreamParser({ onEvent() {} });
    parser.feed(frames[0]!);
    parser.feed(frames[1]!.subarray(0, 5));
    expect(parser.stats).toEqual({ bytes: frames[0]!.length + 5, reads: 2, messages: 1, crcMismatches: 0, malformedHeaders: 0, malformedChunks: 0, flagged: [], unframeable: null });
  });

  it('never throws on random bytes, and frames them alike however they are split', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), (noise, cuts, framed) => {
        // Half the cases start with a real frame, so that the noise after it is framed from a sane length.
        const body = framed ? concat([converseStreamBody()[1]!, noise]) : noise;
        const whole = parseEventStream(body);
        const split = parseEventStream(splitAt(body, cuts.map((cut) => cut % (body.length + 1))));
        const positions = (messages: EventStreamMessage[]) => messages.map(({ read: _, ...rest }) => rest);
        expect(positions(split.messages)).toEqual(positions(whole.messages));
        expect(split.partial).toEqual(whole.partial);
        expect({ ...split.stats, reads: 1 }).toEqual(whole.stats);
      }),
    );
  });
});
