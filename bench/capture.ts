// The capture proxy's relay cost (`npm run bench`, issue 18, "Benchmark"): the per-read delay a
// client sees, client read time − upstream write time, with no proxy (direct), through
// Streamscope's capture proxy (`startCaptureProxy`, recording every stream into a store, as in real
// use) and through Debian's nginx with `proxy_buffering off` (the reverse proxy people already put
// in front of model servers), at 50 events a second, for one stream and for 100 at once; and the
// CPU time each proxy spends per 1,000 events. Beside them, the same proxy with no store (the relay
// and the in-memory analysis without SQLite), which tells the storage's share apart.
//
// The upstream (a node:http server writing one event per chunk with writeChunk, each write stamped
// with performance.now() just before it) and the client (a raw node:http request stamping each
// read with performance.now() first thing in its data callback) run in this process, on one
// monotonic clock. Each proxy runs in a process of its own (bench/capture-proxy.ts), so that its
// CPU time (process.cpuUsage there) is its alone; nginx is its own process (one worker, CPU time
// from /proc/PID/schedstat). A write's delay is the stamp of the read that delivered its last byte
// minus the write's stamp; p50/p99/max over every write of every stream. The paths run in turn
// (direct, proxy, proxy without a store, nginx, then again), the same bytes on the same schedule,
// and the client checks that every stream arrived byte for byte.
//
// Diagnostics: STREAMSCOPE_BENCH_PROXY_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the proxy
// processes; STREAMSCOPE_BENCH_RELAY_DUMP=DIR writes every write's delay, run by run, as CSV.

import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from '../shared/index.ts';
import { writeChunk } from '../electron/backend/http/write-chunk.ts';
import { NGINX, startNginx } from '../electron/backend/http/nginx.ts';
import type { ProxyReady, ProxyUsage } from './capture-proxy.ts';
import type { Body } from './inputs.ts';
import { openAiStream, readsPerEvent } from './inputs.ts';
import { collect, median } from './measure.ts';

const RATE = 50;
/** The order the per-thread CPU is printed in (ProxyUsage.threads). */
const THREAD_ORDER = ['relay', 'recording', 'v8', 'other'];
/** A key in every request, as an SDK sends one: the proxy keeps it to mask wherever the upstream echoes it (it never does here). */
const KEY = 'sk-bench-0123456789abcdefghijklmnopqrstuvwxyz';
const GAP_MS = 1000 / RATE;
/** p99 of the delay the proxy adds for one stream, in ms. */
const TARGET_ONE_STREAM_P99_MS = 1;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface DelayStats {
  /** Writes measured (events × streams × rounds). */
  readonly writes: number;
  /** Reads the client made for them (fewer than writes: some events came together). */
  readonly reads: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Each round's own p99, in the order they ran: how much the machine moved the tail from one round to the next. */
  readonly roundsP99Ms: readonly number[];
}

