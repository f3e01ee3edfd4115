// The aimock export, loaded from its file into a real aimock server (@copilotkit/aimock's LLMock)
// and read back by the official openai SDK: for every simulator scenario and every captured real
// stream, the client ends with our analysis's message, except for exactly what the file's
// `_streamscope.losses` say aimock cannot express (each kind of loss changes one documented thing).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LLMock, validateFixtures } from '@copilotkit/aimock';
import type { FixtureFileEntry } from '@copilotkit/aimock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenariosOf, startSimulator } from '../../electron/backend/simulator/index.ts';
import { exchange, toRecording } from '../../electron/backend/simulator/test-helpers.ts';
import { analyzeRecording } from '../analysis/analyze.ts';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { openaiFinal, openaiIterator, ourView } from '../test/sdk-clients.ts';
import type { ClientEnd, ClientRequest, ClientView } from '../test/sdk-clients.ts';
import { body, chunk, delta, DONE_EVENT, realStreams, timed } from '../test/streams.ts';
import { aimockExporter, toAimockFixture } from './aimock.ts';
import type { AimockFixtureFile } from './aimock.ts';
import type { AimockLossCode } from './aimock-losses.ts';

const PROMPT = 'How does streaming work?';

let mock: LLMock;
let dir: string;
const scenarios = new Map<string, Recording>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'streamscope-aimock-'));
  mock = new LLMock({ port: 0 });
  await mock.start();
  const simulator = await startSimulator({ port: 0, timeScale: 0 });
  try {
    for (const scenario of scenariosOf('chat-completions')) {
      const recorded = await exchange(simulator.url, { model: `sim-${scenario.name}`, seed: 11, stream_options: { include_usage: true } });
      scenarios.set(scenario.name, toRecording(recorded, true));
    }
  } finally {
    await simulator.close();
  }
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes the export to a file and makes it the only fixture aimock has. */
function serve(recording: Recording, name: string): AimockFixtureFile {
  const path = join(dir, `${name}.aimock.json`);
  writeFileSync(path, aimockExporter.export(recording));
  mock.clearFixtures();
  mock.loadFixtureFile(path);
  return JSON.parse(aimockExporter.export(recording) as string) as AimockFixtureFile;
}

const messageLosses = (file: AimockFixtureFile): AimockLossCode[] => file._streamscope.losses.filter((loss) => loss.affects === 'message').map((loss) => loss.code);

/** What a client should end with, given what the file says aimock cannot carry. */
function expected(ours: ClientView, file: AimockFixtureFile): ClientView {
  const codes = new Set(messageLosses(file));
  const response = file.fixtures[0]!.response;
  const view = { ...ours };
  if (codes.has('usage') && ours.usage) view.usage = { prompt_tokens: ours.usage.prompt_tokens, completion_tokens: ours.usage.completion_tokens, total_tokens: ours.usage.total_tokens };
  if (codes.has('refusal')) view.refusal = null;
  if (codes.has('other-choices')) view.choices = 1;
  if (codes.has('role')) view.role = 'assistant';
  if (codes.has('finish-added')) view.finish_reason = response.finishReason!;
  if (codes.has('tool-calls')) view.tool_calls = ours.tool_calls!.map((call) => ({ id: call.id || expect.stringMatching(/^call_/), type: 'function', name: call.name ?? '', arguments: call.arguments }));
  // A body that is not an event stream has no message: aimock streams an empty one that stops.
  if (codes.has('not-event-stream')) Object.assign(view, { choices: 1, role: 'assistant', finish_reason: 'stop' });
  return view;
}

const requestFor = (ours: ClientView, model: string): ClientRequest => ({ model, messages: [{ role: 'user', content: PROMPT }], includeUsage: ours.usage !== null });

