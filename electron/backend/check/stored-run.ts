// A conformance run kept in the store, as the CLI and the app both run it: the run is begun with
// what it is to send, each verdict stored as it is judged (before anyone hears of it, so that a
// run listed while it runs has every verdict announced), and the run ended as done, cancelled (its
// signal stopped it, or it failed) or unreachable (no request reached the server).

import type { CheckRunSummary, StoredCheckRun } from '../../../shared/api/checks.ts';
import { checkInfoOf } from '../../../shared/conformance/server/info.ts';
import type { CheckResult } from '../../../shared/conformance/server/report.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import type { FinishedState, Store } from '../store/index.ts';
import { runChecks } from './run.ts';
import type { CheckRun, CheckRunOptions } from './run.ts';

export interface StoredRunOptions extends Omit<CheckRunOptions, 'store' | 'runId' | 'onResult'> {
  readonly store: Store;
  /** Each verdict once it is stored, with the run's id. */
  readonly onResult?: (result: CheckResult, runId: number) => void;
  /** What the run is stored with: the model every check asks for (null: each its simulator scenario), the profile, the dialects. */
  readonly target: { readonly model: string | null; readonly profile: string | null; readonly protocols: readonly Protocol[] };
}

export interface StoredRun {
  /** As stored when it began: running, no verdict yet. */
  readonly begun: StoredCheckRun;
  /** Settles once the run has ended and is stored as ended; rejects only when the runner failed (the run is then stored as cancelled). */
  readonly finished: Promise<{ readonly run: CheckRun; readonly summary: CheckRunSummary | null }>;
}

export function startStoredRun(options: StoredRunOptions): StoredRun {
  const { store, target, onResult, ...run } = options;
  const begun = store.beginCheckRun({ baseUrl: run.baseUrl, model: target.model, profile: target.profile, protocols: target.protocols, checks: run.checks.map(checkInfoOf) });
  const finish = (state: FinishedState): CheckRunSummary | null => {
    try {
      return store.finishCheckRun(begun.id, state);
    } catch {
      // The store closed under the run: it ends the run itself (as cancelled).
      return null;
    }
  };
  const finished = runChecks({
    ...run,
    store,
    runId: begun.id,
    onResult: (result) => {
      store.addCheckResult(begun.id, result);
      onResult?.(result, begun.id);
    },
  }).then(
    (checkRun) => ({ run: checkRun, summary: finish(run.signal?.aborted ? 'cancelled' : checkRun.unreachable ? 'unreachable' : 'done') }),
    (error: unknown) => {
      finish('cancelled');
      throw error;
    },
  );
  return { begun, finished };
}
