// The capture proxy's memory with many large streams at once (issue 27, "Proxy memory"; issue 31,
// "Memory"): a case of `npm run bench` (`--only "proxy memory"`), or alone:
// `bin/with-node 24 node bin/run-ts.mjs bench/proxy-memory.ts [STREAMS] [EVENTS] [ROUNDS]`
// (default 300 streams of 2,000 OpenAI chunk events, 524,188 bytes each, 4 rounds). The proxy runs
// in a process of its own (bench/capture-proxy.ts, with a store, as in real use); a local upstream
// sends every stream at once as fast as the proxy reads it, and a client reads each to its end and
// checks it arrived whole. The proxy's RSS (/proc/PID/status, VmRSS: all its threads) is sampled
// every 20 ms: at rest before the first round, then per round its peak and what it holds once every
// recording has ended and the proxy has been idle for SETTLE_MS (past the recording thread's
// IDLE_EXIT_MS). The target (issue 31): peak ≤ 2 × the bytes in flight + 100 MB, and after three
// rounds within 10 % of the RSS at rest.

import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { IDLE_EXIT_MS } from '../electron/backend/proxy/recording-thread/thread.ts';
import type { ProxyEnded, ProxyReady } from './capture-proxy.ts';
import { openAiStream } from './inputs.ts';

export const PROXY_MEMORY_CASE = 'capture proxy memory, 300 streams of 524 KB';
const MIB = 1024 * 1024;
/** How long the proxy is left idle after a round before what it holds is read. */
const SETTLE_MS = IDLE_EXIT_MS + 3000;

export interface ProxyMemoryRound {
  readonly relayedS: number;
  readonly recordedS: number;
  readonly peakMiB: number;
  /** Right after its last recording ended. */
  readonly endedMiB: number;
  /** After SETTLE_MS idle. */
  readonly afterMiB: number;
  readonly truncated: number;
}

export interface ProxyMemoryResult {
  readonly name: string;
  readonly streams: number;
  readonly bodyBytes: number;
  /** Body bytes of the streams under way at once: streams × body. */
  readonly inFlightMiB: number;
  readonly restMiB: number;
  readonly rounds: readonly ProxyMemoryRound[];
  /** 2 × in flight + 100 MB, in MiB. */
  readonly peakTargetMiB: number;
  /** The highest peak over the target (≤ 1 meets it). */
  readonly peakRatio: number;
  /** After the third round (or the last) over the RSS at rest (≤ 1.1 meets it). */
  readonly afterRatio: number;
  readonly settleMs: number;
}

export async function measureProxyMemory(streams = 300, events = 2000, rounds = 4, log: (line: string) => void = console.log): Promise<ProxyMemoryResult> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const body = openAiStream({ events, seed: 27 });
  /** The upstream writes an event per write, as a model server does, until its socket pushes back. */
  const ends = body.eventEnds;

  const upstream = createServer({ noDelay: true }, (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const write = (): void => {
        while (i < ends.length) {
          const ok = res.write(body.bytes.subarray(i === 0 ? 0 : ends[i - 1]!, ends[i]!));
          i++;
          if (!ok) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;

  const child = fork(join(root, 'bin', 'run-ts.mjs'), [join(root, 'bench', 'capture-proxy.ts'), upstreamUrl], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<ProxyReady>((resolve) => child.once('message', (message) => resolve(message as ProxyReady)));
  const rssMiB = (): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${ready.pid}/status`, 'utf8'))![1]) / 1024;
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

  const agent = new Agent({ keepAlive: false, maxSockets: streams });
  function receive(): Promise<number> {
    return new Promise((resolve, reject) => {
      const payload = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'Relay me.' }] });
      const req = request(`${ready.baseUrl}/chat/completions`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: 'Bearer sk-bench-0123456789abcdefghijklmnopqrstuvwxyz' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => void (bytes += chunk.length));
        res.on('error', reject);
        res.on('end', () => (bytes === body.bytes.length ? resolve(bytes) : reject(new Error(`a stream arrived with ${bytes} of ${body.bytes.length} bytes`))));
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  const endedSince = (): Promise<ProxyEnded> =>
    new Promise((resolve) => {
      child.once('message', (message) => resolve(message as ProxyEnded));
      child.send('ended');
    });

  const inFlightMiB = (streams * body.bytes.length) / MIB;
  const peakTargetMiB = (2 * streams * body.bytes.length + 100e6) / MIB;
  // The proxy at rest, its recording thread not yet started.
  await sleep(1000);
  const restMiB = rssMiB();
  log(`${streams} streams of ${body.bytes.length.toLocaleString('en-US')} bytes (${inFlightMiB.toFixed(0)} MiB in flight per round), ${rounds} rounds; proxy RSS at rest ${restMiB.toFixed(0)} MiB; target: peak ≤ ${peakTargetMiB.toFixed(0)} MiB (2 × in flight + 100 MB), after 3 rounds ≤ ${(restMiB * 1.1).toFixed(0)} MiB (rest + 10 %)`);
  const results: ProxyMemoryRound[] = [];
  for (let round = 1; round <= rounds; round++) {
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 20);
    const started = performance.now();
    await Promise.all(Array.from({ length: streams }, receive));
    const relayed = performance.now() - started;
    // The recordings end after the client has its bytes: wait until every one has.
    let ended = 0;
    let truncated = 0;
    while (ended < streams) {
      const since = await endedSince();
      ended += since.exchanges.length;
      truncated += since.truncated;
      const broken = since.exchanges.filter((exchange) => exchange.outcome !== 'eof').length;
      if (broken > 0) throw new Error(`${broken} exchanges did not end eof`);
      if (ended < streams) await sleep(50);
    }
    const recorded = performance.now() - started;
    peak = Math.max(peak, rssMiB());
    const endedMiB = rssMiB();
    await sleep(SETTLE_MS);
    clearInterval(sampler);
    const afterMiB = rssMiB();
    results.push({ relayedS: relayed / 1000, recordedS: recorded / 1000, peakMiB: peak, endedMiB, afterMiB, truncated });
    log(`round ${round}: relayed in ${(relayed / 1000).toFixed(1)} s, recorded in ${(recorded / 1000).toFixed(1)} s; RSS peak ${peak.toFixed(0)} MiB (${(peak / peakTargetMiB).toFixed(2)}× the target), ${endedMiB.toFixed(0)} MiB as the last recording ended, ${afterMiB.toFixed(0)} MiB ${(SETTLE_MS / 1000).toFixed(0)} s later (${(afterMiB / restMiB).toFixed(2)}× at rest); ${truncated} of ${streams} recordings truncated`);
  }
  agent.destroy();
  child.send('close');
  await new Promise((resolve) => child.once('exit', resolve));
  upstream.close();
  const peakRatio = Math.max(...results.map((round) => round.peakMiB)) / peakTargetMiB;
  const afterRatio = results[Math.min(3, results.length) - 1]!.afterMiB / restMiB;
  log(`peak ${peakRatio.toFixed(2)}× the target (${peakRatio <= 1 ? 'met' : 'not met'}); after round ${Math.min(3, results.length)} ${afterRatio.toFixed(2)}× the RSS at rest (${afterRatio <= 1.1 ? 'met' : 'not met'}: ≤ 1.10×)`);
  return { name: PROXY_MEMORY_CASE, streams, bodyBytes: body.bytes.length, inFlightMiB, restMiB, rounds: results, peakTargetMiB, peakRatio, afterRatio, settleMs: SETTLE_MS };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [streams = 300, events = 2000, rounds = 4] = process.argv.slice(2).map(Number);
  await measureProxyMemory(streams, events, rounds);
}