export interface Spread {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** The capture proxy's own clock, from its recordings (capture.relay): where its share of the delay is spent. */
export interface RelayClock {
  /** Per upstream read: write to the client issued − read arrived (the recording and analysis done before the write). */
  readonly held: Spread;
  /** Per write: the socket took it (the write's callback) − issued. */
  readonly socket: Spread;
}

export interface ProxiedStats extends DelayStats {
  /** CPU time (user + system) of the proxy's process per 1,000 events relayed, in ms; whole runs, stream set-up and end included. */
  readonly cpuMsPer1000Events: number;
  /** The capture proxy's relay thread's share of it (the thread the reads wait for; process.threadCpuUsage); null for nginx, or where Node lacks it. */
  readonly relayThreadCpuMsPer1000Events: number | null;
  /** The same per kind of thread (relay, recording, v8: V8's helpers, other), from /proc; null for nginx or where /proc is missing. */
  readonly threadsCpuMsPer1000Events: Readonly<Record<string, number>> | null;
  /** The capture proxy's own clock (from its stored recordings); null for nginx and for the proxy without a store. */
  readonly clock: RelayClock | null;
}

export interface Ratios {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface CaptureRelayResult {
  readonly name: string;
  readonly description: string;
  readonly streams: number;
  readonly eventsPerStream: number;
  readonly eventsPerSecond: number;
  /** Times each path ran (in turn: direct, proxy, proxy without a store, nginx, direct, …); the statistics pool them. */
  readonly rounds: number;
  readonly direct: DelayStats;
  /** Streamscope's capture proxy, recording every stream into a store (real use). */
  readonly proxy: ProxiedStats;
  /** The same proxy with no store: the relay and the in-memory analysis without SQLite (where the recording's storage cost shows). */
  readonly proxyNoStore: ProxiedStats;
  /** null when nginx is not installed (see `nginxNote`). */
  readonly nginx: ProxiedStats | null;
  readonly nginxNote: string | null;
  /** proxy ÷ nginx (below 1: the proxy adds less than nginx). */
  readonly proxyToNginx: Ratios | null;
  /** The relay's tail beside nginx's: the median of the proxy's rounds' p99 ÷ the median of nginx's (rounds interleaved); null without nginx. */
  readonly tailToNginx: number | null;
  /** CPU per event, every thread of the proxy ÷ nginx's worker; null without nginx. */
  readonly cpuToNginx: number | null;
  /** proxy ÷ direct and nginx ÷ direct: how many times the direct delay each path's is. */
  readonly proxyToDirect: Ratios;
  readonly proxyNoStoreToDirect: Ratios;
  readonly nginxToDirect: Ratios | null;
  readonly target: string;
  /** null when the target cannot be judged (nginx missing for the 100-stream case). */
  readonly withinTarget: boolean | null;
  /** The machine's 1-minute load average when the case started. */
  readonly loadAverage: number;
}

interface Case {
  readonly name: string;
  readonly streams: number;
  readonly events: number;
  readonly rounds: number;
}

const CASES: readonly Case[] = [
  { name: 'capture relay 1 stream', streams: 1, events: 500, rounds: 2 },
  // Three rounds: on a shared machine one round's tail can be another's tenth (nginx's p99 ranged 0.6–13 ms from one run to the next).
  { name: 'capture relay 100 streams', streams: 100, events: 500, rounds: 3 },
];

// ---------------------------------------------------------------- the upstream

interface Plan {
  readonly run: string;
  readonly reads: readonly Uint8Array[];
  readonly gapMs: number;
  readonly streams: number;
  /** When the first event of stream 0 is due; stream k's is k × gap / streams later (the streams' writes spread over the gap). */
  readonly epoch: number;
  /** Each stream's write stamps, filled as it writes. */
  readonly writes: Float64Array[];
}

interface Upstream {
  readonly url: string;
  plan: Plan | null;
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  const sockets = new Set<Socket>();
  const upstream: Upstream = {
    url: '',
    plan: null,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer({ noDelay: true }, (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const plan = upstream.plan;
      const k = Number(req.headers['x-bench-stream']);
      if (!plan || req.headers['x-bench-run'] !== plan.run || !(k >= 0 && k < plan.streams)) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such stream"}');
        return;
      }
      res.socket?.setNoDelay(true);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      const stamps = plan.writes[k]!;
      const start = Math.max(plan.epoch + (k * plan.gapMs) / plan.streams, performance.now() + 1);
      let i = 0;
      const write = (): void => {
        stamps[i] = performance.now();
        writeChunk(res, plan.reads[i]!);
        if (++i === plan.reads.length) res.end();
        else schedule();
      };
      const schedule = (): void => {
        const wait = start + i * plan.gapMs - performance.now();
        if (wait > 0) setTimeout(write, wait);
        else write();
      };
      schedule();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (upstream as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return upstream;
}

// ---------------------------------------------------------------- the client

interface Received {
  /** Each read's stamp and the body offset just after it. */
  readonly times: number[];
  readonly ends: number[];
  readonly bytes: Buffer;
}

function receive(url: string, agent: Agent, run: string, k: number): Promise<Received> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'Relay me.' }] });
    const times: number[] = [];
    const ends: number[] = [];
    const chunks: Buffer[] = [];
    let at = 0;
    const req = request(
      `${url}/chat/completions`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${KEY}`, 'x-bench-run': run, 'x-bench-stream': String(k) } },
      (res) => {
        res.on('data', (bytes: Buffer) => {
          const t = performance.now();
          times.push(t);
          at += bytes.length;
          ends.push(at);
          chunks.push(bytes);
        });
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          if (res.statusCode !== 200) reject(new Error(`stream ${k} through ${url}: status ${res.statusCode}: ${bytes.toString('utf8').slice(0, 300)}`));
          else resolve({ times, ends, bytes });
        });
      },
    );
    req.on('error', reject);
    req.setNoDelay(true);
    req.end(payload);
  });
}

const bodies = new Map<number, Body>();
const bodyOf = (events: number): Body => {
  let body = bodies.get(events);
  if (!body) bodies.set(events, (body = openAiStream({ events, seed: 18 })));
  return body;
};

let runs = 0;

/** One run: `streams` streams of `events` events through `url`, `gapMs` apart. Returns every write's delay, and the reads. */
async function runStreams(upstream: Upstream, url: string, streams: number, events: number, gapMs: number): Promise<{ delays: number[]; reads: number }> {
  const body = bodyOf(events);
  const reads = readsPerEvent(body);
  const plan: Plan = {
    run: `run-${++runs}`,
    reads,
    gapMs,
    streams,
    // Time for every request to reach the upstream (through a proxy that begins a recording for each) before the first write is due.
    epoch: performance.now() + 50 + 3 * streams,
    writes: Array.from({ length: streams }, () => new Float64Array(events)),
  };
  upstream.plan = plan;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const received = await Promise.all(Array.from({ length: streams }, (_, k) => receive(url, agent, plan.run, k)));
    const delays: number[] = [];
    // STREAMSCOPE_BENCH_RELAY_DUMP=DIR writes each run's delays (stream, event, write time since the epoch, delay; ms) to DIR/run-N-PORT.csv.
    const dump = process.env.STREAMSCOPE_BENCH_RELAY_DUMP;
    const lines: string[] = [];
    let readCount = 0;
    received.forEach((got, k) => {
      if (Buffer.compare(got.bytes, body.bytes) !== 0) throw new Error(`stream ${k} through ${url}: the client got ${got.bytes.length} bytes, not the ${body.bytes.length} sent`);
      readCount += got.times.length;
      const stamps = plan.writes[k]!;
      let read = 0;
      body.eventEnds.forEach((end, i) => {
        while (got.ends[read]! < end) read++;
        const delay = got.times[read]! - stamps[i]!;
        delays.push(delay);
        if (dump) lines.push(`${k},${i},${(stamps[i]! - plan.epoch).toFixed(3)},${delay.toFixed(3)}`);
      });
    });
    if (dump) writeFileSync(join(dump, `${plan.run}-${new URL(url).port}.csv`), lines.join('\n') + '\n');
    return { delays, reads: readCount };
  } finally {
    upstream.plan = null;
    agent.destroy();
  }
}

function spread(values: number[]): Spread {
  values.sort((a, b) => a - b);
  return { p50Ms: percentile(values, 50) ?? NaN, p99Ms: percentile(values, 99) ?? NaN, maxMs: values.at(-1) ?? NaN };
}

function stats(delays: number[], reads: number, roundsP99Ms: readonly number[]): DelayStats {
  return { writes: delays.length, reads, ...spread(delays), roundsP99Ms };
}

// ---------------------------------------------------------------- the proxies

interface ProxyProcess {
  readonly url: string;
  usage(): Promise<ProxyUsage>;
  close(): Promise<void>;
}

async function startProxyProcess(upstreamUrl: string, withStore: boolean): Promise<ProxyProcess> {
  const execArgv = process.env.STREAMSCOPE_BENCH_PROXY_NODE_ARGS?.split(' ').filter((arg) => arg !== '') ?? [];
  const child = fork(join(root, 'bin', 'run-ts.mjs'), [join(root, 'bench', 'capture-proxy.ts'), upstreamUrl, ...(withStore ? [] : ['--no-store'])], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const kill = (): void => void child.kill();
  process.once('exit', kill);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<ProxyReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ProxyReady));
    child.once('exit', (code) => reject(new Error(`the proxy process exited (${code}) before it listened`)));
  });
  return {
    url: ready.baseUrl,
    usage: () =>
      new Promise<ProxyUsage>((resolve) => {
        child.once('message', (message) => resolve(message as ProxyUsage));
        child.send('usage');
      }),
    async close() {
      child.send('close');
      const timer = setTimeout(kill, 5000);
      await exited;
      clearTimeout(timer);
      process.off('exit', kill);
    },
  };
}

interface Nginx {
  readonly url: string;
  /** CPU time of the worker process so far, in ms (/proc/PID/schedstat). */
  cpuMs(): number;
  close(): Promise<void>;
}

/** Debian's nginx in front of the upstream, as people put it in front of a model server that streams: `proxy_buffering off`, HTTP/1.1 to the upstream, one worker. */
async function startBenchNginx(upstreamUrl: string): Promise<Nginx> {
  const nginx = await startNginx([
    { upstream: `http://${new URL(upstreamUrl).host}`, directives: "proxy_http_version 1.1; proxy_set_header Connection ''; proxy_buffering off; proxy_cache off;" },
  ]);
  return { url: `http://127.0.0.1:${nginx.ports[0]}/v1`, cpuMs: nginx.workerCpuMs, close: nginx.stop };
}

