// The SQLite store (docs/architecture.md, "Data model"): open and migrate, recover
// recordings whose writer died, import, live writers, and the queries the UI
// and the CLI need (a recording's row: recording-row.ts; its events: event-runs.ts, load-events.ts).

import { hostname } from 'node:os';
import { realpathSync } from 'node:fs';
import Database from 'better-sqlite3';
import { analyzeRecording, protocolFromPath } from '../../../shared/index.ts';
import type { Analysis, Recording } from '../../../shared/index.ts';
import { packReads } from '../../../shared/api/packed.ts';
import { createCheckRunStore } from './check-runs.ts';
import { createClientRunStore } from './client-runs.ts';
import { createCheckpointer } from './checkpointer.ts';
import { createFlushTicker } from './flush-ticker.ts';
import { migrate } from './migrations.ts';
import { nativeAddon } from './native-addon.ts';
import { listStatements, prepareStatements, summaryFromRow } from './statements.ts';
import type { Statements } from './statements.ts';
import { createdAtOf, diagnosticRows, recorderLagColumn, distinctReasons, normalizeName, normalizeTags, requestedModel, summarize, worstSeverity } from './summary.ts';
import type { ImportOptions, ListQuery, ListResult, RecordingSummary, Store, StoredRecording, StoreOptions, BeginRecordingOptions } from './types.ts';
import { createWriter } from './writer.ts';
import { PendingEvents } from './event-runs.ts';
import { loadEvents } from './load-events.ts';
import { captureColumns, endColumns, mapRows, recordingFromRow, requestColumns, responseColumns } from './recording-row.ts';
import { writerAlive } from './writer-liveness.ts';
import type { LiveWriter } from './writer.ts';

/** The error text of a recording found still 'recording' after its writer died. */
export const INTERRUPTED_ERROR = 'the recorder stopped before the stream ended (the process was killed or crashed)';
const CLOSED_ERROR = 'the store was closed before the stream ended';
const EXIT_ERROR = 'the process exited before the stream ended';

/** How long a statement waits for a write lock another process holds. */
const BUSY_TIMEOUT_MS = 5000;

/** Recordings being written by a store of this process, by database file: recovery leaves them alone. */
const LIVE = new Map<string, Set<number>>();

