// Helpers for the store's tests: temporary databases, recordings, and a raw
// second connection to look at what is really in the file.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { nativeAddon } from './native-addon.ts';
import { analyzeRecording } from '../../../shared/index.ts';
import type { Outcome, Recording, RecordedRead } from '../../../shared/index.ts';
import { APPLICATION_ID, MIGRATIONS } from './migrations.ts';
import { storedEvent } from './writer.ts';
import type { StoredEvent } from './types.ts';

export function tempDir(prefix = 'streamscope-store-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

let counter = 0;
/** A fresh database path in a fresh folder. */
export function tempDbPath(): string {
  return join(tempDir(), `test-${++counter}.db`);
}

/** A connection of its own, on the build of better-sqlite3 openStore loads for this Node. */
export function openDatabase(path: string, options: Database.Options = {}): Database.Database {
  return new Database(path, { ...options, nativeBinding: nativeAddon() });
}

/** A second, independent connection to the file, to look at what is committed. */
export function rawConnection(path: string): Database.Database {
  return openDatabase(path, { readonly: true, fileMustExist: true });
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function concat(reads: readonly RecordedRead[]): Uint8Array {
  const out = new Uint8Array(reads.reduce((sum, read) => sum + read.bytes.length, 0));
  let at = 0;
  for (const read of reads) {
    out.set(read.bytes, at);
    at += read.bytes.length;
  }
  return out;
}

/** Splits a body into reads of the given sizes (the last takes the rest), timed from `t0` by `step` ms. */
export function splitReads(body: Uint8Array, sizes: readonly number[], t0 = 100, step = 10.125): RecordedRead[] {
  const reads: RecordedRead[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= body.length) break;
    reads.push({ t: t0 + reads.length * step, bytes: body.slice(at, at + size) });
    at += size;
  }
  if (at < body.length) reads.push({ t: t0 + reads.length * step, bytes: body.slice(at) });
  return reads;
}

/** What the store keeps of an analysed event. */
export const stored = storedEvent;

/** A chunk event's data for a content delta. */
export function contentChunk(text: string, model = 'gpt-4o-mini', extra: Record<string, unknown> = {}): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1770000000, model, choices: [{ index: 0, delta: { content: text }, finish_reason: null }], ...extra })}\n\n`;
}

export function finishChunk(reason: string, model = 'gpt-4o-mini'): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1770000000, model, choices: [{ index: 0, delta: {}, finish_reason: reason }] })}\n\n`;
}

export function roleChunk(model = 'gpt-4o-mini'): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1770000000, model, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n`;
}

/** A complete, clean stream of `words` content deltas. */
export function cleanBody(words: readonly string[], model = 'gpt-4o-mini', reason = 'stop'): string {
  return roleChunk(model) + words.map((word) => contentChunk(word, model)).join('') + finishChunk(reason, model) + 'data: [DONE]\n\n';
}

export interface RecordingSpec {
  readonly url?: string;
  readonly model?: string;
  readonly body?: string;
  readonly startedAt?: string | null;
  readonly status?: number;
  readonly outcome?: Outcome;
  readonly sizes?: readonly number[];
}

/** A timed live-like recording of a chat completion. */
export function timedRecording(spec: RecordingSpec = {}): Recording {
  const model = spec.model ?? 'gpt-4o-mini';
  const body = utf8(spec.body ?? cleanBody(['Hello', ' there', '.'], model));
  const reads = splitReads(body, spec.sizes ?? [7, 100, 1, 250]);
  const last = reads.at(-1)?.t ?? 100;
  return {
    source: 'ssrec',
    startedAt: spec.startedAt === undefined ? '2026-11-30T08:00:00.000Z' : spec.startedAt,
    request: {
      method: 'POST',
      url: spec.url ?? 'https://api.openai.com/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-proj-…a1b2' },
      body: { model, stream: true, messages: [{ role: 'user', content: 'Hi' }] },
    },
    response: { t: 50.5, status: spec.status ?? 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream', 'x-request-id': 'req_1' } },
    reads,
    end: { t: last + 1.25, outcome: spec.outcome ?? 'eof' },
  };
}

/** A database as an older Streamscope left it: the migrations up to `version` applied, nothing after. */
export function databaseAt(path: string, version: number): Database.Database {
  const db = openDatabase(path);
  for (const migration of MIGRATIONS.filter((m) => m.version <= version)) {
    db.exec(migration.sql);
    migration.backfill?.(db);
  }
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma(`user_version = ${version}`);
  return db;
}

/**
 * Stores a recording the way versions 1 to 8 did (its request URL, its reads, and every event with
 * its data in the events table); `events` replaces the analysis's. Returns its id.
 */
export function insertOldRecording(db: Database.Database, recording: Recording, events: readonly StoredEvent[] = analyzeRecording(recording).events.map(storedEvent)): number {
  const id = Number(db.prepare("INSERT INTO recordings (created_at, source, method, url, outcome) VALUES (0, 'ssrec', 'POST', ?, 'eof')").run(recording.request?.url ?? null).lastInsertRowid);
  let offset = 0;
  recording.reads.forEach((read, seq) => {
    db.prepare('INSERT INTO reads (recording_id, seq, t, offset, bytes) VALUES (?, ?, ?, ?, ?)').run(id, seq, read.t, offset, read.bytes);
    offset += read.bytes.length;
  });
  const insert = db.prepare('INSERT INTO events (recording_id, seq, byte_start, byte_end, read_seq, t, event_type, event_id, retry, data, comments, unknown_fields) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const e of events) {
    const comments = e.comments.length > 0 ? JSON.stringify(e.comments) : null;
    const unknown = e.unknownFields.length > 0 ? JSON.stringify(e.unknownFields) : null;
    insert.run(id, e.index, e.start, e.end, e.read, e.t, e.event, e.id, e.retry, e.data, comments, unknown);
  }
  return id;
}
