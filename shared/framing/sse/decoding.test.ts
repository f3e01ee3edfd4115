// The parser decodes bytes several ways for speed (whole ranges, or ASCII runs on Node's fast
// path and lines with other characters apart or by ICU, whichever decode-choice.ts finds faster;
// 32 KiB segments; a character cut by the end of a read kept as bytes): whichever way a body goes, each event's data and byte range must be exact. The
// expected events are built with the body, their data decoded line by line by a fresh
// TextDecoder, independently of the parser.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse as parseOneWay } from './parser.ts';
import type { SseEvent } from './parser.ts';
import { byteByByte, bytes, splitAt } from '../../test/streams.ts';

/** Parses both ways the parser can decode long ranges (whole, and apart around lines with other characters than ASCII): the two must agree. */
function parseSse(body: Uint8Array | readonly Uint8Array[]): ReturnType<typeof parseOneWay> {
  const whole = parseOneWay(body, 'whole');
  expect(parseOneWay(body, 'apart')).toEqual(whole);
  return whole;
}

type Ending = '\n' | '\r' | '\r\n';

interface Expected {
  readonly start: number;
  readonly end: number;
  readonly data: string;
}

/** A body of `data:` events, one per value, each line ended (and the event's blank line too) as given. */
function build(events: readonly { value: Uint8Array; ending: Ending }[], prefix: Uint8Array = new Uint8Array(0)) {
  const parts: Uint8Array[] = [prefix];
  const expected: Expected[] = [];
  let at = prefix.length;
  for (const { value, ending } of events) {
    const event = concat([bytes('data: '), value, bytes(ending + ending)]);
    parts.push(event);
    expected.push({ start: at, end: at + event.length, data: new TextDecoder().decode(value) });
    at += event.length;
  }
  return { body: concat(parts), expected };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
}

const rangeOf = ({ start, end, data }: SseEvent): Expected => ({ start, end, data: data! });

/** Parses the body in the given reads and checks every event's range and data. */
function expectEvents(reads: readonly Uint8Array[], expected: readonly Expected[]) {
  const { events, partial } = parseSse(reads);
  expect(events.map(rangeOf)).toEqual(expected);
  expect(partial).toBeNull();
}

/** Values of every kind the decoders treat apart: ASCII, two-, three- and four-byte characters, invalid and truncated sequences. */
const PIECES = [
  bytes('plain words, '),
  bytes('{"content":"token"}'),
  bytes('é'),
  bytes('东京'),
  bytes('😀'),
  bytes('—'),
  new Uint8Array([0xff]),
  new Uint8Array([0xe6, 0x9d]),
  new Uint8Array([0xf0, 0x9f, 0x98]),
  new Uint8Array([0x80, 0x80]),
  new Uint8Array([0xed, 0xa0, 0x80]),
];

const valueArb = fc
  .array(fc.tuple(fc.nat(PIECES.length - 1), fc.nat(40)), { minLength: 1, maxLength: 12 })
  .map((runs) => concat([bytes('x'), ...runs.map(([piece, times]) => concat(Array.from({ length: times + 1 }, () => PIECES[piece]!)))]));
const endingArb = fc.constantFrom<Ending>('\n', '\r', '\r\n');
/** Events, repeated so that some bodies span several 32 KiB segments, with an ASCII event of up to 40 KB among them. */
const eventsArb = fc
  .tuple(fc.array(fc.record({ value: valueArb, ending: endingArb }), { minLength: 1, maxLength: 60 }), fc.nat(6), fc.nat(40_000), fc.nat(), endingArb)
  .map(([events, repeat, fillerSize, at, ending]) => {
    const all = Array.from({ length: repeat + 1 }, () => events).flat();
    all.splice(at % (all.length + 1), 0, { value: bytes('y'.repeat(fillerSize)), ending });
    return all;
  });

describe('decoding, however the bytes are cut', () => {
  it('gives every event its exact data and byte range, whole, in random reads and byte by byte', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.nat(), { maxLength: 40 }), fc.constantFrom(1, 7, 1024, 16384, 65536), (events, cuts, size) => {
        const { body, expected } = build(events);
        expectEvents([body], expected);
        expectEvents(splitAt(body, cuts.map((cut) => cut % (body.length + 1))), expected);
        expectEvents(
          Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size)),
          expected,
        );
      }),
      { numRuns: 60 },
    );
  });

  it('reads a stream of lines mostly in other characters than ASCII, then ASCII again, with exact offsets', () => {
    const dense = Array.from({ length: 400 }, (_, i) => ({ value: bytes(`${i} ${'東京 résumé 😀 '.repeat(30)}`), ending: '\n' as const }));
    const ascii = Array.from({ length: 400 }, (_, i) => ({ value: bytes(`${i} ${'plain words '.repeat(30)}`), ending: '\n' as const }));
    const { body, expected } = build([...dense, ...ascii, ...dense.slice(0, 50)]);
    expectEvents([body], expected);
    expectEvents(splitAt(body, Array.from({ length: 80 }, (_, i) => i * 16384 + (i % 5))), expected);
  });

  it('finds a line ended by CR alone after a character other than ASCII in a long read', () => {
    const { body, expected } = build(Array.from({ length: 200 }, (_, i) => ({ value: bytes(i % 3 === 0 ? `${i} café` : `${i} plain`), ending: '\r' as const })));
    expectEvents([body], expected);
  });

  it('reads a body whose buffer starts at an offset not aligned to four bytes', () => {
    const { body, expected } = build(Array.from({ length: 100 }, (_, i) => ({ value: bytes(`${i} ${'ascii '.repeat(20)}${i % 4 === 0 ? '😀' : ''}`), ending: '\n' as const })));
    for (const shift of [1, 2, 3]) {
      const shifted = new Uint8Array(body.length + shift);
      shifted.set(body, shift);
      expectEvents([shifted.subarray(shift)], expected);
    }
  });
});

