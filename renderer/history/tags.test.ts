import { describe, expect, it } from 'vitest';
import { parseTags, sameTags, withoutTags, withTags } from './tags.ts';

describe('tags', () => {
  it('reads several tags from one field, separated by commas, trimmed, none empty', () => {
    expect(parseTags(' flaky, proxy ,, nginx buffering ,')).toEqual(['flaky', 'proxy', 'nginx buffering']);
    expect(parseTags('   ')).toEqual([]);
  });

  it('adds tags at the end, each once', () => {
    expect(withTags(['a', 'b'], ['b', 'c', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('removes tags and keeps the others in order', () => {
    expect(withoutTags(['a', 'b', 'c'], ['b', 'x'])).toEqual(['a', 'c']);
  });

  it('compares tag lists in order', () => {
    expect(sameTags(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTags(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTags(['a'], ['a', 'b'])).toBe(false);
  });
});