export function openStore(path: string, options: StoreOptions = {}): Store {
  let db: Database.Database;
  // The addon the caller gives (the Electron app's, for Electron's ABI) comes first; else the build for this Node's ABI.
  let nativeBinding: string;
  try {
    nativeBinding = options.nativeBinding ?? nativeAddon();
    db = new Database(path, { fileMustExist: options.mustExist === true, timeout: BUSY_TIMEOUT_MS, nativeBinding });
  } catch (error) {
    throw new Error(`cannot open the store ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  let wal: boolean;
  try {
    wal = configure(db, path);
    migrate(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  const file = fileKey(path);
  const live = LIVE.get(file) ?? new Set<number>();
  LIVE.set(file, live);
  const statements = prepareStatements(db);
  // A second connection of this process (the capture proxy's recording thread) leaves recovery to the first: it
  // cannot see which recordings the first one is writing.
  const recovered = options.recover === false ? [] : recover(db, statements, live);
  const checkRuns = createCheckRunStore(db, file, options.recover !== false);
  const clientRuns = createClientRunStore(db, file, options.recover !== false);
  return createStore(db, path, statements, live, recovered, checkRuns, clientRuns, wal ? nativeBinding : false, { ...options, nativeBinding });
}

/** The database file, as one name however the path spells it (an in-memory database is its own). */
function fileKey(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return `${path}#${Math.random()}`;
  }
}

/** Sets the connection up; true for a file in WAL mode (false for an in-memory database). */
function configure(db: Database.Database, path: string): boolean {
  let mode: unknown;
  try {
    mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal' && mode !== 'memory') throw new Error(`journal mode is ${String(mode)}, not wal`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot open the store ${path}: ${/not a database/i.test(message) ? 'the file is not an SQLite database' : message}`, { cause: error });
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Keep the WAL file from staying as large as the largest transaction (a big import).
  db.pragma('journal_size_limit = 67108864');
  return mode === 'wal';
}

/** Marks 'recording' rows whose writer process is gone as 'interrupted'. */
function recover(db: Database.Database, statements: Statements, live: ReadonlySet<number>): number[] {
  const host = hostname();
  const rows = statements.selectInProgress.all() as { id: number; writer_pid: number | null; writer_host: string | null }[];
  const dead = rows.filter((row) => {
    if (row.writer_pid === null || row.writer_host !== host) return true;
    if (row.writer_pid === process.pid) return !live.has(row.id);
    return !writerAlive(row.writer_pid);
  });
  if (dead.length === 0) return [];
  db.transaction(() => {
    for (const row of dead) statements.markInterrupted.run(INTERRUPTED_ERROR, row.id);
  })();
  return dead.map((row) => row.id);
}

/** `workerAddon`: the addon the checkpoint worker loads (the connection's own), or false for no worker (no WAL to checkpoint). */
function createStore(
  db: Database.Database,
  path: string,
  statements: Statements,
  live: Set<number>,
  recovered: number[],
  checkRuns: ReturnType<typeof createCheckRunStore>,
  clientRuns: ReturnType<typeof createClientRunStore>,
  workerAddon: string | false,
  { nativeBinding, writersPerFlush }: StoreOptions,
): Store {
  const writers = new Set<LiveWriter>();
  const ticker = createFlushTicker(db, BUSY_TIMEOUT_MS, undefined, writersPerFlush);
  const checkpoints =
    workerAddon === false
      ? null
      : createCheckpointer(db, path, workerAddon, (error) =>
          process.emitWarning(`Streamscope store: checkpoints are back on the writer's thread (${error.message})`, { code: 'STREAMSCOPE_STORE' }),
        );
  // A process that exits (process.exit, the end of the event loop) with recordings under way stores what it buffered.
  const onExit = () => {
    for (const writer of [...writers]) writer.abandon(EXIT_ERROR);
  };
  const listCache = new Map<string, { page: Database.Statement; count: Database.Statement }>();

  const importTransaction = db.transaction((recording: Recording, options: ImportOptions, analysis: Analysis): number => {
    const summary = summarize(analysis);
    const request = recording.request;
    const response = recording.response;
    let bytes = 0;
    for (const read of recording.reads) bytes += read.bytes.length;
    const info = statements.insertRecording.run({
      ...requestColumns(request),
      ...responseColumns(response),
      ...endColumns(recording.end),
      name: normalizeName(options.name),
      createdAt: createdAtOf(recording.startedAt),
      startedAt: recording.startedAt,
      source: recording.source,
      writerPid: null,
      writerHost: null,
      secretsMasked: recording.secretsMasked ? JSON.stringify(recording.secretsMasked) : null,
      ...captureColumns(recording.capture, () => recording.reads.map((read) => read.t)),
      recorderLag: recorderLagColumn(recording.recorderLag),
      protocol: summary.protocol ?? null,
      model: summary.model ?? requestedModel(request),
      bytes,
      readCount: recording.reads.length,
      eventCount: analysis.events.length,
      durationMs: summary.durationMs ?? null,
      ttftMs: summary.ttftMs ?? null,
      worstSeverity: worstSeverity(analysis.diagnostics),
      finishReasons: JSON.stringify(distinctReasons(summary.finishReasons)),
      tags: JSON.stringify(normalizeTags(options.tags)),
    });
    const id = Number(info.lastInsertRowid);
    // Each read, then the events it completed: what the events' ranges can be read from is known as they come.
    const events = new PendingEvents();
    const list = analysis.events;
    let next = 0;
    let offset = 0;
    const take = (upTo: number): void => {
      for (; next < list.length && list[next]!.sse.read <= upTo; next++) {
        const event = list[next]!;
        if (next > 0 && event.sse.index <= list[next - 1]!.sse.index) throw new Error(`event ${event.sse.index} comes after event ${list[next - 1]!.sse.index}: a recording's events are stored once each, in order`);
        events.event(event);
      }
    };
    recording.reads.forEach((read, seq) => {
      statements.insertRead.run(id, seq, read.t, offset, read.bytes);
      offset += read.bytes.length;
      events.read(read.t, read.bytes.length);
      take(seq);
    });
    take(Infinity);
    events.insert(statements, id);
    for (const row of diagnosticRows(analysis.diagnostics)) statements.insertDiagnostic.run(id, row.code, row.severity, row.count);
    return id;
  });

  /** A recording's reads' rows, their bytes as views of the rows' buffers (no copy). */
  function readRowsOf(id: number): [number | null, Uint8Array][] {
    return (statements.selectReads.all(id) as [number | null, Buffer][]).map(([t, bytes]) => [t, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  }

  function recordingOf(row: unknown[], rows: readonly [number | null, Uint8Array][]): StoredRecording {
    const reads = rows.map(([t, bytes]) => ({ t, bytes }));
    return recordingFromRow(row, reads, () => reads.map((read) => read.t));
  }

  function summaryOf(id: number): RecordingSummary | null {
    const row = statements.selectSummary.get(checkId(id)) as unknown[] | undefined;
    return row ? summaryFromRow(row) : null;
  }

  const { close: closeCheckRuns, ...checkRunCalls } = checkRuns;
  const { close: closeClientRuns, ...clientRunCalls } = clientRuns;
  const store: Store = {
    path,
    nativeBinding,
    recovered,
    ...checkRunCalls,
    ...clientRunCalls,

    beginRecording(options: BeginRecordingOptions) {
      return store.resumeRecording(store.reserveRecording(options), options);
    },

    reserveRecording(options: BeginRecordingOptions) {
      if (!options || typeof options.request !== 'object' || options.request === null) throw new TypeError('beginRecording needs a request');
      const info = statements.insertRecording.run({
        ...requestColumns(options.request),
        ...responseColumns(null),
        ...endColumns({ t: null, outcome: 'recording' }),
        name: normalizeName(options.name),
        createdAt: createdAtOf(options.startedAt),
        startedAt: options.startedAt,
        source: options.source ?? 'live',
        writerPid: process.pid,
        writerHost: hostname(),
        secretsMasked: null,
        ...captureColumns(options.capture),
        recorderLag: null,
        // Told by the path until the analysis at the end says (an unusual path is told by its events then).
        protocol: protocolFromPath(options.request.url ?? ''),
        model: requestedModel(options.request),
        bytes: 0,
        readCount: 0,
        eventCount: 0,
        durationMs: null,
        ttftMs: null,
        worstSeverity: null,
        finishReasons: '[]',
        tags: JSON.stringify(normalizeTags(options.tags)),
      });
      const id = Number(info.lastInsertRowid);
      live.add(id);
      return id;
    },

    releaseRecording(id: number, error?: string) {
      live.delete(checkId(id));
      if (error !== undefined) statements.markInterrupted.run(error, id);
    },

    resumeRecording(id: number, options: BeginRecordingOptions) {
      live.add(checkId(id));
      const writer = createWriter(
        {
          db,
          busyTimeoutMs: BUSY_TIMEOUT_MS,
          statements,
          id,
          committed: (bytes) => checkpoints?.wrote(bytes),
          ticker,
          release: () => {
            checkpoints?.request();
            live.delete(id);
            writers.delete(writer);
            if (writers.size === 0) process.off('exit', onExit);
          },
        },
        options,
      );
      if (writers.size === 0) process.on('exit', onExit);
      writers.add(writer);
      return writer;
    },

    importRecording(recording, options = {}) {
      if (!recording || !Array.isArray(recording.reads)) throw new TypeError('importRecording needs a Recording');
      // Analysed before the transaction: the write lock is held only while writing.
      return importTransaction.immediate(recording, options, options.analysis ?? analyzeRecording(recording));
    },

    importRecordings(items) {
      if (!Array.isArray(items) || items.some((item) => !item || !Array.isArray(item.recording?.reads))) throw new TypeError('importRecordings needs a list of {recording, options}');
      const analyses = items.map(({ recording, options }) => options?.analysis ?? analyzeRecording(recording));
      // One transaction: every recording is stored, or none is.
      return db.transaction(() => items.map(({ recording, options }, i) => importTransaction(recording, options ?? {}, analyses[i]!))).immediate();
    },

    list(query: ListQuery = {}): ListResult {
      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number, 0 or more, not ${limit}`);
      if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`offset must be a whole number, 0 or more, not ${offset}`);
      const { page, count, params } = listStatements(db, listCache, query);
      return db.transaction(() => ({
        items: (page.all({ ...params, limit, offset }) as unknown[][]).map(summaryFromRow),
        total: count.get(params) as number,
      }))();
    },

    get(id) {
      const row = statements.selectRecording.get(checkId(id)) as unknown[] | undefined;
      return row ? recordingOf(row, readRowsOf(id)) : null;
    },

    withEvents(id) {
      checkId(id);
      return db.transaction(() => {
        const row = statements.selectRecording.get(id) as unknown[] | undefined;
        if (!row) return null;
        const rows = readRowsOf(id);
        return { recording: recordingOf(row, rows), events: loadEvents(statements, id, rows) };
      })();
    },

    packed(id, fromRead = 0, readLimit = Number.MAX_SAFE_INTEGER) {
      const row = statements.selectRecording.get(checkId(id)) as unknown[] | undefined;
      if (!row) return null;
      if (!Number.isInteger(fromRead) || fromRead < 0 || !Number.isInteger(readLimit) || readLimit < 1) throw new TypeError('packed takes a read index >= 0 and a limit >= 1');
      const { reads: _none, ...recording } = recordingFromRow(row, [], () => statements.selectReadTimes.all(id) as (number | null)[]);
      // Straight from the rows' buffers into one body: no byte array per read, no second copy.
      const rows = statements.selectReadRange.iterate(id, fromRead, readLimit) as IterableIterator<[number | null, Buffer]>;
      return { recording, fromRead, readCount: recording.summary.readCount, ...packReads(mapRows(rows, ([t, bytes]) => ({ t, bytes }))) };
    },

    events(id) {
      checkId(id);
      return db.transaction(() => (statements.exists.get(id) === undefined ? null : loadEvents(statements, id)))();
    },

    summary: summaryOf,

    rename(id, name) {
      return statements.rename.run(normalizeName(name), checkId(id)).changes > 0;
    },

    setTags(id, tags) {
      if (!Array.isArray(tags)) throw new TypeError('setTags takes an array of strings');
      return statements.setTags.run(JSON.stringify(normalizeTags(tags)), checkId(id)).changes > 0;
    },

    delete(id) {
      checkId(id);
      for (const writer of writers) if (writer.id === id) throw new Error(`recording ${id} is being recorded: finish it before deleting it`);
      return statements.delete.run(id).changes > 0;
    },

    close() {
      if (!db.open) return;
      for (const writer of [...writers]) writer.abandon(CLOSED_ERROR);
      closeCheckRuns();
      closeClientRuns();
      checkpoints?.close();
      db.close();
    },
  };
  return store;
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id)) throw new TypeError(`a recording id is an integer, not ${String(id)}`);
  return id;
}
