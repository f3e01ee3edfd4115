import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/index.ts';
import type { Analysis } from '../../../../shared/index.ts';
import { ANSWERS, REASONING, REFUSAL } from '../content.ts';
import { descriptionIn, scenariosOf, showsIn, startSimulator } from '../index.ts';
import type { Simulator } from '../index.ts';
import { exchange, payloads, toRecording } from '../test-helpers.ts';
import type { Exchange } from '../test-helpers.ts';
import { chatReading } from '../../../../shared/dialects/chat/kept.ts';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 });
});
afterAll(() => sim.close());

const codes = (analysis: Analysis): string[] => analysis.diagnostics.map((diagnostic) => diagnostic.code).sort();
const warnings = (analysis: Analysis): string[] => analysis.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info').map((diagnostic) => diagnostic.code);

async function run(scenario: string, body: Record<string, unknown> = {}): Promise<{ exchange: Exchange; analysis: Analysis }> {
  const result = await exchange(sim.url, { model: `sim-${scenario}`, ...body });
  return { exchange: result, analysis: analyzeRecording(toRecording(result)) };
}

/** The diagnostics each scenario yields at time scale 0, for a request that leaves stream_options alone. */
const EXPECTED: Record<string, string[]> = {
  text: ['obfuscation'],
  reasoning: ['obfuscation'],
  refusal: ['obfuscation', 'refusal'],
  'tool-call': ['obfuscation'],
  'parallel-tool-calls': ['obfuscation', 'tool-calls-interleaved'],
  'n-choices': ['obfuscation'],
  length: ['finish-length', 'obfuscation'],
  'content-filter': ['finish-content-filter', 'obfuscation'],
  'keep-alive': ['comment', 'obfuscation'],
  // Its silence shows only in a timed recording (see server.test.ts).
  'long-silence': ['obfuscation'],
  'stream-error': ['missing-finish-reason', 'no-done', 'obfuscation', 'stream-error'],
  'connection-drop': ['connection-error', 'missing-finish-reason', 'no-done', 'obfuscation'],
  'no-finish-reason': ['missing-finish-reason', 'obfuscation'],
  'no-done': ['no-done', 'obfuscation'],
  // Its burst shows only in a timed recording (see server.test.ts).
  buffered: ['obfuscation'],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
  'invalid-json': ['invalid-json', 'obfuscation'],
  crlf: ['obfuscation'],
  'mixed-line-endings': ['mixed-line-endings', 'obfuscation'],
  // It shows usage-missing only when usage is asked for (below).
  'usage-ignored': ['obfuscation'],
  large: ['obfuscation'],
};

const CHAT_SCENARIOS = scenariosOf('chat-completions');

