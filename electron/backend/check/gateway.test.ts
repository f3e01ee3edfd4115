// Gateway mode's runner (gateway.ts): every scenario sent directly and through the gateway,
// both recorded, compared. Through a faithful relay (relay.test-support.ts) nothing changes in
// any scenario, the reset included; the runner fills `{upstream}`, keeps the gateway headers out
// of the store, and reports a gateway nothing answers on, or one that never answers, plainly.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { GATEWAY_SCENARIOS } from './gateway-scenarios.ts';
import { runGatewayCheck } from './gateway.ts';
import { LOADED_MACHINE_MS, startRelay, startSilentServer } from './relay.test-support.ts';
import type { TestServer } from './relay.test-support.ts';

let relay: TestServer;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(() => relay.close());

/** Every scenario but keep-alive, whose 12 s pause is the Portkey test's to wait through. */
const QUICK = GATEWAY_SCENARIOS.filter((id) => id !== 'keep-alive');

describe('through a faithful relay', () => {
  it('finds no change in any scenario of any dialect, each compared from two stored recordings', async () => {
    const store = openStore(tempDbPath());
    try {
      const seen: string[] = [];
      const run = await runGatewayCheck({ gatewayUrl: relay.url, gatewayHeaders: { 'x-relay-to': '{upstream}', 'x-gateway-key': 'gw-secret-1234' }, scenarios: QUICK, delayAddedMs: LOADED_MACHINE_MS, timeoutMs: 20_000, store, onScenario: (result) => seen.push(`${result.api}.${result.id}`) });
      expect(run.unreachable).toBeNull();
      expect(run.scenarios.map(({ id, api, changes }) => [`${api}.${id}`, changes])).toEqual([
        ...['text', 'tool-call', 'crlf', 'buffered', 'connection-drop', 'stream-error', 'no-done'].map((id) => [`chat.${id}`, []]),
        ...['text', 'tool-call', 'crlf', 'buffered', 'connection-drop', 'stream-error'].map((id) => [`responses.${id}`, []]),
        ...['text', 'tool-call', 'crlf', 'buffered', 'connection-drop', 'stream-error'].map((id) => [`messages.${id}`, []]),
        ...['text', 'tool-call', 'crlf', 'buffered', 'connection-drop', 'stream-error'].map((id) => [`gemini.${id}`, []]),
        // Bedrock's binary frames have no line endings to vary: no crlf.
        ...['text', 'tool-call', 'buffered', 'connection-drop', 'stream-error'].map((id) => [`bedrock-converse.${id}`, []]),
      ]);
      expect(seen).toEqual(run.scenarios.map(({ api, id }) => `${api}.${id}`));
      expect(run.counts).toEqual({ scenarios: 30, unchanged: 30, error: 0, warning: 0, info: 0 });
      expect(run.upstream).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      // `{upstream}` became the simulator's URL on the way.
      expect(new Set(relay.seen.map((headers) => headers['x-relay-to']))).toEqual(new Set([run.upstream]));

      const [first] = run.scenarios;
      expect([store.get(first!.direct!)?.name, store.get(first!.via!)?.name]).toEqual(['gateway chat.text direct', 'gateway chat.text via']);
      const kept = store.get(first!.via!)!.request!.headers;
      expect(JSON.stringify(kept)).not.toContain('gw-secret-1234');
      expect(kept['x-gateway-key']).not.toBe('gw-secret-1234');
    } finally {
      store.close();
    }
  }, 120_000);
});

describe('through a relay that sends the head with the first body byte', () => {
  it('finds the head held back, and nothing else', async () => {
    const holding = await startRelay({ flushHead: false });
    try {
      const run = await runGatewayCheck({ gatewayUrl: holding.url, gatewayHeaders: { 'x-relay-to': '{upstream}' }, protocols: ['chat-completions'], scenarios: ['text'], delayAddedMs: LOADED_MACHINE_MS, timeoutMs: 20_000 });
      expect(run.scenarios.map(({ id, changes }) => [id, changes.map(({ code, severity }) => `${code} ${severity}`)])).toEqual([['text', ['head-held warning']]]);
      expect(run.scenarios[0]!.changes[0]!.message).toMatch(/^The upstream's head came at [\d,]+ ms, [\d,]+ ms before its first body byte; through the gateway the head came at [\d,]+ ms, with the first body byte \([\d,]+ ms\)\.$/);
    } finally {
      await holding.close();
    }
  }, 30_000);
});

describe('bounded', () => {
  it('reports a gateway nothing answers on after its first request', async () => {
    const closed = await startRelay();
    await closed.close();
    const run = await runGatewayCheck({ gatewayUrl: closed.url, scenarios: ['text'], timeoutMs: 5_000 });
    expect(run.scenarios).toEqual([]);
    expect(run.unreachable).toMatch(new RegExp(`^the gateway ${closed.url.replaceAll('.', '\\.')}: .*(ECONNREFUSED|refused|fetch failed)`, 'i'));
  }, 30_000);

  it('reports an upstream given that nothing answers on, and sends nothing through the gateway', async () => {
    const closed = await startRelay();
    await closed.close();
    const before = relay.seen.length;
    const run = await runGatewayCheck({ gatewayUrl: relay.url, upstreamUrl: closed.url, scenarios: ['text'], timeoutMs: 5_000 });
    expect(run.scenarios).toEqual([]);
    expect(run.unreachable).toMatch(new RegExp(`^the upstream ${closed.url.replaceAll('.', '\\.')}: `));
    expect(relay.seen.length).toBe(before);
  }, 30_000);

  it('cuts a request through a gateway that never answers, and says so', async () => {
    const silent = await startSilentServer();
    try {
      const run = await runGatewayCheck({ gatewayUrl: silent.url, protocols: ['chat-completions'], scenarios: ['text'], timeoutMs: 2_000 });
      expect(run.unreachable).toBeNull();
      expect(run.scenarios.map(({ id, changes }) => [id, changes])).toEqual([['text', [{ code: 'cut-short', severity: 'error', message: 'Through the gateway, it did not end within 2 s: the request was cut.' }]]]);
    } finally {
      await silent.close();
    }
  }, 30_000);
});
