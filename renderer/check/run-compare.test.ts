import { describe, expect, it } from 'vitest';
import { changeTally, compareStoredRuns, streamsHref } from './run-compare.ts';
import { result } from './fixtures.test-support.ts';

const pass = (id = 'chat.text', recording = 7) => result(id, 'chat-completions', 'pass', [], recording);
const fail = (codes = ['done-not-last']) => result('chat.text', 'chat-completions', 'fail', codes, 8);

describe('two runs compared', () => {
  it('keep each verdict beside the comparison: the later run’s checks in its order, then those only the earlier one ran', () => {
    const compared = compareStoredRuns({ results: [pass('chat.usage'), fail()] }, { results: [pass(), pass('chat.n')] });
    expect(compared.rows.map((row) => `${row.comparison.id} ${row.comparison.change} ${row.before?.status ?? '–'} → ${row.after?.status ?? '–'}`)).toEqual(['chat.text fixed fail → pass', 'chat.n added – → pass', 'chat.usage removed pass → –']);
    expect(compared.rows[0]!.before!.summary).toBe('chat.text: done-not-last.');
    expect(changeTally(compared.counts)).toBe('1 fixed · 1 new check · 1 no longer run');
  });

  it('tally nothing when neither run has a check', () => {
    expect(changeTally(compareStoredRuns({ results: [] }, { results: [] }).counts)).toBe('No checks in either run.');
  });

  it('offer both recordings side by side only where the check changed', () => {
    const [fixed] = compareStoredRuns({ results: [fail()] }, { results: [pass('chat.text', 17)] }).rows;
    const [same] = compareStoredRuns({ results: [pass()] }, { results: [pass('chat.text', 17)] }).rows;
    expect(streamsHref(fixed!.comparison)).toEqual({ a: 8, b: 17 });
    expect(streamsHref(same!.comparison)).toBeNull();
  });
});
