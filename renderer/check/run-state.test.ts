import { describe, expect, it } from 'vitest';
import { NOTHING_HELD, progressLine, withAnswer, withFinishedPush, withResultPush } from './run-state.ts';
import { result, run, summary } from './fixtures.test-support.ts';

const text = result('chat.text', 'chat-completions', 'pass');
const usage = result('chat.usage', 'chat-completions', 'fail', ['usage-missing']);

describe('a run held while it is judged', () => {
  it('keeps what was pushed before the run was answered, and each verdict once', () => {
    let held = withResultPush(NOTHING_HELD, 3, { run: 3, result: text });
    held = withResultPush(held, 3, { run: 3, result: text });
    held = withAnswer(held, run(3, [text]));
    held = withResultPush(held, 3, { run: 3, result: usage });
    expect(held.run!.results.map((each) => each.id)).toEqual(['chat.text', 'chat.usage']);
    expect(held.run!.counts).toEqual({ pass: 1, warn: 0, fail: 1, skip: 0 });
  });

  it('ignores the pushes of another run', () => {
    const held = withAnswer(NOTHING_HELD, run(3));
    expect(withResultPush(held, 3, { run: 4, result: text })).toBe(held);
    expect(withFinishedPush(held, 3, { run: summary(4, { state: 'done' }) })).toBe(held);
  });

  it('ends with the backend’s summary, even one pushed before the answer', () => {
    const end = summary(3, { state: 'cancelled', finishedAt: '2026-12-04T21:09:00.000Z', counts: { pass: 1, warn: 0, fail: 0, skip: 0 } });
    const early = withAnswer(withFinishedPush(NOTHING_HELD, 3, { run: end }), run(3, [text]));
    const late = withFinishedPush(withAnswer(NOTHING_HELD, run(3, [text])), 3, { run: end });
    for (const held of [early, late]) {
      expect(held.run!.state).toBe('cancelled');
      expect(held.run!.finishedAt).toBe('2026-12-04T21:09:00.000Z');
      expect(held.run!.results).toEqual([text]);
    }
  });
});

describe('the progress line', () => {
  it('says how far the run is and how the verdicts went', () => {
    const going = run(3, [text, usage], { counts: { pass: 1, warn: 0, fail: 1, skip: 0 } });
    expect(progressLine(going)).toBe('Running: 2 of 4 checks judged (1 passed, 0 warned, 1 failed, 0 skipped).');
    expect(progressLine({ ...going, state: 'done' })).toBe('Done: 1 passed, 0 warned, 1 failed, 0 skipped.');
    expect(progressLine({ ...going, state: 'cancelled' })).toBe('Cancelled: 2 of 4 checks judged (1 passed, 0 warned, 1 failed, 0 skipped).');
    expect(progressLine({ ...going, state: 'unreachable' })).toBe('The endpoint could not be reached: 2 of 4 checks judged.');
  });
});
