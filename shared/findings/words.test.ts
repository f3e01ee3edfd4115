import { describe, expect, it } from 'vitest';
import { few, plural, quote } from './words.ts';

describe("findings' small words", () => {
  it('count in the singular for one, in the plural otherwise, with thousands separated as in every dialect', () => {
    expect([plural(0, 'event'), plural(1, 'event'), plural(2, 'event'), plural(6936, 'byte'), plural(3, 'reply', 'replies')]).toEqual(['0 events', '1 event', '2 events', '6,936 bytes', '3 replies']);
  });

  it('list the first five items, and how many more of the list, or of the total a bounded sample was taken from', () => {
    expect(few([1, 2, 3])).toBe('1, 2, 3');
    expect(few([1, 2, 3, 4, 5, 6, 7])).toBe('1, 2, 3, 4, 5 and 2 more');
    expect(few(['a', 'b', 'c', 'd'], 3)).toBe('a, b, c and 1 more');
    expect(few([1, 2, 3, 4, 5], 5, 2405)).toBe('1, 2, 3, 4, 5 and 2,400 more');
  });

  it('quote a text as JSON, cut with a count of what was left out', () => {
    expect([quote('a"b', 10), quote('abcdef', 3)]).toEqual(['"a\\"b"', '"abc"…(+3 chars)']);
  });
});
