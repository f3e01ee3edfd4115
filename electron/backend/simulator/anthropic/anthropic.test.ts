// The simulator's Anthropic Messages endpoint, on the wire: the events as
// api.anthropic.com sends them (compared with real captures, padding
// included), each scenario's shape, the non-streamed message, request errors
// in Anthropic's shape, seeds.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS, REASONING, REFUSAL, tokenize } from '../content.ts';
import { startSimulator } from '../index.ts';
import type { Simulator } from '../index.ts';
import { spacedJson } from './index.ts';
import { exchangeAt, sseEvents } from '../test-helpers.ts';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 });
});
afterAll(() => sim.close());

type Event = Record<string, unknown> & { type: string; index?: number; delta?: Record<string, unknown>; content_block?: Record<string, unknown> };
const FIXTURES = new URL('../../../../shared/test/fixtures/dialects/messages/', import.meta.url);
const origin = () => sim.url.replace(/\/v1$/, '');

async function run(model: string, body: Record<string, unknown> = {}, server: Simulator = sim) {
  const result = await exchangeAt(`${server.url}/messages`, { model, max_tokens: 4096, stream: true, messages: [{ role: 'user', content: 'How does streaming work?' }], ...body }, undefined, { 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-ant-sim' });
  const blocks = sseEvents(result.text);
  return { result, blocks, events: blocks.map((block) => block.data as Event) };
}
const ofType = (events: Event[], type: string) => events.filter((event) => event.type === type);
const deltas = (events: Event[], kind: string, index?: number) =>
  ofType(events, 'content_block_delta').filter((event) => event.delta!.type === kind && (index === undefined || event.index === index));

function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
  return value === null ? null : typeof value;
}
const kindOf = (event: Event) => `${event.type}/${(event.delta?.type ?? event.content_block?.type ?? '') as string}`;

describe('the Messages stream', () => {
  it('has the shape of real captures (claude-haiku-4-5 tools, claude-sonnet-4 thinking): event lines, keys in Anthropic\'s order', async () => {
    const real = [...sseEvents(readFileSync(new URL('anthropic-haiku45-parallel-tool-use-empty-input.sse', FIXTURES), 'utf8')), ...sseEvents(readFileSync(new URL('anthropic-sonnet4-thinking-signature.sse', FIXTURES), 'utf8'))];
    const realShape = new Map<string, unknown>();
    for (const block of real) if (!realShape.has(kindOf(block.data as Event))) realShape.set(kindOf(block.data as Event), shape(block.data));
    for (const model of ['sim-parallel-tool-calls', 'sim-reasoning']) {
      const { result, blocks, events } = await run(model);
      expect([result.status, result.headers['content-type'], result.headers['request-id']]).toEqual([200, 'text/event-stream; charset=utf-8', expect.stringMatching(/^req_/)]);
      expect(blocks.every((block) => block.event === (block.data as Event).type)).toBe(true);
      for (const event of events) expect([kindOf(event), shape(event)]).toEqual([kindOf(event), realShape.get(kindOf(event))]);
    }
  });

  it('pads every payload but ping\'s with 0 to 15 spaces before its last brace, and sends ping as {"type": "ping"} after the first block starts', async () => {
    const { blocks, events } = await run('sim-text');
    expect(blocks[2]!.raw).toBe('{"type": "ping"}');
    expect(events.map((event) => event.type).slice(0, 4)).toEqual(['message_start', 'content_block_start', 'ping', 'content_block_delta']);
    const padded = blocks.filter((block) => block.event !== 'ping').map((block) => /( *)\}$/.exec(block.raw)![1]!.length);
    expect(padded.every((spaces) => spaces <= 15)).toBe(true);
    expect(new Set(padded).size).toBeGreaterThan(5);
    for (const block of blocks) expect(JSON.stringify(block.data)).toBe(block.raw.replace(/ +\}$/, '}').replace('{"type": "ping"}', '{"type":"ping"}'));
  });

  it('opens with message_start (output_tokens 1) and closes with message_delta (cumulative usage) and message_stop', async () => {
    const { events } = await run('sim-text');
    expect(events[0]!.message).toEqual({
      model: 'sim-text',
      id: expect.stringMatching(/^msg_01[A-Za-z0-9]{22}$/),
      type: 'message',
      role: 'assistant',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      usage: { input_tokens: 16, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 }, output_tokens: 1, service_tier: 'standard', inference_geo: 'not_available' },
    });
    expect(events[1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    expect(deltas(events, 'text_delta').map((event) => event.delta!.text).join('')).toBe(ANSWERS[0]);
    expect(events.slice(-3)).toEqual([
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null, stop_details: null }, usage: { input_tokens: 16, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 60 } },
      { type: 'message_stop' },
    ]);
  });

  it('streams a thinking block with its signature before the answer', async () => {
    const { events } = await run('sim-reasoning');
    expect(events[1]!.content_block).toEqual({ type: 'thinking', thinking: '', signature: '' });
    expect(deltas(events, 'thinking_delta', 0).map((event) => event.delta!.thinking).join('')).toBe(REASONING);
    const [signature] = deltas(events, 'signature_delta', 0);
    expect(signature!.delta!.signature).toMatch(/^Eq[A-Za-z0-9+/]{381}=$/);
    expect(events.indexOf(signature!)).toBe(events.findIndex((event) => event.type === 'content_block_stop') - 1);
    expect(deltas(events, 'text_delta', 1).map((event) => event.delta!.text).join('')).toBe(ANSWERS[0]);
  });

  it('streams tool_use blocks one after another, input in partial_json fragments written with spaces, the first one empty', async () => {
    const { events } = await run('sim-parallel-tool-calls');
    const starts = ofType(events, 'content_block_start').map((event) => event.content_block!);
    expect(starts.map((block) => [block.type, block.name, block.input, block.caller])).toEqual([
      ['tool_use', 'get_weather', {}, { type: 'direct' }],
      ['tool_use', 'get_weather', {}, { type: 'direct' }],
      ['tool_use', 'get_local_time', {}, { type: 'direct' }],
    ]);
    expect(starts.every((block) => /^toolu_01[A-Za-z0-9]{22}$/.test(block.id as string))).toBe(true);
    expect([0, 1, 2].map((index) => deltas(events, 'input_json_delta', index).map((event) => event.delta!.partial_json).join(''))).toEqual([
      '{"city": "Paris", "unit": "celsius"}',
      '{"city": "Tokyo", "unit": "celsius"}',
      '{"timezone": "America/New_York"}',
    ]);
    expect([0, 1, 2].map((index) => deltas(events, 'input_json_delta', index)[0]!.delta!.partial_json)).toEqual(['', '', '']);
    expect(ofType(events, 'message_delta')[0]!.delta).toEqual({ stop_reason: 'tool_use', stop_sequence: null, stop_details: null });
    expect(spacedJson({ a: [1, { b: null }], c: 'x' })).toBe('{"a": [1, {"b": null}], "c": "x"}');
  });

  it('ends a refusal with stop_reason refusal and its stop_details', async () => {
    const { events } = await run('sim-refusal');
    expect(deltas(events, 'text_delta').map((event) => event.delta!.text).join('')).toBe(REFUSAL);
    expect(ofType(events, 'message_delta')[0]!.delta).toEqual({ stop_reason: 'refusal', stop_sequence: null, stop_details: { type: 'refusal', category: null, explanation: null } });
  });
});

