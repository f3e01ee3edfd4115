// Conformance runs in the store (migration 6; docs/conformance.md, "Stored runs and comparing
// them"): a run is begun with what it is to send, gets its verdicts one at a time as they are
// judged, and ends as done, cancelled or unreachable. A run whose process died while it ran is
// found at the next open and ended as cancelled, as recordings left 'recording' are ended as
// interrupted. Its requests are ordinary recordings; deleting a run keeps them (they are the
// evidence, and the history lists them by their tag).

import { hostname } from 'node:os';
import type Database from 'better-sqlite3';
import type { CheckInfo, CheckResult, CheckRunState, CheckRunSummary, StoredCheckRun } from '../../../shared/api/checks.ts';
import type { CheckFinding, CheckStatus } from '../../../shared/conformance/server/types.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { writerAlive } from './writer-liveness.ts';

export interface BeginCheckRunOptions {
  /** Up to /v1; stored redacted. */
  readonly baseUrl: string;
  /** Null: each check asked for its own simulator scenario. */
  readonly model: string | null;
  readonly profile: string | null;
  readonly protocols: readonly Protocol[];
  /** What the run is to send, in order. */
  readonly checks: readonly CheckInfo[];
}

export interface CheckRunQuery {
  /** The runs of this endpoint (compared redacted, without a trailing slash). */
  readonly baseUrl?: string;
  /** Default 50. */
  readonly limit?: number;
}

export type FinishedState = Exclude<CheckRunState, 'running'>;

export interface CheckRunStore {
  /** Runs found still 'running' (their process died) and ended as cancelled when the store opened. */
  readonly recoveredCheckRuns: readonly number[];
  beginCheckRun(options: BeginCheckRunOptions): StoredCheckRun;
  /** Stores a verdict of a running run; throws for a run that is not running. */
  addCheckResult(runId: number, result: CheckResult): void;
  /** Ends a running run; null when there is no such run running. */
  finishCheckRun(runId: number, state: FinishedState): CheckRunSummary | null;
  /** Newest first. */
  listCheckRuns(query?: CheckRunQuery): CheckRunSummary[];
  getCheckRun(id: number): StoredCheckRun | null;
  /** Throws for a run still running in this process (cancel it first); its recordings are kept. */
  deleteCheckRun(id: number): boolean;
}

const STATES: readonly FinishedState[] = ['done', 'cancelled', 'unreachable'];
const STATUSES: readonly CheckStatus[] = ['pass', 'warn', 'fail', 'skip'];

/** Runs being run by a store of this process, by database file: recovery leaves them alone. */
const LIVE_RUNS = new Map<string, Set<number>>();

const RUN_COLUMNS = `r.id, r.started_at, r.finished_at, r.base_url, r.model, r.profile, r.protocols, r.state,
  (SELECT count(*) FROM check_results c WHERE c.run_id = r.id AND c.status = 'pass'),
  (SELECT count(*) FROM check_results c WHERE c.run_id = r.id AND c.status = 'warn'),
  (SELECT count(*) FROM check_results c WHERE c.run_id = r.id AND c.status = 'fail'),
  (SELECT count(*) FROM check_results c WHERE c.run_id = r.id AND c.status = 'skip')`;

type RunRow = [id: number, startedAt: number, finishedAt: number | null, baseUrl: string, model: string | null, profile: string | null, protocols: string, state: CheckRunState, pass: number, warn: number, fail: number, skip: number];
type ResultRow = [checkId: string, protocol: string, status: string, summary: string, expected: string, findings: string, recordingId: number | null];

