import { describe, expect, it } from 'vitest';
import { clientCountsText, clientProgressLine, pastRuns, wrongAlert } from './client-runs.ts';
import { CASES, clientSummary } from './client-fixtures.test-support.ts';
import { summary } from './fixtures.test-support.ts';

const counts = { survived: 3, detected: 1, wrong: 2, crashed: 0, hung: 1, 'no-request': 0 };

describe('a client run, told', () => {
  it('names every verdict’s count in words', () => {
    expect(clientCountsText(counts)).toBe('3 survived · 1 detected · 2 wrong · 0 crashed · 1 hung · 0 no-request');
  });

  it('says where it stands', () => {
    const run = { ...clientSummary(1, { counts }), cases: [...CASES, ...CASES, ...CASES] };
    expect(clientProgressLine(run)).toBe('Running: 7 of 12 cases judged (3 survived · 1 detected · 2 wrong · 0 crashed · 1 hung · 0 no-request).');
    expect(clientProgressLine({ ...run, state: 'done' })).toBe('Done: 3 survived · 1 detected · 2 wrong · 0 crashed · 1 hung · 0 no-request.');
    expect(clientProgressLine({ ...run, state: 'cancelled' })).toBe('Cancelled: 7 of 12 cases judged (3 survived · 1 detected · 2 wrong · 0 crashed · 1 hung · 0 no-request).');
    expect(clientProgressLine({ ...run, state: 'unreachable', error: 'no such file: my-client' })).toBe('The command could not be started: no such file: my-client.');
    expect(clientProgressLine({ ...run, state: 'unreachable', error: 'It is not executable.' })).toBe('The command could not be started: It is not executable.');
  });

  it('says loudly how many cases are wrong, and nothing when none is', () => {
    expect(wrongAlert(counts)).toBe('2 cases are wrong: the client exited 0 with another answer, or took a broken stream for a complete one, and said nothing. Your users would see it as an answer.');
    expect(wrongAlert({ ...counts, wrong: 1 })).toMatch(/^1 case is wrong: /);
    expect(wrongAlert({ ...counts, wrong: 0 })).toBeNull();
  });
});

describe('the past runs of both kinds', () => {
  it('come in one list, newest first, each with its kind', () => {
    // summary(N) starts at 21:0N:00, clientSummary(N) at 21:0N:30.
    const listed = pastRuns([summary(3), summary(1)], [clientSummary(2), clientSummary(1)]);
    expect(listed.map((past) => `${past.kind} ${past.run.id}`)).toEqual(['server 3', 'client 2', 'client 1', 'server 1']);
  });

  it('list one kind while the other is not known', () => {
    expect(pastRuns(null, [clientSummary(1)]).map((past) => past.kind)).toEqual(['client']);
    expect(pastRuns([summary(1)], null).map((past) => past.kind)).toEqual(['server']);
  });
});
