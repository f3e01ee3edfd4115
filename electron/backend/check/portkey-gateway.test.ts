// Gateway mode through a real gateway no one here wrote: Portkey's open-source gateway
// (@portkey-ai/gateway, its streaming fixed in the test's copy: portkey.test-support.ts) in front
// of the simulator at real pace, every scenario of every dialect sent directly and through it.
// What it changes is pinned here from the two recordings of each scenario: it passes bytes and
// ids unchanged, buffers a CRLF-framed stream whole, and turns an upstream reset into a clean end
// of the body. As published, it answers every stream with its own 500.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatBytes } from '../../../shared/formats/bytes.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { runGatewayCheck } from './gateway.ts';
import type { GatewayRun } from './gateway.ts';
import { PORTKEY_VERSION, startPortkey } from './portkey.test-support.ts';
import type { Portkey } from './portkey.test-support.ts';
import { LOADED_MACHINE_MS } from './relay.test-support.ts';

/** Portkey's headers for the simulator as the upstream: Chat Completions and Responses as OpenAI, Messages as Anthropic. */
const OPENAI = { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': '{upstream}', authorization: 'Bearer sk-test' };
const ANTHROPIC = { 'x-portkey-provider': 'anthropic', 'x-portkey-custom-host': '{upstream}', 'x-api-key': 'sk-ant-test' };

let published: Portkey;
let fixed: Portkey;
let store: Store;
let openai: GatewayRun;
let anthropic: GatewayRun;

beforeAll(async () => {
  [published, fixed] = await Promise.all([startPortkey({ fixed: false }), startPortkey({ fixed: true })]);
  store = openStore(tempDbPath());
  // Two runs at once, each with its own simulator: about a minute (the keep-alive scenario pauses 12 s).
  [openai, anthropic] = await Promise.all([
    runGatewayCheck({ gatewayUrl: fixed.url, gatewayHeaders: OPENAI, protocols: ['chat-completions', 'responses'], delayAddedMs: LOADED_MACHINE_MS, timeoutMs: 30_000, store }),
    runGatewayCheck({ gatewayUrl: fixed.url, gatewayHeaders: ANTHROPIC, protocols: ['anthropic-messages'], delayAddedMs: LOADED_MACHINE_MS, timeoutMs: 30_000, store }),
  ]);
}, 180_000);
afterAll(async () => {
  store?.close();
  await Promise.all([published?.close(), fixed?.close()]);
});

const codesOf = (run: GatewayRun) => run.scenarios.map(({ api, id, changes }) => [`${api}.${id}`, changes.map(({ code }) => code)]);
const scenario = (run: GatewayRun, name: string) => run.scenarios.find(({ api, id }) => `${api}.${id}` === name)!;
const recording = (id: number | null): Recording => store.get(id!)!;
const body = (recorded: Recording): string => new TextDecoder().decode(concatBytes(recorded.reads.map((read) => read.bytes)));

// Portkey relays the upstream's body with the fetch of the Node it runs on: on Node 22 that fetch
// hands a body the upstream wrote in one piece on one event a read, so Portkey re-sends it one
// event a write (`rechunked`, as first seen by hand); Node 24's hands it on whole.
const RESENT_BY_EVENT = Number(process.versions.node.split('.')[0]) < 24;
const resent = RESENT_BY_EVENT ? ['rechunked'] : [];

describe(`Portkey ${PORTKEY_VERSION} with its streaming fixed, in gateway mode`, () => {
  it('changes exactly this, scenario by scenario: a CRLF stream buffered, a reset made a clean end, nothing else', () => {
    expect(codesOf(openai)).toEqual([
      ['chat.text', []],
      ['chat.tool-call', []],
      ['chat.keep-alive', []],
      ['chat.crlf', ['buffered']],
      ['chat.buffered', resent],
      ['chat.connection-drop', ['reset-masked']],
      ['chat.stream-error', []],
      ['chat.no-done', []],
      ['responses.text', []],
      ['responses.tool-call', []],
      ['responses.crlf', ['buffered']],
      ['responses.buffered', resent],
      ['responses.connection-drop', ['reset-masked']],
      ['responses.stream-error', []],
    ]);
    expect(codesOf(anthropic)).toEqual([
      ['messages.text', []],
      ['messages.tool-call', []],
      ['messages.keep-alive', []],
      ['messages.crlf', ['buffered']],
      ['messages.buffered', resent],
      ['messages.connection-drop', ['reset-masked']],
      ['messages.stream-error', []],
    ]);
  });

  it('passes every body on byte for byte, ids, keep-alives, error events and [DONE] included', () => {
    for (const run of [openai, anthropic]) {
      for (const { api, id, direct, via } of run.scenarios) expect([`${api}.${id}`, body(recording(via))]).toEqual([`${api}.${id}`, body(recording(direct))]);
    }
    expect(body(recording(scenario(openai, 'chat.keep-alive').via))).toContain(': keep-alive\n\n');
    expect(body(recording(scenario(anthropic, 'messages.keep-alive').via))).toContain('event: ping\n');
  });

  it('holds a CRLF-framed stream until the upstream has sent all of it, then sends it in one read', () => {
    for (const [run, name] of [[openai, 'chat.crlf'], [openai, 'responses.crlf'], [anthropic, 'messages.crlf']] as const) {
      const { direct, via } = scenario(run, name);
      const [upstream, through] = [recording(direct), recording(via)];
      expect([name, upstream.reads.length > 30, through.reads.length]).toEqual([name, true, 1]);
      // The one read comes only after the upstream has spent (nearly) its whole stream writing: the body was held.
      expect(through.reads[0]!.t!).toBeGreaterThan(0.9 * (upstream.reads.at(-1)!.t! - upstream.reads[0]!.t!));
    }
  });

  it('ends the body cleanly where the upstream reset the connection', () => {
    for (const [run, name] of [[openai, 'chat.connection-drop'], [openai, 'responses.connection-drop'], [anthropic, 'messages.connection-drop']] as const) {
      const { direct, via } = scenario(run, name);
      expect([name, recording(direct).end!.outcome, recording(via).end!.outcome]).toEqual([name, 'error', 'eof']);
    }
  });

  it('does not hold the head back in this set-up: it comes well before the first body byte', () => {
    const { via } = scenario(openai, 'chat.text');
    const through = recording(via);
    expect(through.response!.t!).toBeLessThan(through.reads[0]!.t! / 2);
  });
});

describe(`Portkey ${PORTKEY_VERSION} as published, in gateway mode`, () => {
  it("answers the stream with its own 500: the status changed, the body Portkey's", async () => {
    const run = await runGatewayCheck({ gatewayUrl: published.url, gatewayHeaders: OPENAI, protocols: ['chat-completions'], scenarios: ['text'], delayAddedMs: LOADED_MACHINE_MS, timeoutMs: 30_000, store });
    expect(run.scenarios.map(({ id, changes }) => [id, changes])).toEqual([['text', [{ code: 'status-changed', severity: 'error', message: 'The upstream answered 200; the gateway answered 500.' }]]]);
    expect(body(recording(run.scenarios[0]!.via))).toBe('{"status":"failure","message":"Something went wrong"}');
  }, 60_000);
});
