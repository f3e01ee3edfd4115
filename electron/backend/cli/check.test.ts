// `streamscope check` as a user runs it: against the built-in simulator every check of every
// dialect passes and exits 0; against a server with a defect the check made for it fails and the
// run exits 1; bad arguments and an endpoint nothing answers on exit 2, each said in one line.

import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../../shared/conformance/server/report.ts';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { main } from './main.ts';
import { captureOutput } from './output.ts';

const EVERY = PROTOCOLS.flatMap((protocol) => SERVER_BATTERIES[protocol]);

describe('streamscope check', () => {
  it('passes every check of every dialect against the simulator, prints the JSON report, and stores each recording', async () => {
    const db = tempDbPath();
    const out = captureOutput();
    expect(await main(['check', '--profile', 'simulator', '--json', '--db', db], out)).toBe(0);
    const report = JSON.parse(out.out) as CheckReport;
    expect(report.apis).toEqual(['chat', 'responses', 'messages', 'gemini', 'bedrock-converse']);
    expect(report.counts).toEqual({ pass: EVERY.length, warn: 0, fail: 0, skip: 0 });
    expect(report.checks.map(({ id, api, status }) => [id, api, status])).toEqual(EVERY.map((check) => [check.id, check.id.split('.')[0], 'pass']));
    const store = openStore(db);
    try {
      const stored = new Map(store.list({ limit: 100 }).items.map((item) => [item.id, item.name]));
      expect(report.checks.map((check) => stored.get(check.recordingId!))).toEqual(EVERY.map((check) => `check ${check.id}`));
    } finally {
      store.close();
    }
  });

  it('prints a line a check as it finishes, then the counts by dialect', async () => {
    const out = captureOutput();
    expect(await main(['check', '--profile', 'simulator', '--no-store', '--api', 'chat', '--only', 'chat.text,chat.usage'], out)).toBe(0);
    expect(out.out.split('\n').slice(1)).toEqual([
      'pass  chat.text                    All 14 rules held.',
      'pass  chat.usage                   All 15 rules held.',
      '',
      'api         pass  warn  fail  skip',
      'chat           2     0     0     0',
      'all            2     0     0     0',
      '',
    ]);
  });

  it('writes the run as one HTML page with --out', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'check-')), 'report.html');
    expect(await main(['check', '--profile', 'simulator', '--no-store', '--api', 'messages', '--out', file], captureOutput())).toBe(0);
    const page = readFileSync(file, 'utf8');
    expect(page).toContain('<tr><th scope="row">text</th><td><a href="#check-messages.text"><span class="st st-pass">pass</span></a></td></tr>');
    expect(page).toContain('<h2 id="check-messages.error">');
  });

  it('fails and exits 1 on a server whose stream lacks [DONE], naming the rule; --fail-on warning also fails a warning', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.end(chunk({ role: 'assistant', content: '' }, null) + chunk({ content: 'Rayleigh scattering.' }, null) + chunk({}, 'stop'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const out = captureOutput();
      expect(await main(['check', '--base-url', baseUrl, '--model', 'm', '--api', 'chat', '--only', 'chat.text', '--no-store', '--json'], out)).toBe(1);
      const report = JSON.parse(out.out) as CheckReport;
      expect(report.checks.map(({ status, summary }) => [status, summary.split(':')[0]])).toEqual([['fail', 'done-not-last']]);
      expect(report.target).toEqual({ baseUrl, model: 'm' });
      const noUsage = captureOutput();
      expect(await main(['check', '--base-url', baseUrl, '--model', 'm', '--only', 'chat.no-usage', '--no-store', '--json'], noUsage)).toBe(0);
      expect(await main(['check', '--base-url', baseUrl, '--model', 'm', '--only', 'chat.no-usage', '--no-store', '--json', '--fail-on', 'warning'], captureOutput())).toBe(0);
    } finally {
      server.close();
    }
  });

  it('exits 2 for an endpoint nothing answers on, and for bad arguments, each in one line', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = captureOutput();
    expect(await main(['check', '--base-url', `http://127.0.0.1:${port}/v1`, '--model', 'm', '--only', 'chat.text', '--no-store'], unreachable)).toBe(2);
    expect(unreachable.err).toMatch(new RegExp(`^streamscope check: could not reach http://127\\.0\\.0\\.1:${port}/v1: `));
    for (const [args, message] of [
      [['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--api', 'bedrock'], '--api takes "chat", "responses", "messages", "gemini" or "bedrock-converse", not "bedrock"'],
      [['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--only', 'chat.nope'], '--only: no check "chat.nope"'],
      [['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--fail-on', 'info'], '--fail-on takes "error" or "warning", not "info"'],
      [['--base-url', 'http://127.0.0.1:9/v1'], 'give --model M'],
      [['--base-url', 'ftp://example.com/v1', '--model', 'm'], '--base-url must be an http or https URL, not ftp://example.com/v1'],
      [['--base-url', 'not a url', '--model', 'm'], '--base-url must be an http or https URL, not not a url'],
    ] as const) {
      const out = captureOutput();
      expect(await main(['check', ...args, '--no-store'], out)).toBe(2);
      expect(out.err).toContain(message);
    }
  });

  it('goes to gateway mode with --gateway: its own options, its own report, exit 2 for a gateway nothing answers on', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const out = captureOutput();
    expect(await main(['check', '--gateway', `http://127.0.0.1:${port}/v1`, '--api', 'chat', '--only', 'text', '--no-store'], out)).toBe(2);
    expect(out.err).toMatch(new RegExp(`^streamscope check: could not reach the gateway http://127\\.0\\.0\\.1:${port}/v1: `));
    const help = captureOutput();
    expect(await main(['check', '--help'], help)).toBe(0);
    expect(help.out).toContain('Usage: streamscope check --gateway URL [options]');
  });
});