describe('the Messages faults', () => {
  it('length stops with max_tokens after 16 tokens, or at the request\'s max_tokens', async () => {
    const { events } = await run('sim-length');
    expect(deltas(events, 'text_delta').map((event) => event.delta!.text).join('')).toBe(tokenize(ANSWERS[0]!).slice(0, 16).join(''));
    expect(events.slice(-3).map((event) => event.type)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(ofType(events, 'message_delta')[0]).toMatchObject({ delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 16 } });
    const short = (await run('sim-text', { max_tokens: 3 })).events;
    expect(ofType(short, 'message_delta')[0]).toMatchObject({ delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 3 } });
  });

  it('stream-error sends event: error overloaded_error after 8 tokens, the block left open, then the body ends', async () => {
    const { result, blocks, events } = await run('sim-stream-error');
    expect([result.status, result.failure]).toEqual([200, null]);
    expect(blocks.at(-1)!.event).toBe('error');
    expect(blocks.at(-1)!.raw).toBe('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}');
    expect(deltas(events, 'text_delta')).toHaveLength(8);
    expect(ofType(events, 'content_block_stop')).toEqual([]);
  });

  it('connection-drop destroys the socket; cut-before-end ends cleanly after the last block, with no message_delta or message_stop', async () => {
    const dropped = await run('sim-connection-drop', { sim: { fail_after: 3 } });
    expect(dropped.result.failure).toBe('terminated');
    expect(deltas(dropped.events, 'text_delta')).toHaveLength(3);
    const cut = await run('sim-cut-before-end');
    expect(cut.result.failure).toBe(null);
    expect(cut.events.at(-1)).toEqual({ type: 'content_block_stop', index: 0 });
  });

  it('keep-alive sends ping events through its pause; invalid-json cuts one delta in half', async () => {
    const kept = (await run('sim-keep-alive')).events;
    expect(ofType(kept, 'ping')).toHaveLength(4);
    expect(deltas(kept, 'text_delta').map((event) => event.delta!.text).join('')).toBe(ANSWERS[0]);
    const corrupt = (await run('sim-invalid-json')).blocks;
    expect(corrupt.filter((block) => typeof block.data === 'string').map((block) => block.event)).toEqual(['content_block_delta']);
  });

  it('rate-limit, server-error and overloaded answer in Anthropic\'s error shape', async () => {
    for (const [model, status, type] of [['sim-rate-limit', 429, 'rate_limit_error'], ['sim-server-error', 500, 'api_error'], ['sim-overloaded', 529, 'overloaded_error']] as const) {
      const { result } = await run(model);
      expect([result.status, JSON.parse(result.text)]).toEqual([status, { type: 'error', error: { type, message: expect.any(String) }, request_id: result.headers['request-id'] }]);
    }
  });
});