describe('every scenario', () => {
  it('has an expectation here, a kebab-case name and a one-line description', () => {
    expect(CHAT_SCENARIOS.map((scenario) => scenario.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const scenario of CHAT_SCENARIOS) {
      expect(scenario.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(descriptionIn(scenario, 'chat-completions')).not.toContain('\n');
    }
  });

  it('is documented in docs/simulator.md with its description and the diagnostics it shows', () => {
    const doc = readFileSync(new URL('../../../../docs/simulator.md', import.meta.url), 'utf8');
    for (const scenario of CHAT_SCENARIOS) {
      expect(doc).toContain(`| \`sim-${scenario.name}\` | ${descriptionIn(scenario, 'chat-completions')} |`);
      for (const code of showsIn(scenario, 'chat-completions')) expect(doc).toMatch(new RegExp(`\\| \`sim-${scenario.name}\` \\|[^\\n]*\`${code}\``));
    }
  });

  it.each(CHAT_SCENARIOS.map((scenario) => scenario.name))('sim-%s yields exactly its diagnostics, including the one it is meant to show', async (name) => {
    const { analysis } = await run(name);
    expect(codes(analysis)).toEqual(EXPECTED[name]);
    const meant = showsIn(CHAT_SCENARIOS.find((scenario) => scenario.name === name)!, 'chat-completions');
    const timedOnly = ['idle-gap', 'buffered-delivery', 'usage-missing'];
    for (const code of meant) if (!timedOnly.includes(code)) expect(codes(analysis)).toContain(code);
  });
});

describe('clean scenarios', () => {
  it('stream a plain text answer in OpenAI\'s shape: one identity, the opening role delta, a finish chunk, [DONE]', async () => {
    const { exchange: result, analysis } = await run('text');
    expect(result.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const chunks = payloads(result.text);
    expect(chunks.at(-1)).toBe('[DONE]');
    const first = chunks[0] as Record<string, unknown>;
    expect(Object.keys(first)).toEqual(['id', 'object', 'created', 'model', 'service_tier', 'system_fingerprint', 'choices', 'obfuscation']);
    expect(first.id).toMatch(/^chatcmpl-sim[A-Za-z0-9]{26}$/);
    expect(first.model).toBe('sim-text');
    expect(first.object).toBe('chat.completion.chunk');
    expect(first.choices).toEqual([{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }]);
    const identities = new Set(chunks.slice(0, -1).map((chunk) => JSON.stringify([(chunk as Record<string, unknown>).id, (chunk as Record<string, unknown>).created, (chunk as Record<string, unknown>).system_fingerprint])));
    expect(identities.size).toBe(1);
    expect((chunks.at(-2) as { choices: unknown }).choices).toEqual([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
    expect(analysis.choices).toEqual([{ index: 0, message: { role: 'assistant', content: ANSWERS[0], refusal: null, reasoning_content: null }, finish_reason: 'stop', logprobs: null }]);
    expect(analysis.identity.model).toBe('sim-text');
  });

  it('stream reasoning_content before the answer', async () => {
    const { analysis } = await run('reasoning');
    expect(analysis.choices[0]!.message).toEqual({ role: 'assistant', content: ANSWERS[0], refusal: null, reasoning_content: REASONING });
    const kinds = analysis.events.map((event) => event.interpretation.kind);
    expect(kinds.lastIndexOf('reasoning')).toBeLessThan(kinds.indexOf('content'));
  });

  it('stream one tool call as OpenAI fragments it: id, type and name with empty arguments, then argument pieces', async () => {
    const { exchange: result, analysis } = await run('tool-call');
    const deltas = payloads(result.text).slice(0, -1).map((chunk) => (chunk as { choices: { delta: Record<string, unknown> }[] }).choices[0]!.delta);
    expect(deltas[0]).toEqual({ role: 'assistant', content: null });
    expect(deltas[1]).toEqual({ tool_calls: [{ index: 0, id: expect.stringMatching(/^call_[A-Za-z0-9]{24}$/), type: 'function', function: { name: 'get_weather', arguments: '' } }] });
    expect(deltas[2]).toEqual({ tool_calls: [{ index: 0, function: { arguments: expect.any(String) } }] });
    const [call] = analysis.choices[0]!.message.tool_calls!;
    expect(call!.function).toEqual({ name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' });
    expect(analysis.choices[0]!.finish_reason).toBe('tool_calls');
    expect(analysis.choices[0]!.message.content).toBe(null);
  });

  it('interleave three parallel tool calls by index, and each call\'s arguments parse', async () => {
    const { analysis } = await run('parallel-tool-calls');
    const order = analysis.events.flatMap((event) => chatReading(event).ops.flatMap((op) => (op.type === 'tool' ? [op.index] : [])));
    expect(order.slice(0, 6)).toEqual([0, 1, 2, 0, 1, 2]);
    const calls = analysis.choices[0]!.message.tool_calls!;
    expect(calls.map((call) => [call.index, call.function.name, JSON.parse(call.function.arguments)])).toEqual([
      [0, 'get_weather', { city: 'Paris', unit: 'celsius' }],
      [1, 'get_weather', { city: 'Tokyo', unit: 'celsius' }],
      [2, 'get_local_time', { timezone: 'America/New_York' }],
    ]);
    expect(new Set(calls.map((call) => call.id)).size).toBe(3);
    expect(analysis.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('give n-choices two interleaved choices, and honour the request\'s n anywhere', async () => {
    const two = (await run('n-choices')).analysis;
    expect(two.choices.map((choice) => [choice.index, choice.message.content, choice.finish_reason])).toEqual([
      [0, ANSWERS[0], 'stop'],
      [1, ANSWERS[1], 'stop'],
    ]);
    expect(two.events.slice(0, 4).map((event) => chatReading(event).ops.map((op) => ('choice' in op ? op.choice : null))[0])).toEqual([0, 1, 0, 1]);
    const three = (await run('text', { n: 3, stream_options: { include_usage: true } })).analysis;
    expect(three.choices.map((choice) => choice.message.content)).toEqual(ANSWERS);
    expect(codes(three)).toEqual(['obfuscation', 'usage-chunk']);
    expect((await run('n-choices', { n: 1 })).analysis.choices).toHaveLength(1);
  });

  it('write a large stream of about 2,000 content chunks, each event in its own write', async () => {
    const writes: number[] = [];
    const large = await startSimulator({ timeScale: 0, onWrite: (info) => writes.push(info.bytes) });
    try {
      const result = await exchange(large.url, { model: 'sim-large' });
      const analysis = analyzeRecording(toRecording(result));
      expect(analysis.events.filter((event) => event.interpretation.kind === 'content')).toHaveLength(2000);
      expect(analysis.events).toHaveLength(2003);
      expect(writes).toHaveLength(2003);
      expect(writes.reduce((a, b) => a + b, 0)).toBe(result.body.length);
      expect(result.body.length).toBeGreaterThan(300_000);
      expect(warnings(analysis)).toEqual([]);
    } finally {
      await large.close();
    }
  });
});

describe('fault scenarios', () => {
  it('refusal streams in delta.refusal and leaves content null', async () => {
    const { analysis } = await run('refusal');
    expect(analysis.choices[0]).toMatchObject({ message: { content: null, refusal: REFUSAL }, finish_reason: 'stop' });
  });

  it('length cuts the answer at 16 tokens, or at the request\'s max_tokens', async () => {
    expect((await run('length')).analysis.choices[0]).toMatchObject({ message: { content: 'Streaming sends each token as soon as the model makes it, so the first' }, finish_reason: 'length' });
    expect((await run('length', { max_tokens: 3 })).analysis.choices[0]).toMatchObject({ message: { content: 'Streaming sends' }, finish_reason: 'length' });
    expect((await run('text', { max_completion_tokens: 4 })).analysis.choices[0]).toMatchObject({ message: { content: 'Streaming sends each' }, finish_reason: 'length' });
  });

  it('content-filter stops part-way with finish_reason content_filter', async () => {
    expect((await run('content-filter')).analysis.choices[0]).toMatchObject({
      message: { content: 'Streaming sends each token as soon as the model makes it, so the first words show up after a fraction of a second instead of after the whole reply.\n\nThe catch:' },
      finish_reason: 'content_filter',
    });
  });

  it('keep-alive sends ": keep-alive" comments through its pause and still completes', async () => {
    const { exchange: result, analysis } = await run('keep-alive');
    expect(result.text.match(/^: keep-alive\n\n/gm)).toHaveLength(3);
    expect(analysis.choices[0]!.message.content).toBe(ANSWERS[0]);
  });

  it('stream-error sends an OpenAI error object after 8 token chunks under HTTP 200, then ends', async () => {
    const { exchange: result, analysis } = await run('stream-error');
    expect(result.status).toBe(200);
    expect(payloads(result.text).at(-1)).toEqual({ error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null } });
    expect(analysis.choices[0]!.message.content).toBe('Streaming sends each token as soon as');
  });

  it('connection-drop destroys the socket: the body read fails, and the chunks before it arrive whole', async () => {
    const { exchange: result, analysis } = await run('connection-drop', { sim: { fail_after: 3 } });
    expect(result.failure).toBe('terminated');
    expect(result.text.endsWith('\n\n')).toBe(true);
    expect(payloads(result.text)).toHaveLength(4);
    expect(analysis.choices[0]).toMatchObject({ message: { content: 'Streaming sends' }, finish_reason: null });
  });

  it('no-finish-reason completes with [DONE] but no finish_reason', async () => {
    const { exchange: result, analysis } = await run('no-finish-reason');
    expect(result.text).not.toContain('"finish_reason":"');
    expect(result.text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(analysis.choices[0]!.message.content).toBe(ANSWERS[0]);
  });

  it('no-done finishes the answer and ends the body without [DONE]', async () => {
    const { exchange: result, analysis } = await run('no-done');
    expect(result.failure).toBe(null);
    expect(result.text).not.toContain('[DONE]');
    expect(analysis.choices[0]!.finish_reason).toBe('stop');
  });

  it('json-response answers stream: true with a non-streamed chat.completion', async () => {
    const { exchange: result } = await run('json-response');
    expect(result.headers['content-type']).toBe('application/json');
    const completion = JSON.parse(result.text);
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'sim-json-response', choices: [{ index: 0, message: { role: 'assistant', content: ANSWERS[0], refusal: null }, finish_reason: 'stop' }] });
    expect(completion.usage).toMatchObject({ completion_tokens: 60 });
  });

  it('rate-limit answers 429 with an OpenAI error body and retry-after; server-error answers 500', async () => {
    const limited = (await run('rate-limit')).exchange;
    expect([limited.status, limited.headers['retry-after'], limited.headers['content-type']]).toEqual([429, '20', 'application/json']);
    expect(JSON.parse(limited.text)).toEqual({ error: { message: expect.stringContaining('Rate limit reached for sim-rate-limit'), type: 'requests', param: null, code: 'rate_limit_exceeded' } });
    const failed = (await run('server-error')).exchange;
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text)).toEqual({ error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null } });
  });

  it('invalid-json cuts one chunk\'s JSON in half: that token is lost, the rest of the stream is whole', async () => {
    const { exchange: result, analysis } = await run('invalid-json');
    expect(payloads(result.text).filter((payload) => typeof payload === 'string' && payload !== '[DONE]')).toHaveLength(1);
    expect(analysis.choices[0]).toMatchObject({ message: { content: ANSWERS[0]!.replace('as soon as the model', 'as soon as model') }, finish_reason: 'stop' });
  });

  it('crlf ends every line in CRLF and mixed-line-endings all but the last', async () => {
    const crlf = await run('crlf');
    expect(crlf.exchange.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(crlf.analysis.choices[0]!.message.content).toBe(ANSWERS[0]);
    const mixed = (await run('mixed-line-endings')).exchange.text;
    expect(mixed.endsWith('\r\n\r\ndata: [DONE]\n\n')).toBe(true);
  });

  it('usage-ignored sends no usage even when asked: usage-missing', async () => {
    const { analysis } = await run('usage-ignored', { stream_options: { include_usage: true } });
    expect(codes(analysis)).toEqual(['obfuscation', 'usage-missing']);
  });
});
