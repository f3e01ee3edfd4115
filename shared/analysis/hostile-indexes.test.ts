// Every index a stream sends is a key, never an array length (issue 27, "an 825-byte stream
// freezes every analysis"): Responses' output, content, summary and annotation indexes, Anthropic's
// content block index, Chat Completions' choice and tool-call index. However huge, negative or
// sparse they are, the whole analysis `inspect` runs — the fold, the diagnostics, the final object,
// the contract's JSON text and every event's annotation — ends at once and throws nothing.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Protocol } from '../dialects/types.ts';
import { body, untimed } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import type { Analysis } from './analyze.ts';
import { toContract } from './contract.ts';

type Json = Record<string, unknown>;

/** What inspect does with a body: analyse it, write the contract as JSON and word every event. */
function inspect(sse: string): { analysis: Analysis; json: string; annotations: string[]; ms: number } {
  const started = performance.now();
  const analysis = analyzeRecording(untimed(sse));
  const json = JSON.stringify(toContract(analysis));
  const annotations = analysis.events.map((event) => event.annotation);
  return { analysis, json, annotations, ms: performance.now() - started };
}

const HUGE = 2 ** 32 - 2;

const RESPONSE = { id: 'resp_1', object: 'response', created_at: 1787659560, status: 'in_progress', model: 'gpt-test', output: [] };

const CITATION = { type: 'url_citation', start_index: 8, end_index: 12, url: 'https://example.com/docs', title: 'Docs' };

/** A Responses message whose part never finishes, annotated at each index: with one, 4294967294, the stream. */
function responsesAnnotated(...notes: [index: number, annotation: Json][]): string {
  const at = { item_id: 'msg_1', output_index: 0, content_index: 0 };
  return body(
    { type: 'response.created', sequence_number: 0, response: RESPONSE },
    { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { id: 'msg_1', type: 'message', status: 'in_progress', content: [], role: 'assistant' } },
    { type: 'response.content_part.added', sequence_number: 2, ...at, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } },
    { type: 'response.output_text.delta', sequence_number: 3, ...at, delta: 'See the docs.', logprobs: [] },
    ...notes.map(([index, annotation], n) => ({ type: 'response.output_text.annotation.added', sequence_number: 4 + n, ...at, annotation_index: index, annotation })),
  );
}

