// `streamscope check` proved on a real buffering proxy (issue 29, "Real servers to prove it on"):
// Debian's nginx in front of the simulator, which paces its answer as a model does (time scale 1:
// the first token after about 450 ms, then 60 a second). With `proxy_buffering on` and buffers
// that hold the whole answer, nginx sends it on in one go once the simulator has finished, and
// each text check fails on the buffered-delivery rule; with `proxy_buffering off` every event
// passes as it is made and the same checks pass; in gateway mode, nginx shows as what it changed.
// The nginx start-up is electron/backend/http/
// nginx.ts's, as for the recorder's nginx test (../recorder/nginx.test.ts).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesOf } from '../../../shared/conformance/server/judge.ts';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import { NGINX, startNginx } from '../http/nginx.ts';
import type { Nginx } from '../http/nginx.ts';
import { simulatorModelOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { installed } from '../system-tools.ts';
import { runGatewayCheck } from './gateway.ts';
import type { GatewayRun } from './gateway.ts';
import { LOADED_MACHINE_MS } from './relay.test-support.ts';
import { runChecks } from './run.ts';
import type { CheckResult } from './run.ts';

const HAS_NGINX = installed(NGINX, 'nginx', 'check/nginx.test.ts');

/** Each dialect's plain text check: one streamed answer of about sixty token events. */
const TEXT_CHECKS = ['chat.text', 'responses.text', 'messages.text'];
const CHECKS = PROTOCOLS.flatMap((protocol) => SERVER_BATTERIES[protocol]).filter((check) => TEXT_CHECKS.includes(check.id));

/**
 * Buffers far larger than an answer (a few KB to 20 KB): nginx holds all of it until the
 * simulator ends the body, then sends it on at once. (With its default 4–8 KB buffers, it would
 * pass the answer on one full buffer at a time.)
 */
const BUFFERING = 'proxy_buffering on; proxy_buffer_size 64k; proxy_buffers 8 64k; proxy_busy_buffers_size 128k;';

describe.skipIf(!HAS_NGINX)('streamscope check behind a real nginx', () => {
  let simulator: Simulator;
  let nginx: Nginx | undefined;
  let ports: Record<'buffered' | 'unbuffered', number>;

  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, timeScale: 1 });
    const upstream = `http://${new URL(simulator.url).host}`;
    nginx = await startNginx([
      { upstream, directives: BUFFERING },
      { upstream, directives: 'proxy_buffering off;' },
    ]);
    const [buffered, unbuffered] = nginx.ports as [number, number];
    ports = { buffered, unbuffered };
  }, 20_000);

  afterAll(async () => {
    await nginx?.stop();
    await simulator?.close();
  });

  /** Each text check through the nginx on `port`, the three at once (each is its own stream, about 1.5 s long). */
  const checkThrough = async (port: number): Promise<CheckResult[]> => {
    const runs = await Promise.all(CHECKS.map((check) => runChecks({ baseUrl: `http://127.0.0.1:${port}/v1`, checks: [check], model: simulatorModelOf(check.id) })));
    return runs.flatMap((run) => run.results);
  };
  /** Each verdict, its summary's rule, and its errors: the broken failing rules (the diagnostics under them are warnings and notes here). */
  const verdicts = (results: readonly CheckResult[]) =>
    results.map(({ id, status, summary, findings }) => [id, status, summary.split(':')[0], findings.filter((found) => found.severity === 'error').map((found) => found.code)]);

  it('has all three text checks', () => {
    expect(CHECKS.map((check) => check.id)).toEqual(TEXT_CHECKS);
  });

  it('fails each text check on buffered-delivery through nginx with proxy_buffering on', async () => {
    const results = await checkThrough(ports.buffered);
    expect(verdicts(results), nginx!.errors()).toEqual(TEXT_CHECKS.map((id) => [id, 'fail', 'buffered-delivery', ['buffered-delivery']]));
    for (const result of results) expect(result.summary).toMatch(/^buffered-delivery: Events arrive as they are made, not held back and sent together\. (\d+) of \1 token events arrived in one burst at \d+ ms, after \d+ ms of silence/);
  }, 20_000);

  it('passes each text check through nginx with proxy_buffering off', async () => {
    const results = await checkThrough(ports.unbuffered);
    expect(verdicts(results), nginx!.errors()).toEqual(CHECKS.map((check) => [check.id, 'pass', `All ${rulesOf(check).length} rules held.`, []]));
  }, 20_000);

  // Gateway mode through the same nginx: with buffering on, each dialect's text scenario shows
  // `buffered`, and its head comes with that body too (`head-held`) where the upstream left a gap to
  // hold: Chat Completions, Messages and Gemini send their first event with the first token, about 450 ms
  // after the head, while Responses sends response.created and Bedrock its messageStart frame at once. With buffering off, no change.
  const through = (port: number): Promise<GatewayRun> => runGatewayCheck({ gatewayUrl: `http://127.0.0.1:${port}/v1`, upstreamUrl: simulator.url, scenarios: ['text'], delayAddedMs: LOADED_MACHINE_MS, timeoutMs: 20_000 });
  const codesOf = (run: GatewayRun) => run.scenarios.map(({ api, id, changes }) => [`${api}.${id}`, changes.map(({ code }) => code)]);

  it('shows each text stream buffered, its head held with it where there was a wait to hold, with proxy_buffering on', async () => {
    const run = await through(ports.buffered);
    expect(codesOf(run), nginx!.errors()).toEqual([
      ['chat.text', ['buffered', 'head-held']],
      ['responses.text', ['buffered']],
      ['messages.text', ['buffered', 'head-held']],
      ['gemini.text', ['buffered', 'head-held']],
      ['bedrock-converse.text', ['buffered']],
    ]);
    for (const { changes } of run.scenarios) expect(changes[0]!.message).toMatch(/^Directly the events came in \d+ reads from [\d,]+ ms to [\d,]+ ms; through the gateway in \d+ reads? (at|from) [\d,]+ ms.*: (\d+) of \2 token events arrived in one burst/);
  }, 30_000);

  it('shows no change with proxy_buffering off', async () => {
    const run = await through(ports.unbuffered);
    expect(codesOf(run), nginx!.errors()).toEqual([
      ['chat.text', []],
      ['responses.text', []],
      ['messages.text', []],
      ['gemini.text', []],
      ['bedrock-converse.text', []],
    ]);
  }, 30_000);
});
