// What a capture costs on disk (`npm run bench -- --only storage`, issue 31, "Storage"): the
// database of recordings made by the capture proxy (100 streams at once, one event a write, as
// bench/capture.ts relays them), by `record` (one fast stream) and by `import` (an .sse body and
// a timed .ssrec), each beside the body bytes it holds, as a ratio; where the bytes go, table by
// table (SQLite's dbstat); and how long a 100,000-event recording takes to open.
//
// A database is measured once its store is closed (the proxy stopped first): the file and any
// WAL left beside it, as a user finds them on disk.

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createStreamAnalyzer } from '../shared/index.ts';
import type { AnalyzedEvent, Recording } from '../shared/index.ts';
import { planRoutes } from '../shared/capture/routes.ts';
import { serializeSsrec } from '../shared/formats/ssrec.ts';
import { writeChunk } from '../electron/backend/http/write-chunk.ts';
import { importBytes } from '../electron/backend/import/index.ts';
import { startCaptureProxy } from '../electron/backend/proxy/index.ts';
import { recordStream } from '../electron/backend/recorder/record.ts';
import { openStore } from '../electron/backend/store/index.ts';
import type { Store } from '../electron/backend/store/index.ts';
import { nativeAddon } from '../electron/backend/store/native-addon.ts';
import { openAiStream, readsPerEvent } from './inputs.ts';
import type { Body } from './inputs.ts';
import { medianOfCalls } from './measure.ts';

/** The target: a capture's database at most this many times the body bytes it holds. */
const TARGET_RATIO = 1.3;
const OPEN_TARGET_MS = 1000;

export interface TableBytes {
  readonly name: string;
  readonly bytes: number;
  /** Bytes of its pages no cell uses. */
  readonly unused: number;
}

export interface StorageResult {
  readonly name: string;
  readonly recordings: number;
  readonly events: number;
  /** Of them, those whose fields are kept apart (event_fields). */
  readonly keptApart: number;
  readonly bodyBytes: number;
  /** The database file and its WAL, after the store closed. */
  readonly dbBytes: number;
  readonly ratio: number;
  readonly withinTarget: boolean;
  readonly tables: readonly TableBytes[];
}

export interface OpenResult {
  readonly events: number;
  /** `store.events(id)` and `store.get(id)`, median of 5, from a store opened afresh. */
  readonly eventsMs: number;
  readonly getMs: number;
  /** `store.withEvents(id)` (the API's getRecording: both, the reads read once), median of 5. */
  readonly withEventsMs: number;
  readonly withinTarget: boolean;
}

export interface StorageResults {
  readonly storage: StorageResult[];
  readonly open: OpenResult | null;
  readonly loadAverage: string;
}

const fileBytes = (path: string): number => (existsSync(path) ? statSync(path).size : 0);