describe('an index a stream sends is a key, never an array length', () => {
  it('a Responses annotation at index 4294967294 on a part that never finishes ends at once, with the annotation after the part’s own', () => {
    const sse = responsesAnnotated([HUGE, CITATION]);
    expect(new TextEncoder().encode(sse).length).toBeLessThan(1000);
    const { analysis, json, annotations, ms } = inspect(sse);
    expect(ms).toBeLessThan(1000);
    expect(json.length).toBeLessThan(5000);
    expect(analysis.protocol).toBe('responses');
    const final = analysis.final as { output: Json[] };
    expect(final.output[0]!.content).toEqual([
      { type: 'output_text', annotations: [CITATION], logprobs: [], text: 'See the docs.' },
    ]);
    expect(annotations[4]).toBe('output[0].content[0].annotations[4294967294] = url_citation');
  });

  it('Responses annotations at indexes 0, 1, 2 build the array the SDK builds, as before', () => {
    const note = (n: number) => ({ type: 'url_citation', url: `https://example.com/${n}` });
    const sse = responsesAnnotated([0, note(0)], [2, note(2)], [1, note(1)]);
    const { analysis } = inspect(sse);
    const final = analysis.final as { output: { content: Json[] }[] };
    expect(final.output[0]!.content[0]!.annotations).toEqual([note(0), note(1), note(2)]);
  });

  it('an Anthropic content block at index 4294967294 ends at once and is the message’s one block', () => {
    const sse = body(
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 1 } } },
      { type: 'content_block_start', index: HUGE, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: HUGE, delta: { type: 'text_delta', text: 'Hi' } },
    );
    const { analysis, ms } = inspect(sse);
    expect(ms).toBeLessThan(1000);
    expect(analysis.protocol).toBe('anthropic-messages');
    expect((analysis.final as { content: Json[] }).content).toEqual([{ type: 'text', text: 'Hi' }]);
  });

  it('a Chat Completions choice and tool call at index 4294967294 end at once, each the one there is', () => {
    const sse = body(
      { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: HUGE, delta: { role: 'assistant', tool_calls: [{ index: HUGE, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: null }] },
      { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: HUGE, delta: {}, finish_reason: 'tool_calls' }] },
      'data: [DONE]\n\n',
    );
    const { analysis, ms } = inspect(sse);
    expect(ms).toBeLessThan(1000);
    expect(analysis.protocol).toBe('chat-completions');
    expect(analysis.choices.map((choice) => [choice.index, choice.message.tool_calls?.map((call) => call.index)])).toEqual([[HUGE, [HUGE]]]);
  });

  it('Chat Completions tool calls without index after one at 2**53 - 1 each get a place of their own (2**53 + 1 is 2**53: the second overwrote the first)', () => {
    const call = (index: number | undefined, id: string) => ({ ...(index === undefined ? {} : { index }), id, type: 'function', function: { name: id, arguments: '{}' } });
    const sse = body(
      { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [call(0, 'a'), call(Number.MAX_SAFE_INTEGER, 'b')] }, finish_reason: null }] },
      { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: { tool_calls: [call(undefined, 'c')] }, finish_reason: null }] },
      { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: { tool_calls: [call(undefined, 'd')] }, finish_reason: 'tool_calls' }] },
      'data: [DONE]\n\n',
    );
    const { analysis } = inspect(sse);
    expect(analysis.choices[0]!.message.tool_calls?.map((entry) => [entry.index, entry.id])).toEqual([
      [0, 'a'],
      [1, 'c'],
      [2, 'd'],
      [Number.MAX_SAFE_INTEGER, 'b'],
    ]);
  });

  it('a Chat Completions tool call without index after calls at 2**53 - 2 and 2**53 - 1 takes the lowest free place (one more than the highest is taken)', () => {
    const call = (index: number | undefined, id: string) => ({ ...(index === undefined ? {} : { index }), id, type: 'function', function: { name: id, arguments: '{}' } });
    const sse = body(
      { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [call(Number.MAX_SAFE_INTEGER - 1, 'a'), call(Number.MAX_SAFE_INTEGER, 'b')] }, finish_reason: null }] },
      { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: { tool_calls: [call(undefined, 'c'), call(undefined, 'd')] }, finish_reason: 'tool_calls' }] },
      'data: [DONE]\n\n',
    );
    const { analysis, ms } = inspect(sse);
    expect(ms).toBeLessThan(1000);
    expect(analysis.choices[0]!.message.tool_calls?.map((entry) => [entry.index, entry.id])).toEqual([
      [0, 'c'],
      [1, 'd'],
      [Number.MAX_SAFE_INTEGER - 1, 'a'],
      [Number.MAX_SAFE_INTEGER, 'b'],
    ]);
  });

  it('30,000 Chat Completions tool calls without index, each with its own id, cost as much as their bytes (each was looked for among all the calls before it)', () => {
    const calls = Array.from({ length: 30_000 }, (_, n) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: { tool_calls: [{ id: `call_${n}`, type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: null }] }));
    const recording = untimed(body(...calls) + 'data: [DONE]\n\n');
    const started = performance.now();
    const analysis = analyzeRecording(recording);
    const ms = performance.now() - started;
    expect(analysis.choices[0]!.message.tool_calls).toHaveLength(30_000);
    expect(analysis.choices[0]!.message.tool_calls![29_999]).toMatchObject({ index: 29_999, id: 'call_29999' });
    // About 0.5 s, and 7 s when each call was looked for among all the calls before it.
    expect(ms).toBeLessThan(3000);
  });

  it('40,000 Responses items added without output_index, and the terminal response that holds them, cost as much as their bytes (each searched for a free index from 0, and for itself in the whole output)', () => {
    const added = Array.from({ length: 40_000 }, (_, n) => ({ type: 'response.output_item.added', item: { id: `ws_${n}`, type: 'web_search_call', status: 'in_progress' } }));
    const output = Array.from({ length: 40_000 }, (_, n) => ({ id: `ws_${n}`, type: 'web_search_call', status: 'completed' }));
    const recording = untimed(body({ type: 'response.created', response: RESPONSE }, ...added, { type: 'response.completed', response: { ...RESPONSE, status: 'completed', output } }));
    const started = performance.now();
    const analysis = analyzeRecording(recording);
    const ms = performance.now() - started;
    expect((analysis.final as { output: Json[] }).output).toEqual(output);
    // About 1 s here, and 15 s before.
    expect(ms).toBeLessThan(5000);
  }, 30_000);
});

/** Indexes no server sends: past any array length, past exact integers, negative, fractional. */
const hostileIndex = fc.oneof(fc.constantFrom(HUGE, 2 ** 32 - 1, 2 ** 32, Number.MAX_SAFE_INTEGER, 1e300, -1, -HUGE, 0.5, 1e21), fc.nat(5), fc.integer({ min: 6, max: 2 ** 31 }));

