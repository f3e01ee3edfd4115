// Recording benchmarks (`npm run bench`): capture fidelity of the recorder's
// per-read timestamps against the simulator's own write times, ingest speed
// into SQLite with the real schema, and memory while recording a 1 GB stream.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createStreamAnalyzer } from '../shared/index.ts';
import type { AnalyzedEvent } from '../shared/index.ts';
import { recordStream } from '../electron/backend/recorder/record.ts';
import { startSimulator } from '../electron/backend/simulator/index.ts';
import type { SimulatorWrite } from '../electron/backend/simulator/index.ts';
import { openStore } from '../electron/backend/store/index.ts';
import { openAiStream, readsPerEvent } from './inputs.ts';
import { medianOfCalls } from './measure.ts';
import { percentile } from '../shared/index.ts';

export interface CaptureResult {
  readonly rate: number;
  readonly events: number;
  readonly reads: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly withinTarget: boolean;
}

export interface IngestResult {
  readonly events: number;
  readonly reads: number;
  readonly bytes: number;
  readonly ms: number;
  readonly eventsPerSecond: number;
  readonly withinTarget: boolean;
  /** Closing the store right after `finish`: waiting for the checkpoint worker, then the last checkpoint (everything in the database file, no WAL left). */
  readonly closeMs: number;
  /** Loading the stored recording's events back (`store.events`), median of 5. */
  readonly loadEventsMs: number;
  /** Loading the whole recording back (`store.get`: reads, request, response), median of 5. */
  readonly loadRecordingMs: number;
}

export interface MemoryResult {
  readonly bytes: number;
  readonly ms: number;
  readonly peakRssMb: number;
  readonly peakHeapMb: number;
  readonly baselineRssMb: number;
}

const CAPTURE_TARGET_MS = 1;
/** Issue 31: at least the 240,000 a second of the writer that stored each event's data. */
const INGEST_TARGET = 240_000;

/**
 * Streams `events` content chunks at `rate` a second from the simulator (same process, loopback)
 * and compares the time of each write with the recorder's stamp of the read that delivered its
 * last byte, both on performance.now().
 */
export async function captureFidelity(rate: number, events: number): Promise<CaptureResult> {
  const writes: SimulatorWrite[] = [];
  const simulator = await startSimulator({ port: 0, timeScale: 1, onWrite: (write) => writes.push(write) });
  try {
    const origin = performance.now();
    const result = await recordStream({
      url: `${simulator.url}/chat/completions`,
      headers: {},
      body: { model: 'sim-text', messages: [{ role: 'user', content: 'hi' }], sim: { chunks: events, tps: rate, ttft_ms: 50, jitter: 0 }, stream_options: { include_obfuscation: false } },
      clockOrigin: origin,
    });
    const reads = result.recording.reads;
    // The read holding each write's last byte.
    const delays: number[] = [];
    let written = 0;
    let read = 0;
    let readEnd = reads[0]?.bytes.length ?? 0;
    for (const write of writes) {
      written += write.bytes;
      while (readEnd < written && read < reads.length - 1) readEnd += reads[++read]!.bytes.length;
      delays.push(origin + reads[read]!.t! - write.t);
    }
    delays.sort((a, b) => a - b);
    const p99 = percentile(delays, 99)!;
    return { rate, events: writes.length, reads: reads.length, p50Ms: percentile(delays, 50)!, p99Ms: p99, maxMs: delays.at(-1)!, withinTarget: p99 < CAPTURE_TARGET_MS };
  } finally {
    await simulator.close();
  }
}

