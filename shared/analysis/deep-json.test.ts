// JSON nested 10,000 deep inside an event's data, or inside a tool call's arguments, is a finding,
// never a stack overflow (issue 27, "Crashes with exit 1"): past the 256 levels `.ssrec.jsonl` and
// HAR lines may have, an event is kept with its text and not read (json-too-deep), and arguments
// are not parsed (tool-arguments-invalid). The whole analysis `inspect` runs — the fold, the
// diagnostics, the final object, the contract's JSON text, every event's annotation — throws nothing.

import { describe, expect, it } from 'vitest';
import { quote } from '../findings/words.ts';
import { TOO_DEEP } from '../formats/json-depth.ts';
import { body, untimed } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import type { Analysis } from './analyze.ts';
import { toContract } from './contract.ts';

type Json = Record<string, unknown>;

const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);

function inspect(sse: string): { analysis: Analysis; json: string; annotations: string[] } {
  const analysis = analyzeRecording(untimed(sse));
  return { analysis, json: JSON.stringify(toContract(analysis)), annotations: analysis.events.map((event) => event.annotation) };
}

const codes = (analysis: Analysis) => analysis.diagnostics.map((diagnostic) => diagnostic.code);
const finding = (analysis: Analysis, code: string) => analysis.diagnostics.find((diagnostic) => diagnostic.code === code);

const RESPONSE = { id: 'resp_1', object: 'response', created_at: 1787659560, status: 'in_progress', model: 'gpt-test', output: [] };
const MESSAGE = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 1 } };
const chunk = (choices: Json[]) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices });

/** In each dialect, a stream whose event 1 carries DEEP in a member, and what the rest of it builds. */
const STREAMS: readonly [string, string, string][] = [
  [
    'chat-completions',
    `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-test","choices":[{"index":0,"delta":{"content":"lost","x":${DEEP}},"finish_reason":null}]}\n\n`,
    body(chunk([{ index: 0, delta: { content: ' there' }, finish_reason: 'stop' }])) + 'data: [DONE]\n\n',
  ],
  [
    'responses',
    `data: {"type":"response.output_item.added","output_index":0,"item":{"id":"msg_1","type":"message","status":"in_progress","content":[],"role":"assistant","x":${DEEP}}}\n\n`,
    body({ type: 'response.completed', response: { ...RESPONSE, status: 'completed' } }),
  ],
  [
    'anthropic-messages',
    `data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":"","x":${DEEP}}}\n\n`,
    body({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 1 } }, { type: 'message_stop' }),
  ],
];

const OPENING: Readonly<Record<string, Json>> = {
  'chat-completions': chunk([{ index: 0, delta: { role: 'assistant', content: 'Hello' }, finish_reason: null }]),
  responses: { type: 'response.created', response: RESPONSE },
  'anthropic-messages': { type: 'message_start', message: MESSAGE },
};

describe('JSON nested 10,000 deep in an event', () => {
  it.each(STREAMS)('%s: the event is kept with its text, not read, and reported as json-too-deep', (protocol, deep, rest) => {
    const { analysis, json, annotations } = inspect(body(OPENING[protocol]!) + deep + rest);
    expect(analysis.protocol).toBe(protocol);
    expect(analysis.events[1]!.sse.data).toBe(deep.slice('data: '.length, -2));
    expect(analysis.events[1]!.interpretation.problems).toEqual([{ code: 'json-too-deep', message: TOO_DEEP }]);
    expect(finding(analysis, 'json-too-deep')).toMatchObject({
      severity: 'warning',
      message: `1 data payload nests arrays or objects more than 256 levels deep and was not read; the first, event 1: ${JSON.stringify(deep.slice('data: '.length, 60 + 'data: '.length))}…(+${deep.length - 8 - 60} chars).`,
      events: [1],
    });
    expect(codes(analysis)).not.toContain('invalid-json');
    expect(annotations[1]).toBe(`JSON not read: ${quote(deep.slice('data: '.length, -2), 80)} (${TOO_DEEP})`);
    expect(json).not.toContain('[[[');
  });

  it('an event 256 levels deep is read as any other', () => {
    // choices, its choice, the delta and the chunk itself are 4 of the 256.
    const nested = '['.repeat(252) + ']'.repeat(252);
    const { analysis } = inspect(body(OPENING['chat-completions']!) + `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-test","choices":[{"index":0,"delta":{"content":" there","x":${nested}},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`);
    expect(codes(analysis)).not.toContain('json-too-deep');
    expect(analysis.choices[0]!.message.content).toBe('Hello there');
  });
});

describe('tool-call arguments nested 10,000 deep', () => {
  it('Chat Completions: the arguments are kept as sent and reported as not read', () => {
    const { analysis, json } = inspect(
      body(
        chunk([{ index: 0, delta: { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: DEEP.slice(0, 10_000) } }] }, finish_reason: null }]),
        chunk([{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: DEEP.slice(10_000) } }] }, finish_reason: 'tool_calls' }]),
      ) + 'data: [DONE]\n\n',
    );
    expect(analysis.choices[0]!.message.tool_calls![0]!.function.arguments).toBe(DEEP);
    expect(finding(analysis, 'tool-arguments-invalid')?.message).toBe(`tool_calls[0] (f) arguments do not parse as JSON at character 256: ${TOO_DEEP}.`);
    expect(json).toContain(JSON.stringify(DEEP));
  });

  it('Responses: a function call’s arguments are reported as not read', () => {
    const at = { item_id: 'fc_1', output_index: 0 };
    const { analysis } = inspect(
      body(
        { type: 'response.created', response: RESPONSE },
        { type: 'response.output_item.added', output_index: 0, item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'f', arguments: '', status: 'in_progress' } },
        { type: 'response.function_call_arguments.delta', ...at, delta: DEEP },
        { type: 'response.output_item.done', output_index: 0, item: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'f', arguments: DEEP, status: 'completed' } },
        { type: 'response.completed', response: { ...RESPONSE, status: 'completed' } },
      ),
    );
    expect((analysis.final as { output: Json[] }).output[0]!.arguments).toBe(DEEP);
    expect(finding(analysis, 'tool-arguments-invalid')?.message).toContain(`arguments do not parse as JSON: line 1, column 257 (character 256): ${TOO_DEEP}.`);
  });

  it('Anthropic Messages: a tool_use input keeps the block’s own and is reported as not read', () => {
    const { analysis, json } = inspect(
      body(
        { type: 'message_start', message: MESSAGE },
        { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: DEEP } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
        { type: 'message_stop' },
      ),
    );
    expect((analysis.final as { content: Json[] }).content).toEqual([{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }]);
    expect(finding(analysis, 'tool-arguments-invalid')?.message).toContain(`input does not parse as JSON at its content_block_stop: line 1, column 257 (character 256): ${TOO_DEEP}.`);
    expect(json).not.toContain('[[[');
  });
});