/** Reads the fixture back with the SDK's iterator and its stream helper, and checks both. */
async function expectReplayed(recording: Recording, name: string, model: string): Promise<AimockFixtureFile> {
  const file = serve(recording, name);
  const ours = ourView(analyzeRecording(recording));
  const want = expected(ours, file);
  const request = requestFor(ours, model);
  const iterated = await openaiIterator(`${mock.url}/v1`, request);
  const final = await openaiFinal(`${mock.url}/v1`, request);
  if (file._streamscope.losses.some((loss) => loss.code === 'cut')) {
    // aimock resets the connection: undici's "terminated", after the chunks sent before the cut.
    // Its cut is timed from the request (disconnectAfterMs), not placed after a chunk: on a loaded
    // machine it can come before aimock has sent its response head, and the SDK then reports that.
    const beforeHead = { ok: false, error: { name: 'APIConnectionError', message: 'Connection error.' }, view: null };
    // Late, the timer lets more chunks out than the recording had before its cut: the client then
    // has more of the fixture's text, never other text.
    const text = file.fixtures[0]!.response.blocks?.map((block) => (block.type === 'text' ? block.text : '')).join('') ?? '';
    const content = iterated.view?.content;
    const late = typeof content === 'string' && typeof want.content === 'string' && content.startsWith(want.content) && text.startsWith(content) ? { ...iterated, view: { ...iterated.view!, content: want.content } } : iterated;
    expect([{ ok: false, error: { name: 'TypeError', message: 'terminated' }, view: want }, beforeHead]).toContainEqual(late);
    expect([{ ok: false, error: { name: 'OpenAIError', message: 'terminated' }, view: null }, beforeHead]).toContainEqual(final);
    return file;
  }
  expect(iterated).toEqual({ ok: true, view: want });
  // The stream helper keeps only the last reasoning fragment (reference/openai-sdk.ts): all else must agree.
  expect(final).toEqual<ClientEnd>({ ok: true, view: { ...want, reasoning: expect.toSatisfy((text: string | null) => want.reasoning === null ? text === null : want.reasoning.endsWith(text!)) } });
  return file;
}

/** The message-level losses each scenario's export reports (recorded with include_usage). */
const SCENARIO_LOSSES: Record<string, AimockLossCode[]> = {
  text: ['usage'],
  reasoning: ['usage'],
  refusal: ['refusal', 'usage'],
  'tool-call': ['usage'],
  'parallel-tool-calls': ['usage'],
  'n-choices': ['other-choices', 'usage'],
  length: ['usage'],
  'content-filter': ['usage'],
  'keep-alive': ['usage'],
  'long-silence': ['usage'],
  'stream-error': ['stream-error', 'cut'],
  'connection-drop': [],
  'no-finish-reason': ['finish-added', 'usage'],
  'no-done': ['usage'],
  buffered: ['usage'],
  'json-response': ['not-event-stream'],
  'rate-limit': [],
  'server-error': [],
  'invalid-json': ['usage'],
  crlf: ['usage'],
  'mixed-line-endings': ['usage'],
  'usage-ignored': [],
  large: ['usage'],
};

describe('aimock export of every simulator scenario, replayed by aimock to the openai SDK', () => {
  it('covers every scenario the simulator has', () => {
    expect(Object.keys(SCENARIO_LOSSES).sort()).toEqual(scenariosOf('chat-completions').map((scenario) => scenario.name).sort());
  });

  it('writes fixtures aimock validates without an error', () => {
    const entries = [...scenarios.values()].map((recording) => toAimockFixture(recording).fixtures[0]!);
    // Compile-time check too: the entries are aimock's own FixtureFileEntry.
    const typed: FixtureFileEntry[] = entries;
    const mockOfAll = new LLMock();
    mockOfAll.addFixturesFromJSON(typed);
    const issues = validateFixtures([...mockOfAll.getFixtures()]);
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    // The only warning: a response with neither text nor tool calls uses `toolCalls: []`, the one
    // shape whose role chunk says `content: null` (refusal and json-response).
    expect(issues.map((issue) => issue.message)).toEqual(['toolCalls array is empty — fixture will never produce tool calls', 'toolCalls array is empty — fixture will never produce tool calls']);
  });

  it.each(Object.entries(SCENARIO_LOSSES).filter(([name]) => !['rate-limit', 'server-error'].includes(name)))(
    '%s: the client ends with our message, but for the losses listed',
    async (name, losses) => {
      const file = await expectReplayed(scenarios.get(name)!, name, `sim-${name}`);
      expect(messageLosses(file)).toEqual(losses);
    },
  );

  it.each([
    ['rate-limit', 429, 'RateLimitError'],
    ['server-error', 500, 'InternalServerError'],
  ])('%s: aimock answers %i and the SDK throws its %s with the recorded message', async (name, status, error) => {
    const recording = scenarios.get(name)!;
    const file = serve(recording, name);
    const recorded = JSON.parse(new TextDecoder().decode(recording.reads[0]!.bytes)) as { error: { message: string } };
    const result = await openaiFinal(`${mock.url}/v1`, { model: `sim-${name}`, messages: [{ role: 'user', content: PROMPT }] });
    expect(result).toEqual({ ok: false, error: { name: error, message: `${status} ${recorded.error.message}`, status }, view: null });
    expect(file._streamscope.losses).toEqual([]);
  });

  it('sends each content delta as one chunk, at the chunk size of the longest', () => {
    const file = toAimockFixture(scenarios.get('text')!);
    const entry = file.fixtures[0]!;
    const deltas = analyzeRecording(scenarios.get('text')!).events.filter((event) => event.interpretation.kind === 'content').length;
    expect(entry.response.blocks).toHaveLength(deltas);
    expect(entry.chunkSize).toBe(Math.max(...entry.response.blocks!.map((block) => (block.type === 'text' ? block.text.length : 0))));
    // role chunk, one chunk per delta, finish chunk: one time each (ttft, then the gaps).
    expect(entry.recordedTimings!.interChunkDelaysMs).toHaveLength(deltas + 1);
  });
});

