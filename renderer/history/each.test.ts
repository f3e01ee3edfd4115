import { describe, expect, it } from 'vitest';
import { failureWords, runEach } from './each.ts';

describe('one call per recording', () => {
  it('runs every id, a few at a time, and gathers the failures by id', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const failures = await runEach(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      async (id) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, id % 3));
        running--;
        if (id % 4 === 0) throw new Error(`recording ${id} is still recording: cancel it before deleting it`);
        done.push(id);
      },
      3,
    );
    expect(most).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 6, 7, 9, 10]);
    expect(failures).toEqual([
      { id: 4, message: 'recording 4 is still recording: cancel it before deleting it' },
      { id: 8, message: 'recording 8 is still recording: cancel it before deleting it' },
    ]);
    expect(failureWords('delete', failures)).toBe('Could not delete recording #4: recording 4 is still recording: cancel it before deleting it (and 1 more)');
  });

  it('says nothing when nothing failed', async () => {
    expect(await runEach([], () => Promise.resolve())).toEqual([]);
    expect(failureWords('tag', [])).toBeNull();
    expect(failureWords('tag', [{ id: 3, message: 'gone' }])).toBe('Could not tag recording #3: gone');
  });
});
