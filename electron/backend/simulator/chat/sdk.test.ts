// The official openai SDK against the simulator: it reads every clean scenario
// to the same message as our core, and fails on the faults the way it fails on
// real servers (shared/test/reference/openai-sdk.ts).

import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/index.ts';
import { startSimulator } from '../index.ts';
import type { Simulator } from '../index.ts';
import { exchange, toRecording } from '../test-helpers.ts';

let sim: Simulator;
let client: OpenAI;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 });
  client = new OpenAI({ baseURL: sim.url, apiKey: 'sk-simulator', maxRetries: 0, logLevel: 'off' });
});
afterAll(() => sim.close());

const request = (model: string, n = 1) => ({ model, n, messages: [{ role: 'user' as const, content: 'How does streaming work?' }], stream_options: { include_usage: true } });

describe('the openai SDK against the simulator', () => {
  const clean = ['text', 'refusal', 'tool-call', 'parallel-tool-calls', 'n-choices', 'length', 'content-filter', 'keep-alive', 'long-silence', 'buffered', 'crlf', 'mixed-line-endings', 'no-done', 'usage-ignored', 'large'];
  it.each(clean)('reads sim-%s to the message our core reassembles', async (name) => {
    const model = `sim-${name}`;
    const n = name === 'n-choices' ? 2 : 1;
    const final = await client.chat.completions.stream(request(model, n)).finalChatCompletion();
    const ours = analyzeRecording(toRecording(await exchange(sim.url, request(model, n))));
    expect(final.id).toBe(ours.identity.id);
    expect(
      final.choices.map((choice) => [choice.index, choice.message.content, choice.message.refusal ?? null, choice.message.tool_calls?.map((call) => (call.type === 'function' ? [call.id, call.type, call.function.name, call.function.arguments] : [call.id, call.type])) ?? null, choice.finish_reason]),
    ).toEqual(
      ours.choices.map((choice) => [choice.index, choice.message.content, choice.message.refusal, choice.message.tool_calls?.map((call) => [call.id, call.type, call.function.name, call.function.arguments]) ?? null, choice.finish_reason]),
    );
    expect(final.usage ?? null).toEqual(ours.state.usage ? { ...ours.state.usage } : null);
  });

  it.each([
    ['stream-error', 'The server had an error while processing your request. Sorry about that!'],
    ['connection-drop', 'terminated'],
    ['no-finish-reason', 'missing finish_reason for choice 0'],
    ['invalid-json', 'Error reading response: malformed server-sent event JSON.'],
    ['json-response', 'request ended without sending any chunks'],
    ['rate-limit', '429 Rate limit reached for sim-rate-limit'],
    ['server-error', '500 The server had an error while processing your request. Sorry about that!'],
  ])('fails on sim-%s with "%s"', async (name, message) => {
    await expect(client.chat.completions.stream(request(`sim-${name}`)).finalChatCompletion()).rejects.toThrow(message);
  });

  it('fires arguments.done early, with partial arguments, when parallel tool calls interleave (the core notes it as info)', async () => {
    const done: [number, string][] = [];
    const stream = client.chat.completions.stream(request('sim-parallel-tool-calls'));
    stream.on('tool_calls.function.arguments.done', (event) => done.push([event.index, event.arguments]));
    await stream.finalChatCompletion();
    expect(done.slice(0, 4)).toEqual([
      [0, ''],
      [1, ''],
      [2, ''],
      [0, expect.any(String)],
    ]);
    expect(done.length).toBeGreaterThan(3);
    const ours = analyzeRecording(toRecording(await exchange(sim.url, request('sim-parallel-tool-calls'))));
    expect(ours.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info')).toEqual([]);
    expect(ours.diagnostics.map((diagnostic) => diagnostic.code)).toContain('tool-calls-interleaved');
  });
});
