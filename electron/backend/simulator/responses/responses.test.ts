// The simulator's Responses API endpoint, on the wire: the events as
// api.openai.com sends them (compared with a real capture), each scenario's
// shape, the non-streamed response object, request errors, seeds.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS, REASONING, REFUSAL, tokenize } from '../content.ts';
import { modelsOf, startSimulator } from '../index.ts';
import type { Simulator } from '../index.ts';
import { exchangeAt, sseEvents } from '../test-helpers.ts';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 });
});
afterAll(() => sim.close());

type Event = Record<string, unknown> & { type: string; sequence_number: number };
const FIXTURES = new URL('../../../../shared/test/fixtures/dialects/responses/', import.meta.url);

async function run(model: string, body: Record<string, unknown> = {}, server: Simulator = sim) {
  const result = await exchangeAt(`${server.url}/responses`, { model, stream: true, input: 'How does streaming work?', ...body });
  const blocks = sseEvents(result.text);
  return { result, blocks, events: blocks.map((block) => block.data as Event) };
}
const ofType = (events: Event[], type: string) => events.filter((event) => event.type === type);
const terminal = (events: Event[]) => events.at(-1)!.response as Record<string, unknown> & { output: Record<string, unknown>[] };

/** The keys of an object and of the objects in it, in order: what "the same shape" means here. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
  return value === null ? null : typeof value;
}

describe('the Responses stream', () => {
  it('has the shape of a real gpt-4.1-nano capture, event for event: event lines, keys in OpenAI\'s order, sequence_number second', async () => {
    const { result, blocks, events } = await run('sim-text');
    expect([result.status, result.headers['content-type']]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const real = sseEvents(readFileSync(new URL('openai-gpt41nano-text-obfuscation.sse', FIXTURES), 'utf8')).map((block) => block.data as Event);
    const realShape = new Map(real.map((event) => [event.type, shape(event)]));
    // The capture had no metadata or tools; instructions null on both.
    for (const event of events) expect([event.type, shape(event)]).toEqual([event.type, realShape.get(event.type)]);
    expect(blocks.every((block) => block.event === (block.data as Event).type)).toBe(true);
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    expect(events.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      ...tokenize(ANSWERS[0]!).map(() => 'response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
  });

  it('uses OpenAI\'s ids: resp_ and msg_ with 50 hex digits sharing the response\'s prefix', async () => {
    const { events } = await run('sim-text');
    const response = terminal(events);
    expect(response.id).toMatch(/^resp_[0-9a-f]{50}$/);
    const item = response.output[0]!;
    expect(item.id).toMatch(/^msg_[0-9a-f]{50}$/);
    expect((item.id as string).slice(4, 24)).toBe((response.id as string).slice(5, 25));
    expect(ofType(events, 'response.output_text.delta').every((event) => event.item_id === item.id && event.output_index === 0 && event.content_index === 0)).toBe(true);
  });

  it('pads every delta with obfuscation (escaped delta and padding make 16 characters), unless include_obfuscation is false', async () => {
    const deltas = ofType((await run('sim-text')).events, 'response.output_text.delta');
    for (const delta of deltas) expect(Object.keys(delta)).toEqual(['type', 'sequence_number', 'item_id', 'output_index', 'content_index', 'delta', 'logprobs', 'obfuscation']);
    expect(deltas.every((delta) => JSON.stringify(delta.delta).length - 2 + (delta.obfuscation as string).length === 16)).toBe(true);
    const plain = await run('sim-text', { stream_options: { include_obfuscation: false } });
    expect(plain.result.text).not.toContain('obfuscation');
  });

  it('ends with response.completed carrying the whole output and the usage', async () => {
    const { events } = await run('sim-text');
    const response = terminal(events);
    expect(response).toMatchObject({ object: 'response', status: 'completed', model: 'sim-text', error: null, incomplete_details: null, service_tier: 'default' });
    expect(response.output).toEqual([{ id: expect.any(String), type: 'message', status: 'completed', content: [{ type: 'output_text', annotations: [], logprobs: [], text: ANSWERS[0] }], role: 'assistant' }]);
    expect(response.usage).toEqual({ input_tokens: 8, input_tokens_details: { cached_tokens: 0 }, output_tokens: 60, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 68 });
    expect(ofType(events, 'response.output_text.done')[0]!.text).toBe(ANSWERS[0]);
    expect((events[0]!.response as { service_tier: string }).service_tier).toBe('auto');
  });

  it('streams a reasoning item\'s summary before the message, and counts its tokens as reasoning tokens', async () => {
    const { events } = await run('sim-reasoning');
    const response = terminal(events);
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(response.output[0]).toEqual({ id: expect.stringMatching(/^rs_[0-9a-f]{50}$/), type: 'reasoning', summary: [{ type: 'summary_text', text: REASONING }] });
    expect(ofType(events, 'response.reasoning_summary_text.delta').map((event) => event.delta).join('')).toBe(REASONING);
    expect(ofType(events, 'response.reasoning_summary_part.added')[0]).toMatchObject({ output_index: 0, summary_index: 0, part: { type: 'summary_text', text: '' } });
    expect(ofType(events, 'response.reasoning_summary_text.done')[0]!.text).toBe(REASONING);
    expect(response.usage).toMatchObject({ output_tokens: 88, output_tokens_details: { reasoning_tokens: 28 } });
    expect(ofType(events, 'response.output_text.delta').every((event) => event.output_index === 1)).toBe(true);
  });

  it('streams a refusal in a refusal content part', async () => {
    const { events } = await run('sim-refusal');
    expect(ofType(events, 'response.content_part.added')[0]!.part).toEqual({ type: 'refusal', refusal: '' });
    expect(ofType(events, 'response.refusal.delta').map((event) => event.delta).join('')).toBe(REFUSAL);
    expect(ofType(events, 'response.refusal.done')[0]!.refusal).toBe(REFUSAL);
    expect(terminal(events).output[0]!.content).toEqual([{ type: 'refusal', refusal: REFUSAL }]);
    expect(ofType(events, 'response.output_text.delta')).toEqual([]);
  });

  it('streams parallel function calls as items one after another, arguments in fragments', async () => {
    const { events } = await run('sim-parallel-tool-calls');
    const output = terminal(events).output;
    expect(output.map((item) => [item.type, item.status, item.name, JSON.parse(item.arguments as string)])).toEqual([
      ['function_call', 'completed', 'get_weather', { city: 'Paris', unit: 'celsius' }],
      ['function_call', 'completed', 'get_weather', { city: 'Tokyo', unit: 'celsius' }],
      ['function_call', 'completed', 'get_local_time', { timezone: 'America/New_York' }],
    ]);
    for (const item of output) {
      expect(item.id).toMatch(/^fc_[0-9a-f]{50}$/);
      expect(item.call_id).toMatch(/^call_[A-Za-z0-9]{24}$/);
      expect(ofType(events, 'response.function_call_arguments.delta').filter((event) => event.item_id === item.id).map((event) => event.delta).join('')).toBe(item.arguments);
    }
    expect(ofType(events, 'response.output_item.added').map((event) => event.item)).toEqual(output.map((item) => ({ ...item, status: 'in_progress', arguments: '' })));
    const order = ofType(events, 'response.function_call_arguments.delta').map((event) => event.output_index);
    expect(order).toEqual([...order].sort());
  });
});

describe('the Responses faults', () => {
  it('length ends response.incomplete (max_output_tokens) after 16 tokens, the message incomplete', async () => {
    const { events } = await run('sim-length');
    const response = terminal(events);
    expect(events.at(-1)!.type).toBe('response.incomplete');
    expect(response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { output_tokens: 16 } });
    expect(response.output[0]).toMatchObject({ status: 'incomplete', content: [{ text: tokenize(ANSWERS[0]!).slice(0, 16).join('') }] });
    expect(ofType(events, 'response.output_item.done')[0]!.item).toEqual(response.output[0]);
    const limited = terminal((await run('sim-text', { max_output_tokens: 20 })).events);
    expect([limited.status, limited.max_output_tokens, (limited.usage as { output_tokens: number }).output_tokens]).toEqual(['incomplete', 20, 20]);
  });

  it('stream-error sends an error event then response.failed after 8 tokens, the message left open', async () => {
    const { result, events } = await run('sim-stream-error');
    expect([result.status, result.failure]).toEqual([200, null]);
    expect(events.slice(-2).map((event) => event.type)).toEqual(['error', 'response.failed']);
    expect(events.at(-2)!.error).toEqual({ type: 'server_error', code: 'server_error', message: expect.stringContaining('An error occurred'), param: null });
    const response = terminal(events);
    expect(response).toMatchObject({ status: 'failed', error: { code: 'server_error' }, usage: null });
    expect(response.output[0]).toMatchObject({ status: 'in_progress', content: [{ text: 'Streaming sends each token as soon as' }] });
    expect(ofType(events, 'response.output_text.done')).toEqual([]);
    const failed = (await run('sim-failed')).events;
    expect(failed.at(-1)!.type).toBe('response.failed');
    expect(ofType(failed, 'error')).toEqual([]);
  });

  it('connection-drop destroys the socket after the tokens; cut-before-end ends the body cleanly without response.completed', async () => {
    const dropped = await run('sim-connection-drop', { sim: { fail_after: 3 } });
    expect(dropped.result.failure).toBe('terminated');
    expect(ofType(dropped.events, 'response.output_text.delta')).toHaveLength(3);
    const cut = await run('sim-cut-before-end');
    expect(cut.result.failure).toBe(null);
    expect(cut.events.at(-1)!.type).toBe('response.output_item.done');
    expect(ofType(cut.events, 'response.completed')).toEqual([]);
  });

  it('sequence-gap skips one sequence_number after 8 tokens and loses nothing', async () => {
    const { events } = await run('sim-sequence-gap');
    const numbers = events.map((event) => event.sequence_number);
    const steps = numbers.slice(1).map((number, index) => number - numbers[index]!);
    expect(steps.filter((step) => step !== 1)).toEqual([2]);
    const at = steps.indexOf(2) + 1;
    expect(ofType(events.slice(0, at), 'response.output_text.delta')).toHaveLength(8);
    expect(ofType(events, 'response.output_text.delta').map((event) => event.delta).join('')).toBe(ANSWERS[0]);
    expect(terminal(events).status).toBe('completed');
  });

  it('invalid-json cuts one delta\'s JSON in half; crlf ends every line in CRLF', async () => {
    const { blocks } = await run('sim-invalid-json');
    expect(blocks.filter((block) => typeof block.data === 'string').map((block) => block.event)).toEqual(['response.output_text.delta']);
    const crlf = (await run('sim-crlf')).result.text;
    expect(crlf.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('json-response, rate-limit and server-error answer with JSON, in OpenAI\'s shapes', async () => {
    const json = (await run('sim-json-response')).result;
    expect([json.status, json.headers['content-type'], JSON.parse(json.text).status]).toEqual([200, 'application/json', 'completed']);
    const limited = (await run('sim-rate-limit')).result;
    expect([limited.status, limited.headers['retry-after'], JSON.parse(limited.text).error.code]).toEqual([429, '20', 'rate_limit_exceeded']);
    const failed = (await run('sim-server-error')).result;
    expect([failed.status, JSON.parse(failed.text).error.type]).toEqual([500, 'server_error']);
  });
});

describe('the Responses endpoint', () => {
  it('answers stream absent with the response object the stream ends with, byte for byte', async () => {
    for (const model of ['sim-text', 'sim-reasoning', 'sim-refusal', 'sim-parallel-tool-calls', 'sim-length', 'sim-cut-before-end']) {
      const json = await exchangeAt(`${sim.url}/responses`, { model, input: 'How does streaming work?' });
      expect(json.headers['content-type']).toBe('application/json');
      const { blocks } = await run(model);
      const last = blocks.at(-1)!.raw;
      const streamed = model === 'sim-cut-before-end' ? null : JSON.stringify((JSON.parse(last) as { response: unknown }).response);
      if (streamed !== null) expect(json.text).toBe(streamed);
      else expect(JSON.parse(json.text)).toMatchObject({ status: 'completed' });
    }
    const failed = await exchangeAt(`${sim.url}/responses`, { model: 'sim-stream-error', input: 'x' });
    expect(failed.status).toBe(500);
  });

  it('checks the request as OpenAI does, and answers an unknown model with the Responses scenarios', async () => {
    const cases: [Record<string, unknown>, number, string | null, string][] = [
      [{}, 400, 'model', "Missing required parameter: 'model'."],
      [{ model: 'sim-text', stream: 'yes' }, 400, 'stream', "Invalid type for 'stream': expected a boolean, but got a string instead."],
      [{ model: 'sim-text', max_output_tokens: 8 }, 400, 'max_output_tokens', "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 8 instead."],
      [{ model: 'sim-text', sim: { tps: 0 } }, 400, 'sim.tps', "Invalid 'sim.tps': expected a number above 0, at most 1000000, got 0."],
      [{ model: 'gpt-5' }, 404, 'model', `The model \`gpt-5\` does not exist or you do not have access to it. The simulator serves: ${modelsOf('responses').join(', ')}.`],
      [{ model: 'sim-n-choices' }, 404, 'model', expect.stringContaining('sim-sequence-gap') as unknown as string],
    ];
    for (const [body, status, param, message] of cases) {
      const answer = await exchangeAt(`${sim.url}/responses`, body);
      const error = (JSON.parse(answer.text) as { error: { param: unknown; message: string; type: string } }).error;
      expect([answer.status, error.type, error.param, error.message]).toEqual([status, 'invalid_request_error', param, message]);
    }
    expect((await exchangeAt(sim.url.replace(/\/v1$/, '/responses'), { model: 'sim-text', stream: true })).status).toBe(200);
  });

  it('gives byte-identical streams for the same seed, and other bytes for another seed', async () => {
    const first = (await run('sim-parallel-tool-calls')).result.text;
    expect((await run('sim-parallel-tool-calls')).result.text).toBe(first);
    const again = await startSimulator({ timeScale: 0, seed: 1 });
    const other = await startSimulator({ timeScale: 0, seed: 2 });
    try {
      expect((await run('sim-parallel-tool-calls', {}, again)).result.text).toBe(first);
      expect((await run('sim-parallel-tool-calls', {}, other)).result.text).not.toBe(first);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
    const seeded = (await run('sim-parallel-tool-calls', { sim: { seed: 7 } })).result.text;
    expect(seeded).not.toBe(first);
    expect((await run('sim-parallel-tool-calls', { sim: { seed: 7 } })).result.text).toBe(seeded);
  });

  it('writes a large stream of 2,000 text deltas', async () => {
    const { events } = await run('sim-large');
    expect(ofType(events, 'response.output_text.delta')).toHaveLength(2000);
    expect(terminal(events).usage).toMatchObject({ output_tokens: 2000 });
  });
});
