import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, recordingFromSse } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, migrate } from './migrations.ts';
import { openStore } from './store.ts';
import { databaseAt, insertOldRecording, openDatabase, splitReads, stored, tempDbPath, timedRecording } from './test-support.ts';
import type { StoredEvent } from './types.ts';

const dialectStream = (file: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../../../shared/test/fixtures/dialects/${file}`, import.meta.url)));

describe('migrations', () => {
  it('are numbered 1, 2, 3 … in order', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('set user_version and the application id, with the tables, indexes, WAL, synchronous NORMAL and foreign keys', () => {
    const path = tempDbPath();
    openStore(path).close();
    const db = openDatabase(path);
    expect([db.pragma('user_version', { simple: true }), db.pragma('application_id', { simple: true })]).toEqual([SCHEMA_VERSION, APPLICATION_ID]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all()).toEqual([
      'check_results',
      'check_results_recording',
      'check_runs',
      'check_runs_base_url',
      'check_runs_started',
      'client_results',
      'client_results_recording',
      'client_runs',
      'client_runs_started',
      'event_fields',
      'event_runs',
      'reads',
      'recording_diagnostics',
      'recording_diagnostics_code',
      'recordings',
      'recordings_capture_session',
      'recordings_created',
      'recordings_host',
      'recordings_model',
      'recordings_outcome',
    ]);
    expect(db.prepare("SELECT count(*) FROM pragma_foreign_key_list('reads') WHERE on_delete = 'CASCADE'").pluck().get()).toBe(1);
    db.close();
  });

  it('declare foreign keys: a read needs its recording', () => {
    const path = tempDbPath();
    openStore(path).close();
    const db = openDatabase(path);
    db.pragma('foreign_keys = ON');
    expect(() => db.prepare("INSERT INTO reads (recording_id, seq, t, offset, bytes) VALUES (99, 0, 0, 0, x'00')").run()).toThrow('FOREIGN KEY constraint failed');
    db.close();
  });

  it('are idempotent: opening again applies nothing and keeps the data', () => {
    const path = tempDbPath();
    const db = openDatabase(path);
    expect(migrate(db, path)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(migrate(db, path)).toEqual([]);
    db.close();
    const store = openStore(path);
    const id = store.importRecording({ source: 'sse', startedAt: null, request: null, response: null, reads: [], end: null }, { name: 'kept' });
    store.close();
    const again = openStore(path);
    expect(again.get(id)!.name).toBe('kept');
    again.close();
  });

  it('bring a version 1 database to the masked-secrets, capture and truncation columns, its recordings kept with none masked, none captured and none truncated', () => {
    const path = tempDbPath();
    const db = openDatabase(path);
    db.exec(MIGRATIONS[0]!.sql);
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma('user_version = 1');
    db.prepare("INSERT INTO recordings (name, created_at, source, outcome) VALUES ('old', '2026-11-30T08:00:00.000Z', 'sse', 'eof')").run();
    expect(migrate(db, path)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    db.close();
    const store = openStore(path);
    const old = store.get(1)!;
    expect([old.name, 'secretsMasked' in old, 'capture' in old, old.summary.captureSession, old.end]).toEqual(['old', false, false, null, { t: null, outcome: 'eof' }]);
    store.close();
  });

  it('bring a version 4 database to the dialect column, each recording told by its request path, else its stored events', () => {
    const path = tempDbPath();
    // The file as version 4 left it: no dialect column, no check runs, no client runs, the events with their data.
    const db = databaseAt(path, 4);
    const responses = dialectStream('responses/openai-gpt4o-function-call-no-sequence-number.sse');
    const withRequest = (recording: Recording, url: string): Recording => ({ ...recording, request: { method: 'POST', url, headers: {}, body: { stream: true } } });
    const ids = [
      insertOldRecording(db, timedRecording()),
      insertOldRecording(db, withRequest(recordingFromSse(responses), 'https://api.openai.com/v1/responses?stream=true')),
      insertOldRecording(db, withRequest(recordingFromSse(responses), 'https://gateway.test/relay/stream')),
      insertOldRecording(db, recordingFromSse(dialectStream('messages/anthropic-haiku45-stop-sequence.sse'))),
      insertOldRecording(db, recordingFromSse(new Uint8Array(0))),
      insertOldRecording(db, recordingFromSse(new TextEncoder().encode('data: {"hello":1}\n\n'))),
    ];
    expect(migrate(db, path)).toEqual([5, 6, 7, 8, 9]);
    db.close();
    const upgraded = openStore(path);
    expect(ids.map((id) => upgraded.summary(id)!.protocol)).toEqual(['chat-completions', 'responses', 'responses', 'anthropic-messages', 'chat-completions', null]);
    upgraded.close();
  });

  it('bring a version 8 database\'s events to ranges of the reads, each loading as it was stored, field for field', () => {
    const path = tempDbPath();
    const db = databaseAt(path, 8);
    const cut = (text: string, sizes: number[]): Recording => ({ ...recordingFromSse(new TextEncoder().encode(text)), source: 'ssrec', reads: splitReads(new TextEncoder().encode(text), sizes) });
    const recordings = [
      timedRecording(),
      recordingFromSse(dialectStream('messages/anthropic-haiku45-stop-sequence.sse')),
      // A BOM, CR and CRLF endings, every field, a comment, a U+FEFF starting a later event, a character cut between reads.
      cut('\uFEFFdata: first\r\r: note\r\nevent: e\nid: 7\nretry: 30\nx: y\ndata: a\ndata:  b\n\n\uFEFFdata: 東京\n\ndata', [2, 9, 1, 30, 5, 60]),
    ];
    const expected = recordings.map((recording) => analyzeRecording(recording).events.map(stored));
    const ids = recordings.map((recording, i) => insertOldRecording(db, recording, expected[i]));
    // Rows the reads do not give back: data that is not its bytes', a time not its read's, a range past the stored reads.
    const [role, content] = expected[0]!;
    const odd: StoredEvent[] = [{ ...role!, data: 'edited' }, { ...content!, t: 1.5 }, { ...content!, index: 99, start: 10_000, end: 10_020 }];
    const oddId = insertOldRecording(db, recordings[0]!, odd);
    expect(migrate(db, path)).toEqual([9]);
    expect(db.prepare('SELECT count(*) FROM event_fields').pluck().get()).toBe(3);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'events'").pluck().get()).toBe(0);
    db.close();
    const store = openStore(path);
    expect(ids.map((id) => store.events(id))).toEqual(expected);
    expect(expected[2]!.map((event) => [event.data, event.comments, event.event, event.id, event.retry, event.unknownFields])).toEqual([
      ['first', [], null, null, null, []],
      ['a\n b', [' note'], 'e', '7', 30, [{ name: 'x', value: 'y' }]],
      // Only the body's first bytes can be a BOM: here U+FEFF is part of the field's name.
      [null, [], null, null, null, [{ name: '\uFEFFdata', value: '東京' }]],
    ]);
    expect(store.events(oddId)).toEqual(odd);
    store.close();
  });

  it('refuse a database from a newer Streamscope, with a clear error, and leave it untouched', () => {
    const path = tempDbPath();
    openStore(path).close();
    const db = openDatabase(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openStore(path)).toThrow(
      `${path} was written by a newer Streamscope (schema version ${SCHEMA_VERSION + 1}; this build reads up to version ${SCHEMA_VERSION}): upgrade Streamscope, or use another database`,
    );
    const check = openDatabase(path);
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    check.close();
  });

  it('refuse an SQLite database of another application, and a file that is not a database', () => {
    const foreign = tempDbPath();
    const db = openDatabase(foreign);
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
    db.close();
    expect(() => openStore(foreign)).toThrow(`${foreign} is an SQLite database with tables of its own, not a Streamscope store`);
    const other = tempDbPath();
    const app = openDatabase(other);
    app.pragma('application_id = 42');
    app.close();
    expect(() => openStore(other)).toThrow(`${other} is an SQLite database of another application (application_id 42), not a Streamscope store`);
    const text = tempDbPath();
    writeFileSync(text, 'this is not a database, just some text that is long enough to have a header of sorts\n'.repeat(10));
    expect(() => openStore(text)).toThrow(`cannot open the store ${text}: the file is not an SQLite database`);
  });

  it('roll back a migration that fails, leaving the previous version', () => {
    const path = tempDbPath();
    const db = openDatabase(path);
    // A conflicting object makes migration 1 fail half way: nothing of it stays.
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.exec('CREATE VIEW recording_diagnostics_code AS SELECT 1');
    expect(() => migrate(db, path)).toThrow('there is already a table named recording_diagnostics_code');
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'reads'").pluck().get()).toBe(0);
    db.close();
  });
});
