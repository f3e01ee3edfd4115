import { describe, expect, it } from 'vitest';
import { deltasOf, entriesOf, parseData, summary } from './json-view.ts';

describe('an event’s data as JSON', () => {
  it('parses a chunk, and tells [DONE] and a missing data line apart from JSON', () => {
    expect(parseData('{"choices":[]}')).toEqual({ type: 'json', value: { choices: [] } });
    expect(parseData('[DONE]')).toEqual({ type: 'done' });
    expect(parseData(null)).toEqual({ type: 'none' });
  });

  it('keeps the parse error of data that is not JSON', () => {
    expect(parseData('{"a":')).toEqual({ type: 'invalid', error: 'Unexpected end of JSON input' });
  });

  it('lists the entries of objects and arrays, and none of a leaf', () => {
    expect(entriesOf({ a: 1, b: [2] })).toEqual([
      { key: 'a', value: 1 },
      { key: 'b', value: [2] },
    ]);
    expect(entriesOf(['x'])).toEqual([{ key: '0', value: 'x' }]);
    expect(entriesOf('x')).toEqual([]);
  });

  it('sums a branch up by its size and a leaf as JSON', () => {
    expect([summary({ a: 1 }), summary({ a: 1, b: 2 }), summary([1]), summary([]), summary('Hi "you"'), summary(null), summary(1.5)]).toEqual([
      '{1 key}',
      '{2 keys}',
      '[1 item]',
      '[0 items]',
      '"Hi \\"you\\""',
      'null',
      '1.5',
    ]);
  });

  it('writes invisible characters in a string as their escape, and cuts a long one', () => {
    expect(summary('a\u202eb\u200b')).toBe('"a\\u202eb\\u200b"');
    expect(summary('x'.repeat(4001))).toBe(`"${'x'.repeat(4000)}"…(+1 chars)`);
  });

  it('finds each choice’s delta with its path', () => {
    expect(deltasOf({ choices: [{ index: 0, delta: { content: 'a' } }, { index: 1, finish_reason: 'stop' }, { index: 2, delta: {} }] })).toEqual([
      { key: 'choices[0].delta', value: { content: 'a' } },
      { key: 'choices[2].delta', value: {} },
    ]);
    expect([deltasOf({ choices: [], usage: {} }), deltasOf([1]), deltasOf('x')]).toEqual([[], [], []]);
  });
});
