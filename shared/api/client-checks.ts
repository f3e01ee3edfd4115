// Client conformance runs as the UI sees them (issue 30, "In the app"; docs/client-conformance.md):
// the user's own command run once a case against a loopback mock serving that case's stream, each
// verdict as it is judged, and the runs kept in the store beside the server runs (./checks.ts).
// The one API (./contract.ts) carries them.

import type { ClientVerdict } from '../conformance/client/judge.ts';
import type { ClientCaseResult } from '../conformance/client/report.ts';
import type { CaseExpect } from '../conformance/client/types.ts';
import type { Protocol } from '../dialects/types.ts';
import type { CheckRunState } from './checks.ts';

export type { ClientCaseResult, ClientVerdict };

/** One case of the client battery, before it runs: what the matrix shows as its row. */
export interface ClientCaseInfo {
  readonly id: string;
  readonly protocol: Protocol;
  readonly expect: CaseExpect;
  /** What the mock serves, in a sentence. */
  readonly serves: string;
  /** Why a client meets it. */
  readonly why: string;
}

export interface ClientCheckStart {
  /**
   * The command line, as a user types it in a shell: split into words by the backend (quotes and
   * backslashes as a POSIX shell reads them); pipes, redirections and `&&` are refused, not run.
   */
  readonly command: string;
  /** The working folder (absolute); default: the user's home folder. */
  readonly cwd?: string;
  /** The dialects whose cases run (default every one). */
  readonly protocols?: readonly Protocol[];
  /** Only these case ids (of the dialects run). */
  readonly only?: readonly string[];
  /** Each case's whole time (default 30 s). */
  readonly timeoutMs?: number;
}

/** A stored client run: its command, its state and its verdicts so far. */
export interface ClientRunSummary {
  readonly id: number;
  /** ISO 8601. */
  readonly startedAt: string;
  readonly finishedAt: string | null;
  /** The command line as given. */
  readonly command: string;
  readonly cwd: string;
  readonly protocols: readonly Protocol[];
  /** `unreachable` here: the command could not be started at all. */
  readonly state: CheckRunState;
  /** Why the command could not be started (state `unreachable`); null otherwise. */
  readonly error: string | null;
  readonly counts: Readonly<Record<ClientVerdict, number>>;
}

export interface StoredClientRun extends ClientRunSummary {
  /** The cases the run was to serve, in order. */
  readonly cases: readonly ClientCaseInfo[];
  /** In the order they were judged; each names its recording (`recordingId`). */
  readonly results: readonly ClientCaseResult[];
}

export interface ClientCaseResultPush {
  /** The run's id. */
  readonly run: number;
  readonly result: ClientCaseResult;
}

export interface ClientCheckFinishedPush {
  readonly run: ClientRunSummary;
}