describe('the 32 KiB decoding segments', () => {
  const BOUNDARY = 32 * 1024;

  /** A body read whole: a filler event, then `before` ending at byte 32,768 (the first segment boundary), then `after`. */
  function atBoundary(before: Uint8Array, after: Uint8Array) {
    const fillerData = 'f'.repeat(BOUNDARY - before.length - 'data: \n\n'.length);
    const body = concat([bytes(`data: ${fillerData}\n\n`), before, after]);
    return { body, filler: { start: 0, end: BOUNDARY - before.length, data: fillerData } };
  }

  it('keeps a data line whose content ends exactly at a segment boundary, or whose LF does', () => {
    const ending = atBoundary(bytes('data: abc'), bytes('\n\ndata: next\n\n'));
    expectEvents([ending.body], [ending.filler, { start: BOUNDARY - 9, end: BOUNDARY + 2, data: 'abc' }, { start: BOUNDARY + 2, end: BOUNDARY + 14, data: 'next' }]);
    const ended = atBoundary(bytes('data: abc\n'), bytes('\ndata: next\n\n'));
    expectEvents([ended.body], [ended.filler, { start: BOUNDARY - 10, end: BOUNDARY + 1, data: 'abc' }, { start: BOUNDARY + 1, end: BOUNDARY + 13, data: 'next' }]);
  });

  it('keeps a CRLF that straddles a segment boundary as one line ending', () => {
    const { body, filler } = atBoundary(bytes('data: abc\r'), bytes('\n\r\ndata: next\r\n\r\n'));
    expectEvents([body], [filler, { start: BOUNDARY - 10, end: BOUNDARY + 3, data: 'abc' }, { start: BOUNDARY + 3, end: BOUNDARY + 17, data: 'next' }]);
    expect(parseSse(body).stats.lineEndings).toEqual({ lf: 2, cr: 0, crlf: 4 });
  });

  it('keeps a character that straddles a segment boundary whole', () => {
    for (const character of ['é', '東', '😀']) {
      const encoded = bytes(character);
      for (let inside = 1; inside < encoded.length; inside++) {
        const before = concat([bytes('data: ab'), encoded.subarray(0, inside)]);
        const { body, filler } = atBoundary(before, concat([encoded.subarray(inside), bytes('\n\n')]));
        expectEvents([body], [filler, { start: BOUNDARY - before.length, end: body.length, data: `ab${character}` }]);
      }
    }
  });
});

describe('a character or a line ending cut by the end of a read', () => {
  it('drops a BOM split over three reads', () => {
    const { events, stats } = parseSse([new Uint8Array([0xef]), new Uint8Array([0xbb]), new Uint8Array([0xbf, ...bytes('data: x\n\n')])]);
    expect(events.map((event) => [event.data, event.start, event.end, event.read])).toEqual([['x', 3, 12, 2]]);
    expect(stats.bom).toBe(true);
  });

  it('treats CR at the end of a read and LF at the start of the next as one line ending among multi-byte characters', () => {
    const { events, stats } = parseSse([bytes('data: 東京\r'), bytes('\n\r'), bytes('\ndata: é😀\r'), bytes('\ndata: ü\r\n\r'), bytes('\n')]);
    expect(events.map((event) => [event.data, event.start, event.end, event.read])).toEqual([
      ['東京', 0, 16, 2],
      ['é😀\nü', 16, 42, 4],
    ]);
    expect(stats.lineEndings).toEqual({ lf: 0, cr: 0, crlf: 5 });
  });

  it('completes a character whose bytes come one read at a time, in a line longer than a read', () => {
    const line = bytes(`data: ${'a'.repeat(3000)}😀${'b'.repeat(3000)}東\n\n`);
    const emoji = 6 + 3000;
    const reads = [line.subarray(0, emoji + 1), line.subarray(emoji + 1, emoji + 2), line.subarray(emoji + 2, emoji + 3), line.subarray(emoji + 3)];
    const { events } = parseSse(reads);
    expect(events.map(rangeOf)).toEqual([{ start: 0, end: line.length, data: `${'a'.repeat(3000)}😀${'b'.repeat(3000)}東` }]);
  });

  it('replaces a character that the next read does not complete, and one cut by the end of the body', () => {
    const { events, partial } = parseSse([bytes('data: a'), new Uint8Array([0xe6, 0x9d]), bytes('b\n\ndata: c'), new Uint8Array([0xf0, 0x9f])]);
    expect(events.map(rangeOf)).toEqual([{ start: 0, end: 12, data: 'a\uFFFDb' }]);
    expect(partial).toMatchObject({ start: 12, end: 21, data: 'c\uFFFD', unterminatedLine: true });
  });

  it('reads the same byte by byte as whole, for a body of every kind of character', () => {
    const { body, expected } = build(
      PIECES.map((value, i) => ({ value: concat([bytes('v'), value]), ending: (['\n', '\r', '\r\n'] as const)[i % 3]! })),
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
    expectEvents(byteByByte(body), expected);
    expectEvents([body], expected);
  });
});
