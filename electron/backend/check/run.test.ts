// The server battery run against real HTTP servers: the simulator (a faithful server, whose
// every clean scenario passes, and whose defect scenarios fail the check made for them), a
// server that never answers, one that does not serve a dialect, and an address nothing listens
// on. Every exchange is a recording; in a store, each verdict names the one that proves it.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import type { ServerCheck } from '../../../shared/conformance/server/types.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import { simulatorModelOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { runChecks } from './run.ts';

const modelOf = (check: ServerCheck): string => simulatorModelOf(check.id);
const EVERY = PROTOCOLS.flatMap((protocol) => SERVER_BATTERIES[protocol]);
const only = (id: string): ServerCheck[] => EVERY.filter((check) => check.id === id);

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0 });
});
afterAll(() => simulator.close());

describe('against the simulator, a faithful server', () => {
  it("passes every check of every dialect's battery, each verdict naming its stored recording", async () => {
    const store = openStore(tempDbPath());
    try {
      const run = await runChecks({ baseUrl: simulator.url, checks: EVERY, model: modelOf, store });
      expect(run.results.map(({ id, status }) => [id, status])).toEqual(EVERY.map((check) => [check.id, 'pass']));
      expect(run.unreachable).toBe(false);
      const names = store.list({ limit: 100 }).items.map((item) => item.name);
      expect(names.sort()).toEqual(EVERY.map((check) => `check ${check.id}`).sort());
      expect(run.results.every((result) => typeof result.recordingId === 'number')).toBe(true);
    } finally {
      store.close();
    }
  });

  it('fails chat.text on the scenarios with the defects it exists for, naming the broken rule', async () => {
    const summaries: Record<string, string> = {};
    for (const model of ['sim-no-done', 'sim-no-finish-reason', 'sim-invalid-json', 'sim-stream-error']) {
      const [result] = (await runChecks({ baseUrl: simulator.url, checks: only('chat.text'), model })).results;
      summaries[model] = `${result!.status} ${result!.summary.split(':')[0]}`;
    }
    expect(summaries).toEqual({
      'sim-no-done': 'fail done-not-last',
      'sim-no-finish-reason': 'fail finish-not-once',
      'sim-invalid-json': 'fail invalid-json',
      'sim-stream-error': 'fail stream-error',
    });
  });
});

describe('bounded', () => {
  it('fails a check whose server never answers, after its time, and goes on', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = performance.now();
      const run = await runChecks({ baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, checks: only('chat.text'), model: 'm', timeoutMs: 300 });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(run.results.map(({ status, summary }) => [status, summary.split(':')[0]])).toEqual([['fail', 'check-timed-out']]);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('cuts a body past its size and fails the check', async () => {
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'x'.repeat(4000) } }] })}\n\n`;
      const write = (): void => {
        while (res.write(chunk));
        res.once('drain', write);
      };
      write();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runChecks({ baseUrl: `http://127.0.0.1:${(endless.address() as AddressInfo).port}/v1`, checks: only('chat.text'), model: 'm', maxBodyBytes: 200_000 });
      expect(run.results.map(({ status, summary }) => [status, summary])).toEqual([['fail', 'body-too-large: The body passed 200,000 bytes: the request was cut.']]);
    } finally {
      endless.closeAllConnections();
      endless.close();
    }
  });

  it('skips every check of a dialect the server answers 404 for, with the reason, after asking once', async () => {
    let asked = 0;
    const chatOnly = createServer((req, res) => {
      asked++;
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    });
    await new Promise<void>((resolve) => chatOnly.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runChecks({ baseUrl: `http://127.0.0.1:${(chatOnly.address() as AddressInfo).port}/v1`, checks: SERVER_BATTERIES.responses, model: 'm' });
      expect(asked).toBe(1);
      expect(new Set(run.results.map(({ status, summary }) => `${status}: ${summary}`))).toEqual(new Set(['skip: The server answers 404 for POST /v1/responses: it does not serve Responses API.']));
      expect(run.unreachable).toBe(false);
    } finally {
      chatOnly.close();
    }
  });

  it('says an address nothing listens on is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const run = await runChecks({ baseUrl: `http://127.0.0.1:${port}/v1`, checks: only('chat.text'), model: 'm' });
    expect(run.unreachable).toBe(true);
    expect(run.results[0]!.status).toBe('fail');
  });
});