/** The check-run half of the store, on its connection; `file` names the database file as the store does. */
export function createCheckRunStore(db: Database.Database, file: string, recover: boolean): CheckRunStore & { close(): void } {
  const live = LIVE_RUNS.get(file) ?? new Set<number>();
  LIVE_RUNS.set(file, live);
  const prepare = (sql: string) => db.prepare(sql);
  const statements = {
    insertRun: prepare(`INSERT INTO check_runs (started_at, base_url, model, profile, protocols, state, checks, writer_pid, writer_host)
      VALUES (@startedAt, @baseUrl, @model, @profile, @protocols, 'running', @checks, @writerPid, @writerHost)`),
    state: prepare('SELECT state FROM check_runs WHERE id = ?').pluck(),
    nextSeq: prepare('SELECT coalesce(max(seq) + 1, 0) FROM check_results WHERE run_id = ?').pluck(),
    // A recording deleted before its verdict is stored leaves the verdict without one.
    insertResult: prepare(`INSERT INTO check_results (run_id, seq, judged_at, check_id, protocol, status, summary, expected, findings, recording_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM recordings WHERE id = ?))`),
    finish: prepare(`UPDATE check_runs SET state = ?, finished_at = ?, writer_pid = NULL, writer_host = NULL WHERE id = ? AND state = 'running'`),
    selectRun: prepare(`SELECT ${RUN_COLUMNS} FROM check_runs r WHERE r.id = ?`).raw(),
    selectChecks: prepare('SELECT checks FROM check_runs WHERE id = ?').pluck(),
    selectResults: prepare('SELECT check_id, protocol, status, summary, expected, findings, recording_id FROM check_results WHERE run_id = ? ORDER BY seq').raw(),
    listAll: prepare(`SELECT ${RUN_COLUMNS} FROM check_runs r ORDER BY r.started_at DESC, r.id DESC LIMIT ?`).raw(),
    listByUrl: prepare(`SELECT ${RUN_COLUMNS} FROM check_runs r WHERE r.base_url = ? ORDER BY r.started_at DESC, r.id DESC LIMIT ?`).raw(),
    selectRunning: prepare("SELECT id, writer_pid, writer_host FROM check_runs WHERE state = 'running'"),
    // A dead run ends when its last verdict was judged (or when it began, if none was).
    markCancelled: prepare(`UPDATE check_runs SET state = 'cancelled', writer_pid = NULL, writer_host = NULL,
        finished_at = coalesce((SELECT max(judged_at) FROM check_results WHERE run_id = check_runs.id), started_at)
      WHERE id = ? AND state = 'running'`),
    delete: prepare('DELETE FROM check_runs WHERE id = ?'),
  };
  const mine = new Set<number>();

  function summaryOf(id: number): CheckRunSummary | null {
    const row = statements.selectRun.get(id) as RunRow | undefined;
    return row ? summaryFromRow(row) : null;
  }

  function recoverDead(): number[] {
    const host = hostname();
    const rows = statements.selectRunning.all() as { id: number; writer_pid: number | null; writer_host: string | null }[];
    const dead = rows.filter((row) => {
      if (row.writer_pid === null || row.writer_host !== host) return true;
      if (row.writer_pid === process.pid) return !live.has(row.id);
      return !writerAlive(row.writer_pid);
    });
    if (dead.length > 0) db.transaction(() => dead.forEach((row) => statements.markCancelled.run(row.id)))();
    return dead.map((row) => row.id);
  }

  const recoveredCheckRuns = recover ? recoverDead() : [];

  return {
    recoveredCheckRuns,

    beginCheckRun(options) {
      if (!options || typeof options.baseUrl !== 'string' || !Array.isArray(options.protocols) || !Array.isArray(options.checks)) throw new TypeError('beginCheckRun needs a base URL, protocols and checks');
      const info = statements.insertRun.run({
        startedAt: Date.now(),
        baseUrl: normalizeBaseUrl(options.baseUrl),
        model: options.model,
        profile: options.profile,
        protocols: JSON.stringify(options.protocols),
        checks: JSON.stringify(options.checks),
        writerPid: process.pid,
        writerHost: hostname(),
      });
      const id = Number(info.lastInsertRowid);
      live.add(id);
      mine.add(id);
      return { ...summaryOf(id)!, checks: options.checks, results: [] };
    },

    addCheckResult(runId, result) {
      checkId(runId);
      if (!result || typeof result.id !== 'string' || !STATUSES.includes(result.status)) throw new TypeError('addCheckResult needs a CheckResult');
      db.transaction(() => {
        const state = statements.state.get(runId) as CheckRunState | undefined;
        if (state !== 'running') throw new Error(state === undefined ? `no check run ${runId}` : `check run ${runId} is ${state}: it takes no more verdicts`);
        const seq = statements.nextSeq.get(runId) as number;
        statements.insertResult.run(
          runId,
          seq,
          Date.now(),
          result.id,
          result.protocol,
          result.status,
          result.summary,
          JSON.stringify(result.expected),
          JSON.stringify(result.findings),
          result.recordingId,
        );
      }).immediate();
    },

    finishCheckRun(runId, state) {
      checkId(runId);
      if (!STATES.includes(state)) throw new TypeError(`a run ends as ${STATES.join(', ')}, not ${String(state)}`);
      const changed = statements.finish.run(state, Date.now(), runId).changes > 0;
      live.delete(runId);
      mine.delete(runId);
      return changed ? summaryOf(runId) : null;
    },

    listCheckRuns(query = {}) {
      const limit = query.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number, 0 or more, not ${limit}`);
      const rows = (query.baseUrl === undefined ? statements.listAll.all(limit) : statements.listByUrl.all(normalizeBaseUrl(query.baseUrl), limit)) as RunRow[];
      return rows.map(summaryFromRow);
    },

    getCheckRun(id) {
      checkId(id);
      return db.transaction(() => {
        const summary = summaryOf(id);
        if (summary === null) return null;
        const checks = JSON.parse(statements.selectChecks.get(id) as string) as CheckInfo[];
        const results = (statements.selectResults.all(id) as ResultRow[]).map(resultFromRow);
        return { ...summary, checks, results };
      })();
    },

    deleteCheckRun(id) {
      checkId(id);
      if (live.has(id)) throw new Error(`check run ${id} is running: cancel it before deleting it`);
      return statements.delete.run(id).changes > 0;
    },

    close() {
      // A run this store began and never ended stops with the store: it keeps what it judged.
      for (const id of [...mine]) {
        statements.markCancelled.run(id);
        live.delete(id);
        mine.delete(id);
      }
    },
  };
}

/** Redacted, without the trailing slash a user may or may not type. */
function normalizeBaseUrl(url: string): string {
  return redactUrl(url).replace(/\/+$/, '');
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id)) throw new TypeError(`a check run id is an integer, not ${String(id)}`);
  return id;
}

function summaryFromRow(row: RunRow): CheckRunSummary {
  const [id, startedAt, finishedAt, baseUrl, model, profile, protocols, state, pass, warn, fail, skip] = row;
  return {
    id,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: finishedAt === null ? null : new Date(finishedAt).toISOString(),
    baseUrl,
    model,
    profile,
    protocols: JSON.parse(protocols) as Protocol[],
    state,
    counts: { pass, warn, fail, skip },
  };
}

function resultFromRow(row: ResultRow): CheckResult {
  const [id, protocol, status, summary, expected, findings, recordingId] = row;
  return {
    id,
    protocol: protocol as Protocol,
    status: status as CheckStatus,
    summary,
    expected: JSON.parse(expected) as string[],
    findings: JSON.parse(findings) as CheckFinding[],
    recordingId,
  };
}