/** Writes a 200,000-event stream's reads and events through the live writer, as the recorder does. */
export function ingest(events = 200_000): IngestResult {
  const body = openAiStream({ events, seed: 4 });
  const reads = readsPerEvent(body);
  const analyzed: AnalyzedEvent[] = [];
  const analyzer = createStreamAnalyzer({ onEvent: (event) => analyzed.push(event) });
  reads.forEach((bytes, index) => analyzer.feed(bytes, index * 0.1));
  analyzer.end();

  const dir = mkdtempSync(join(tmpdir(), 'streamscope-ingest-'));
  let store = openStore(join(dir, 'ingest.db'));
  try {
    const start = performance.now();
    const writer = store.beginRecording({ startedAt: new Date().toISOString(), request: { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {}, body: {} } });
    let next = 0;
    reads.forEach((bytes, index) => {
      writer.read(index * 0.1, bytes);
      while (next < analyzed.length && analyzed[next]!.sse.read === index) writer.event(analyzed[next++]!);
    });
    writer.finish({ t: reads.length * 0.1, outcome: 'eof' });
    const ms = performance.now() - start;
    const eventsPerSecond = (analyzed.length / ms) * 1000;
    // The pages a burst leaves in the WAL are copied into the database file after `finish`, on the checkpoint worker: closing at once shows how long that takes.
    const closing = performance.now();
    store.close();
    const closeMs = performance.now() - closing;
    store = openStore(join(dir, 'ingest.db'));
    const loadEventsMs = medianOfCalls(() => store.events(writer.id));
    const loadRecordingMs = medianOfCalls(() => store.get(writer.id));
    return { events: analyzed.length, reads: reads.length, bytes: body.bytes.length, ms, eventsPerSecond, withinTarget: eventsPerSecond > INGEST_TARGET, closeMs, loadEventsMs, loadRecordingMs };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Records a `gigabytes` GB stream of ~1 KB events from a loopback server as fast as it goes, into a real store, sampling memory. */
export async function recordLarge(gigabytes = 1): Promise<MemoryResult> {
  const total = gigabytes * 1e9;
  const event = `data: ${JSON.stringify({ id: 'chatcmpl-big', object: 'chat.completion.chunk', created: 1770000000, model: 'big', choices: [{ index: 0, delta: { content: 'x'.repeat(900) }, finish_reason: null }] })}\n\n`;
  const block = Buffer.from(event.repeat(Math.floor((1 << 20) / event.length)));
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let sent = 0;
    const pump = (): void => {
      while (sent < total) {
        sent += block.length;
        if (!res.write(block)) return void res.once('drain', pump);
      }
      res.end('data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-large-'));
  const store = openStore(join(dir, 'large.db'));
  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 50);
  try {
    const start = performance.now();
    const result = await recordStream({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`,
      headers: {},
      body: { model: 'big', messages: [] },
      store,
    });
    const ms = performance.now() - start;
    const bytes = store.summary(result.id!)!.bytes;
    const mb = (value: number): number => value / 1024 / 1024;
    return { bytes, ms, peakRssMb: mb(peakRss), peakHeapMb: mb(peakHeap), baselineRssMb: mb(baselineRss) };
  } finally {
    clearInterval(sampler);
    store.close();
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface RecordingResults {
  readonly capture: CaptureResult[];
  readonly ingest: IngestResult | null;
  readonly memory: MemoryResult | null;
}

/** Runs the selected recording benchmarks and prints their tables. */
export async function runRecordingBenchmarks(selected: (name: string) => boolean): Promise<RecordingResults> {
  const fmt = (value: number, digits = 2): string => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const capture: CaptureResult[] = [];
  for (const [rate, events] of [
    [100, 500],
    [5000, 10_000],
  ] as const) {
    if (!selected(`capture ${rate}/s`)) continue;
    if (capture.length === 0) console.log(`\ncapture fidelity: recorder stamp - simulator write time (loopback, one process)\n${'rate'.padEnd(16)}${'writes'.padStart(8)}${'reads'.padStart(8)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'max ms'.padStart(10)}   target p99 < ${CAPTURE_TARGET_MS} ms`);
    const result = await captureFidelity(rate, events);
    capture.push(result);
    console.log(`${`capture ${rate}/s`.padEnd(16)}${String(result.events).padStart(8)}${String(result.reads).padStart(8)}${fmt(result.p50Ms, 3).padStart(10)}${fmt(result.p99Ms, 3).padStart(10)}${fmt(result.maxMs, 3).padStart(10)}   ${result.withinTarget ? 'ok' : 'MISS'}`);
  }
  let ingestResult: IngestResult | null = null;
  if (selected('ingest')) {
    ingestResult = ingest();
    console.log(
      `\ningest into SQLite (real schema, live writer): ${ingestResult.events.toLocaleString('en-US')} events + ${ingestResult.reads.toLocaleString('en-US')} reads (${fmt(ingestResult.bytes / 1e6, 1)} MB) in ${fmt(ingestResult.ms, 0)} ms = ${fmt(ingestResult.eventsPerSecond, 0)} events/s   target > ${INGEST_TARGET.toLocaleString('en-US')}: ${ingestResult.withinTarget ? 'ok' : 'MISS'}`,
    );
    console.log(`close the store right after (the checkpoint worker's backlog, then the last checkpoint): ${fmt(ingestResult.closeMs, 0)} ms`);
    console.log(`load it back: events ${fmt(ingestResult.loadEventsMs, 0)} ms, whole recording (reads) ${fmt(ingestResult.loadRecordingMs, 0)} ms   target: well under 1 s`);
  }
  let memory: MemoryResult | null = null;
  if (selected('record 1 GB')) {
    memory = await recordLarge(1);
    console.log(
      `\nrecord 1 GB (loopback, as fast as it goes, into SQLite): ${fmt(memory.bytes / 1e9, 2)} GB in ${fmt(memory.ms / 1000, 1)} s; peak RSS ${fmt(memory.peakRssMb, 0)} MB (before: ${fmt(memory.baselineRssMb, 0)} MB), peak heap ${fmt(memory.peakHeapMb, 0)} MB`,
    );
  }
  return { capture, ingest: ingestResult, memory };
}
