// `streamscope check --gateway` (check-gateway.ts), called as the command line calls it: through a
// faithful relay every scenario is unchanged and the exit is 0; through one that holds the head
// back the change is a warning (1 with --fail-on warning); a gateway nothing answers on is exit
// 2 in one line; bad arguments are the user's to fix.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay } from '../check/relay.test-support.ts';
import type { TestServer } from '../check/relay.test-support.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { gatewayCommand } from './check-gateway.ts';
import { CliError } from './errors.ts';
import { captureOutput } from './output.ts';

let simulator: Simulator;
let relay: TestServer;
let holding: TestServer;
beforeAll(async () => {
  [simulator, relay, holding] = await Promise.all([startSimulator({ port: 0, timeScale: 1 }), startRelay(), startRelay({ flushHead: false })]);
});
afterAll(async () => {
  await Promise.all([simulator.close(), relay.close(), holding.close()]);
});

async function gateway(...args: string[]) {
  const out = captureOutput();
  const code = await gatewayCommand(args, out);
  return { code, out: out.out, err: out.err };
}

describe('streamscope check --gateway', () => {
  it('prints exactly the report as JSON, each scenario naming its two stored recordings', async () => {
    const db = tempDbPath();
    const { code, out } = await gateway('--gateway', relay.url, '--gateway-header', 'x-relay-to: {upstream}', '--gateway-header', 'x-gateway-key: gw-secret-5678', '--api', 'chat', '--only', 'text,no-done', '--delay-ms', '2000', '--json', '--db', db);
    expect(code).toBe(0);
    const report = JSON.parse(out) as Record<string, unknown> & { scenarios: { id: string; api: string; direct: number; via: number; changes: unknown[] }[] };
    expect(Object.keys(report)).toEqual(['gateway', 'upstream', 'scenarios', 'counts']);
    expect(report.gateway).toBe(relay.url);
    expect(report.scenarios.map((scenario) => Object.keys(scenario))).toEqual([0, 1].map(() => ['id', 'api', 'direct', 'via', 'changes']));
    expect(report.scenarios.map(({ id, api, changes }) => [id, api, changes])).toEqual([['text', 'chat', []], ['no-done', 'chat', []]]);
    expect(report.counts).toEqual({ scenarios: 2, unchanged: 2, error: 0, warning: 0, info: 0 });
    expect(out).not.toContain('gw-secret-5678');
    const store = openStore(db);
    try {
      expect(report.scenarios.flatMap(({ direct, via }) => [store.get(direct)?.name, store.get(via)?.name])).toEqual(['gateway chat.text direct', 'gateway chat.text via', 'gateway chat.no-done direct', 'gateway chat.no-done via']);
    } finally {
      store.close();
    }
  }, 60_000);

  it('prints a line a scenario, then each change and the counts; a warning fails only with --fail-on warning', async () => {
    const args = ['--gateway', holding.url, '--gateway-header', 'x-relay-to: {upstream}', '--upstream', simulator.url, '--api', 'messages', '--only', 'text', '--delay-ms', '2000', '--no-store'];
    const { code, out } = await gateway(...args);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toBe(`check --gateway ${holding.url}  upstream ${simulator.url}`);
    expect(lines[1]).toBe('warning messages.text              head-held');
    expect(lines.slice(2, 4)).toEqual(['', 'scenario                   severity change          what']);
    expect(lines[4]).toMatch(/^messages\.text {13} warning {2}head-held {7}The upstream's head came at /);
    expect(lines.slice(5)).toEqual(['', '1 scenario, 0 unchanged; changes: 0 error, 1 warning, 0 info', '']);
    expect((await gateway(...args, '--fail-on', 'warning')).code).toBe(1);
  }, 60_000);

  it('exits 2 for a gateway nothing answers on, in one line', async () => {
    const closed = await startRelay();
    await closed.close();
    const { code, err } = await gateway('--gateway', closed.url, '--upstream', simulator.url, '--only', 'text', '--no-store');
    expect(code).toBe(2);
    expect(err.split('\n')).toEqual([expect.stringMatching(new RegExp(`^streamscope check: could not reach the gateway ${closed.url.replaceAll('.', '\\.')}: `)), '']);
  }, 30_000);

  it('refuses bad arguments, each in words', async () => {
    await expect(gateway('--only', 'text')).rejects.toThrow(new CliError('give --gateway URL (see --help)'));
    await expect(gateway('--gateway', 'ftp://x')).rejects.toThrow(new CliError('--gateway must be an http or https URL, not ftp://x'));
    await expect(gateway('--gateway', relay.url, '--only', 'text,nope')).rejects.toThrow(/^--only: no scenario "nope" \(the scenarios: text, tool-call, keep-alive, crlf, buffered, connection-drop, stream-error, no-done\)$/);
    await expect(gateway('--gateway', relay.url, '--gateway-header', 'no colon')).rejects.toThrow(/^--gateway-header takes 'NAME: VALUE'/);
    await expect(gateway('--gateway', relay.url, '--api', 'bedrock')).rejects.toThrow(/^--api takes /);
    await expect(gateway('--gateway', relay.url, '--fail-on', 'info')).rejects.toThrow('--fail-on takes "error" or "warning", not "info"');
  });
});
