// Conformance runs as the UI sees them (issue 29, "In the app"; docs/conformance.md): the server
// battery sent to an endpoint, each verdict as it is judged, and the runs kept in the store so that
// two runs of one endpoint can be compared. The one API (./contract.ts) carries them.

import type { CheckResult } from '../conformance/server/report.ts';
import type { CheckStatus } from '../conformance/server/types.ts';
import type { Protocol } from '../dialects/types.ts';

export type { CheckResult };

/** One check of a battery, before it runs: what the matrix shows as its row. */
export interface CheckInfo {
  readonly id: string;
  readonly protocol: Protocol;
  /** What the request asks of the server, in a sentence. */
  readonly asks: string;
  /** Every rule it applies, in words. */
  readonly expected: readonly string[];
}

export interface CheckStart {
  /** A profile name (`listProfiles`); `simulator` checks the built-in simulator, each check on its faithful scenario. */
  readonly profile: string;
  /** Overrides the profile's base URL (up to /v1). */
  readonly baseUrl?: string;
  /** The dialects to check, each one the profile serves; default: every one it serves. */
  readonly protocols?: readonly Protocol[];
  /** Default: the profile's model. */
  readonly model?: string;
  /** Only these check ids (of the dialects checked). */
  readonly only?: readonly string[];
  /** Sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The origin the user confirmed the profile's key may go to when `baseUrl` is not the profile's own (./key-host.ts). */
  readonly sendKeyTo?: string;
  /** Each request's whole time (default 60 s). */
  readonly timeoutMs?: number;
  /** Requests at once (default 1: a rate-limited server). */
  readonly concurrency?: number;
}

export type CheckRunState = 'running' | 'done' | 'cancelled' | 'unreachable';

/** A stored run: its target, its state and its verdicts so far. */
export interface CheckRunSummary {
  readonly id: number;
  /** ISO 8601. */
  readonly startedAt: string;
  readonly finishedAt: string | null;
  /** Secrets redacted. */
  readonly baseUrl: string;
  /** Null: each check asked for its own simulator scenario. */
  readonly model: string | null;
  readonly profile: string | null;
  readonly protocols: readonly Protocol[];
  readonly state: CheckRunState;
  readonly counts: Readonly<Record<CheckStatus, number>>;
}

export interface StoredCheckRun extends CheckRunSummary {
  /** The checks the run was to send, in order (a result arrives for each unless it is cancelled). */
  readonly checks: readonly CheckInfo[];
  /** In the order they were judged; each names its recording (`recordingId`). */
  readonly results: readonly CheckResult[];
}

export interface CheckResultPush {
  /** The run's id. */
  readonly run: number;
  readonly result: CheckResult;
}

export interface CheckFinishedPush {
  readonly run: CheckRunSummary;
}
