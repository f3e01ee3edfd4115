import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyMs, waitUntil } from './clock.ts';

const never = new AbortController().signal;

describe('waiting until a moment', () => {
  it('never resolves before the moment, whatever the head start', async () => {
    for (const ms of [0, 1, 3, 12]) {
      const due = performance.now() + ms;
      await waitUntil(due, never);
      expect(performance.now()).toBeGreaterThanOrEqual(due);
    }
  });

  it('resolves at once for a moment that has passed', async () => {
    const due = performance.now() - 5;
    await waitUntil(due, never);
    expect(performance.now() - due).toBeLessThan(50);
  });

  it('learns a late timer: after a wake-up 10 ms late, the head start covers it (up to its bound)', async () => {
    const due = performance.now() + 30;
    const waiting = waitUntil(due, never);
    // Block the event loop past the timer's moment, as a busy process or a slow vCPU wake-up does.
    const blockUntil = performance.now() + 40;
    while (performance.now() < blockUntil);
    await waiting;
    expect(earlyMs()).toBe(8);
  });

  it('serves the event loop in its last stretch: a callback queued before a wait too short for a timer runs before it ends', async () => {
    let served = false;
    setImmediate(() => (served = true));
    // Under a millisecond past the head start: no timer, the whole wait is its blocked last stretch.
    await waitUntil(performance.now() + 1.9, never);
    expect(served).toBe(true);
  });

  it('ends waits in the order of their moments, whichever began first: none blocks past an earlier one', async () => {
    const ended: string[] = [];
    const now = performance.now();
    const later = waitUntil(now + 1.9, never).then(() => ended.push('later'));
    const sooner = waitUntil(now + 1.5, never).then(() => ended.push('sooner'));
    await Promise.all([later, sooner]);
    expect(ended).toEqual(['sooner', 'later']);
  });

  it('stops waiting in its last stretch when its signal aborts', async () => {
    const controller = new AbortController();
    const waiting = waitUntil(performance.now() + 1.9, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops waiting when its signal aborts', async () => {
    for (const precise of [false, true]) {
      const controller = new AbortController();
      const waiting = waitUntil(performance.now() + 10_000, controller.signal, precise);
      controller.abort();
      await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    }
  });
});

describe('waiting precisely', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never sleeps: it needs no timer to come to its moment', async () => {
    // Timers that never fire: a wait that slept would never end.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    const due = performance.now() + 15;
    await waitUntil(due, never, true);
    expect(performance.now()).toBeGreaterThanOrEqual(due);
  }, 2_000);

  it('lets the event loop run meanwhile: other work is done before the moment', async () => {
    const due = performance.now() + 20;
    let doneAt = Infinity;
    setImmediate(() => (doneAt = performance.now()));
    await waitUntil(due, never, true);
    expect(doneAt).toBeLessThan(due);
  });
});
