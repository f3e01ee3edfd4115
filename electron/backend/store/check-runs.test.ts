// Conformance runs in the store: begun with their plan, a verdict at a time, ended; listed newest
// first and by endpoint; counted; deleted without their recordings; and a run whose process died
// found and ended as cancelled when the store next opens.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckInfo, CheckResult } from '../../../shared/api/checks.ts';
import { openStore } from './index.ts';
import type { Store } from './index.ts';
import { openDatabase, tempDbPath, timedRecording } from './test-support.ts';

const TEXT: CheckInfo = { id: 'chat.text', protocol: 'chat-completions', asks: 'A plain question.', expected: ['Status 200.'] };
const USAGE: CheckInfo = { id: 'chat.usage', protocol: 'chat-completions', asks: 'Usage, when asked.', expected: ['One usage chunk.'] };
const TARGET = { baseUrl: 'http://127.0.0.1:8000/v1', model: 'm', profile: 'vllm', protocols: ['chat-completions'] as const, checks: [TEXT, USAGE] };

const result = (id: string, status: CheckResult['status'], recordingId: number | null = null): CheckResult => ({
  id,
  protocol: 'chat-completions',
  status,
  summary: status === 'pass' ? 'All 2 rules held.' : 'done-not-last: …',
  expected: ['Status 200.'],
  findings: status === 'pass' ? [] : [{ code: 'done-not-last', severity: 'error', message: '[DONE] is last.' }],
  recordingId,
});

let path: string;
let store: Store;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-04T21:00:00.000Z'));
  path = tempDbPath();
  store = openStore(path);
});
afterEach(() => {
  store.close();
  vi.useRealTimers();
});

