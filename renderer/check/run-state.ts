// A run as the page holds it while it is judged: what `getCheckRun` answered, with the pushes that
// came since (a verdict a `checkResult`, the end a `checkFinished`). The pushes are listened to
// before the run is asked for, so one may arrive before the answer, and the answer may hold it
// too: each verdict is kept once, by its check's id.

import type { CheckFinishedPush, CheckResult, CheckResultPush, CheckRunSummary, StoredCheckRun } from '../../shared/api/checks.ts';
import type { CheckStatus } from '../../shared/conformance/server/types.ts';

export interface HeldRun {
  /** Null until `getCheckRun` answers. */
  readonly run: StoredCheckRun | null;
  /** Verdicts pushed before the run was known. */
  readonly early: readonly CheckResult[];
  /** The end, when it was pushed before the run was known. */
  readonly earlyEnd: CheckRunSummary | null;
}

export const NOTHING_HELD: HeldRun = { run: null, early: [], earlyEnd: null };

function countsOf(results: readonly CheckResult[]): Record<CheckStatus, number> {
  const counts: Record<CheckStatus, number> = { pass: 0, warn: 0, fail: 0, skip: 0 };
  for (const result of results) counts[result.status]++;
  return counts;
}

function withResults(run: StoredCheckRun, added: readonly CheckResult[]): StoredCheckRun {
  const fresh = added.filter((result) => !run.results.some((known) => known.id === result.id));
  if (fresh.length === 0) return run;
  const results = [...run.results, ...fresh];
  return { ...run, results, counts: countsOf(results) };
}

function withEnd(run: StoredCheckRun, end: CheckRunSummary): StoredCheckRun {
  // The summary's counts are the backend's; its verdicts stay those already held.
  return { ...run, ...end, checks: run.checks, results: run.results };
}

/** The run `getCheckRun` answered, with whatever was pushed before it came. */
export function withAnswer(held: HeldRun, run: StoredCheckRun): HeldRun {
  const known = withResults(run, held.early);
  return { run: held.earlyEnd === null ? known : withEnd(known, held.earlyEnd), early: [], earlyEnd: null };
}

/** A verdict pushed; one for another run changes nothing. */
export function withResultPush(held: HeldRun, id: number, push: CheckResultPush): HeldRun {
  if (push.run !== id) return held;
  if (held.run === null) return held.early.some((result) => result.id === push.result.id) ? held : { ...held, early: [...held.early, push.result] };
  const run = withResults(held.run, [push.result]);
  return run === held.run ? held : { ...held, run };
}

/** The end pushed; one for another run changes nothing. */
export function withFinishedPush(held: HeldRun, id: number, push: CheckFinishedPush): HeldRun {
  if (push.run.id !== id) return held;
  if (held.run === null) return { ...held, earlyEnd: push.run };
  return { ...held, run: withEnd(held.run, push.run) };
}

/** "3 of 18 judged", and how each went: the line the view announces as verdicts arrive. */
export function progressLine(run: Pick<StoredCheckRun, 'state' | 'checks' | 'results' | 'counts'>): string {
  const { pass, warn, fail, skip } = run.counts;
  const tally = `${pass} passed, ${warn} warned, ${fail} failed, ${skip} skipped`;
  const judged = `${run.results.length} of ${run.checks.length} checks judged`;
  switch (run.state) {
    case 'running':
      return `Running: ${judged} (${tally}).`;
    case 'done':
      return `Done: ${tally}.`;
    case 'cancelled':
      return `Cancelled: ${judged} (${tally}).`;
    case 'unreachable':
      return `The endpoint could not be reached: ${judged}.`;
  }
}
