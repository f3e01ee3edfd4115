import { describe, expect, it } from 'vitest';
import { NO_CLIENT_RUN, withClientAnswer, withClientFinishedPush, withClientResultPush } from './client-run-state.ts';
import { clientRun, clientSummary, verdict } from './client-fixtures.test-support.ts';

const clean = verdict('clean', 'chat-completions', 'survived');
const cut = verdict('cut-before-done', 'chat-completions', 'wrong');

describe('a client run followed while it is judged', () => {
  it('adds each verdict pushed once, and recounts', () => {
    let held = withClientAnswer(NO_CLIENT_RUN, clientRun(4));
    held = withClientResultPush(held, 4, { run: 4, result: clean });
    held = withClientResultPush(held, 4, { run: 4, result: clean });
    held = withClientResultPush(held, 4, { run: 4, result: cut });
    expect(held.run!.results.map((result) => result.id)).toEqual(['clean', 'cut-before-done']);
    expect(held.run!.counts).toEqual({ survived: 1, detected: 0, wrong: 1, crashed: 0, hung: 0, 'no-request': 0 });
  });

  it('keeps the same case id of two dialects as two verdicts', () => {
    let held = withClientAnswer(NO_CLIENT_RUN, clientRun(4, [clean]));
    held = withClientResultPush(held, 4, { run: 4, result: verdict('clean', 'anthropic-messages', 'crashed') });
    expect(held.run!.results.map((result) => `${result.protocol} ${result.verdict}`)).toEqual(['chat-completions survived', 'anthropic-messages crashed']);
  });

  it('keeps what was pushed before the answer, once, and the end', () => {
    let held = withClientResultPush(NO_CLIENT_RUN, 4, { run: 4, result: clean });
    held = withClientResultPush(held, 4, { run: 4, result: cut });
    held = withClientFinishedPush(held, 4, { run: clientSummary(4, { state: 'done', counts: { survived: 1, detected: 0, wrong: 1, crashed: 0, hung: 0, 'no-request': 0 } }) });
    held = withClientAnswer(held, clientRun(4, [clean]));
    expect(held.run!.results.map((result) => result.id)).toEqual(['clean', 'cut-before-done']);
    expect(held.run!.state).toBe('done');
    expect(held.run!.cases).toHaveLength(4);
    expect(held).toMatchObject({ early: [], earlyEnd: null });
  });

  it('ignores the pushes of another run', () => {
    const held = withClientAnswer(NO_CLIENT_RUN, clientRun(4));
    expect(withClientResultPush(held, 4, { run: 5, result: clean })).toBe(held);
    expect(withClientFinishedPush(held, 4, { run: clientSummary(5, { state: 'done' }) })).toBe(held);
  });
});
