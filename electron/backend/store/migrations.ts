// The schema, as numbered migrations (docs/architecture.md, "Data model"). The database's
// `PRAGMA user_version` is the number of the last migration applied; each
// migration runs in its own transaction with the version bump, so a failure
// leaves the database at the previous version. Never edit a released
// migration: add the next one.

import type Database from 'better-sqlite3';
import { detectProtocol, EVENTS_LOOKED_AT, protocolFromPath } from '../../../shared/index.ts';
import { fieldsOfRange, storedReads } from './event-fields.ts';
import type { StoredReads } from './event-fields.ts';
import { RunPacker } from './event-runs.ts';

/** Marks the file as a Streamscope store (`PRAGMA application_id`): "SSCP". */
export const APPLICATION_ID = 0x53534350;

export interface Migration {
  readonly version: number;
  readonly sql: string;
  /** Fills in what the SQL added from what is stored, after it, in the same transaction. */
  readonly backfill?: (db: Database.Database) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE recordings (
        id               INTEGER PRIMARY KEY,
        name             TEXT,
        created_at       INTEGER NOT NULL,             -- ms since the epoch: started_at, or the time of the import
        started_at       TEXT,                         -- Recording.startedAt, as given (ISO 8601) or NULL
        source           TEXT NOT NULL,                -- live, sse, ssrec, har, curl (capture from version 3)
        method           TEXT,                         -- NULL: no request recorded
        url              TEXT,                         -- secrets redacted
        host             TEXT COLLATE NOCASE,          -- from the URL
        request_headers  TEXT,                         -- JSON object, secrets redacted
        request_body     TEXT,                         -- JSON
        status           INTEGER,                      -- NULL: no response recorded
        http_version     TEXT,
        response_headers TEXT,                         -- JSON object, secrets redacted
        response_t       REAL,                         -- ms since the request started
        outcome          TEXT,                         -- eof, error, aborted, timeout, recording, interrupted; NULL: no end recorded
        end_t            REAL,
        error            TEXT,
        writer_pid       INTEGER,                      -- the process writing a recording still 'recording'
        writer_host      TEXT,
        model            TEXT COLLATE NOCASE,
        bytes            INTEGER NOT NULL DEFAULT 0,
        read_count       INTEGER NOT NULL DEFAULT 0,
        event_count      INTEGER NOT NULL DEFAULT 0,
        duration_ms      REAL,
        ttft_ms          REAL,
        worst_severity   TEXT,                         -- error, warning, info; NULL: no finding
        finish_reasons   TEXT NOT NULL DEFAULT '[]',   -- JSON array of strings
        tags             TEXT NOT NULL DEFAULT '[]'    -- JSON array of strings
      );
      CREATE INDEX recordings_created ON recordings (created_at DESC, id DESC);
      CREATE INDEX recordings_model ON recordings (model, created_at DESC);
      CREATE INDEX recordings_host ON recordings (host, created_at DESC);
      CREATE INDEX recordings_outcome ON recordings (outcome, created_at DESC);

      CREATE TABLE reads (
        recording_id INTEGER NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL,                 -- from 0
        t            REAL,                             -- ms since the request started; NULL when untimed
        offset       INTEGER NOT NULL,                 -- byte offset in the body
        bytes        BLOB NOT NULL,
        PRIMARY KEY (recording_id, seq)
      );

      CREATE TABLE events (
        recording_id   INTEGER NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
        seq            INTEGER NOT NULL,               -- SseEvent.index
        byte_start     INTEGER NOT NULL,               -- SseEvent.start
        byte_end       INTEGER NOT NULL,               -- SseEvent.end
        read_seq       INTEGER NOT NULL,               -- SseEvent.read: the read that completed it
        t              REAL,                           -- arrival time (of that read)
        event_type     TEXT,                           -- the event field
        event_id       TEXT,                           -- the id field
        retry          INTEGER,
        data           TEXT,
        comments       TEXT,                           -- JSON array; NULL when none
        unknown_fields TEXT,                           -- JSON array of {name, value}; NULL when none
        PRIMARY KEY (recording_id, seq)
      ) WITHOUT ROWID;

