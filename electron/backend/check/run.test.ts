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
import { cleanBody, tempDbPath } from '../store/test-support.ts';
import { runChecks } from './run.ts';
import type { CheckResult } from './run.ts';

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
      const run = await runChecks({ baseUrl: simulator.url, checks: EVERY, model: modelOf, store, runId: 7 });
      expect(run.results.map(({ id, status }) => [id, status])).toEqual(EVERY.map((check) => [check.id, 'pass']));
      expect(run.unreachable).toBe(false);
      const items = store.list({ limit: 100 }).items;
      expect(items.map((item) => item.name).sort()).toEqual(EVERY.map((check) => `check ${check.id}`).sort());
      expect(new Set(items.map((item) => `${item.source} ${item.tags.join(',')}`))).toEqual(new Set(['check check-run:7']));
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

  it("fails the check under way when the run's total time passes, and skips those not yet sent", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runChecks({ baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, checks: [...only('chat.text'), ...only('chat.usage')], model: 'm', runTimeoutMs: 300 });
      expect(run.results.map(({ id, status, summary }) => [id, status, summary])).toEqual([
        ['chat.text', 'fail', "run-timed-out: The run's total time, 0.3 s, passed while it was under way: the request was cut."],
        ['chat.usage', 'skip', "Not sent: the run's total time, 0.3 s, had passed."],
      ]);
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

  it('skips every check of a dialect answered 404 when its checks go out at once: the first ones sent ask, the rest do not', async () => {
    let asked = 0;
    const chatOnly = createServer((_req, res) => {
      asked++;
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    });
    await new Promise<void>((resolve) => chatOnly.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runChecks({ baseUrl: `http://127.0.0.1:${(chatOnly.address() as AddressInfo).port}/v1`, checks: SERVER_BATTERIES.responses, model: 'm', concurrency: 3 });
      expect(asked).toBe(3);
      expect(run.results.map((result) => result.id)).toEqual(SERVER_BATTERIES.responses.map((check) => check.id));
      expect(new Set(run.results.map(({ status, summary }) => `${status}: ${summary}`))).toEqual(new Set(['skip: The server answers 404 for POST /v1/responses: it does not serve Responses API.']));
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

describe('concurrent', () => {
  it('sends N requests at once, reports each verdict as it finishes, and gives the results in battery order', async () => {
    // Holds both requests until both are in; answers the usage one first, the other once its verdict is reported.
    const held: { usage: boolean; answer: () => void }[] = [];
    let inFlight = 0;
    let most = 0;
    const server = createServer((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      res.on('finish', () => inFlight--);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const usage = 'stream_options' in (JSON.parse(body) as object);
        held.push({ usage, answer: () => res.writeHead(200, { 'content-type': 'text/event-stream' }).end(cleanBody(['Hi'], 'm')) });
        if (held.length === 2) held.find((request) => request.usage)!.answer();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const reported: string[] = [];
      const onResult = (result: CheckResult): void => {
        reported.push(result.id);
        if (result.id === 'chat.usage') held.find((request) => !request.usage)!.answer();
      };
      const checks = [...only('chat.text'), ...only('chat.usage')];
      const run = await runChecks({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, checks, model: 'm', concurrency: 2, onResult });
      expect(reported).toEqual(['chat.usage', 'chat.text']);
      expect(run.results.map((result) => result.id)).toEqual(['chat.text', 'chat.usage']);
      expect(most).toBe(2);
    } finally {
      server.close();
    }
  });

  it('refuses a concurrency that is not a whole number from 1 to 16', async () => {
    await expect(runChecks({ baseUrl: simulator.url, checks: only('chat.text'), model: 'm', concurrency: 0 })).rejects.toThrow('runChecks: concurrency is a whole number from 1 to 16, not 0');
    await expect(runChecks({ baseUrl: simulator.url, checks: only('chat.text'), model: 'm', concurrency: 17 })).rejects.toThrow('not 17');
  });
});
