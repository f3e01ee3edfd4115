// The defect scenarios (issue 29): each sends its faithful scenario's answer with only its defect,
// answers the request as the defective server would, and is found only in its own dialect, by
// model, outside the scenario lists.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defectScenariosOf, findServedScenario, modelsOf, scenariosOf, startSimulator } from './index.ts';
import type { Simulator } from './index.ts';
import { exchange, exchangeAt, payloads, sseEvents } from './test-helpers.ts';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 });
});
afterAll(() => sim.close());

type Chunk = { choices: { index: number; delta: Record<string, unknown>; finish_reason: string | null }[]; usage?: unknown };

async function chunksOf(model: string, body: Record<string, unknown> = {}): Promise<Chunk[]> {
  return payloads((await exchange(sim.url, { model, ...body })).text).filter((payload): payload is Chunk => typeof payload === 'object');
}

const contentOf = (chunks: readonly Chunk[]): string => chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? '')).join('');
const finishes = (chunks: readonly Chunk[]): (string | null)[] => chunks.flatMap((chunk) => chunk.choices.filter((choice) => choice.finish_reason !== null).map((choice) => choice.finish_reason));

const responsesOf = async (model: string, body: Record<string, unknown> = {}) => sseEvents((await exchangeAt(`${sim.url}/responses`, { model, stream: true, input: 'Hi', ...body })).text);
const messagesOf = async (model: string, body: Record<string, unknown> = {}) => sseEvents((await exchangeAt(`${sim.url}/messages`, { model, stream: true, max_tokens: 1024, messages: [{ role: 'user', content: 'Hi' }], ...body })).text);
const typesOf = (events: readonly { data: unknown }[]): string[] => events.map((event) => (event.data as { type: string }).type);

describe('the defect scenarios', () => {
  it('are found by model in their own dialect only, and kept out of the scenario lists', () => {
    expect(findServedScenario('chat-completions', 'sim-finish-twice')?.dialects).toEqual(['chat-completions']);
    expect(findServedScenario('responses', 'sim-finish-twice')).toBeUndefined();
    expect(findServedScenario('anthropic-messages', 'sim-max-tokens-ignored')?.dialects).toEqual(['anthropic-messages']);
    expect(findServedScenario('chat-completions', 'sim-text')?.name).toBe('text');
    for (const protocol of ['chat-completions', 'responses', 'anthropic-messages'] as const) {
      const names = defectScenariosOf(protocol).map((scenario) => scenario.name);
      expect(scenariosOf(protocol).filter((scenario) => names.includes(scenario.name))).toEqual([]);
      expect(modelsOf(protocol).filter((model) => names.includes(model.slice(4)))).toEqual([]);
    }
  });
});

describe('Chat Completions defects', () => {
  it('sim-finish-twice sends the answer of sim-text with its finish chunk twice', async () => {
    const [text, twice] = [await chunksOf('sim-text'), await chunksOf('sim-finish-twice')];
    expect([contentOf(twice), finishes(twice)]).toEqual([contentOf(text), ['stop', 'stop']]);
    expect(twice.at(-1)!.choices).toEqual(twice.at(-2)!.choices);
  });

  it('sim-usage-on-content puts the usage on the finish chunk, and sends it only when asked', async () => {
    const asked = await chunksOf('sim-usage-on-content', { stream_options: { include_usage: true } });
    expect(asked.filter((chunk) => chunk.usage !== null).map((chunk) => [chunk.choices[0]?.finish_reason, typeof chunk.usage])).toEqual([['stop', 'object']]);
    expect(asked.filter((chunk) => chunk.choices.length === 0)).toEqual([]);
    expect((await chunksOf('sim-usage-on-content')).filter((chunk) => 'usage' in chunk)).toEqual([]);
  });

  it('sim-usage-unasked sends the usage chunk without stream_options', async () => {
    const chunks = await chunksOf('sim-usage-unasked');
    expect(chunks.filter((chunk) => chunk.usage !== null).map((chunk) => chunk.choices)).toEqual([[]]);
  });

  it('sim-tool-stop ends its tool call with "stop"', async () => {
    const chunks = await chunksOf('sim-tool-stop');
    expect([chunks.some((chunk) => Array.isArray(chunk.choices[0]?.delta.tool_calls)), finishes(chunks)]).toEqual([true, ['stop']]);
  });

  it('sim-parallel-index-zero sends each call whole in one chunk, all at index 0', async () => {
    const calls = (await chunksOf('sim-parallel-index-zero')).flatMap((chunk) => (chunk.choices[0]?.delta.tool_calls ?? []) as { index: number; id: string; function: { name: string; arguments: string } }[]);
    expect(calls.map((call) => [call.index, call.id.startsWith('call_'), call.function.name, JSON.parse(call.function.arguments)])).toEqual([
      [0, true, 'get_weather', { city: 'Paris', unit: 'celsius' }],
      [0, true, 'get_weather', { city: 'Tokyo', unit: 'celsius' }],
      [0, true, 'get_local_time', { timezone: 'America/New_York' }],
    ]);
  });

  it('sim-n-ignored answers n: 2 with one choice, sim-max-tokens-ignored max_tokens: 5 with the whole answer', async () => {
    expect(new Set((await chunksOf('sim-n-ignored', { n: 2 })).flatMap((chunk) => chunk.choices.map((choice) => choice.index)))).toEqual(new Set([0]));
    const whole = await chunksOf('sim-max-tokens-ignored', { max_tokens: 5 });
    expect([contentOf(whole), finishes(whole)]).toEqual([contentOf(await chunksOf('sim-text')), ['stop']]);
  });

  it('sim-error-streamed answers a request OpenAI refuses with 200 and the 400 error inside the stream', async () => {
    const refused = await exchange(sim.url, { model: 'sim-text', messages: 'not an array' });
    const streamed = await exchange(sim.url, { model: 'sim-error-streamed', messages: 'not an array' });
    expect([refused.status, streamed.status, streamed.headers['content-type']]).toEqual([400, 200, 'text/event-stream; charset=utf-8']);
    expect(streamed.text).toBe(`data: ${refused.text}\n\ndata: [DONE]\n\n`);
  });
});

