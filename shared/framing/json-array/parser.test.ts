// The JSON-array reader (parser.ts) over Gemini's three real non-SSE streams (simonw/llm-gemini's,
// shared/test/fixtures/gemini/SOURCES.md) and over made bodies: each element handed on with its
// exact byte range, whatever the reads; an array left open, stray bytes, a bare object, a BOM.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteByByte, bytes, splitAt } from '../../test/streams.ts';
import { createJsonArrayParser, parseJsonArray } from './parser.ts';
import type { JsonArrayElement } from './types.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/gemini/', import.meta.url));

/** Each real array's element count and byte ranges, as read by hand from the files. */
const ARRAYS = {
  'gemini25flash-json-array-thought-function-call.array-stream.json': 2,
  'gemini36flash-json-array-thought-signature.array-stream.json': 3,
  'gemini3flash-json-array-function-call-signature.array-stream.json': 2,
} as const;

function feedAll(reads: readonly Uint8Array[]) {
  const events: JsonArrayElement[] = [];
  const parser = createJsonArrayParser({ onEvent: (event) => events.push(event) });
  for (const read of reads) parser.feed(read);
  return { events, ...parser.end() };
}

const shape = (events: readonly JsonArrayElement[]) => events.map(({ index, start, end, data }) => ({ index, start, end, data }));

describe.each(Object.entries(ARRAYS))('the real stream %s', (name, count) => {
  const body = new Uint8Array(readFileSync(FIXTURES + name));
  const text = new TextDecoder().decode(body);
  const elements = JSON.parse(text) as unknown[];
  // Gemini writes `[` then the objects separated by `\n,\r\n`, and `\n]` at the end.
  const pieces = text.slice(1, -2).split('\n,\r\n');
  const starts = pieces.map((_, i) => bytes(text.slice(0, 1 + pieces.slice(0, i).reduce((sum, piece) => sum + piece.length + 4, 0))).length);
  const expected = pieces.map((piece, i) => ({ index: i, start: starts[i]!, end: starts[i]! + bytes(piece).length, data: piece }));

  it(`is ${count} elements, each the array's object with its exact bytes, and nothing left open`, () => {
    const read = parseJsonArray(body);
    expect(elements).toHaveLength(count);
    expect(shape(read.events)).toEqual(expected);
    expect(read.events.map((event) => JSON.parse(event.data!) as unknown)).toEqual(elements);
    expect(read.events.map((event) => [event.event, event.id, event.retry, event.comments, event.unknownFields, event.read])).toEqual(elements.map(() => [null, null, null, [], [], 0]));
    expect(read.partial).toBeNull();
    expect(read.stats).toEqual({ bytes: body.length, reads: 1, opened: 'array', stray: 0, firstStray: null });
  });

  it('reads the same fed byte by byte, each element completed by the read of its last byte', () => {
    const read = feedAll(byteByByte(body));
    expect(shape(read.events)).toEqual(expected);
    expect(read.events.map((event) => event.read)).toEqual(expected.map((element) => element.end - 1));
    expect([read.partial, read.stats.reads, read.stats.stray]).toEqual([null, body.length, 0]);
  });

  it('reads the same split at random', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: body.length }), { maxLength: 30 }), (cuts) => {
        const read = feedAll(splitAt(body, cuts));
        expect(shape(read.events)).toEqual(expected);
        expect(read.partial).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it('says where the body ended inside an element, and hands on the elements before it', () => {
    const cut = feedAll([body.subarray(0, expected[1]!.start + 10)]);
    expect(shape(cut.events)).toEqual(expected.slice(0, 1));
    expect(cut.partial).toEqual({ start: expected[1]!.start, end: expected[1]!.start + 10, cut: 'element' });
  });

  it('says the array was never closed when the body ends after an element', () => {
    const open = feedAll([body.subarray(0, expected.at(-1)!.end + 1)]);
    expect(open.events).toHaveLength(count);
    expect(open.partial).toEqual({ start: expected.at(-1)!.end, end: expected.at(-1)!.end + 1, cut: 'array' });
  });
});

describe('the JSON-array reader', () => {
  it('tracks strings, escapes and nesting: brackets and quotes inside strings end nothing', () => {
    const read = parseJsonArray(bytes('[{"a":"}]\\"{["} , [1,[2]],"x\\\\",-1.5e3,true,null]'));
    expect(read.events.map((event) => event.data)).toEqual(['{"a":"}]\\"{["}', '[1,[2]]', '"x\\\\"', '-1.5e3', 'true', 'null']);
    expect([read.partial, read.stats.stray]).toEqual([null, 0]);
  });

  it('keeps a character split across reads whole', () => {
    const body = bytes('[{"t":"°é"}]');
    expect(feedAll(byteByByte(body)).events.map((event) => event.data)).toEqual(['{"t":"°é"}']);
  });

  it('reads a bare object as its one element (Google\'s error body), and skips a BOM', () => {
    const read = parseJsonArray(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(' {"error":{"code":500}}\n')]));
    expect(shape(read.events)).toEqual([{ index: 0, start: 4, end: 26, data: '{"error":{"code":500}}' }]);
    expect([read.partial, read.stats.opened, read.stats.stray]).toEqual([null, 'object', 0]);
  });

  it('counts bytes outside the syntax (a missing comma, a doubled one, text after the array) and still reads the elements', () => {
    const read = parseJsonArray(bytes('[{"a":1}{"b":2},,{"c":3}] x'));
    expect(read.events.map((event) => event.data)).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect([read.stats.stray, read.stats.firstStray, read.partial]).toEqual([3, 8, null]);
  });

  it('counts a body that is not JSON at all as stray bytes, with nothing opened and no element', () => {
    const read = parseJsonArray(bytes('data: x'));
    expect([read.events, read.stats.opened, read.stats.stray, read.stats.firstStray, read.partial]).toEqual([[], null, 6, 0, null]);
  });

  it('ends a number the body\'s end closed, and says the array is open', () => {
    const read = feedAll([bytes('[1,2'), bytes('3')]);
    expect(shape(read.events)).toEqual([
      { index: 0, start: 1, end: 2, data: '1' },
      { index: 1, start: 3, end: 5, data: '23' },
    ]);
    expect(read.partial).toEqual({ start: 5, end: 5, cut: 'array' });
  });
});