/** Opens a fresh store in a temporary directory, runs `fill`, closes it and measures what it left. */
async function measure(name: string, fill: (store: Store) => Promise<void>): Promise<StorageResult> {
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-storage-'));
  const path = join(dir, 'storage.db');
  try {
    const store = openStore(path);
    try {
      await fill(store);
    } catch (error) {
      store.close();
      throw error;
    }
    const summaries = store.list({ limit: 1_000_000 }).items;
    store.close();
    const dbBytes = fileBytes(path) + fileBytes(`${path}-wal`);
    const db = new Database(path, { readonly: true, nativeBinding: nativeAddon() });
    const tables = (db.prepare('SELECT name, SUM(pgsize) AS bytes, SUM(unused) AS unused FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as TableBytes[]).map((row) => ({ ...row }));
    // Events whose fields the store keeps apart, the reads not giving them back (store/event-runs.ts); none before version 9.
    const hasFields = db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'event_fields'").pluck().get() === 1;
    const keptApart = hasFields ? (db.prepare('SELECT count(*) FROM event_fields').pluck().get() as number) : 0;
    db.close();
    const bodyBytes = summaries.reduce((sum, summary) => sum + summary.bytes, 0);
    const events = summaries.reduce((sum, summary) => sum + summary.eventCount, 0);
    const ratio = dbBytes / bodyBytes;
    return { name, recordings: summaries.length, events, keptApart, bodyBytes, dbBytes, ratio, withinTarget: ratio <= TARGET_RATIO, tables };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A loopback upstream answering every request with `body`, one event a write, `gapMs` apart (0: as fast as it takes them). */
async function startUpstream(body: Body, gapMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const reads = readsPerEvent(body);
  const sockets = new Set<Socket>();
  const server = createServer({ noDelay: true }, (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let i = 0;
      const write = (): void => {
        while (i < reads.length) {
          const more = writeChunk(res, reads[i++]!);
          if (gapMs > 0) return void setTimeout(write, gapMs);
          if (!more) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Reads one stream from `url` to its end; returns its bytes. */
function fetchStream(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'Store me.' }] });
    const req = request(`${url}/chat/completions`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: 'Bearer sk-bench-storage-0123456789abcdef' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('error', reject);
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** 100 streams of 300 events at once through the capture proxy, 10 ms between an upstream's writes. */
async function proxyCase(store: Store): Promise<void> {
  const body = openAiStream({ events: 300, seed: 31 });
  const upstream = await startUpstream(body, 10);
  const routing = planRoutes([{ url: upstream.url }]);
  if (!routing.ok) throw new Error(routing.error);
  const proxy = await startCaptureProxy({ routes: routing.routes, store });
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const got = await Promise.all(Array.from({ length: 100 }, () => fetchStream(proxy.bases[0]!.baseUrl, agent)));
    if (got.some((bytes) => bytes !== body.bytes.length)) throw new Error('a stream through the proxy arrived short');
    // The last recordings end on the recording thread after their clients have the body.
    const deadline = performance.now() + 10_000;
    while (proxy.exchanges.length < 100 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    agent.destroy();
    await proxy.close();
    await upstream.close();
  }
}

/** One stream of 20,000 events recorded as fast as the loopback upstream writes them. */
async function recordCase(store: Store): Promise<void> {
  const upstream = await startUpstream(openAiStream({ events: 20_000, seed: 32 }), 0);
  try {
    await recordStream({ url: `${upstream.url}/chat/completions`, headers: {}, body: { model: 'bench', messages: [] }, store });
  } finally {
    await upstream.close();
  }
}

/** The same 20,000-event body imported as an .sse file (untimed), and as a timed .ssrec.jsonl of one read an event. */
async function importCase(store: Store): Promise<void> {
  const body = openAiStream({ events: 20_000, seed: 33 });
  await importBytes(store, 'bench.sse', body.bytes);
  const recording: Recording = {
    source: 'live',
    startedAt: '2026-12-07T12:00:00.000Z',
    request: { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: {}, body: { model: 'bench', stream: true } },
    response: { t: 120, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } },
    reads: readsPerEvent(body).map((bytes, i) => ({ t: 150 + i * 20.125, bytes })),
    end: { t: 150 + 20_000 * 20.125, outcome: 'eof' },
  };
  await importBytes(store, 'bench.ssrec.jsonl', new TextEncoder().encode(serializeSsrec(recording)));
}

/** Writes a 100,000-event stream through the live writer, then opens it from a fresh store. */
function openCase(): OpenResult {
  const body = openAiStream({ events: 100_000, seed: 34 });
  const reads = readsPerEvent(body);
  const analyzed: AnalyzedEvent[] = [];
  const analyzer = createStreamAnalyzer({ onEvent: (event) => analyzed.push(event) });
  reads.forEach((bytes, index) => analyzer.feed(bytes, index * 0.1));
  analyzer.end();
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-open-'));
  const path = join(dir, 'open.db');
  let store = openStore(path);
  try {
    const writer = store.beginRecording({ startedAt: new Date().toISOString(), request: { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {}, body: {} } });
    let next = 0;
    reads.forEach((bytes, index) => {
      writer.read(index * 0.1, bytes);
      while (next < analyzed.length && analyzed[next]!.sse.read === index) writer.event(analyzed[next++]!);
    });
    writer.finish({ t: reads.length * 0.1, outcome: 'eof' });
    store.close();
    store = openStore(path);
    const events = store.events(writer.id)!.length;
    const eventsMs = medianOfCalls(() => store.events(writer.id));
    const getMs = medianOfCalls(() => store.get(writer.id));
    const withEventsMs = medianOfCalls(() => store.withEvents(writer.id));
    return { events, eventsMs, getMs, withEventsMs, withinTarget: eventsMs < OPEN_TARGET_MS && getMs < OPEN_TARGET_MS && withEventsMs < OPEN_TARGET_MS };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const CASES: readonly { readonly name: string; readonly fill: (store: Store) => Promise<void> }[] = [
  { name: 'storage: proxy', fill: proxyCase },
  { name: 'storage: record', fill: recordCase },
  { name: 'storage: import', fill: importCase },
];

/** Runs the selected storage cases and prints their tables. */
export async function runStorageBenchmarks(selected: (name: string) => boolean): Promise<StorageResults> {
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);
  const storage: StorageResult[] = [];
  for (const { name, fill } of CASES) {
    if (!selected(name)) continue;
    if (storage.length === 0) console.log(`\na capture's database beside its body (db + WAL once the store closed; load ${loadAverage})   target ≤ ${TARGET_RATIO}×`);
    const result = await measure(name, fill);
    storage.push(result);
    const where = result.tables
      .filter((table) => table.bytes >= 0.005 * result.bodyBytes)
      .map((table) => `${table.name} ${mb(table.bytes)} (${((table.bytes / result.bodyBytes) * 100).toFixed(1)}%, ${((table.unused / table.bytes) * 100).toFixed(0)}% unused)`)
      .join(', ');
    console.log(
      `${name.padEnd(18)} ${String(result.recordings).padStart(4)} recordings ${result.events.toLocaleString('en-US').padStart(8)} events  body ${mb(result.bodyBytes)} MB  db ${mb(result.dbBytes)} MB = ${result.ratio.toFixed(3)}×  ${result.withinTarget ? 'ok' : 'MISS'}`,
    );
    console.log(`${' '.repeat(19)}${where}; events kept apart: ${result.keptApart}`);
  }
  let open: OpenResult | null = null;
  if (selected('storage: open 100k')) {
    open = openCase();
    console.log(`\nstorage: open 100k: ${open.events.toLocaleString('en-US')} events: store.events ${open.eventsMs.toFixed(0)} ms, store.get ${open.getMs.toFixed(0)} ms, both at once (store.withEvents, the API's getRecording) ${open.withEventsMs.toFixed(0)} ms (medians of 5)   target < ${OPEN_TARGET_MS} ms: ${open.withinTarget ? 'ok' : 'MISS'}`);
  }
  return { storage, open, loadAverage };
}
