import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytes, mixedBytes, realStreams } from '../test/streams.ts';
import { visibleBytes } from './visible-bytes.ts';
import type { VisibleSegment } from './visible-bytes.ts';

/** The bytes a segment stands for, rebuilt from what it says. */
function bytesOf(segment: VisibleSegment): number[] {
  switch (segment.type) {
    case 'text':
    case 'invisible':
      return [...bytes(segment.text)];
    case 'line-end':
      return [...bytes(segment.ending)];
    case 'bad':
      return [segment.byte];
  }
}

/** The segments cover bytes 0 to `shown` one after another, and each stands for exactly its bytes. */
function expectFaithful(data: Uint8Array, max = Infinity): void {
  const { segments, shown } = visibleBytes(data, max);
  let at = 0;
  for (const segment of segments) {
    expect(segment.start).toBe(at);
    expect(bytesOf(segment)).toEqual([...data.subarray(segment.start, segment.end)]);
    at = segment.end;
  }
  expect(at).toBe(shown);
}

describe('visibleBytes', () => {
  it('keeps CRLF, CR and LF apart, each with its escape and offsets', () => {
    expect(visibleBytes(mixedBytes('a\r\nb\rc\n')).segments).toEqual([
      { type: 'text', start: 0, end: 1, text: 'a' },
      { type: 'line-end', start: 1, end: 3, ending: '\r\n', escape: '\\r\\n' },
      { type: 'text', start: 3, end: 4, text: 'b' },
      { type: 'line-end', start: 4, end: 5, ending: '\r', escape: '\\r' },
      { type: 'text', start: 5, end: 6, text: 'c' },
      { type: 'line-end', start: 6, end: 7, ending: '\n', escape: '\\n' },
    ]);
  });

  it('reads CR then LF across a blank line as one CRLF, and CR CR as two line endings', () => {
    const endings = (text: string): string[] => visibleBytes(mixedBytes(text)).segments.flatMap((segment) => (segment.type === 'line-end' ? [segment.escape] : []));
    expect(endings('x\r\n\r\n')).toEqual(['\\r\\n', '\\r\\n']);
    expect(endings('x\r\r')).toEqual(['\\r', '\\r']);
    expect(endings('x\n\r')).toEqual(['\\n', '\\r']);
  });

  it('names each byte outside a well-formed UTF-8 sequence instead of replacing it', () => {
    // An overlong NUL, an encoded surrogate, a byte no sequence starts with, a sequence cut by the end.
    const { segments } = visibleBytes(mixedBytes('a', [0xc0, 0x80], 'é', [0xed, 0xa0, 0x80], [0xf5], [0xe2, 0x82]));
    expect(segments.map((segment) => (segment.type === 'text' ? segment.text : segment.type === 'bad' ? segment.escape : '?'))).toEqual([
      'a',
      '\\xc0',
      '\\x80',
      'é',
      '\\xed',
      '\\xa0',
      '\\x80',
      '\\xf5',
      '\\xe2',
      '\\x82',
    ]);
    expect(segments[3]).toEqual({ type: 'text', start: 3, end: 5, text: 'é' });
  });

  it('sets invisible characters apart with their JSON escape, and counts four-byte characters right', () => {
    expect(visibleBytes(mixedBytes('😀', [0], 'x\u202eé\u2028')).segments).toEqual([
      { type: 'text', start: 0, end: 4, text: '😀' },
      { type: 'invisible', start: 4, end: 5, text: '\0', escape: '\\u0000' },
      { type: 'text', start: 5, end: 6, text: 'x' },
      { type: 'invisible', start: 6, end: 9, text: '\u202e', escape: '\\u202e' },
      { type: 'text', start: 9, end: 11, text: 'é' },
      { type: 'invisible', start: 11, end: 14, text: '\u2028', escape: '\\u2028' },
    ]);
  });

  it('cuts at `max` bytes, backing off to the start of a character', () => {
    expect(visibleBytes(mixedBytes('aé z'), 2)).toEqual({ segments: [{ type: 'text', start: 0, end: 1, text: 'a' }], shown: 1, total: 5 });
    expect(visibleBytes(mixedBytes('aé z'), 3)).toEqual({ segments: [{ type: 'text', start: 0, end: 3, text: 'aé' }], shown: 3, total: 5 });
  });

  it('of no bytes is no segment', () => {
    expect(visibleBytes(new Uint8Array(0))).toEqual({ segments: [], shown: 0, total: 0 });
  });

  it('stands for every byte of every real stream, in order', () => {
    for (const { bytes: data } of realStreams()) expectFaithful(data);
  });

  it('stands for every byte of any bytes at all, whole and cut anywhere', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(70), (data, max) => {
        expectFaithful(data);
        expectFaithful(data, max);
      }),
    );
    // Bytes that are mostly text, line endings and multi-byte characters, where a random array has few.
    const piece = fc.constantFrom('a', 'é', '😀', '\r', '\n', '\r\n', '\u202e', '\0', '\u00ff');
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), fc.nat(200), (pieces, max) => expectFaithful(mixedBytes(pieces.join('')), max)));
  });
});
