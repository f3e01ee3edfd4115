import { describe, expect, it } from 'vitest';
import { changeOf, changeTally, compareRuns, findingsMoved } from './run-compare.ts';
import { result } from './fixtures.test-support.ts';

const pass = (id = 'chat.text') => result(id, 'chat-completions', 'pass');
const warn = (codes = ['mixed-line-endings']) => result('chat.text', 'chat-completions', 'warn', codes);
const fail = (codes = ['done-not-last']) => result('chat.text', 'chat-completions', 'fail', codes);
const skip = () => result('chat.text', 'chat-completions', 'skip', [], null);

describe('what happened to a check between two runs', () => {
  it('is fixed when it got better, broke when it got worse', () => {
    expect(changeOf(fail(), pass())).toBe('fixed');
    expect(changeOf(fail(), warn())).toBe('fixed');
    expect(changeOf(pass(), warn())).toBe('broke');
    expect(changeOf(warn(), fail())).toBe('broke');
  });

  it('changed when the verdict stayed but its findings moved, or a skip came or went', () => {
    expect(changeOf(fail(['done-not-last']), fail(['finish-not-once']))).toBe('changed');
    expect(changeOf(skip(), pass())).toBe('changed');
    expect(changeOf(fail(), skip())).toBe('changed');
  });

  it('is the same when verdict and findings are, whatever their order', () => {
    expect(changeOf(fail(['a', 'b']), fail(['b', 'a']))).toBe('same');
    expect(changeOf(pass(), pass())).toBe('same');
  });
});

describe('two runs compared', () => {
  it('list the later run’s checks in its order, then those only the earlier one ran', () => {
    const compared = compareRuns({ results: [pass('chat.usage'), fail()] }, { results: [pass(), pass('chat.n')] });
    expect(compared.map((each) => `${each.id} ${each.change}`)).toEqual(['chat.text fixed', 'chat.n added', 'chat.usage removed']);
    expect(changeTally(compared)).toBe('1 fixed · 1 new check · 1 no longer run');
  });

  it('tally nothing when neither run has a check', () => {
    expect(changeTally([])).toBe('No checks in either run.');
  });

  it('say which findings went and which appeared', () => {
    expect(findingsMoved({ before: fail(['done-not-last', 'invalid-json']), after: fail(['invalid-json', 'finish-not-once']) })).toEqual({ gone: ['done-not-last'], appeared: ['finish-not-once'] });
    expect(findingsMoved({ before: null, after: warn() })).toEqual({ gone: [], appeared: ['mixed-line-endings'] });
  });
});
