// A client run as the page holds it while it is judged: what `getClientRun` answered, with the
// pushes that came since, as ./run-state.ts holds a server run. The pushes are listened to before
// the run is asked for, so one may come before the answer, and the answer may hold it too: each
// verdict is kept once, by its dialect and case id (a case id repeats across dialects).

import type { ClientCaseResult, ClientCaseResultPush, ClientCheckFinishedPush, ClientRunSummary, StoredClientRun } from '../../shared/api/client-checks.ts';
import { CLIENT_VERDICTS } from '../../shared/conformance/client/judge.ts';
import { caseKey } from './client-matrix.ts';

export interface HeldClientRun {
  /** Null until `getClientRun` answers. */
  readonly run: StoredClientRun | null;
  /** Verdicts pushed before the run was known. */
  readonly early: readonly ClientCaseResult[];
  /** The end, when it was pushed before the run was known. */
  readonly earlyEnd: ClientRunSummary | null;
}

export const NO_CLIENT_RUN: HeldClientRun = { run: null, early: [], earlyEnd: null };

function countsOf(results: readonly ClientCaseResult[]): ClientRunSummary['counts'] {
  const counts = Object.fromEntries(CLIENT_VERDICTS.map((verdict) => [verdict, 0])) as Record<ClientCaseResult['verdict'], number>;
  for (const result of results) counts[result.verdict]++;
  return counts;
}

function withResults(run: StoredClientRun, added: readonly ClientCaseResult[]): StoredClientRun {
  const fresh = added.filter((result) => !run.results.some((known) => caseKey(known) === caseKey(result)));
  if (fresh.length === 0) return run;
  const results = [...run.results, ...fresh];
  return { ...run, results, counts: countsOf(results) };
}

function withEnd(run: StoredClientRun, end: ClientRunSummary): StoredClientRun {
  // The summary's counts are the backend's; its verdicts stay those already held.
  return { ...run, ...end, cases: run.cases, results: run.results };
}

export function withClientAnswer(held: HeldClientRun, run: StoredClientRun): HeldClientRun {
  const known = withResults(run, held.early);
  return { run: held.earlyEnd === null ? known : withEnd(known, held.earlyEnd), early: [], earlyEnd: null };
}

/** A verdict pushed; one for another run changes nothing. */
export function withClientResultPush(held: HeldClientRun, id: number, push: ClientCaseResultPush): HeldClientRun {
  if (push.run !== id) return held;
  if (held.run === null) return held.early.some((result) => caseKey(result) === caseKey(push.result)) ? held : { ...held, early: [...held.early, push.result] };
  const run = withResults(held.run, [push.result]);
  return run === held.run ? held : { ...held, run };
}

/** The end pushed; one for another run changes nothing. */
export function withClientFinishedPush(held: HeldClientRun, id: number, push: ClientCheckFinishedPush): HeldClientRun {
  if (push.run.id !== id) return held;
  if (held.run === null) return { ...held, earlyEnd: push.run };
  return { ...held, run: withEnd(held.run, push.run) };
}