/** A Responses stream whose every index is drawn from `indexes` (a message and a reasoning item per pair). */
function responsesWith(indexes: readonly number[]): string {
  const events: Json[] = [{ type: 'response.created', response: RESPONSE }];
  indexes.forEach((index, n) => {
    const next = indexes[(n + 1) % indexes.length]!;
    const message = { item_id: `msg_${n}`, output_index: index, content_index: next };
    events.push(
      { type: 'response.output_item.added', output_index: index, item: { id: `msg_${n}`, type: 'message', status: 'in_progress', content: [], role: 'assistant' } },
      { type: 'response.content_part.added', ...message, part: { type: 'output_text', annotations: [], text: '' } },
      { type: 'response.output_text.delta', ...message, delta: 'Hi' },
      { type: 'response.output_text.annotation.added', ...message, annotation_index: index, annotation: { type: 'url_citation', url: 'https://example.com' } },
      { type: 'response.output_text.annotation.added', ...message, annotation_index: next, annotation: { type: 'file_citation', file_id: 'f' } },
      { type: 'response.output_item.added', output_index: next, item: { id: `rs_${n}`, type: 'reasoning', summary: [] } },
      { type: 'response.reasoning_summary_part.added', item_id: `rs_${n}`, output_index: next, summary_index: index, part: { type: 'summary_text', text: '' } },
      { type: 'response.reasoning_summary_text.delta', item_id: `rs_${n}`, output_index: next, summary_index: index, delta: 'Thinking' },
    );
  });
  events.push({ type: 'response.completed', response: { ...RESPONSE, status: 'completed', output: [{ id: 'msg_0', type: 'message', content: [] }] } });
  return body(...events);
}

/** An Anthropic stream with a text, a tool_use and a citation block at each drawn index. */
function messagesWith(indexes: readonly number[]): string {
  const events: Json[] = [{ type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], usage: { input_tokens: 5, output_tokens: 1 } } }];
  indexes.forEach((index, n) => {
    const next = indexes[(n + 1) % indexes.length]!;
    events.push(
      { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_delta', index, delta: { type: 'citations_delta', citation: { type: 'char_location', cited_text: 'x' } } },
      { type: 'content_block_start', index: next, content_block: { type: 'tool_use', id: `toolu_${n}`, name: 'f', input: {} } },
      { type: 'content_block_delta', index: next, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } },
      { type: 'content_block_stop', index },
    );
  });
  events.push({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } }, { type: 'message_stop' });
  return body(...events);
}

/** A Chat Completions stream with a choice and a tool call at each drawn index. */
function chatWith(indexes: readonly number[]): string {
  const chunk = (choices: Json[]) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices });
  const events: (Json | string)[] = [];
  indexes.forEach((index, n) => {
    const next = indexes[(n + 1) % indexes.length]!;
    events.push(
      chunk([{ index, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }]),
      chunk([{ index, delta: { tool_calls: [{ index: next, id: `call_${n}`, type: 'function', function: { name: 'f', arguments: '{"a"' } }] }, finish_reason: null }]),
      chunk([{ index, delta: { tool_calls: [{ index: next, function: { arguments: ':1}' } }, { id: `call_${n}_b`, function: { name: 'g', arguments: '{}' } }] }, finish_reason: null }]),
      chunk([{ index: next, delta: {}, finish_reason: 'tool_calls' }]),
    );
  });
  events.push('data: [DONE]\n\n');
  return body(...events);
}

const BUILDERS: readonly [Protocol, (indexes: readonly number[]) => string][] = [
  ['responses', responsesWith],
  ['anthropic-messages', messagesWith],
  ['chat-completions', chatWith],
];

describe('huge, negative and sparse indexes, in every dialect', () => {
  it.each(BUILDERS)('%s: the whole analysis ends within a second and throws nothing', (protocol, build) => {
    fc.assert(
      fc.property(fc.array(hostileIndex, { minLength: 1, maxLength: 4 }), (indexes) => {
        const { analysis, json, ms } = inspect(build(indexes));
        expect(analysis.protocol).toBe(protocol);
        expect(ms).toBeLessThan(1000);
        // The JSON text grows with the events, never with the indexes.
        expect(json.length).toBeLessThan(20_000);
      }),
      { numRuns: 60 },
    );
  });

  it('a negative or fractional index stays a malformed event, as it was', () => {
    const { analysis } = inspect(responsesAnnotated([-1, CITATION], [0.5, CITATION]));
    expect(analysis.diagnostics.find((diagnostic) => diagnostic.code === 'malformed-chunk')?.events).toEqual([4, 5]);
  });
});
