// `streamscope check` through a real gateway no one here wrote: Portkey's open-source gateway in
// front of the simulator. As published (1.15.2), it answers every streamed request with 500, and
// the check says so plainly, the recorded body its own words; with its streaming fixed in the
// test's copy (portkey.test-support.ts), every Chat Completions and Responses check passes, and
// every Anthropic one but the refusal, which Portkey hands back in OpenAI's error shape.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import { concatBytes } from '../../../shared/formats/bytes.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { simulatorModelOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { startPortkey } from './portkey.test-support.ts';
import type { Portkey } from './portkey.test-support.ts';
import { runChecks } from './run.ts';

let simulator: Simulator;
let published: Portkey;
let fixed: Portkey;
beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0 });
  [published, fixed] = await Promise.all([startPortkey({ fixed: false }), startPortkey({ fixed: true })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([simulator?.close(), published?.close(), fixed?.close()]);
});

/** Portkey's headers for the simulator as the upstream: Chat Completions and Responses as OpenAI, Messages as Anthropic. */
const viaPortkey = (protocol: Protocol) => ({
  'x-portkey-provider': protocol === 'anthropic-messages' ? 'anthropic' : 'openai',
  'x-portkey-custom-host': simulator.url,
  ...(protocol === 'anthropic-messages' ? { 'x-api-key': 'sk-ant-test' } : { authorization: 'Bearer sk-test' }),
});

async function check(gateway: Portkey, protocol: Protocol) {
  return runChecks({ baseUrl: gateway.url, checks: SERVER_BATTERIES[protocol], model: (each) => simulatorModelOf(each.id), headers: viaPortkey(protocol), timeoutMs: 15_000 });
}

describe('Portkey 1.15.2 as published', () => {
  it('fails every streamed check with its 500, the recorded body its own words', async () => {
    const run = await check(published, 'chat-completions');
    const streamed = run.results.filter((result) => result.id !== 'chat.error');
    expect(new Set(streamed.map(({ status, summary }) => `${status} ${summary}`))).toEqual(new Set(["fail http-status: It answers 200. The response status is 500. openai-node and @anthropic-ai/sdk throw the status's APIError before any text, InternalServerError (status 500) for a 500: the app gets no answer."]));
    const recording = run.recordings[0]!;
    expect(new TextDecoder().decode(recording.reads[0]!.bytes)).toBe('{"status":"failure","message":"Something went wrong"}');
  }, 60_000);
});

describe('Portkey 1.15.2 with its streaming fixed', () => {
  // A full unit run on a loaded machine once failed chat.text here (it passes alone, and failed so on the tree before 2026-12-07 too): the timing rules read a gateway in this process, so the run is made again, up to twice.
  it('passes every Chat Completions and Responses check', { timeout: 60_000, retry: 2 }, async () => {
    for (const protocol of ['chat-completions', 'responses'] as const) {
      const run = await check(fixed, protocol);
      expect(run.results.map(({ id, status }) => [id, status])).toEqual(SERVER_BATTERIES[protocol].map((each) => [each.id, 'pass']));
    }
  });

  it("passes the Anthropic checks but the refusal, which it re-shapes into OpenAI's error", async () => {
    const run = await check(fixed, 'anthropic-messages');
    expect(run.results.map(({ id, status }) => [id, status])).toEqual(SERVER_BATTERIES['anthropic-messages'].map((each) => [each.id, each.id === 'messages.error' ? 'fail' : 'pass']));
    const refusal = run.results.findIndex((result) => result.id === 'messages.error');
    const body = new TextDecoder().decode(concatBytes(run.recordings[refusal]!.reads.map((read) => read.bytes)));
    // The simulator answered {"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"},…}: Portkey hands it on in OpenAI's shape.
    expect(body).toBe('{"error":{"message":"anthropic error: max_tokens: Field required","type":"invalid_request_error","param":null,"code":null},"provider":"anthropic"}');
  }, 60_000);
});
