// Client conformance runs in the store: begun with their cases, a verdict at a time, ended (with
// why, when the command could not start); listed newest first; counted by verdict; deleted
// without their recordings; a run whose process died found and ended as cancelled when the store
// next opens; and nothing of the command stored but its line, its folder and its output's ends.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientCaseInfo } from '../../../shared/api/client-checks.ts';
import type { ClientCaseResult } from '../../../shared/conformance/client/report.ts';
import { openStore } from './index.ts';
import type { Store } from './index.ts';
import { openDatabase, tempDbPath, timedRecording } from './test-support.ts';

const CLEAN: ClientCaseInfo = { id: 'clean', protocol: 'chat-completions', expect: 'survive', serves: 'A clean stream.', why: 'The baseline.' };
const CUT: ClientCaseInfo = { id: 'cut-before-done', protocol: 'chat-completions', expect: 'detect', serves: 'A cut stream.', why: 'It hides.' };
const TARGET = { command: "node 'my client.mjs'", cwd: '/home/dev/app', protocols: ['chat-completions'] as const, cases: [CLEAN, CUT] };

const result = (id: string, verdict: ClientCaseResult['verdict'], recordingId: number | null = null): ClientCaseResult => ({
  id,
  protocol: 'chat-completions',
  expect: id === 'clean' ? 'survive' : 'detect',
  verdict,
  summary: verdict === 'wrong' ? 'It took a cut answer for a complete one.' : 'As it should.',
  exitCode: verdict === 'detected' ? 1 : 0,
  durationMs: 412,
  stdout: '{"text":"Hello"}',
  stderr: verdict === 'detected' ? 'stream ended early\n' : '',
  requests: [{ method: 'POST', path: '/v1/chat/completions', body: { model: 'gpt-4o', stream: true } }],
  recordingId,
});

const NONE = { survived: 0, detected: 0, wrong: 0, crashed: 0, hung: 0, 'no-request': 0 };

let path: string;
let store: Store;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-04T22:00:00.000Z'));
  path = tempDbPath();
  store = openStore(path);
});
afterEach(() => {
  store.close();
  vi.useRealTimers();
});

