import { describe, expect, it } from 'vitest';
import { comparePick, countsText, endpointOf, sameEndpoint, togglePick } from './runs.ts';
import { summary } from './fixtures.test-support.ts';

const runs = [summary(3, { model: 'm' }), summary(2, { baseUrl: 'http://other.example/v1', model: 'm' }), summary(1, { model: 'm' })];

describe('the past runs', () => {
  it('name every count in words', () => {
    expect(countsText({ pass: 12, warn: 1, fail: 2, skip: 0 })).toBe('12 pass · 1 warn · 2 fail · 0 skip');
  });

  it('compare two of one endpoint, the older one as before', () => {
    expect(comparePick(runs, [3, 1])).toEqual({ ok: true, before: 1, after: 3 });
    expect(comparePick(runs, [1, 3])).toEqual({ ok: true, before: 1, after: 3 });
  });

  it('refuse to compare runs of two endpoints, or fewer than two', () => {
    expect(comparePick(runs, [3, 2])).toEqual({ ok: false, why: 'These runs checked different endpoints: pick two of the same one.' });
    expect(comparePick(runs, [3])).toEqual({ ok: false, why: 'Pick two runs of the same endpoint to compare them.' });
    expect(comparePick(runs, [3, 9])).toEqual({ ok: false, why: 'Pick two runs of the same endpoint to compare them.' });
  });

  it('take every run of the built-in simulator for one endpoint, whatever port it had', () => {
    const simulated = [summary(5, { baseUrl: 'http://127.0.0.1:41000/v1' }), summary(4, { baseUrl: 'http://127.0.0.1:42000/v1' })];
    expect(endpointOf(simulated[0]!)).toBe('the built-in simulator');
    expect(endpointOf(runs[0]!)).toBe('http://127.0.0.1:4000/v1');
    expect(comparePick(simulated, [5, 4])).toEqual({ ok: true, before: 4, after: 5 });
    expect(comparePick([...simulated, ...runs], [5, 3])).toEqual({ ok: false, why: 'These runs checked different endpoints: pick two of the same one.' });
  });

  it('keep at most two picked, dropping the first picked', () => {
    expect(togglePick(togglePick(togglePick([], 1), 2), 3)).toEqual([2, 3]);
    expect(togglePick([2, 3], 2)).toEqual([3]);
  });

  it('offer a run the others of its endpoint', () => {
    expect(sameEndpoint(runs, runs[0]!).map((run) => run.id)).toEqual([1]);
  });
});
