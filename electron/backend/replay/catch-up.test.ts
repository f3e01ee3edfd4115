import { describe, expect, it } from 'vitest';
import { CatchUp } from './catch-up.ts';

/** The lag of each write of a schedule whose writes go out `late` ms after their recorded time. */
function lags(ats: readonly number[], late: readonly number[]): number[] {
  const catchUp = new CatchUp();
  return ats.map((at, i) => {
    const lag = catchUp.lagAt(at);
    catchUp.wrote(late[i]!);
    return lag;
  });
}

describe('catching up with the recorded times after a late write', () => {
  it('keeps writes on time on the recorded times', () => {
    expect(lags([0, 10, 20, 30], [0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
  });

  it('runs behind by a late write’s lateness, then gives back half a millisecond a gap', () => {
    expect(lags([0, 10, 20, 30, 40, 50], [0, 2, 1.5, 1, 0.5, 0])).toEqual([0, 0, 1.5, 1, 0.5, 0]);
  });

  it('gives back half of a gap shorter than a millisecond, and nothing on a gap of none', () => {
    expect(lags([0, 0.4, 0.4, 1.2, 3], [3, 2.8, 2.8, 2.4, 1.5])).toEqual([0, 2.8, 2.8, 2.4, 1.9]);
  });

  it('never runs ahead of the recorded times', () => {
    expect(lags([0, 10, 20], [0.2, 0, 0])).toEqual([0, 0, 0]);
  });

  it('is back on the recorded times at once when reset (after a slow client drained)', () => {
    const catchUp = new CatchUp();
    catchUp.lagAt(0);
    catchUp.wrote(40);
    catchUp.reset();
    expect(catchUp.lagAt(10)).toBe(0);
  });
});
