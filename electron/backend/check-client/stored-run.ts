// A client conformance run kept in the store, as the app runs it (docs/client-conformance.md, "In
// the app"), the way a server run is kept (../check/stored-run.ts): begun with the cases it is to
// serve, each verdict stored as it is judged (before anyone hears of it), each stream stored as a
// recording tagged with the run, and the run ended as done, cancelled (its signal stopped it, or
// the runner failed) or unreachable (the command could not be started, with why). What is kept of
// the command's output and requests has the environment's secrets masked (./env-secrets.ts).

import type { ClientCaseInfo, ClientRunSummary, StoredClientRun } from '../../../shared/api/client-checks.ts';
import type { ClientCaseResult } from '../../../shared/conformance/client/report.ts';
import type { ClientCase } from '../../../shared/conformance/client/types.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import type { FinishedState, Store } from '../store/index.ts';
import { environmentSecrets, maskedResult } from './env-secrets.ts';
import { CommandNotStarted, runClientCases } from './run.ts';

export interface StoredClientRunOptions {
  readonly store: Store;
  /** The command line as given, stored; `argv` is what runs. */
  readonly command: string;
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly protocols: readonly Protocol[];
  readonly cases: readonly ClientCase[];
  readonly timeoutMs?: number;
  /** The environment the command starts from (default process.env): never stored, its secrets masked in what is. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
  /** Each verdict once it is stored, with the run's id. */
  readonly onResult?: (result: ClientCaseResult, runId: number) => void;
}

export interface StartedClientRun {
  /** As stored when it began: running, no verdict yet. */
  readonly begun: StoredClientRun;
  /** Settles once the run has ended and is stored as ended (null: the store closed under it); rejects only when the runner failed (stored as cancelled). */
  readonly finished: Promise<ClientRunSummary | null>;
}

/** The tag each stream of run `id` is stored with. */
export const clientRunTag = (id: number): string => `client-run:${id}`;

export function caseInfoOf({ id, protocol, expect, serves, why }: ClientCase): ClientCaseInfo {
  return { id, protocol, expect, serves, why };
}

export function startStoredClientRun(options: StoredClientRunOptions): StartedClientRun {
  const { store, command, argv, cwd, protocols, cases, onResult } = options;
  const env = options.env ?? process.env;
  const secrets = environmentSecrets(env);
  const begun = store.beginClientRun({ command, cwd, protocols, cases: cases.map(caseInfoOf) });
  const finish = (state: FinishedState, error: string | null = null): ClientRunSummary | null => {
    try {
      return store.finishClientRun(begun.id, state, error);
    } catch {
      // The store closed under the run: it ends the run itself (as cancelled).
      return null;
    }
  };
  const finished = runClientCases({
    argv,
    cases,
    cwd,
    env,
    store,
    tags: [clientRunTag(begun.id)],
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.signal ? { signal: options.signal } : {}),
    onResult: (judged) => {
      const result = maskedResult(judged, secrets);
      store.addClientResult(begun.id, result);
      onResult?.(result, begun.id);
    },
  }).then(
    () => finish(options.signal?.aborted ? 'cancelled' : 'done'),
    (error: unknown) => {
      if (error instanceof CommandNotStarted) return finish('unreachable', error.message);
      finish('cancelled');
      throw error;
    },
  );
  return { begun, finished };
}
