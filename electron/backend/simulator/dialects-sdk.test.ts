// The official SDKs against the simulator's Responses and Messages endpoints:
// `openai`'s responses.stream() and `@anthropic-ai/sdk`'s messages.stream()
// read every well-formed scenario to the object the simulator answers without
// streaming, and fail on the faults as they fail on the real APIs.

import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS, REASONING, REFUSAL, tokenize } from './content.ts';
import { startSimulator } from './index.ts';
import type { Simulator } from './index.ts';

let sim: Simulator;
let openai: OpenAI;
let anthropic: Anthropic;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 });
  openai = new OpenAI({ baseURL: sim.url, apiKey: 'sk-simulator', maxRetries: 0, logLevel: 'off' });
  anthropic = new Anthropic({ baseURL: sim.url.replace(/\/v1$/, ''), apiKey: 'sk-ant-simulator', maxRetries: 0, logLevel: 'off' });
});
afterAll(() => sim.close());

const QUESTION = 'How does streaming work?';
const parameters = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
const WEATHER = parameters({ city: { type: 'string' }, unit: { type: 'string' } });
const TIME = parameters({ timezone: { type: 'string' } });
const CALLS = [
  ['get_weather', { city: 'Paris', unit: 'celsius' }],
  ['get_weather', { city: 'Tokyo', unit: 'celsius' }],
  ['get_local_time', { timezone: 'America/New_York' }],
] as const;

/** The object without the fields the SDKs add themselves (their parsing: `parsed`, `parsed_arguments`, `output_parsed`, `parsed_output`; `output_text`). */
function withoutSdkFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSdkFields);
  if (typeof value !== 'object' || value === null) return value;
  const added = ['parsed', 'parsed_arguments', 'output_parsed', 'parsed_output', 'output_text'];
  return Object.fromEntries(Object.entries(value).filter(([key]) => !added.includes(key)).map(([key, item]) => [key, withoutSdkFields(item)]));
}

async function json(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
}

describe('openai responses.stream() against the simulator', () => {
  const request = (model: string) => ({
    model,
    input: QUESTION,
    tools: [
      { type: 'function' as const, name: 'get_weather', parameters: WEATHER, strict: true },
      { type: 'function' as const, name: 'get_local_time', parameters: TIME, strict: true },
    ],
  });
  const final = (model: string, extra: Record<string, unknown> = {}) => openai.responses.stream({ ...request(model), ...extra }).finalResponse();

  it.each(['text', 'reasoning', 'refusal', 'tool-call', 'parallel-tool-calls', 'length', 'sequence-gap', 'long-silence', 'buffered', 'crlf', 'large'])(
    'reads sim-%s to the response object the simulator answers without streaming',
    async (name) => {
      const response = await final(`sim-${name}`);
      // The SDK copies the terminal response, and adds output_text and the fields of its own parsing.
      expect(withoutSdkFields(response)).toEqual(await json('/responses', request(`sim-${name}`)));
      expect(response.output_text).toEqual(name === 'large' ? expect.any(String) : name === 'length' ? tokenize(ANSWERS[0]!).slice(0, 16).join('') : ['refusal', 'tool-call', 'parallel-tool-calls'].includes(name) ? '' : ANSWERS[0]);
    },
  );

  it('ends each scenario as the real API does: text, reasoning summary, refusal, parsed arguments, status and usage', async () => {
    const text = await final('sim-text');
    expect([text.status, text.output_text, text.usage?.output_tokens]).toEqual(['completed', ANSWERS[0], 60]);
    const reasoning = await final('sim-reasoning');
    expect(reasoning.output[0]).toMatchObject({ type: 'reasoning', summary: [{ type: 'summary_text', text: REASONING }] });
    expect(reasoning.usage?.output_tokens_details.reasoning_tokens).toBe(28);
    const refusal = await final('sim-refusal');
    expect(refusal.output[0]).toMatchObject({ type: 'message', content: [{ type: 'refusal', refusal: REFUSAL }] });
    const tools = await final('sim-parallel-tool-calls');
    expect(tools.output.map((item) => (item.type === 'function_call' ? [item.name, item.parsed_arguments, item.call_id.startsWith('call_')] : item.type))).toEqual(CALLS.map(([name, args]) => [name, args, true]));
    const length = await final('sim-length');
    expect([length.status, length.incomplete_details, length.output[0]?.type === 'message' && length.output[0].status]).toEqual(['incomplete', { reason: 'max_output_tokens' }, 'incomplete']);
    const limited = await final('sim-text', { max_output_tokens: 30 });
    expect([limited.status, limited.usage?.output_tokens]).toEqual(['incomplete', 30]);
  });

  it('resolves a stream cut before the terminal event with what it accumulated (status in_progress), and response.failed with status failed', async () => {
    const cut = await final('sim-cut-before-end');
    expect([cut.status, cut.output_text, cut.usage]).toEqual(['in_progress', ANSWERS[0], null]);
    const failed = await final('sim-failed');
    expect([failed.status, failed.error?.code, failed.output_text]).toEqual(['failed', 'server_error', 'Streaming sends each token as soon as']);
  });

  it('hands the deltas to its listeners in order, with the snapshot so far', async () => {
    const snapshots: string[] = [];
    const stream = openai.responses.stream(request('sim-text'));
    stream.on('response.output_text.delta', (event) => snapshots.push(event.snapshot));
    await stream.finalResponse();
    expect(snapshots.at(-1)).toBe(ANSWERS[0]);
    expect(snapshots).toHaveLength(tokenize(ANSWERS[0]!).length);
  });

  it.each([
    ['stream-error', 'An error occurred while processing your request.'],
    ['connection-drop', 'terminated'],
    ['invalid-json', 'Error reading response: malformed server-sent event JSON.'],
    ['json-response', 'request ended without sending any events'],
    ['rate-limit', '429 Rate limit reached for sim-rate-limit'],
    ['server-error', '500 The server had an error while processing your request. Sorry about that!'],
  ])('fails on sim-%s with "%s"', async (name, message) => {
    await expect(final(`sim-${name}`)).rejects.toThrow(message);
  });
});

