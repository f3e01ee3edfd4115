// `streamscope check` keeps each run: --json's report names it, `check --runs` lists the runs,
// `check --run ID` shows one again, and `check --compare A B` says what B fixed and broke,
// exiting 1 when it broke something. `--concurrency N` sends N checks at once, the report in
// battery order all the same.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRunSummary, StoredCheckRun } from '../../../shared/api/checks.ts';
import type { RunComparison } from '../../../shared/conformance/server/compare.ts';
import type { CheckReport } from '../../../shared/conformance/server/report.ts';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { main } from './main.ts';
import { captureOutput } from './output.ts';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0 });
});
afterAll(() => simulator.close());

/** `check …` with --json into `db`: its exit code and report. */
async function check(db: string, ...args: string[]): Promise<{ code: number; report: CheckReport & { runId: number | null } }> {
  const out = captureOutput();
  const code = await main(['check', ...args, '--json', '--db', db], out);
  return { code, report: JSON.parse(out.out) as CheckReport & { runId: number | null } };
}

describe('streamscope check, stored runs', () => {
  it("stores the run, names it in --json's report, and tags its recordings with it", async () => {
    const db = tempDbPath();
    const { code, report } = await check(db, '--profile', 'simulator', '--api', 'chat', '--only', 'chat.text,chat.usage');
    expect(code).toBe(0);
    const store = openStore(db);
    try {
      expect(store.getCheckRun(report.runId!)).toMatchObject({ state: 'done', profile: 'simulator', model: null, protocols: ['chat-completions'], counts: { pass: 2, warn: 0, fail: 0, skip: 0 } });
      const tagged = store.list({ tag: `check-run:${report.runId}` }).items;
      expect(tagged.map((item) => item.id).sort()).toEqual(report.checks.map((result) => result.recordingId).sort());
      expect(new Set(tagged.map((item) => item.source))).toEqual(new Set(['check']));
    } finally {
      store.close();
    }
  });

  it('sends N checks at once with --concurrency N, the report in battery order', async () => {
    const { code, report } = await check(tempDbPath(), '--profile', 'simulator', '--api', 'chat', '--concurrency', '4');
    expect(code).toBe(0);
    expect(report.checks.map((result) => `${result.id} ${result.status}`)).toEqual(SERVER_BATTERIES['chat-completions'].map((result) => `${result.id} pass`));
  });

  it('lists the runs newest first, those of one endpoint with --base-url, and shows one again with --run', async () => {
    const db = tempDbPath();
    const first = (await check(db, '--base-url', simulator.url, '--model', 'sim-text', '--only', 'chat.text')).report.runId!;
    const second = (await check(db, '--profile', 'simulator', '--only', 'messages.text')).report.runId!;
    const listed = captureOutput();
    expect(await main(['check', '--runs', '--json', '--db', db], listed)).toBe(0);
    expect((JSON.parse(listed.out) as CheckRunSummary[]).map((run) => run.id)).toEqual([second, first]);
    const ofOne = captureOutput();
    expect(await main(['check', '--runs', '--base-url', `${simulator.url}/`, '--json', '--db', db], ofOne)).toBe(0);
    expect((JSON.parse(ofOne.out) as CheckRunSummary[]).map((run) => run.id)).toEqual([first]);

    const table = captureOutput();
    expect(await main(['check', '--runs', '--db', db], table)).toBe(0);
    const lines = table.out.trimEnd().split('\n');
    expect(lines[0]).toBe('ID  STARTED (UTC)        STATE  PASS  WARN  FAIL  SKIP  TARGET');
    expect(lines.slice(1).map((line) => line.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/, 'WHEN'))).toEqual([
      `${String(second).padStart(2)}  WHEN  done      1     0     0     0  ${lines[1]!.split('  ').at(-2)}  each check's simulator scenario (simulator)`,
      `${String(first).padStart(2)}  WHEN  done      1     0     0     0  ${simulator.url}  model sim-text`,
    ]);

    const shown = captureOutput();
    expect(await main(['check', '--run', String(second), '--json', '--db', db], shown)).toBe(0);
    expect((JSON.parse(shown.out) as StoredCheckRun).results.map((result) => [result.id, result.status])).toEqual([['messages.text', 'pass']]);
    const text = captureOutput();
    expect(await main(['check', '--run', String(first), '--db', db], text)).toBe(0);
    expect(text.out.split('\n').slice(1, 2)).toEqual([expect.stringMatching(/^pass {2}chat\.text {20}All \d+ rules held\. {2}\(recording \d+\)$/)]);
  });

  it('compares two runs: exit 1 when the later broke a check the earlier passed, 0 when it fixed it', async () => {
    const db = tempDbPath();
    const clean = (await check(db, '--base-url', simulator.url, '--model', 'sim-text', '--only', 'chat.text,chat.no-usage')).report.runId!;
    const broken = (await check(db, '--base-url', simulator.url, '--model', 'sim-no-done', '--only', 'chat.text,chat.no-usage')).report.runId!;
    const out = captureOutput();
    expect(await main(['check', '--compare', String(clean), String(broken), '--json', '--db', db], out)).toBe(1);
    const comparison = JSON.parse(out.out) as RunComparison & { before: CheckRunSummary; after: CheckRunSummary };
    expect([comparison.before.id, comparison.after.id]).toEqual([clean, broken]);
    expect(comparison.checks.map(({ id, change, before, after }) => [id, change, before, after])).toEqual([
      ['chat.text', 'broke', 'pass', 'fail'],
      // It asks nothing of [DONE]: it still passes, with the missing [DONE] among its findings.
      ['chat.no-usage', 'changed', 'pass', 'pass'],
    ]);
    expect(comparison.checks[0]!.newFindings).toContain('done-not-last (error)');

    const back = captureOutput();
    expect(await main(['check', '--compare', String(broken), String(clean), '--db', db], back)).toBe(0);
    const lines = back.out.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^compare run ${broken} \\(.+, done\\) with run ${clean} \\(.+, done\\) {2}${simulator.url.replace(/[.]/g, '\\.')} {2}model sim-text$`));
    expect(lines[1]).toMatch(/^fixed {4}chat\.text {20}fail → pass {3}gone: .*done-not-last \(error\).* {2}\(recordings \d+ → \d+\)$/);
    expect(lines[2]).toMatch(/^changed {2}chat\.no-usage {16}pass → pass {3}gone: /);
    expect(lines.slice(-2)).toEqual(['0 broke, 1 fixed, 1 changed, 0 added, 0 removed, 0 the same', '']);
  });

  it('exits 2 for a bad --concurrency, an unknown run, and --compare without two runs, each said in one line', async () => {
    const db = tempDbPath();
    await check(db, '--profile', 'simulator', '--only', 'chat.text');
    for (const [args, message] of [
      [['--profile', 'simulator', '--concurrency', '0'], '--concurrency takes a whole number from 1 to 16, not "0"'],
      [['--profile', 'simulator', '--concurrency', '2.5'], '--concurrency takes a whole number from 1 to 16, not "2.5"'],
      [['--run', '99'], 'no check run 99 (streamscope check --runs lists them)'],
      [['--run', 'last'], 'a run id is a whole number of 1 or more, not "last"'],
      [['--compare', '1'], '--compare takes two run ids, the earlier first (got 1)'],
      [['--runs', '--compare', '1', '2'], 'give one of --runs, --run ID and --compare A B, not --runs and --compare'],
      [['--run', '1', '--base-url', 'http://x.test/v1'], '--base-url and --limit go with --runs'],
      [['--runs', '--profile', 'simulator'], "Unknown option '--profile'"],
    ] as const) {
      const out = captureOutput();
      expect(await main(['check', ...args, '--db', db], out)).toBe(2);
      expect(out.err).toContain(message);
    }
  });
});