describe('a client run in the store', () => {
  it('begins running with its cases and no verdict, and ends done with its verdicts in the order judged and their counts', () => {
    const begun = store.beginClientRun(TARGET);
    expect(begun).toEqual({
      id: begun.id,
      startedAt: '2026-12-04T22:00:00.000Z',
      finishedAt: null,
      command: "node 'my client.mjs'",
      cwd: '/home/dev/app',
      protocols: ['chat-completions'],
      state: 'running',
      error: null,
      counts: NONE,
      cases: [CLEAN, CUT],
      results: [],
    });
    const recording = store.importRecording(timedRecording());
    store.addClientResult(begun.id, result('cut-before-done', 'wrong', recording));
    store.addClientResult(begun.id, result('clean', 'survived'));
    vi.setSystemTime(new Date('2026-12-04T22:00:03.000Z'));
    expect(store.finishClientRun(begun.id, 'done')).toMatchObject({ state: 'done', finishedAt: '2026-12-04T22:00:03.000Z', error: null, counts: { ...NONE, survived: 1, wrong: 1 } });
    const got = store.getClientRun(begun.id)!;
    expect(got.results).toEqual([result('cut-before-done', 'wrong', recording), result('clean', 'survived')]);
    expect(got.cases).toEqual([CLEAN, CUT]);
  });

  it('ends unreachable with why the command could not start', () => {
    const { id } = store.beginClientRun(TARGET);
    expect(store.finishClientRun(id, 'unreachable', 'node: no such command')).toMatchObject({ state: 'unreachable', error: 'node: no such command', counts: NONE });
    expect(store.getClientRun(id)).toMatchObject({ state: 'unreachable', error: 'node: no such command', results: [] });
  });

  it('takes no verdict for a run that ended or does not exist, and ends a run once', () => {
    const { id } = store.beginClientRun(TARGET);
    store.finishClientRun(id, 'cancelled');
    expect(() => store.addClientResult(id, result('clean', 'survived'))).toThrow(`client run ${id} is cancelled: it takes no more verdicts`);
    expect(() => store.addClientResult(id + 1, result('clean', 'survived'))).toThrow(`no client run ${id + 1}`);
    expect(store.finishClientRun(id, 'done')).toBeNull();
    expect(store.getClientRun(id)!.state).toBe('cancelled');
    expect(() => store.finishClientRun(id, 'running' as never)).toThrow('a run ends as done, cancelled, unreachable, not running');
  });

  it('lists runs newest first, with a limit, apart from the server runs', () => {
    const first = store.beginClientRun(TARGET).id;
    vi.setSystemTime(new Date('2026-12-04T22:01:00.000Z'));
    const second = store.beginClientRun({ ...TARGET, command: 'python client.py' }).id;
    expect(store.listClientRuns().map((run) => [run.id, run.command])).toEqual([
      [second, 'python client.py'],
      [first, "node 'my client.mjs'"],
    ]);
    expect(store.listClientRuns({ limit: 1 }).map((run) => run.id)).toEqual([second]);
    expect(store.listCheckRuns()).toEqual([]);
  });

  it('deletes a run with its verdicts and keeps its recordings; a deleted recording leaves its verdict without one', () => {
    const recording = store.importRecording(timedRecording());
    const kept = store.importRecording(timedRecording());
    const { id } = store.beginClientRun(TARGET);
    store.addClientResult(id, result('clean', 'survived', recording));
    store.addClientResult(id, result('cut-before-done', 'detected', kept));
    expect(() => store.deleteClientRun(id)).toThrow(`client run ${id} is running: cancel it before deleting it`);
    store.finishClientRun(id, 'done');
    store.delete(recording);
    expect(store.getClientRun(id)!.results.map((r) => r.recordingId)).toEqual([null, kept]);
    expect(store.deleteClientRun(id)).toBe(true);
    expect(store.deleteClientRun(id)).toBe(false);
    expect(store.getClientRun(id)).toBeNull();
    expect(store.summary(kept)).not.toBeNull();
  });

  it('ends a run its store closed under as cancelled, keeping its verdicts', () => {
    const { id } = store.beginClientRun(TARGET);
    store.addClientResult(id, result('clean', 'crashed'));
    store.close();
    store = openStore(path);
    expect(store.getClientRun(id)).toMatchObject({ state: 'cancelled', finishedAt: '2026-12-04T22:00:00.000Z', counts: { ...NONE, crashed: 1 } });
    expect(store.recoveredClientRuns).toEqual([]);
  });

  it('ends a run left running by a process that died as cancelled when the store next opens, at its last verdict, and leaves a live one alone', () => {
    const dead = store.beginClientRun(TARGET).id;
    vi.setSystemTime(new Date('2026-12-04T22:00:04.000Z'));
    store.addClientResult(dead, result('clean', 'survived'));
    const live = store.beginClientRun(TARGET).id;
    // As a crashed process leaves it: still running, its writer another host's.
    const raw = openDatabase(path);
    raw.prepare("UPDATE client_runs SET writer_host = 'gone.test' WHERE id = ?").run(dead);
    raw.close();
    const second = openStore(path);
    try {
      expect(second.recoveredClientRuns).toEqual([dead]);
      expect(second.getClientRun(dead)).toMatchObject({ state: 'cancelled', finishedAt: '2026-12-04T22:00:04.000Z', counts: { ...NONE, survived: 1 } });
      expect(second.getClientRun(live)!.state).toBe('running');
    } finally {
      second.close();
    }
  });

  it('stores of the command its line, its folder and its output, in columns that hold nothing else', () => {
    const { id } = store.beginClientRun(TARGET);
    store.addClientResult(id, result('clean', 'survived'));
    const raw = openDatabase(path);
    try {
      expect(raw.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all('client_runs')).toEqual(['id', 'started_at', 'finished_at', 'command', 'cwd', 'protocols', 'state', 'error', 'cases', 'writer_pid', 'writer_host']);
      expect(raw.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all('client_results')).toEqual([
        'run_id', 'seq', 'judged_at', 'case_id', 'protocol', 'expect', 'verdict', 'summary', 'exit_code', 'duration_ms', 'stdout', 'stderr', 'requests', 'recording_id',
      ]);
    } finally {
      raw.close();
    }
  });

  it('refuses an id that is not an integer and a result that is not one', () => {
    expect(() => store.getClientRun(1.5)).toThrow('a client run id is an integer, not 1.5');
    const { id } = store.beginClientRun(TARGET);
    expect(() => store.addClientResult(id, { ...result('clean', 'survived'), verdict: 'great' as never })).toThrow('addClientResult needs a ClientCaseResult');
    expect(() => store.beginClientRun({ ...TARGET, command: undefined as never })).toThrow('beginClientRun needs a command, a folder, protocols and cases');
  });
});