// ---------------------------------------------------------------- a case

const cpuMsOf = (usage: Pick<ProxyUsage, 'cpu'>): number => (usage.cpu.user + usage.cpu.system) / 1000;
const ratios = (a: DelayStats, b: DelayStats): Ratios => ({ p50: a.p50Ms / b.p50Ms, p99: a.p99Ms / b.p99Ms, max: a.maxMs / b.maxMs });
const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Paths {
  readonly upstream: Upstream;
  readonly proxy: ProxyProcess;
  readonly proxyNoStore: ProxyProcess;
  readonly nginx: Nginx | null;
}

interface Pool {
  delays: number[];
  reads: number;
  cpuMs: number;
  /** The relay thread's share of cpuMs; null when the proxy cannot tell it (nginx, a Node without process.threadCpuUsage). */
  relayCpuMs: number | null;
  /** CPU ms per kind of thread (ProxyUsage.threads). */
  threads: Record<string, number>;
  held: number[];
  socket: number[];
  roundsP99: number[];
}

async function relayCase(testCase: Case, paths: Paths): Promise<CaptureRelayResult> {
  const loadAverage = loadavg()[0]!;
  const pool = (): Pool => ({ delays: [], reads: 0, cpuMs: 0, relayCpuMs: null, threads: {}, held: [], socket: [], roundsP99: [] });
  const pooled = { direct: pool(), proxy: pool(), proxyNoStore: pool(), nginx: pool() };
  const { upstream } = paths;
  const run = async (into: Pool, url: string): Promise<void> => {
    const { delays, reads } = await runStreams(upstream, url, testCase.streams, testCase.events, GAP_MS);
    for (const delay of delays) into.delays.push(delay);
    into.reads += reads;
    into.roundsP99.push(spread(delays).p99Ms);
  };
  const viaProxy = async (into: Pool, proxy: ProxyProcess, stored: boolean): Promise<void> => {
    const before = await proxy.usage();
    await run(into, proxy.url);
    // The proxy ends each recording after the client's last byte (its analysis, the store): its CPU
    // time counts, so the run waits for every end (asked again every 300 ms, for 20 s at most).
    const asked: ProxyUsage[] = [];
    for (let waited = 0; waited < 20_000; waited += 300) {
      await settle(300);
      asked.push(await proxy.usage());
      if (asked.reduce((ended, usage) => ended + usage.exchanges.length, 0) >= testCase.streams) break;
    }
    const after = asked.at(-1)!;
    const exchanges = asked.flatMap((usage) => usage.exchanges);
    const whole = exchanges.filter((exchange) => exchange.outcome === 'eof' && exchange.events === testCase.events && (exchange.recording !== null) === stored);
    if (whole.length !== testCase.streams) {
      throw new Error(`the proxy${stored ? '' : ' (no store)'} ${stored ? 'recorded' : 'analysed'} ${whole.length} of ${testCase.streams} streams whole: ${JSON.stringify(exchanges.filter((exchange) => !whole.includes(exchange)).slice(0, 3))}`);
    }
    into.cpuMs += cpuMsOf(after) - cpuMsOf(before);
    if (after.relayThreadCpu && before.relayThreadCpu) into.relayCpuMs = (into.relayCpuMs ?? 0) + cpuMsOf({ cpu: after.relayThreadCpu }) - cpuMsOf({ cpu: before.relayThreadCpu });
    // A recording thread started during the run had no CPU before it.
    for (const [kind, us] of Object.entries(after.threads)) into.threads[kind] = (into.threads[kind] ?? 0) + (us - (before.threads[kind] ?? 0)) / 1000;
    for (const usage of asked) {
      for (const held of usage.held) into.held.push(held);
      for (const socket of usage.socket) into.socket.push(socket);
    }
  };
  for (let round = 0; round < testCase.rounds; round++) {
    collect();
    await run(pooled.direct, upstream.url);
    collect();
    await viaProxy(pooled.proxy, paths.proxy, true);
    collect();
    await viaProxy(pooled.proxyNoStore, paths.proxyNoStore, false);
    if (paths.nginx) {
      collect();
      const from = paths.nginx.cpuMs();
      await run(pooled.nginx, paths.nginx.url);
      await settle(300);
      pooled.nginx.cpuMs += paths.nginx.cpuMs() - from;
    }
  }
  const events = testCase.streams * testCase.events * testCase.rounds;
  const proxied = (side: Pool, clock: boolean): ProxiedStats => ({
    ...stats(side.delays, side.reads, side.roundsP99),
    cpuMsPer1000Events: side.cpuMs / (events / 1000),
    relayThreadCpuMsPer1000Events: side.relayCpuMs === null ? null : side.relayCpuMs / (events / 1000),
    threadsCpuMsPer1000Events: Object.keys(side.threads).length === 0 ? null : Object.fromEntries(Object.entries(side.threads).map(([kind, ms]) => [kind, ms / (events / 1000)])),
    clock: clock ? { held: spread(side.held), socket: spread(side.socket) } : null,
  });
  const direct = stats(pooled.direct.delays, pooled.direct.reads, pooled.direct.roundsP99);
  const proxy = proxied(pooled.proxy, true);
  const proxyNoStore = proxied(pooled.proxyNoStore, false);
  const nginx = paths.nginx ? proxied(pooled.nginx, false) : null;
  const oneStream = testCase.streams === 1;
  const target = oneStream ? `proxy p99 < ${TARGET_ONE_STREAM_P99_MS} ms` : 'proxy p99 no worse than nginx';
  const withinTarget = oneStream ? proxy.p99Ms < TARGET_ONE_STREAM_P99_MS : nginx ? proxy.p99Ms <= nginx.p99Ms : null;
  return {
    name: testCase.name,
    description: `${oneStream ? 'one stream' : `${testCase.streams} concurrent streams`} of ${testCase.events} OpenAI chunk events (~${Math.round(bodyOf(testCase.events).bytes.length / testCase.events)} bytes each), ${RATE} events/s each, one chunk per event; ${testCase.rounds} round${testCase.rounds === 1 ? '' : 's'} of each path`,
    streams: testCase.streams,
    eventsPerStream: testCase.events,
    eventsPerSecond: RATE,
    rounds: testCase.rounds,
    direct,
    proxy,
    proxyNoStore,
    nginx,
    nginxNote: NGINX ? null : 'nginx is not installed (apt-get install nginx): its rows are empty',
    proxyToNginx: nginx ? ratios(proxy, nginx) : null,
    tailToNginx: nginx ? median(proxy.roundsP99Ms) / median(nginx.roundsP99Ms) : null,
    cpuToNginx: nginx ? proxy.cpuMsPer1000Events / nginx.cpuMsPer1000Events : null,
    proxyToDirect: ratios(proxy, direct),
    proxyNoStoreToDirect: ratios(proxyNoStore, direct),
    nginxToDirect: nginx ? ratios(nginx, direct) : null,
    target,
    withinTarget,
    loadAverage,
  };
}

