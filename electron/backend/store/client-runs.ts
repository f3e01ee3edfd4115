// Client conformance runs in the store (migration 7; docs/client-conformance.md, "In the app"),
// kept the way conformance runs are (./check-runs.ts): begun with the cases it is to serve, a
// verdict at a time as each is judged, ended as done, cancelled or unreachable (the command could
// not start). A run whose process died while it ran is found at the next open and ended as
// cancelled. Its streams are ordinary recordings; deleting a run keeps them. What is kept of the
// command is its line, its folder and, per case, the head and tail of its output: never its
// environment.

import { hostname } from 'node:os';
import type Database from 'better-sqlite3';
import type { ClientCaseInfo, ClientRunSummary, StoredClientRun } from '../../../shared/api/client-checks.ts';
import type { CheckRunState } from '../../../shared/api/checks.ts';
import { CLIENT_VERDICTS } from '../../../shared/conformance/client/judge.ts';
import type { ClientVerdict } from '../../../shared/conformance/client/judge.ts';
import type { ClientCaseResult, MockRequest } from '../../../shared/conformance/client/report.ts';
import type { CaseExpect } from '../../../shared/conformance/client/types.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import type { FinishedState } from './check-runs.ts';
import { writerAlive } from './writer-liveness.ts';

export interface BeginClientRunOptions {
  /** The command line as given. */
  readonly command: string;
  /** The folder it runs in (absolute). */
  readonly cwd: string;
  readonly protocols: readonly Protocol[];
  /** What the run is to serve, in order. */
  readonly cases: readonly ClientCaseInfo[];
}

export interface ClientRunStore {
  /** Client runs found still 'running' (their process died) and ended as cancelled when the store opened. */
  readonly recoveredClientRuns: readonly number[];
  beginClientRun(options: BeginClientRunOptions): StoredClientRun;
  /** Stores a verdict of a running run; throws for a run that is not running. */
  addClientResult(runId: number, result: ClientCaseResult): void;
  /** Ends a running run (`error`: why the command could not start); null when there is no such run running. */
  finishClientRun(runId: number, state: FinishedState, error?: string | null): ClientRunSummary | null;
  /** Newest first; default limit 50. */
  listClientRuns(query?: { readonly limit?: number }): ClientRunSummary[];
  getClientRun(id: number): StoredClientRun | null;
  /** Throws for a run still running in this process (cancel it first); its recordings are kept. */
  deleteClientRun(id: number): boolean;
}

const STATES: readonly FinishedState[] = ['done', 'cancelled', 'unreachable'];

/** Runs being run by a store of this process, by database file: recovery leaves them alone. */
const LIVE_RUNS = new Map<string, Set<number>>();

const COUNTS = CLIENT_VERDICTS.map((verdict) => `(SELECT count(*) FROM client_results c WHERE c.run_id = r.id AND c.verdict = '${verdict}')`).join(', ');
const RUN_COLUMNS = `r.id, r.started_at, r.finished_at, r.command, r.cwd, r.protocols, r.state, r.error, ${COUNTS}`;

type RunRow = [id: number, startedAt: number, finishedAt: number | null, command: string, cwd: string, protocols: string, state: CheckRunState, error: string | null, ...counts: number[]];
type ResultRow = [caseId: string, protocol: string, expect: string, verdict: string, summary: string, exitCode: number | null, durationMs: number, stdout: string, stderr: string, requests: string, recordingId: number | null];