describe('the Messages endpoint', () => {
  it('answers stream absent with the message the stream builds', async () => {
    for (const model of ['sim-text', 'sim-reasoning', 'sim-parallel-tool-calls', 'sim-refusal', 'sim-length']) {
      const json = await exchangeAt(`${sim.url}/messages`, { model, max_tokens: 4096, messages: [{ role: 'user', content: 'How does streaming work?' }] });
      const message = JSON.parse(json.text) as Record<string, unknown> & { content: Record<string, unknown>[] };
      const { events } = await run(model);
      const start = events[0]!.message as Record<string, unknown>;
      const end = ofType(events, 'message_delta')[0]!;
      expect(Object.keys(message)).toEqual(Object.keys(start));
      expect([message.id, message.stop_reason, (message.usage as { output_tokens: number }).output_tokens]).toEqual([start.id, (end.delta as { stop_reason: string }).stop_reason, (end.usage as { output_tokens: number }).output_tokens]);
      const streamed = ofType(events, 'content_block_start').map((event, index) => {
        const block = { ...event.content_block! };
        const parts = ofType(events, 'content_block_delta').filter((delta) => delta.index === index).map((delta) => delta.delta!);
        if (block.type === 'text') block.text = parts.map((part) => part.text).join('');
        if (block.type === 'thinking') Object.assign(block, { thinking: parts.map((part) => part.thinking ?? '').join(''), signature: parts.find((part) => part.signature)?.signature });
        if (block.type === 'tool_use') block.input = JSON.parse(parts.map((part) => part.partial_json).join(''));
        return block;
      });
      expect(message.content).toEqual(streamed);
    }
    const failed = await exchangeAt(`${sim.url}/messages`, { model: 'sim-stream-error', max_tokens: 100, messages: [] });
    expect(failed.status).toBe(529);
  });

  it('checks the body minimally as Anthropic does (any headers), errors in Anthropic\'s shape with the request id', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ model: 'sim-text', messages: [] }, 400, 'invalid_request_error', 'max_tokens: Field required'],
      [{ max_tokens: 10, messages: [] }, 400, 'invalid_request_error', 'model: Field required'],
      [{ model: 'sim-text', max_tokens: 10 }, 400, 'invalid_request_error', 'messages: Field required'],
      [{ model: 'sim-text', max_tokens: 0, messages: [] }, 400, 'invalid_request_error', 'max_tokens: Input should be greater than or equal to 1'],
      [{ model: 'sim-text', max_tokens: 10, messages: [], sim: { speed: 1 } }, 400, 'invalid_request_error', expect.stringContaining("Unknown field 'sim.speed'") as unknown as string],
      [{ model: 'claude-sonnet-4-6', max_tokens: 10, messages: [] }, 404, 'not_found_error', expect.stringMatching(/^model: claude-sonnet-4-6 \(the simulator serves: sim-text, .*sim-overloaded/) as unknown as string],
      [{ model: 'sim-sequence-gap', max_tokens: 10, messages: [] }, 404, 'not_found_error', expect.stringContaining('model: sim-sequence-gap') as unknown as string],
    ];
    for (const [body, status, type, message] of cases) {
      const answer = await exchangeAt(`${origin()}/v1/messages`, body);
      expect([answer.status, JSON.parse(answer.text)]).toEqual([status, { type: 'error', error: { type, message }, request_id: answer.headers['request-id'] }]);
    }
    expect((await exchangeAt(`${origin()}/messages`, { model: 'sim-text', max_tokens: 10, messages: [] })).status).toBe(200);
  });

  it('gives byte-identical streams (padding included) for the same seed, and other bytes for another seed', async () => {
    const first = (await run('sim-reasoning')).result.text;
    expect((await run('sim-reasoning')).result.text).toBe(first);
    const again = await startSimulator({ timeScale: 0, seed: 1 });
    const other = await startSimulator({ timeScale: 0, seed: 2 });
    try {
      expect((await run('sim-reasoning', {}, again)).result.text).toBe(first);
      expect((await run('sim-reasoning', {}, other)).result.text).not.toBe(first);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
    const seeded = (await run('sim-reasoning', { sim: { seed: 7 } })).result.text;
    expect(seeded).not.toBe(first);
    expect((await run('sim-reasoning', { sim: { seed: 7 } })).result.text).toBe(seeded);
  });
});
