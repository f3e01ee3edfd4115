import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/backend/store/store.ts';
import { tempDbPath } from '../../electron/backend/store/test-support.ts';
import { recordingFromSse } from '../../shared/formats/sse.ts';
import { createUndoQueue, deletionsOf, hiddenIds, hiddenMatching } from './undo.ts';
import type { PendingDeletion } from './undo.ts';

/** Timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  return {
    setTimeout(run: () => void, ms: number): unknown {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout(handle: unknown): void {
      timers.delete(handle as number);
    },
    advance(ms: number): void {
      now += ms;
      for (const [handle, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(handle);
        timer.run();
      }
    },
    get waiting(): number {
      return timers.size;
    },
  };
}

function queueWithLog(delayMs = 8000) {
  const timers = manualTimers();
  const committed: number[][] = [];
  const changes: number[][][] = [];
  const queue = createUndoQueue({
    delayMs,
    commit: (deletion) => committed.push([...deletion.ids]),
    onChange: (pending) => changes.push(pending.map((deletion) => [...deletion.ids])),
    timers,
  });
  return { queue, timers, committed, changes };
}

const deletion = (ids: number[], filtersKey = '{}') => ({ ids, words: `Deleted ${ids.length}`, filtersKey });

describe('deleting with undo', () => {
  it('holds a deletion for the undo window, then carries it out once', () => {
    const { queue, timers, committed } = queueWithLog();
    queue.schedule(deletion([4, 5]));
    expect(queue.pending().map((entry) => entry.ids)).toEqual([[4, 5]]);
    timers.advance(7999);
    expect(committed).toEqual([]);
    timers.advance(1);
    expect(committed).toEqual([[4, 5]]);
    expect(queue.pending()).toEqual([]);
    timers.advance(60_000);
    expect(committed).toEqual([[4, 5]]);
  });

  it('never carries out a deletion undone in time', () => {
    const { queue, timers, committed, changes } = queueWithLog();
    const key = queue.schedule(deletion([7]));
    expect(queue.undo(key)).toBe(true);
    timers.advance(10_000);
    expect(committed).toEqual([]);
    expect(timers.waiting).toBe(0);
    expect(changes).toEqual([[[7]], []]);
  });

  it('cannot undo a deletion already carried out', () => {
    const { queue, timers, committed } = queueWithLog();
    const key = queue.schedule(deletion([7]));
    timers.advance(8000);
    expect(queue.undo(key)).toBe(false);
    expect(committed).toEqual([[7]]);
  });

  it('keeps each deletion’s own window', () => {
    const { queue, timers, committed } = queueWithLog();
    queue.schedule(deletion([1]));
    timers.advance(5000);
    const second = queue.schedule(deletion([2, 3]));
    timers.advance(3000);
    expect(committed).toEqual([[1]]);
    expect(queue.pending().map((entry) => entry.key)).toEqual([second]);
    timers.advance(5000);
    expect(committed).toEqual([[1], [2, 3]]);
  });

  it('carries out at once a deletion scheduled without a window (one the store will refuse at once)', () => {
    const { queue, committed, changes } = queueWithLog();
    queue.schedule(deletion([9]), 0);
    expect(committed).toEqual([[9]]);
    expect(queue.pending()).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('carries out one deletion now on request, and every one when the list goes away', () => {
    const { queue, timers, committed } = queueWithLog();
    const first = queue.schedule(deletion([1]));
    queue.schedule(deletion([2]));
    queue.schedule(deletion([3]));
    queue.flush(first);
    expect(committed).toEqual([[1]]);
    queue.flushAll();
    expect(committed).toEqual([[1], [2], [3]]);
    expect(timers.waiting).toBe(0);
    queue.flushAll();
    expect(committed).toEqual([[1], [2], [3]]);
  });
});

describe('what pending deletions hide', () => {
  const pending: PendingDeletion[] = [
    { key: 1, ids: [1, 2], words: '', filtersKey: '{"text":"a"}' },
    { key: 2, ids: [2, 3, 4], words: '', filtersKey: '{}' },
  ];

  it('hides every id once', () => {
    expect([...hiddenIds(pending)].sort()).toEqual([1, 2, 3, 4]);
  });

  it('counts against the matching total all ids chosen under the same filters, and the others only when shown', () => {
    expect(hiddenMatching(pending, '{"text":"a"}', new Set())).toBe(2);
    expect(hiddenMatching(pending, '{"text":"a"}', new Set([3, 10]))).toBe(3);
    expect(hiddenMatching(pending, '{"code":"no-done"}', new Set([4]))).toBe(1);
    expect(hiddenMatching([], '{}', new Set([1]))).toBe(0);
  });
});

describe('the deletions asked for rows', () => {
  const store = openStore(tempDbPath());
  afterAll(() => store.close());
  const stream = readFileSync(join(import.meta.dirname, '..', '..', 'shared', 'test', 'fixtures', 'real-streams', 'openai-gpt4o-length-truncated.sse'));
  const row = (name: string) => store.summary(store.importRecording(recordingFromSse(stream), { name }))!;
  const [first, second, third] = [row('first'), row('second'), row('third')];

  it('offers one recording’s undo by its title, several by their number', () => {
    expect(deletionsOf([first], '{}')).toEqual([{ deletion: { ids: [first.id], words: 'Deleted “first”', filtersKey: '{}' }, now: false }]);
    expect(deletionsOf([first, second, third], '{"text":"a"}')).toEqual([
      { deletion: { ids: [first.id, second.id, third.id], words: 'Deleted 3 recordings', filtersKey: '{"text":"a"}' }, now: false },
    ]);
  });

  it('asks at once, with no offer, for a recording still recording (the store refuses it), before the rest', () => {
    const live = { ...second, outcome: 'recording' as const };
    expect(deletionsOf([first, live, third], '{}')).toEqual([
      { deletion: { ids: [second.id], words: '', filtersKey: '{}' }, now: true },
      { deletion: { ids: [first.id, third.id], words: 'Deleted 2 recordings', filtersKey: '{}' }, now: false },
    ]);
    expect(deletionsOf([], '{}')).toEqual([]);
  });
});