/**
 * The message-level losses of each captured stream's export (SOURCES.md says what each stream
 * is). 'usage': the provider's usage has more than the three token counts; 'role': the stream
 * never sent one; 'tool-calls': a call without index 0 or without type; 'stream-error': an
 * error event, which aimock drops ('cut' too when the body then ended without a finish reason).
 */
const CORPUS_LOSSES: Record<string, AimockLossCode[]> = {
  'alibaba-qwen3max-tool-call.sse': ['usage'],
  'anthropic-gateway-tool-call-index-1.sse': ['tool-calls'],
  'azure-foundry-deepseek-v4-reasoning-matched-stop.sse': ['usage'],
  'azure-gpt5nano-model-router-prompt-filter.sse': ['usage'],
  'cerebras-glm47-reasoning-tool-call.sse': ['usage'],
  'cohere-compat-command-r7b.sse': [],
  'deepseek-reasoner-reasoning-content.sse': ['usage'],
  'deepseek-reasoner-tool-call.sse': ['usage'],
  'fireworks-deepseek-r1-think-in-content.sse': [],
  'groq-compound-executed-tools-changing-ids.sse': ['role', 'usage'],
  'groq-gptoss-tool-use-failed-error-event.sse': ['stream-error', 'cut'],
  'groq-llama33-text-x-groq.sse': ['usage'],
  'groq-llama33-tool-call-single-chunk.sse': ['usage'],
  'hf-tgi-mistral7b-empty-id-role-every-chunk.sse': [],
  'hyperbolic-llama33-usage-every-chunk-spaced-json.sse': [],
  'mistral-magistral-thinking-content-parts.sse': [],
  'mistral-sdk-glm-incremental-tool-call.sse': ['role', 'usage'],
  'mistral-small-tool-call-no-index.sse': ['tool-calls'],
  'novita-llama31-sla-metrics.sse': ['usage'],
  'novita-r1distill-content-filter-results.sse': [],
  'openai-gpt41nano-text-obfuscation.sse': ['usage'],
  'openai-gpt4o-content-logprobs.sse': [],
  'openai-gpt4o-length-truncated.sse': ['usage'],
  'openai-gpt4o-n3-interleaved-choices.sse': ['other-choices', 'usage'],
  'openai-gpt4o-parallel-tool-calls-empty-args.sse': ['usage'],
  'openai-gpt4o-parallel-tool-calls.sse': ['usage'],
  'openai-gpt4o-refusal-logprobs.sse': ['refusal'],
  'openai-gpt4o-structured-text-usage.sse': [],
  'openai-gpt5-moderation-after-usage.sse': ['usage'],
  'openrouter-claude-reasoning-details.sse': ['usage'],
  'openrouter-deepseek-web-search-annotations.sse': ['usage'],
  'openrouter-minimax-midstream-error.sse': ['stream-error', 'usage'],
  'perplexity-sonar-citations-usage-every-chunk.sse': [],
  'sambanova-llama31-role-repeated.sse': [],
  'snowflake-cortex-claude-no-finish-reason.sse': ['finish-added', 'usage'],
  'tgi-llama31-tool-call-no-finish-reserialised.sse': ['finish-added'],
  'together-llama33-eos-finish.sse': [],
  'vllm-crusoe-llama33-token-ids.sse': ['usage'],
  'xai-grok3mini-reasoning-tool-call.sse': ['usage'],
  'zai-glm47-reasoning-no-finish-key.sse': ['usage'],
};

