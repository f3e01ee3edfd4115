// Every SQL statement of the store, prepared once per connection, and the
// mapping between rows and the store's types.

import type Database from 'better-sqlite3';
import type { DiagnosticCode, Outcome, Protocol, RecordingSource, Severity } from '../../../shared/index.ts';
import type { ListQuery, RecordingSummary } from './types.ts';

/** The columns of a summary, in the order `summaryFromRow` reads them. */
const SUMMARY_COLUMNS = `r.id, r.name, r.created_at, r.source, r.method, r.url, r.host, r.protocol, r.model, r.status, r.outcome, r.error,
  r.bytes, r.read_count, r.event_count, r.duration_ms, r.ttft_ms, r.worst_severity, r.finish_reasons, r.tags,
  (SELECT group_concat(code, ' ' ORDER BY code) FROM recording_diagnostics d WHERE d.recording_id = r.id) AS codes, r.capture_session`;

type SummaryRow = [
  id: number,
  name: string | null,
  createdAt: number,
  source: string,
  method: string | null,
  url: string | null,
  host: string | null,
  protocol: string | null,
  model: string | null,
  status: number | null,
  outcome: string | null,
  error: string | null,
  bytes: number,
  readCount: number,
  eventCount: number,
  durationMs: number | null,
  ttftMs: number | null,
  worstSeverity: string | null,
  finishReasons: string,
  tags: string,
  codes: string | null,
  captureSession: string | null,
];

export function summaryFromRow(row: unknown[]): RecordingSummary {
  const r = row as SummaryRow;
  return {
    id: r[0],
    name: r[1],
    createdAt: new Date(r[2]).toISOString(),
    source: r[3] as RecordingSource,
    method: r[4],
    url: r[5],
    host: r[6],
    protocol: r[7] as Protocol | null,
    model: r[8],
    status: r[9],
    outcome: r[10] as Outcome | null,
    error: r[11],
    bytes: r[12],
    readCount: r[13],
    eventCount: r[14],
    durationMs: r[15],
    ttftMs: r[16],
    worstSeverity: r[17] as Severity | null,
    finishReasons: JSON.parse(r[18]) as string[],
    tags: JSON.parse(r[19]) as string[],
    codes: r[20] === null ? [] : (r[20].split(' ') as DiagnosticCode[]),
    captureSession: r[21],
  };
}

/** A recording's full row: the summary columns, then the rest. */
const RECORDING_COLUMNS = `${SUMMARY_COLUMNS}, r.started_at, r.request_headers, r.request_body, r.http_version, r.response_headers, r.response_t, r.end_t, r.secrets_masked, r.capture, r.truncated, r.recorder_lag, r.relay_writes`;
export const RECORDING_EXTRA_AT = 22;

/** Rows written by one multi-row INSERT: one statement for 64 rows is several times faster than 64. */
export const ROWS_PER_INSERT = 64;
const rows = (placeholders: string): string => Array.from({ length: ROWS_PER_INSERT }, () => placeholders).join(', ');

