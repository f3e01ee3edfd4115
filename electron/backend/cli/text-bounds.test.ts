// The bounds of inspect's text report: a field is cut with a count of what is left out, and the
// report as a whole stops before it outgrows a string (issue 27: "Invalid string length" on a
// 600 MB stream, simulated here with a small cap).

import { describe, expect, it } from 'vitest';
import { clip, clipInline, joinWithin, moreItems } from './text-bounds.ts';

describe('clip', () => {
  it('leaves a text within the cap as it is', () => {
    expect(clip('Hello', 5)).toBe('Hello');
  });

  it('keeps the first characters of a longer text and says how many more there are and where to get them', () => {
    expect(clip('Hello, world', 5)).toBe('Hello\n… 7 more characters (the whole of it: --json, or streamscope export)');
  });

  it('never cuts a character outside the basic plane in half', () => {
    expect(clip('ab😀cd', 3)).toBe('ab\n… 4 more characters (the whole of it: --json, or streamscope export)');
  });
});

describe('clipInline', () => {
  it('cuts a name or an annotation on its own line, with the count', () => {
    expect(clipInline('get_weather', 11)).toBe('get_weather');
    expect(clipInline('x'.repeat(1234), 3)).toBe('xxx…(+1,231 characters)');
  });
});

describe('joinWithin', () => {
  it('joins lines that fit', () => {
    expect(joinWithin(['a', 'bb', 'ccc'], 9)).toBe('a\nbb\nccc');
  });

  it('stops at the cap and counts the lines it left out', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `row ${i}`);
    const joined = joinWithin(lines, 60);
    expect(joined.length).toBeLessThan(60 + 100);
    expect(joined).toBe(`row 0\nrow 1\nrow 2\nrow 3\nrow 4\nrow 5\nrow 6\nrow 7\nrow 8\nrow 9\n${moreItems(1000, 10, 'lines of the report')}`);
    expect(joined.endsWith('… 990 more lines of the report (the whole of it: --json, or streamscope export)')).toBe(true);
  });
});
