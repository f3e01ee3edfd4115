// The relay thread measures its own event-loop stalls per exchange (capture.relay.lag): a stall
// the test makes on purpose, while the simulator (in a process of its own, so that it goes on
// writing) streams through the proxy, is in the recording, and the burst it made is reported as
// the capture's (capture-lagged), not the upstream's (buffered-delivery).

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import { watchLoopLag } from './loop-lag.ts';
import { rawRequest, startTestProxy } from './test-support.ts';

/** Keeps this thread's event loop from turning for `ms`. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose: the loop is blocked as by CPU contention.
  }
}

const duration = ([from, to]: readonly [number, number]): number => to - from;

describe('watchLoopLag', () => {
  it('records a 100 ms stall as one episode on the watch’s clock, and nothing while the loop turns', async () => {
    const t0 = performance.now();
    const watch = watchLoopLag(t0);
    await sleep(60);
    const before = performance.now() - t0;
    block(100);
    await sleep(40);
    const episodes = watch.stop();
    expect(episodes).toHaveLength(1);
    expect(duration(episodes[0]!)).toBeGreaterThanOrEqual(85);
    expect(duration(episodes[0]!)).toBeLessThan(140);
    expect(episodes[0]![0]).toBeGreaterThanOrEqual(before - 10);
  });

  it('counts a stall under way when the watch stops (its last reads came in it), and none from before the watch began', () => {
    const early = watchLoopLag(performance.now());
    block(50);
    const late = watchLoopLag(performance.now());
    block(50);
    const all = early.stop();
    const part = late.stop();
    expect(all).toHaveLength(1);
    expect(duration(all[0]!)).toBeGreaterThanOrEqual(85);
    expect(part).toHaveLength(1);
    expect(part[0]![0]).toBe(0);
    expect(duration(part[0]!)).toBeGreaterThanOrEqual(45);
    expect(duration(part[0]!)).toBeLessThan(70);
  });
});

describe('a capture whose event loop is blocked mid-stream', () => {
  let simulator: ChildProcess;
  let simulatorUrl: string;
  beforeAll(async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    simulator = spawn(process.execPath, ['bin/streamscope', 'simulate', '--port', '0', '--time-scale', '1'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1' } });
    simulatorUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      simulator.stdout!.on('data', (data: Buffer) => {
        out += data.toString();
        const address = /on (http:\/\/\S+\/v1)/.exec(out);
        if (address) resolve(address[1]!);
      });
      simulator.once('exit', (code) => reject(new Error(`the simulator exited (${code}): ${out}`)));
    });
  }, 30_000);
  afterAll(() => void simulator.kill('SIGTERM'));

  // On a loaded machine the simulator's own process can be held too, and the catch-up then spreads over reads too slow for a burst (the CI run of 2026-12-07 saw no finding at all): the stall is made again, up to twice.
  it('stores the 300 ms stall, and the burst it made is capture-lagged, not buffered-delivery', { timeout: 30_000, retry: 2 }, async () => {
    const capture = await startTestProxy(simulatorUrl);
    try {
      // 100 token chunks 5 ms apart: the stall after the 10th read holds back some 60 of them.
      const request = { model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'hi' }], sim: { ttft_ms: 50, tps: 200, jitter: 0, chunks: 100, seed: 3 } };
      let reads = 0;
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/chat/completions`, { body: request, onRead: () => ++reads === 10 && block(300) });
      expect(answer.status).toBe(200);
      const exchange = await ended;
      const stored = capture.recording(exchange);
      const lag = stored.capture!.relay!.lag!;
      const stalls = lag.filter((episode) => duration(episode) >= 250);
      expect(stalls).toHaveLength(1);
      expect(duration(stalls[0]!)).toBeGreaterThanOrEqual(290);
      expect(duration(stalls[0]!)).toBeLessThan(400);
      // What the simulator wrote meanwhile waited in the kernel, and came as the stall ended: some 60 chunks within a few ms.
      const caughtUp = stored.reads.filter((read) => read.t! >= stalls[0]![1] - 5 && read.t! < stalls[0]![1] + 20);
      expect(caughtUp.length).toBeGreaterThanOrEqual(40);

      expect(exchange.findings.codes).toContain('capture-lagged');
      expect(exchange.findings.codes).not.toContain('buffered-delivery');
      // Without its lag episodes the same reads are buffered-delivery: the stall made the burst.
      const unmeasured: Recording = { ...stored, capture: { ...stored.capture!, relay: { ...stored.capture!.relay!, lag: [] } } };
      const codes = analyzeRecording(unmeasured).diagnostics.map((found) => found.code);
      expect(codes).toContain('buffered-delivery');
      expect(codes).not.toContain('capture-lagged');
    } finally {
      await capture.close();
    }
  });
});