/**
 * A prepared statement, by a name of ours: better-sqlite3's own lives in a namespace its types do not
 * export, and the declarations of what uses the store could not be emitted (the package ships them).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a name for the type, on purpose
export interface Statement extends Database.Statement<unknown[]> {}

export function prepareStatements(db: Database.Database) {
  const prepare = (sql: string): Statement => db.prepare(sql);
  return {
    insertRecording: prepare(`INSERT INTO recordings (
        name, created_at, started_at, source, method, url, host, request_headers, request_body,
        status, http_version, response_headers, response_t, outcome, end_t, error, writer_pid, writer_host,
        protocol, model, bytes, read_count, event_count, duration_ms, ttft_ms, worst_severity, finish_reasons, tags, secrets_masked, capture, capture_session, truncated, recorder_lag, relay_writes)
      VALUES (
        @name, @createdAt, @startedAt, @source, @method, @url, @host, @requestHeaders, @requestBody,
        @status, @httpVersion, @responseHeaders, @responseT, @outcome, @endT, @error, @writerPid, @writerHost,
        @protocol, @model, @bytes, @readCount, @eventCount, @durationMs, @ttftMs, @worstSeverity, @finishReasons, @tags, @secretsMasked, @capture, @captureSession, @truncated, @recorderLag, @relayWrites)`),
    /** (recording_id, seq, t, offset, bytes) */
    insertRead: prepare('INSERT INTO reads (recording_id, seq, t, offset, bytes) VALUES (?, ?, ?, ?, ?)'),
    /** ROWS_PER_INSERT rows of insertRead's columns, one after the other. */
    insertReads: prepare(`INSERT INTO reads (recording_id, seq, t, offset, bytes) VALUES ${rows('(?, ?, ?, ?, ?)')}`),
    /** (recording_id, first_seq, ranges): a run of events (event-runs.ts) */
    insertEventRun: prepare('INSERT INTO event_runs (recording_id, first_seq, ranges) VALUES (?, ?, ?)'),
    /** (recording_id, seq, t, event_type, event_id, retry, data, comments, unknown_fields): an event its reads cannot give back */
    insertEventFields: prepare('INSERT INTO event_fields (recording_id, seq, t, event_type, event_id, retry, data, comments, unknown_fields) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    /** (recording_id, code, severity, count) */
    insertDiagnostic: prepare('INSERT INTO recording_diagnostics (recording_id, code, severity, count) VALUES (?, ?, ?, ?)'),
    /** (bytes, read_count, event_count, model, id): the progress of a live recording. */
    updateProgress: prepare('UPDATE recordings SET bytes = ?, read_count = ?, event_count = ?, model = coalesce(?, model) WHERE id = ?'),
    /** (status, http_version, response_headers, response_t, id) */
    updateResponse: prepare('UPDATE recordings SET status = ?, http_version = ?, response_headers = ?, response_t = ? WHERE id = ?'),
    updateFinish: prepare(`UPDATE recordings SET outcome = @outcome, end_t = @endT, error = @error, truncated = @truncated, model = coalesce(@model, model), protocol = coalesce(@protocol, protocol),
        duration_ms = @durationMs, ttft_ms = @ttftMs, worst_severity = @worstSeverity, finish_reasons = @finishReasons,
        secrets_masked = @secretsMasked, relay_writes = CASE WHEN @capture IS NULL THEN relay_writes ELSE @relayWrites END, capture = coalesce(@capture, capture), recorder_lag = @recorderLag, writer_pid = NULL, writer_host = NULL
      WHERE id = @id`),
    /** Recordings whose writer may have died. */
    selectInProgress: prepare("SELECT id, writer_pid, writer_host FROM recordings WHERE outcome = 'recording'"),
    /** (error, id): ends a recording whose writer died, at its last stored read. */
    markInterrupted: prepare(`UPDATE recordings SET outcome = 'interrupted', error = coalesce(error, ?), writer_pid = NULL, writer_host = NULL,
        end_t = (SELECT t FROM reads WHERE recording_id = recordings.id ORDER BY seq DESC LIMIT 1),
        duration_ms = (SELECT t FROM reads WHERE recording_id = recordings.id ORDER BY seq DESC LIMIT 1)
      WHERE id = ? AND outcome = 'recording'`),
    selectRecording: prepare(`SELECT ${RECORDING_COLUMNS} FROM recordings r WHERE r.id = ?`).raw(),
    selectSummary: prepare(`SELECT ${SUMMARY_COLUMNS} FROM recordings r WHERE r.id = ?`).raw(),
    /** (recording_id) → [t, bytes] in order */
    selectReads: prepare('SELECT t, bytes FROM reads WHERE recording_id = ? ORDER BY seq').raw(),
    /** (recording_id) → each read's t, in order */
    selectReadTimes: prepare('SELECT t FROM reads WHERE recording_id = ? ORDER BY seq').pluck(),
    selectReadRange: prepare('SELECT t, bytes FROM reads WHERE recording_id = ? AND seq >= ? ORDER BY seq LIMIT ?').raw(),
    /** (recording_id) → [first_seq, ranges] in order */
    selectEventRuns: prepare('SELECT first_seq, ranges FROM event_runs WHERE recording_id = ? ORDER BY first_seq').raw(),
    /** (recording_id) → the event_fields rows, without the recording id */
    selectEventFields: prepare('SELECT seq, t, event_type, event_id, retry, data, comments, unknown_fields FROM event_fields WHERE recording_id = ?').raw(),
    /** (id) → [url, response_headers]: what tells the framing its body was read in */
    selectFramingFacts: prepare('SELECT url, response_headers FROM recordings WHERE id = ?').raw(),
    exists: prepare('SELECT 1 FROM recordings WHERE id = ?').pluck(),
    rename: prepare('UPDATE recordings SET name = ? WHERE id = ?'),
    setTags: prepare('UPDATE recordings SET tags = ? WHERE id = ?'),
    delete: prepare('DELETE FROM recordings WHERE id = ?'),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;

/** The WHERE clause and parameters of a list query. */
function listFilter(query: ListQuery): { where: string; params: Record<string, unknown> } {
  const clauses: string[] = [];
  const params: Record<string, unknown> = {};
  if (query.text !== undefined && query.text.trim() !== '') {
    params.text = `%${query.text.trim().replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    clauses.push(`(r.name LIKE @text ESCAPE '\\' OR r.url LIKE @text ESCAPE '\\' OR r.model LIKE @text ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM json_each(r.tags) WHERE value LIKE @text ESCAPE '\\'))`);
  }
  if (query.model !== undefined) {
    params.model = query.model;
    clauses.push('r.model = @model');
  }
  if (query.host !== undefined) {
    params.host = query.host;
    clauses.push('r.host = @host');
  }
  if (query.outcome !== undefined) {
    params.outcome = query.outcome;
    clauses.push('r.outcome = @outcome');
  }
  if (query.source !== undefined) {
    params.source = query.source;
    clauses.push('r.source = @source');
  }
  if (query.origin !== undefined) {
    // Sent: what Streamscope requested itself (a check run's requests too); captured: what went through a capture proxy; imported: the rest.
    clauses.push(query.origin === 'sent' ? "r.source IN ('live', 'check')" : query.origin === 'captured' ? "r.source = 'capture'" : "r.source NOT IN ('live', 'check', 'capture')");
  }
  if (query.captureSession !== undefined) {
    params.captureSession = query.captureSession;
    clauses.push('r.capture_session = @captureSession');
  }
  if (query.code !== undefined) {
    params.code = query.code;
    clauses.push('r.id IN (SELECT recording_id FROM recording_diagnostics WHERE code = @code)');
  }
  if (query.tag !== undefined) {
    params.tag = query.tag;
    clauses.push('EXISTS (SELECT 1 FROM json_each(r.tags) WHERE value = @tag)');
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Prepares (and caches) the statements of one shape of list query. */
export function listStatements(db: Database.Database, cache: Map<string, { page: Database.Statement; count: Database.Statement }>, query: ListQuery) {
  const { where, params } = listFilter(query);
  let statements = cache.get(where);
  if (!statements) {
    statements = {
      page: db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM recordings r ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT @limit OFFSET @offset`).raw(),
      count: db.prepare(`SELECT count(*) FROM recordings r ${where}`).pluck(),
    };
    cache.set(where, statements);
  }
  return { ...statements, params };
}
