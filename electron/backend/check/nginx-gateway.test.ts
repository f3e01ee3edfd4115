// Gateway mode through a real buffering proxy: Debian's nginx in front of the simulator at real
// pace (nginx.test.ts starts it the same way, for the server battery). With `proxy_buffering on`
// and buffers that hold a whole answer, nginx passes the stream on in one go once the simulator
// has finished, and each dialect's text scenario shows `buffered`; its head comes with that body
// too (`head-held`), where the upstream left a gap to hold: Chat Completions and Messages send
// their first event with the first token, about 450 ms after the head, while Responses sends
// response.created at once. With `proxy_buffering off` nothing changes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, startNginx } from '../http/nginx.ts';
import type { Nginx } from '../http/nginx.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { installed } from '../system-tools.ts';
import { runGatewayCheck } from './gateway.ts';
import type { GatewayRun } from './gateway.ts';
import { LOADED_MACHINE_MS } from './relay.test-support.ts';

const HAS_NGINX = installed(NGINX, 'nginx', 'check/nginx-gateway.test.ts');

/** Buffers far larger than an answer, as in nginx.test.ts: nginx holds all of it until the body ends. */
const BUFFERING = 'proxy_buffering on; proxy_buffer_size 64k; proxy_buffers 8 64k; proxy_busy_buffers_size 128k;';

describe.skipIf(!HAS_NGINX)('gateway mode through a real nginx', () => {
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

  const through = (port: number): Promise<GatewayRun> => runGatewayCheck({ gatewayUrl: `http://127.0.0.1:${port}/v1`, upstreamUrl: simulator.url, scenarios: ['text'], delayAddedMs: LOADED_MACHINE_MS, timeoutMs: 20_000 });
  const codesOf = (run: GatewayRun) => run.scenarios.map(({ api, id, changes }) => [`${api}.${id}`, changes.map(({ code }) => code)]);

  it('shows each text stream buffered, its head held with it where there was a wait to hold, with proxy_buffering on', async () => {
    const run = await through(ports.buffered);
    expect(codesOf(run), nginx!.errors()).toEqual([
      ['chat.text', ['buffered', 'head-held']],
      ['responses.text', ['buffered']],
      ['messages.text', ['buffered', 'head-held']],
    ]);
    for (const { changes } of run.scenarios) expect(changes[0]!.message).toMatch(/^Directly the events came in \d+ reads from [\d,]+ ms to [\d,]+ ms; through the gateway in \d+ reads? (at|from) [\d,]+ ms.*: (\d+) of \2 token events arrived in one burst/);
  }, 30_000);

  it('shows no change with proxy_buffering off', async () => {
    const run = await through(ports.unbuffered);
    expect(codesOf(run), nginx!.errors()).toEqual([
      ['chat.text', []],
      ['responses.text', []],
      ['messages.text', []],
    ]);
  }, 30_000);
});