/** The client-run half of the store, on its connection; `file` names the database file as the store does. */
export function createClientRunStore(db: Database.Database, file: string, recover: boolean): ClientRunStore & { close(): void } {
  const live = LIVE_RUNS.get(file) ?? new Set<number>();
  LIVE_RUNS.set(file, live);
  const prepare = (sql: string) => db.prepare(sql);
  const statements = {
    insertRun: prepare(`INSERT INTO client_runs (started_at, command, cwd, protocols, state, cases, writer_pid, writer_host)
      VALUES (@startedAt, @command, @cwd, @protocols, 'running', @cases, @writerPid, @writerHost)`),
    state: prepare('SELECT state FROM client_runs WHERE id = ?').pluck(),
    nextSeq: prepare('SELECT coalesce(max(seq) + 1, 0) FROM client_results WHERE run_id = ?').pluck(),
    // A recording deleted before its verdict is stored leaves the verdict without one.
    insertResult: prepare(`INSERT INTO client_results (run_id, seq, judged_at, case_id, protocol, expect, verdict, summary, exit_code, duration_ms, stdout, stderr, requests, recording_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM recordings WHERE id = ?))`),
    finish: prepare(`UPDATE client_runs SET state = ?, error = ?, finished_at = ?, writer_pid = NULL, writer_host = NULL WHERE id = ? AND state = 'running'`),
    selectRun: prepare(`SELECT ${RUN_COLUMNS} FROM client_runs r WHERE r.id = ?`).raw(),
    selectCases: prepare('SELECT cases FROM client_runs WHERE id = ?').pluck(),
    selectResults: prepare('SELECT case_id, protocol, expect, verdict, summary, exit_code, duration_ms, stdout, stderr, requests, recording_id FROM client_results WHERE run_id = ? ORDER BY seq').raw(),
    list: prepare(`SELECT ${RUN_COLUMNS} FROM client_runs r ORDER BY r.started_at DESC, r.id DESC LIMIT ?`).raw(),
    selectRunning: prepare("SELECT id, writer_pid, writer_host FROM client_runs WHERE state = 'running'"),
    // A dead run ends when its last verdict was judged (or when it began, if none was).
    markCancelled: prepare(`UPDATE client_runs SET state = 'cancelled', writer_pid = NULL, writer_host = NULL,
        finished_at = coalesce((SELECT max(judged_at) FROM client_results WHERE run_id = client_runs.id), started_at)
      WHERE id = ? AND state = 'running'`),
    delete: prepare('DELETE FROM client_runs WHERE id = ?'),
  };
  const mine = new Set<number>();

  function summaryOf(id: number): ClientRunSummary | null {
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

  const recoveredClientRuns = recover ? recoverDead() : [];

  return {
    recoveredClientRuns,

    beginClientRun(options) {
      if (!options || typeof options.command !== 'string' || typeof options.cwd !== 'string' || !Array.isArray(options.protocols) || !Array.isArray(options.cases)) {
        throw new TypeError('beginClientRun needs a command, a folder, protocols and cases');
      }
      const info = statements.insertRun.run({
        startedAt: Date.now(),
        command: options.command,
        cwd: options.cwd,
        protocols: JSON.stringify(options.protocols),
        cases: JSON.stringify(options.cases),
        writerPid: process.pid,
        writerHost: hostname(),
      });
      const id = Number(info.lastInsertRowid);
      live.add(id);
      mine.add(id);
      return { ...summaryOf(id)!, cases: options.cases, results: [] };
    },

    addClientResult(runId, result) {
      checkId(runId);
      if (!result || typeof result.id !== 'string' || !CLIENT_VERDICTS.includes(result.verdict)) throw new TypeError('addClientResult needs a ClientCaseResult');
      db.transaction(() => {
        const state = statements.state.get(runId) as CheckRunState | undefined;
        if (state !== 'running') throw new Error(state === undefined ? `no client run ${runId}` : `client run ${runId} is ${state}: it takes no more verdicts`);
        const seq = statements.nextSeq.get(runId) as number;
        statements.insertResult.run(
          runId,
          seq,
          Date.now(),
          result.id,
          result.protocol,
          result.expect,
          result.verdict,
          result.summary,
          result.exitCode,
          Math.round(result.durationMs),
          result.stdout,
          result.stderr,
          JSON.stringify(result.requests),
          result.recordingId,
        );
      }).immediate();
    },

    finishClientRun(runId, state, error = null) {
      checkId(runId);
      if (!STATES.includes(state)) throw new TypeError(`a run ends as ${STATES.join(', ')}, not ${String(state)}`);
      const changed = statements.finish.run(state, error, Date.now(), runId).changes > 0;
      live.delete(runId);
      mine.delete(runId);
      return changed ? summaryOf(runId) : null;
    },

    listClientRuns(query = {}) {
      const limit = query.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number, 0 or more, not ${limit}`);
      return (statements.list.all(limit) as RunRow[]).map(summaryFromRow);
    },

    getClientRun(id) {
      checkId(id);
      return db.transaction(() => {
        const summary = summaryOf(id);
        if (summary === null) return null;
        const cases = JSON.parse(statements.selectCases.get(id) as string) as ClientCaseInfo[];
        const results = (statements.selectResults.all(id) as ResultRow[]).map(resultFromRow);
        return { ...summary, cases, results };
      })();
    },

    deleteClientRun(id) {
      checkId(id);
      if (live.has(id)) throw new Error(`client run ${id} is running: cancel it before deleting it`);
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

function checkId(id: number): number {
  if (!Number.isSafeInteger(id)) throw new TypeError(`a client run id is an integer, not ${String(id)}`);
  return id;
}

function summaryFromRow(row: RunRow): ClientRunSummary {
  const [id, startedAt, finishedAt, command, cwd, protocols, state, error, ...counts] = row;
  return {
    id,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: finishedAt === null ? null : new Date(finishedAt).toISOString(),
    command,
    cwd,
    protocols: JSON.parse(protocols) as Protocol[],
    state,
    error,
    counts: Object.fromEntries(CLIENT_VERDICTS.map((verdict, i) => [verdict, counts[i]!])) as Record<ClientVerdict, number>,
  };
}

function resultFromRow(row: ResultRow): ClientCaseResult {
  const [id, protocol, expect, verdict, summary, exitCode, durationMs, stdout, stderr, requests, recordingId] = row;
  return {
    id,
    protocol: protocol as Protocol,
    expect: expect as CaseExpect,
    verdict: verdict as ClientVerdict,
    summary,
    exitCode,
    durationMs,
    stdout,
    stderr,
    requests: JSON.parse(requests) as MockRequest[],
    recordingId,
  };
}