      CREATE TABLE recording_diagnostics (
        recording_id INTEGER NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
        code         TEXT NOT NULL,
        severity     TEXT NOT NULL,
        count        INTEGER NOT NULL,                 -- findings with this code
        PRIMARY KEY (recording_id, code)
      ) WITHOUT ROWID;
      CREATE INDEX recording_diagnostics_code ON recording_diagnostics (code, recording_id);
    `,
  },
  {
    version: 2,
    sql: `
      -- A key the request carried that the server sent back (a header, the body), masked before
      -- storing: JSON {"headers": [names], "bodyPlaces": n}; NULL when none (echoed-secrets.ts).
      ALTER TABLE recordings ADD COLUMN secrets_masked TEXT;
    `,
  },
  {
    version: 3,
    sql: `
      -- A recording made by the capture proxy (source 'capture'): CaptureInfo as JSON (where it came
      -- from, what the proxy changed, the relay's clock); NULL for any other.
      ALTER TABLE recordings ADD COLUMN capture TEXT;
      -- Its capture session (CaptureInfo.session), apart, for the history's filter.
      ALTER TABLE recordings ADD COLUMN capture_session TEXT;
      CREATE INDEX recordings_capture_session ON recordings (capture_session, created_at DESC) WHERE capture_session IS NOT NULL;
    `,
  },
  {
    version: 4,
    sql: `
      -- A recording that stopped keeping the body at its size cap (RecordedEnd.truncated): JSON
      -- {"atBytes": n, "droppedBytes": n}; NULL when it holds the whole body.
      ALTER TABLE recordings ADD COLUMN truncated TEXT;
    `,
  },
  {
    version: 5,
    sql: `
      -- The recording's dialect (Analysis.protocol: chat-completions, responses, anthropic-messages),
      -- for the list's dialect column; NULL when it could not be told.
      ALTER TABLE recordings ADD COLUMN protocol TEXT;
    `,
    backfill: backfillProtocols,
  },
  {
    version: 6,
    sql: `
      -- A conformance run (streamscope check, the app's Check view; docs/conformance.md): the
      -- server battery sent to one endpoint. Its requests are ordinary recordings (source 'check',
      -- tagged check-run:ID); deleting a run keeps them.
      CREATE TABLE check_runs (
        id          INTEGER PRIMARY KEY,
        started_at  INTEGER NOT NULL,                  -- ms since the epoch
        finished_at INTEGER,                           -- NULL while running
        base_url    TEXT NOT NULL,                     -- up to /v1, secrets redacted
        model       TEXT,                              -- NULL: each check asked for its own simulator scenario
        profile     TEXT,
        protocols   TEXT NOT NULL,                     -- JSON array of Protocol
        state       TEXT NOT NULL CHECK (state IN ('running', 'done', 'cancelled', 'unreachable')),
        checks      TEXT NOT NULL,                     -- JSON array of CheckInfo: what the run was to send, in order
        writer_pid  INTEGER,                           -- the process running a run still 'running'
        writer_host TEXT
      );
      CREATE INDEX check_runs_started ON check_runs (started_at DESC, id DESC);
      CREATE INDEX check_runs_base_url ON check_runs (base_url, started_at DESC);

      -- One verdict a row, in the order judged (with concurrency, not the battery's).
      CREATE TABLE check_results (
        run_id       INTEGER NOT NULL REFERENCES check_runs (id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL,                 -- from 0, in the order judged
        judged_at    INTEGER NOT NULL,                 -- ms since the epoch
        check_id     TEXT NOT NULL,                    -- chat.text, …
        protocol     TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('pass', 'warn', 'fail', 'skip')),
        summary      TEXT NOT NULL,
        expected     TEXT NOT NULL,                    -- JSON array of strings
        findings     TEXT NOT NULL,                    -- JSON array of {code, severity, message}
        -- The recording behind the verdict; a deleted recording leaves the verdict without one.
        recording_id INTEGER REFERENCES recordings (id) ON DELETE SET NULL,
        PRIMARY KEY (run_id, seq)
      ) WITHOUT ROWID;
      CREATE INDEX check_results_recording ON check_results (recording_id) WHERE recording_id IS NOT NULL;
    `,
  },
  {
    version: 7,
    sql: `
      -- A client conformance run (streamscope check-client, the app's Check view, "Client";
      -- docs/client-conformance.md): the user's command run once a case against a loopback mock.
      -- The streams it was served are ordinary recordings (source 'check', tagged client-run:ID);
      -- deleting a run keeps them. The command's environment is never stored.
      CREATE TABLE client_runs (
        id          INTEGER PRIMARY KEY,
        started_at  INTEGER NOT NULL,                  -- ms since the epoch
        finished_at INTEGER,                           -- NULL while running
        command     TEXT NOT NULL,                     -- the command line as given
        cwd         TEXT NOT NULL,                     -- the folder it ran in (absolute)
        protocols   TEXT NOT NULL,                     -- JSON array of Protocol
        state       TEXT NOT NULL CHECK (state IN ('running', 'done', 'cancelled', 'unreachable')),
        error       TEXT,                              -- why the command could not start (state 'unreachable')
        cases       TEXT NOT NULL,                     -- JSON array of ClientCaseInfo: what the run was to serve, in order
        writer_pid  INTEGER,                           -- the process running a run still 'running'
        writer_host TEXT
      );
      CREATE INDEX client_runs_started ON client_runs (started_at DESC, id DESC);

      -- One verdict a row, in the order judged.
      CREATE TABLE client_results (
        run_id       INTEGER NOT NULL REFERENCES client_runs (id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL,                 -- from 0, in the order judged
        judged_at    INTEGER NOT NULL,                 -- ms since the epoch
        case_id      TEXT NOT NULL,                    -- clean, cut-before-done, …
        protocol     TEXT NOT NULL,
        expect       TEXT NOT NULL CHECK (expect IN ('survive', 'detect')),
        verdict      TEXT NOT NULL CHECK (verdict IN ('survived', 'detected', 'wrong', 'crashed', 'hung', 'no-request')),
        summary      TEXT NOT NULL,
        exit_code    INTEGER,                          -- NULL: killed, or it never exited
        duration_ms  INTEGER NOT NULL,
        stdout       TEXT NOT NULL,                    -- the first and last 2 KB, as the report keeps them
        stderr       TEXT NOT NULL,
        requests     TEXT NOT NULL,                    -- JSON array of {method, path, body}: what it sent the mock
        -- The stream it was served; a deleted recording leaves the verdict without one.
        recording_id INTEGER REFERENCES recordings (id) ON DELETE SET NULL,
        PRIMARY KEY (run_id, seq)
      ) WITHOUT ROWID;
      CREATE INDEX client_results_recording ON client_results (recording_id) WHERE recording_id IS NOT NULL;
    `,
  },
  {
    version: 8,
    sql: `
      -- The recording process's own event-loop stalls while it sent a request itself
      -- (Recording.recorderLag): JSON [[from, to], …] in ms on the recording's clock; NULL when none.
      ALTER TABLE recordings ADD COLUMN recorder_lag TEXT;
    `,
  },
  {
    version: 9,
    sql: `
      -- The events as byte ranges of the reads, their fields read again from those bytes when asked
      -- (event-runs.ts, event-fields.ts): the data is no longer stored twice. A row holds a run of
      -- events of consecutive indexes, from first_seq on: per event three zigzag varints, its
      -- byte_start after the previous event's byte_end (0 for the first), its length, its read_seq
      -- after the previous event's (0 for the first).
      CREATE TABLE event_runs (
        recording_id INTEGER NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
        first_seq    INTEGER NOT NULL,
        ranges       BLOB NOT NULL,
        PRIMARY KEY (recording_id, first_seq)
      ) WITHOUT ROWID;
      -- The fields of an event its stored reads cannot give back (its bytes not among them, or a time
      -- other than its read's), as the events table kept them; NULL: none.
      CREATE TABLE event_fields (
        recording_id   INTEGER NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
        seq            INTEGER NOT NULL,
        t              REAL,
        event_type     TEXT,
        event_id       TEXT,
        retry          INTEGER,
        data           TEXT,
        comments       TEXT,
        unknown_fields TEXT,
        PRIMARY KEY (recording_id, seq)
      ) WITHOUT ROWID;
      -- A capture's relay clock (CaptureInfo.relay.writes) as little-endian doubles, three a write
      -- (arrived, issued, flushed; NaN: never flushed), left out of the capture's JSON; NULL: in the JSON.
      ALTER TABLE recordings ADD COLUMN relay_writes BLOB;
    `,
    backfill: eventsToRanges,
  },
];

/**
 * The dialect of each recording stored before version 5, told the way the analysis tells it: by the
 * request path, else by the first stored events (as the analysis tells it).
 */
function backfillProtocols(db: Database.Database): void {
  const rows = db.prepare('SELECT id, url FROM recordings').raw().iterate() as IterableIterator<[number, string | null]>;
  const events = db.prepare(`SELECT event_type AS event, data FROM events WHERE recording_id = ? AND data IS NOT NULL ORDER BY seq LIMIT ${EVENTS_LOOKED_AT}`);
  const set = db.prepare('UPDATE recordings SET protocol = ? WHERE id = ?');
  const found: [string, number][] = [];
  for (const [id, url] of rows) {
    const first = events.all(id) as { event: string | null; data: string }[];
    // A body with no data event at all the analysis reads as Chat Completions (shared/analysis/fold.ts, untold).
    const protocol = first.length === 0 && (url === null || protocolFromPath(url) === null) ? 'chat-completions' : detectProtocol({ url, events: first }).protocol;
    if (protocol !== null) found.push([protocol, id]);
  }
  for (const [protocol, id] of found) set.run(protocol, id);
}

/**
 * Moves every stored event into event_runs, keeping in event_fields the fields of those its reads do
 * not give back exactly (each compared with what the parser reads from its range), then drops
 * the events table: no event is lost, and none changes.
 */
function eventsToRanges(db: Database.Database): void {
  const statements = {
    insertEventRun: db.prepare('INSERT INTO event_runs (recording_id, first_seq, ranges) VALUES (?, ?, ?)'),
    insertEventFields: db.prepare('INSERT INTO event_fields (recording_id, seq, t, event_type, event_id, retry, data, comments, unknown_fields) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
  };
  const ids = db.prepare('SELECT DISTINCT recording_id FROM events ORDER BY recording_id').pluck().all() as number[];
  const readRows = db.prepare('SELECT t, bytes FROM reads WHERE recording_id = ? ORDER BY seq').raw();
  const eventRows = db.prepare('SELECT seq, byte_start, byte_end, read_seq, t, event_type, event_id, retry, data, comments, unknown_fields FROM events WHERE recording_id = ? ORDER BY seq').raw();
  for (const id of ids) {
    const reads = storedReads(readRows.all(id) as [number | null, Uint8Array][]);
    const runs = new RunPacker();
    for (const row of eventRows.all(id) as OldEventRow[]) {
      const [seq, start, end, read, t, event, eventId, retry, data, comments, unknownFields] = row;
      runs.add(seq, start, end, read);
      if (!givenBack(reads, row)) statements.insertEventFields.run(id, seq, t, event, eventId, retry, data, comments, unknownFields);
    }
    for (const [first, ranges] of runs.rows()) statements.insertEventRun.run(id, first, ranges);
  }
  db.exec('DROP TABLE events');
}

/** An events row of versions 1 to 8. */
type OldEventRow = [seq: number, start: number, end: number, read: number, t: number | null, event: string | null, id: string | null, retry: number | null, data: string | null, comments: string | null, unknownFields: string | null];

/** Whether the reads give the old row back exactly: its bytes among them, the parser's fields of its range its own, its time its read's. */
function givenBack(reads: StoredReads, [, start, end, read, t, event, id, retry, data, comments, unknownFields]: OldEventRow): boolean {
  const body = reads.offsets.at(-1)!;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || start > end || end > body) return false;
  if (!Number.isSafeInteger(read) || read < 0 || read >= reads.times.length || !Object.is(reads.times[read], t)) return false;
  const fields = fieldsOfRange(reads, start, end);
  const json = (list: readonly unknown[]): string | null => (list.length > 0 ? JSON.stringify(list) : null);
  return (
    fields.data === data &&
    fields.event === event &&
    fields.id === id &&
    fields.retry === retry &&
    json(fields.comments) === comments &&
    json(fields.unknownFields.map((field) => ({ name: field.name, value: field.value }))) === unknownFields
  );
}

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Refusal to open a database this build cannot read. */
export class StoreVersionError extends Error {
  override name = 'StoreVersionError';
}

/** Brings the database to SCHEMA_VERSION; returns the migrations applied. Throws StoreVersionError for a newer or foreign database. */
export function migrate(db: Database.Database, file: string): number[] {
  const appId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (appId !== 0 && appId !== APPLICATION_ID) {
    throw new StoreVersionError(`${file} is an SQLite database of another application (application_id ${appId}), not a Streamscope store`);
  }
  if (version > SCHEMA_VERSION) {
    throw new StoreVersionError(
      `${file} was written by a newer Streamscope (schema version ${version}; this build reads up to version ${SCHEMA_VERSION}): upgrade Streamscope, or use another database`,
    );
  }
  if (version === 0 && appId === 0) {
    const tables = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().get() as number;
    if (tables > 0) throw new StoreVersionError(`${file} is an SQLite database with tables of its own, not a Streamscope store`);
  }
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (migration.version <= version) continue;
    const ran = db
      .transaction(() => {
        // Another process may have migrated between our check and this write lock.
        if ((db.pragma('user_version', { simple: true }) as number) >= migration.version) return false;
        db.exec(migration.sql);
        migration.backfill?.(db);
        db.pragma(`application_id = ${APPLICATION_ID}`);
        db.pragma(`user_version = ${migration.version}`);
        return true;
      })
      .immediate();
    if (ran) applied.push(migration.version);
  }
  return applied;
}
