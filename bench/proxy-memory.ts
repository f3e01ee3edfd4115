// The capture proxy's memory with many large streams at once (issue 27, "Proxy memory"):
// `bin/with-node 24 node bin/run-ts.mjs bench/proxy-memory.ts [STREAMS] [EVENTS] [ROUNDS]`
// (default 300 streams of 2,000 OpenAI chunk events, ~516 KB each, 4 rounds). The proxy runs in a
// process of its own (bench/capture-proxy.ts, with a store, as in real use); a local upstream
// sends every stream at once as fast as the proxy reads it, and a client reads each to its end and
// checks it arrived whole. The proxy's RSS (/proc/PID/status, VmRSS: the relay's thread and the
// recording thread together) is sampled every 20 ms; per round: its peak, and what it holds after.

import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ProxyEnded, ProxyReady } from './capture-proxy.ts';
import { openAiStream } from './inputs.ts';

const [streams = 300, events = 2000, rounds = 4] = process.argv.slice(2).map(Number);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const body = openAiStream({ events, seed: 27 });
/** The upstream writes an event per write, as a model server does, until its socket pushes back. */
const ends = body.eventEnds;
const MB = 1024 * 1024;

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
const rssMb = (): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${ready.pid}/status`, 'utf8'))![1]) / 1024;

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

console.log(`${streams} streams of ${body.bytes.length.toLocaleString('en-US')} bytes (${((streams * body.bytes.length) / MB).toFixed(0)} MiB in flight per round), ${rounds} rounds; proxy RSS at rest ${rssMb().toFixed(0)} MiB`);
for (let round = 1; round <= rounds; round++) {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
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
    if (ended < streams) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const recorded = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  console.log(`round ${round}: relayed in ${(relayed / 1000).toFixed(1)} s, recorded in ${(recorded / 1000).toFixed(1)} s; RSS peak ${peak.toFixed(0)} MiB, after ${rssMb().toFixed(0)} MiB; ${truncated} recordings truncated`);
}
agent.destroy();
child.send('close');
await new Promise((resolve) => child.once('exit', resolve));
upstream.close();