describe('Responses API defects', () => {
  it('sim-no-sequence-number sends the events of sim-text without sequence_number', async () => {
    const [text, unnumbered] = [await responsesOf('sim-text'), await responsesOf('sim-no-sequence-number')];
    expect([typesOf(unnumbered), unnumbered.filter((event) => 'sequence_number' in (event.data as object))]).toEqual([typesOf(text), []]);
  });

  it('sim-no-text-done leaves out output_text.done, and numbers the rest 0, 1, 2, …', async () => {
    const [text, undone] = [await responsesOf('sim-text'), await responsesOf('sim-no-text-done')];
    expect(typesOf(undone)).toEqual(typesOf(text).filter((type) => type !== 'response.output_text.done'));
    expect(undone.map((event) => (event.data as { sequence_number: number }).sequence_number)).toEqual(undone.map((_, position) => position));
  });

  it("sim-arguments-respaced's .done arguments are the deltas' JSON, written otherwise", async () => {
    const events = await responsesOf('sim-arguments-respaced');
    const deltas = events.filter((event) => event.event === 'response.function_call_arguments.delta').map((event) => (event.data as { delta: string }).delta).join('');
    const done = (events.find((event) => event.event === 'response.function_call_arguments.done')!.data as { arguments: string }).arguments;
    expect([done === deltas, JSON.parse(done)]).toEqual([false, JSON.parse(deltas)]);
  });

  it('sim-calls-one-index sends every item at output_index 0, sim-max-tokens-ignored completes past max_output_tokens', async () => {
    const indexes = (await responsesOf('sim-calls-one-index')).flatMap((event) => ('output_index' in (event.data as object) ? [(event.data as { output_index: number }).output_index] : []));
    expect([indexes.length > 3, new Set(indexes)]).toEqual([true, new Set([0])]);
    expect(typesOf(await responsesOf('sim-max-tokens-ignored', { max_output_tokens: 16 })).at(-1)).toBe('response.completed');
  });

  it('sim-error-streamed answers an input of the wrong type with 200 and an error event', async () => {
    const refused = await exchangeAt(`${sim.url}/responses`, { model: 'sim-text', stream: true, input: 42 });
    const streamed = await exchangeAt(`${sim.url}/responses`, { model: 'sim-error-streamed', stream: true, input: 42 });
    expect([refused.status, streamed.status]).toEqual([400, 200]);
    expect(streamed.text).toBe(`event: error\ndata: ${JSON.stringify({ type: 'error', sequence_number: 0, ...(JSON.parse(refused.text) as object) })}\n\n`);
  });
});

describe('Anthropic Messages defects', () => {
  it('sim-no-event-names sends the events of sim-text with no event: line', async () => {
    const [text, unnamed] = [await messagesOf('sim-text'), await messagesOf('sim-no-event-names')];
    expect([typesOf(unnamed), unnamed.filter((event) => event.event !== null)]).toEqual([typesOf(text), []]);
  });

  it('sim-text-on-tool puts one text_delta on the tool_use block', async () => {
    const deltas = (await messagesOf('sim-text-on-tool')).filter((event) => event.event === 'content_block_delta').map((event) => event.data as { index: number; delta: { type: string } });
    expect(deltas.filter((delta) => delta.delta.type === 'text_delta')).toEqual([{ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me check.' } }]);
  });

  it('sim-blocks-one-index starts every tool_use block at index 0, sim-max-tokens-ignored ends its turn past max_tokens', async () => {
    const starts = (await messagesOf('sim-blocks-one-index')).filter((event) => event.event === 'content_block_start').map((event) => (event.data as { index: number }).index);
    expect(starts).toEqual([0, 0, 0]);
    const delta = (await messagesOf('sim-max-tokens-ignored', { max_tokens: 5 })).find((event) => event.event === 'message_delta')!.data as { delta: { stop_reason: string } };
    expect(delta.delta.stop_reason).toBe('end_turn');
  });

  it('sim-error-streamed answers a request without max_tokens with 200 and an error event', async () => {
    const body = { stream: true, messages: [{ role: 'user', content: 'Hi' }] };
    const refused = await exchangeAt(`${sim.url}/messages`, { model: 'sim-text', ...body });
    const streamed = await exchangeAt(`${sim.url}/messages`, { model: 'sim-error-streamed', ...body });
    expect([refused.status, streamed.status]).toEqual([400, 200]);
    expect(streamed.text).toBe(`event: error\ndata: ${JSON.stringify({ type: 'error', error: (JSON.parse(refused.text) as { error: unknown }).error })}\n\n`);
  });
});