describe('@anthropic-ai/sdk messages.stream() against the simulator', () => {
  const request = (model: string, maxTokens = 4096) => ({
    model,
    max_tokens: maxTokens,
    messages: [{ role: 'user' as const, content: QUESTION }],
    tools: [
      { name: 'get_weather', input_schema: WEATHER as Anthropic.Tool.InputSchema },
      { name: 'get_local_time', input_schema: TIME as Anthropic.Tool.InputSchema },
    ],
  });
  const final = (model: string, maxTokens?: number) => anthropic.messages.stream(request(model, maxTokens)).finalMessage();

  it.each(['text', 'reasoning', 'refusal', 'tool-call', 'parallel-tool-calls', 'length', 'keep-alive', 'long-silence', 'buffered', 'crlf', 'large'])(
    'reads sim-%s to the message the simulator answers without streaming',
    async (name) => {
      const message = await final(`sim-${name}`);
      expect(withoutSdkFields(message)).toEqual(await json('/messages', request(`sim-${name}`)));
    },
  );

  it('ends each scenario as the real API does: text, thinking with signature, parsed tool input, stop reasons and usage', async () => {
    const text = await final('sim-text');
    expect([text.content, text.stop_reason, text.usage.output_tokens]).toEqual([[{ type: 'text', text: ANSWERS[0] }], 'end_turn', 60]);
    const reasoning = await final('sim-reasoning');
    expect(reasoning.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(reasoning.content[0]).toEqual({ type: 'thinking', thinking: REASONING, signature: expect.stringMatching(/^Eq/) });
    const refusal = await final('sim-refusal');
    expect([refusal.content, refusal.stop_reason, refusal.stop_details]).toEqual([[{ type: 'text', text: REFUSAL }], 'refusal', { type: 'refusal', category: null, explanation: null }]);
    const tools = await final('sim-parallel-tool-calls');
    expect(tools.content.map((block) => (block.type === 'tool_use' ? [block.name, block.input, block.id.startsWith('toolu_01')] : block.type))).toEqual(CALLS.map(([name, args]) => [name, args, true]));
    expect(tools.stop_reason).toBe('tool_use');
    const length = await final('sim-length');
    expect([length.stop_reason, length.usage.output_tokens, length.content]).toEqual(['max_tokens', 16, [{ type: 'text', text: tokenize(ANSWERS[0]!).slice(0, 16).join('') }]]);
    const short = await final('sim-text', 5);
    expect([short.stop_reason, short.usage.output_tokens]).toEqual(['max_tokens', 5]);
  });

  it('hands text deltas to its listeners, with the snapshot so far', async () => {
    const snapshots: string[] = [];
    const stream = anthropic.messages.stream(request('sim-text'));
    stream.on('text', (_delta, snapshot) => snapshots.push(snapshot));
    await stream.finalMessage();
    expect(snapshots.at(-1)).toBe(ANSWERS[0]);
  });

  it.each([
    ['stream-error', 'overloaded_error'],
    ['connection-drop', 'terminated'],
    ['cut-before-end', 'stream ended without producing a Message with role=assistant'],
    ['invalid-json', 'JSON'],
    ['json-response', 'request ended without sending any chunks'],
    ['rate-limit', '429'],
    ['server-error', '500'],
    ['overloaded', '529'],
  ])('fails on sim-%s with "%s"', async (name, message) => {
    await expect(final(`sim-${name}`)).rejects.toThrow(message);
  });

  it('throws the SDK\'s own error classes for HTTP errors', async () => {
    await expect(final('sim-rate-limit')).rejects.toBeInstanceOf(Anthropic.RateLimitError);
    await expect(final('sim-overloaded')).rejects.toBeInstanceOf(Anthropic.APIError);
    await expect(final('sim-stream-error')).rejects.toBeInstanceOf(Anthropic.APIError);
    await expect(anthropic.messages.create({ model: 'sim-text', messages: [], max_tokens: undefined as unknown as number })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });
});