describe('aimock export of every captured real stream, replayed by aimock to the openai SDK', () => {
  const corpus = realStreams();

  it('has an entry for every stream', () => {
    expect(Object.keys(CORPUS_LOSSES).sort()).toEqual(corpus.map(({ name }) => name));
  });

  it.each(corpus.map(({ name, bytes }) => [name, bytes] as const))('%s', async (name, bytes) => {
    const file = await expectReplayed(recordingFromSse(bytes), name, 'any-model');
    expect(messageLosses(file)).toEqual(CORPUS_LOSSES[name]);
  });
});

describe('aimock export', () => {
  it('replays the recorded gaps: a 300 ms silence comes out as one', async () => {
    const recording = timed([
      [40, body(chunk([delta({ role: 'assistant', content: '' })]))],
      [45, body(chunk([delta({ content: 'before' })]))],
      [345, body(chunk([delta({ content: ' after' })]))],
      [350, body(chunk([delta({}, 'stop')])) + DONE_EVENT],
    ]);
    serve(recording, 'gap');
    const start = performance.now();
    const response = await fetch(`${mock.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] }) });
    const arrivals: [string, number][] = [];
    const decoder = new TextDecoder();
    for await (const read of response.body!) arrivals.push([decoder.decode(read), performance.now() - start]);
    const at = (text: string): number => arrivals.find(([data]) => data.includes(text))![1];
    // Generous margins: this checks that the timings are applied, not how precisely (npm run bench does).
    expect(at('before')).toBeGreaterThanOrEqual(35);
    expect(at('after') - at('before')).toBeGreaterThanOrEqual(250);
    expect(at('after') - at('before')).toBeLessThan(1500);
  });

  it('cuts a stream that never completed at the recorded time, and sends no finish reason', () => {
    const recording = timed(
      [
        [40, body(chunk([delta({ role: 'assistant', content: '' })]))],
        [50, body(chunk([delta({ content: 'partial' })]))],
      ],
      { end: { t: 200, outcome: 'error', error: 'socket hang up' } },
    );
    const entry = toAimockFixture(recording).fixtures[0]!;
    expect(entry.disconnectAfterMs).toBe(200);
    // The finish chunk aimock always builds waits an hour: the cut comes first.
    expect(entry.recordedTimings).toEqual({ ttftMs: 40, interChunkDelaysMs: [10, 3_600_000], totalDurationMs: 200 });
  });

  it('matches the recorded model and last user message', () => {
    const recording: Recording = {
      ...timed([[10, body(chunk([delta({ role: 'assistant', content: 'x' })]), chunk([delta({}, 'stop')])) + DONE_EVENT]]),
      request: {
        method: 'POST',
        url: 'https://api.openai.com/v1/chat/completions',
        headers: { authorization: 'Bearer sk-proj-abcdefghijklmnopqrstuvwxyz0123456789' },
        body: { model: 'gpt-4o', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'first' }, { type: 'text', text: ' part' }] }] },
      },
    };
    const text = aimockExporter.export(recording) as string;
    expect((JSON.parse(text) as AimockFixtureFile).fixtures[0]!.match).toEqual({ model: 'gpt-4o', userMessage: 'first part' });
    expect(text).not.toContain('abcdefghijklmnop');
    expect(text).not.toContain('authorization');
  });

  it('lists what it cannot carry of a stream full of what aimock has no way to send', () => {
    const recording = timed([
      [10, ': keep-alive\n\n'],
      [20, body(chunk([delta({ role: 'assistant', content: '' })], { service_tier: 'default', obfuscation: 'xyz' }))],
      [30, body(chunk([delta({ refusal: 'No.' })]))],
      [40, 'data: {"broken\n\n'],
      [50, body(chunk([delta({}, 'stop')]))],
    ]);
    const file = toAimockFixture(recording);
    expect(file._streamscope.losses.map((loss) => [loss.code, loss.affects, loss.events])).toEqual([
      ['refusal', 'message', [2]],
      ['done-added', 'stream', []],
      ['comments', 'stream', [0]],
      ['invalid-events', 'stream', [3]],
      ['fields', 'stream', [1]],
    ]);
    expect(file._streamscope.losses.find((loss) => loss.code === 'fields')!.message).toBe('aimock does not send these chunk fields: service_tier (1 event), obfuscation (1 event).');
  });
});