describe('a check run in the store', () => {
  it('begins running with its plan and no verdict, and ends done with its verdicts in the order judged and their counts', () => {
    const begun = store.beginCheckRun(TARGET);
    expect(begun).toEqual({
      id: begun.id,
      startedAt: '2026-12-04T21:00:00.000Z',
      finishedAt: null,
      baseUrl: 'http://127.0.0.1:8000/v1',
      model: 'm',
      profile: 'vllm',
      protocols: ['chat-completions'],
      state: 'running',
      counts: { pass: 0, warn: 0, fail: 0, skip: 0 },
      checks: [TEXT, USAGE],
      results: [],
    });
    const recording = store.importRecording(timedRecording());
    store.addCheckResult(begun.id, result('chat.usage', 'fail', recording));
    store.addCheckResult(begun.id, result('chat.text', 'pass'));
    vi.setSystemTime(new Date('2026-12-04T21:00:02.500Z'));
    expect(store.finishCheckRun(begun.id, 'done')).toMatchObject({ state: 'done', finishedAt: '2026-12-04T21:00:02.500Z', counts: { pass: 1, warn: 0, fail: 1, skip: 0 } });
    const got = store.getCheckRun(begun.id)!;
    expect(got.results).toEqual([result('chat.usage', 'fail', recording), result('chat.text', 'pass')]);
    expect(got.checks).toEqual([TEXT, USAGE]);
  });

  it('takes no verdict for a run that ended or does not exist, and ends a run once', () => {
    const { id } = store.beginCheckRun(TARGET);
    store.finishCheckRun(id, 'cancelled');
    expect(() => store.addCheckResult(id, result('chat.text', 'pass'))).toThrow(`check run ${id} is cancelled: it takes no more verdicts`);
    expect(() => store.addCheckResult(id + 1, result('chat.text', 'pass'))).toThrow(`no check run ${id + 1}`);
    expect(store.finishCheckRun(id, 'done')).toBeNull();
    expect(store.getCheckRun(id)!.state).toBe('cancelled');
    expect(() => store.finishCheckRun(id, 'running' as never)).toThrow('a run ends as done, cancelled, unreachable, not running');
  });

  it('lists runs newest first, those of one endpoint whether or not its URL ends in a slash, with a limit', () => {
    const first = store.beginCheckRun(TARGET).id;
    vi.setSystemTime(new Date('2026-12-04T21:01:00.000Z'));
    const other = store.beginCheckRun({ ...TARGET, baseUrl: 'https://api.groq.com/openai/v1', profile: 'groq' }).id;
    vi.setSystemTime(new Date('2026-12-04T21:02:00.000Z'));
    const second = store.beginCheckRun({ ...TARGET, baseUrl: 'http://127.0.0.1:8000/v1/' }).id;
    expect(store.listCheckRuns().map((run) => run.id)).toEqual([second, other, first]);
    expect(store.listCheckRuns({ baseUrl: 'http://127.0.0.1:8000/v1/' }).map((run) => run.id)).toEqual([second, first]);
    expect(store.listCheckRuns({ baseUrl: 'http://127.0.0.1:8000/v1', limit: 1 }).map((run) => run.id)).toEqual([second]);
    expect(store.listCheckRuns({ baseUrl: 'http://elsewhere.test/v1' })).toEqual([]);
  });

  it('stores the base URL with its secrets redacted', () => {
    const { id } = store.beginCheckRun({ ...TARGET, baseUrl: 'https://gateway.test/v1?api_key=sk-live-abcdefghijklmnop1234' });
    expect(store.getCheckRun(id)!.baseUrl).not.toContain('abcdefghijklmnop');
  });

  it('deletes a run with its verdicts and keeps its recordings; a deleted recording leaves its verdict without one', () => {
    const recording = store.importRecording(timedRecording());
    const kept = store.importRecording(timedRecording());
    const { id } = store.beginCheckRun(TARGET);
    store.addCheckResult(id, result('chat.text', 'pass', recording));
    store.addCheckResult(id, result('chat.usage', 'pass', kept));
    expect(() => store.deleteCheckRun(id)).toThrow(`check run ${id} is running: cancel it before deleting it`);
    store.finishCheckRun(id, 'done');
    store.delete(recording);
    expect(store.getCheckRun(id)!.results.map((r) => r.recordingId)).toEqual([null, kept]);
    expect(store.deleteCheckRun(id)).toBe(true);
    expect(store.deleteCheckRun(id)).toBe(false);
    expect(store.getCheckRun(id)).toBeNull();
    expect(store.summary(kept)).not.toBeNull();
  });

  it('ends a run its store closed under as cancelled, keeping its verdicts', () => {
    const { id } = store.beginCheckRun(TARGET);
    store.addCheckResult(id, result('chat.text', 'warn'));
    store.close();
    store = openStore(path);
    expect(store.getCheckRun(id)).toMatchObject({ state: 'cancelled', finishedAt: '2026-12-04T21:00:00.000Z', counts: { warn: 1 } });
    expect(store.recoveredCheckRuns).toEqual([]);
  });

  it('ends a run left running by a process that died as cancelled when the store next opens, at its last verdict, and leaves a live one alone', () => {
    const dead = store.beginCheckRun(TARGET).id;
    vi.setSystemTime(new Date('2026-12-04T21:00:04.000Z'));
    store.addCheckResult(dead, result('chat.text', 'pass'));
    const live = store.beginCheckRun(TARGET).id;
    // As a crashed process leaves it: still running, its writer another host's.
    const raw = openDatabase(path);
    raw.prepare("UPDATE check_runs SET writer_host = 'gone.test' WHERE id = ?").run(dead);
    raw.close();
    const second = openStore(path);
    try {
      expect(second.recoveredCheckRuns).toEqual([dead]);
      expect(second.getCheckRun(dead)).toMatchObject({ state: 'cancelled', finishedAt: '2026-12-04T21:00:04.000Z', counts: { pass: 1 } });
      expect(second.getCheckRun(live)!.state).toBe('running');
    } finally {
      second.close();
    }
  });

  it('refuses an id that is not an integer and a result that is not one', () => {
    expect(() => store.getCheckRun(1.5)).toThrow('a check run id is an integer, not 1.5');
    const { id } = store.beginCheckRun(TARGET);
    expect(() => store.addCheckResult(id, { ...result('chat.text', 'pass'), status: 'great' as never })).toThrow('addCheckResult needs a CheckResult');
  });
});
