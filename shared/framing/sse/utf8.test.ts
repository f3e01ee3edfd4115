import { describe, expect, it } from 'vitest';
import { characterStart, firstNonAscii, wordsOf } from './utf8.ts';
import { bytes } from '../../test/streams.ts';

describe('firstNonAscii', () => {
  it('finds the first byte above 0x7f at any position, in a buffer at any alignment', () => {
    for (const shift of [0, 1, 2, 3]) {
      const buffer = new Uint8Array(200 + shift).fill(0x61);
      const view = buffer.subarray(shift);
      const words = wordsOf(view);
      for (let at = 0; at < view.length; at += 7) {
        view[at] = 0xc3;
        expect(firstNonAscii(view, words, 0, view.length), `shift ${shift}, byte ${at}`).toBe(at);
        expect(firstNonAscii(view, words, at + 1, view.length)).toBe(view.length);
        expect(firstNonAscii(view, words, 0, at)).toBe(at);
        view[at] = 0x61;
      }
    }
  });
});

describe('wordsOf', () => {
  it('takes any bytes, even fewer than a word at the very end of their buffer', () => {
    const buffer = new Uint8Array(9);
    for (let at = 0; at <= 9; at++) {
      for (let end = at; end <= 9; end++) expect(() => wordsOf(buffer.subarray(at, end))).not.toThrow();
    }
  });
});

describe('characterStart', () => {
  it('moves a cut back to the start of a character the cut would split, and nowhere else', () => {
    const text = bytes('aé東😀b');
    // Offsets: a 0, é 1-2, 東 3-5, 😀 6-9, b 10.
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((at) => characterStart(text, 0, at))).toEqual([0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10, 11]);
  });

  it('leaves a cut after bytes that cannot be part of one character, and never looks before `from`', () => {
    expect(characterStart(new Uint8Array([0x61, 0x80, 0x80, 0x80]), 0, 4)).toBe(4);
    expect(characterStart(new Uint8Array([0xf0, 0x9f, 0x98, 0x80, 0x80]), 0, 5)).toBe(5);
    expect(characterStart(new Uint8Array([0xe6, 0x9d, 0xb1]), 1, 2)).toBe(2);
  });
});