/** Runs the selected relay cases and prints their table. */
export async function runCaptureBenchmarks(selected: (name: string) => boolean): Promise<CaptureRelayResult[]> {
  const cases = CASES.filter((testCase) => selected(testCase.name));
  if (cases.length === 0) return [];
  const fmt = (value: number, digits = 3): string => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  console.log(`\ncapture proxy relay cost at ${RATE} events/s: client read time - upstream write time per write (ms); CPU ms per 1,000 events`);
  if (!NGINX) console.log('nginx is not installed (apt-get install nginx): the nginx rows are skipped, and the 100-stream target cannot be judged');
  const upstream = await startUpstream();
  const started: { proxy?: ProxyProcess; proxyNoStore?: ProxyProcess; nginx?: Nginx } = {};
  const results: CaptureRelayResult[] = [];
  try {
    started.proxy = await startProxyProcess(upstream.url, true);
    started.proxyNoStore = await startProxyProcess(upstream.url, false);
    if (NGINX) started.nginx = await startBenchNginx(upstream.url);
    const paths: Paths = { upstream, proxy: started.proxy, proxyNoStore: started.proxyNoStore, nginx: started.nginx ?? null };
    // Warm-up, untimed: every path's code (the proxy's relay, recording and store) compiled before the runs.
    for (const url of [upstream.url, paths.proxy.url, paths.proxyNoStore.url, ...(paths.nginx ? [paths.nginx.url] : [])]) await runStreams(upstream, url, 20, 100, 2);
    await settle(300);
    await paths.proxy.usage();
    await paths.proxyNoStore.usage();
    console.log(`${'case'.padEnd(27)}${'path'.padEnd(16)}${'writes'.padStart(7)}${'reads'.padStart(7)}${'p50'.padStart(8)}${'p99'.padStart(9)}${'max'.padStart(9)}${'CPU/1k'.padStart(8)}   ratios, target`);
    for (const testCase of cases) {
      const result = await relayCase(testCase, paths);
      results.push(result);
      const x = (r: Ratios): string => `p50 ${fmt(r.p50, 2)}× p99 ${fmt(r.p99, 2)}× max ${fmt(r.max, 2)}×`;
      const row = (path: string, side: DelayStats, cpu: number | null, note: string): void =>
        console.log(
          `${(path === 'direct' ? result.name : '').padEnd(27)}${path.padEnd(16)}${String(side.writes).padStart(7)}${String(side.reads).padStart(7)}${fmt(side.p50Ms).padStart(8)}${fmt(side.p99Ms, 2).padStart(9)}${fmt(side.maxMs, 2).padStart(9)}${(cpu === null ? '' : fmt(cpu, 1)).padStart(8)}   ${note}`,
        );
      row('direct', result.direct, null, `(load average ${fmt(result.loadAverage, 1)})`);
      row('proxy', result.proxy, result.proxy.cpuMsPer1000Events, `÷ direct ${x(result.proxyToDirect)}`);
      row('proxy, no store', result.proxyNoStore, result.proxyNoStore.cpuMsPer1000Events, `÷ direct ${x(result.proxyNoStoreToDirect)}`);
      if (result.nginx) row('nginx', result.nginx, result.nginx.cpuMsPer1000Events, `÷ direct ${x(result.nginxToDirect!)}`);
      const relayShare = (side: ProxiedStats): string => (side.relayThreadCpuMsPer1000Events === null ? '?' : fmt(side.relayThreadCpuMsPer1000Events, 1));
      console.log(`${''.padEnd(27)}CPU/1k on the relay's thread (the rest: the recording thread, the store, V8's helpers): proxy ${relayShare(result.proxy)}, proxy, no store ${relayShare(result.proxyNoStore)}`);
      const perThread = (side: ProxiedStats): string =>
        side.threadsCpuMsPer1000Events === null
          ? '?'
          : Object.entries(side.threadsCpuMsPer1000Events)
              .sort(([a], [b]) => THREAD_ORDER.indexOf(a) - THREAD_ORDER.indexOf(b))
              .map(([kind, ms]) => `${kind} ${fmt(ms, 1)}`)
              .join(', ');
      console.log(`${''.padEnd(27)}CPU/1k per thread: proxy ${perThread(result.proxy)}; proxy, no store ${perThread(result.proxyNoStore)}`);
      if (result.cpuToNginx !== null) console.log(`${''.padEnd(27)}CPU per event, proxy ÷ nginx: ${fmt(result.cpuToNginx, 2)}×`);
      if (result.tailToNginx !== null && result.rounds > 1) console.log(`${''.padEnd(27)}the relay's tail beside nginx (median of the rounds' p99, proxy ÷ nginx): ${fmt(result.tailToNginx, 2)}×`);
      if (result.rounds > 1) {
        const rounds = (side: DelayStats): string => side.roundsP99Ms.map((p99) => fmt(p99, 2)).join(' / ');
        console.log(`${''.padEnd(27)}p99 round by round: direct ${rounds(result.direct)}; proxy ${rounds(result.proxy)}; proxy, no store ${rounds(result.proxyNoStore)}${result.nginx ? `; nginx ${rounds(result.nginx)}` : ''}`);
      }
      const clock = result.proxy.clock!;
      const spreadOf = (side: Spread): string => `${fmt(side.p50Ms)} / ${fmt(side.p99Ms)} / ${fmt(side.maxMs)}`;
      console.log(`${''.padEnd(27)}inside the proxy (p50 / p99 / max): read → write issued ${spreadOf(clock.held)}, issued → socket took it ${spreadOf(clock.socket)}`);
      console.log(
        `${''.padEnd(27)}${result.proxyToNginx ? `proxy ÷ nginx ${x(result.proxyToNginx)}; ` : ''}target ${result.target}: ${result.withinTarget === null ? 'not judged (no nginx)' : result.withinTarget ? 'ok' : 'MISS'}`,
      );
    }
  } finally {
    await started.proxy?.close();
    await started.proxyNoStore?.close();
    await started.nginx?.close();
    await upstream.close();
  }
  return results;
}
