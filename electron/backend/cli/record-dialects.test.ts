// `streamscope record --api responses|messages`: every Responses and Anthropic Messages scenario
// of the simulator recorded from the command line, its outcome stored and its dialect told by the
// analysis; the request stored as it was sent, in the dialect's shape; and the profile rules.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED, scriptedCodes } from '../recorder/scenarios.test-support.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { runCli as run } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-record-dialects-'));
const FAST = '{"sim":{"time_scale":0}}';
let simulator: Simulator;
beforeAll(async () => void (simulator = await startSimulator({ port: 0, timeScale: 0 })));
afterAll(async () => simulator?.close());

function withStore<T>(db: string, use: (store: Store) => T): T {
  const store = openStore(db, { mustExist: true });
  try {
    return use(store);
  } finally {
    store.close();
  }
}

describe.each([
  ['responses', 'responses'],
  ['messages', 'anthropic-messages'],
] as const)('record --api %s, every scenario of the simulator', (api, protocol) => {
  const db = join(dir, `${api}.db`);

  it.each(Object.entries(EXPECTED[protocol]))('records %s with the outcome and the diagnostics it is meant to show', async (name, codes) => {
    // Responses' obfuscation padding is left out, as in ../recorder/simulator.test.ts.
    const body = api === 'responses' ? '{"sim":{"time_scale":0},"stream_options":{"include_obfuscation":false}}' : FAST;
    const { code, out } = await run('record', '--base-url', simulator.url, '--api', api, '--model', `sim-${name}`, '--body', body, '--db', db, '--json');
    const failed = codes.includes('http-status') || codes.includes('not-event-stream') || name === 'connection-drop';
    expect(code).toBe(failed ? 1 : 0);
    const json = JSON.parse(out) as { recording_id: number; protocol: string; diagnostics: { code: string }[] };
    expect(json.protocol).toBe(protocol);
    const stored = withStore(db, (store) => store.get(json.recording_id)!);
    expect(stored.end?.outcome).toBe(name === 'connection-drop' ? 'error' : 'eof');
    const times = [0, stored.response?.t ?? 0, ...stored.reads.map((read) => read.t!)];
    expect(scriptedCodes(json.diagnostics.map((diagnostic) => diagnostic.code), codes, times)).toEqual(codes);
  });
});

describe('record --api: the request as sent', () => {
  const conversation = join(dir, 'conversation.json');
  const tools = join(dir, 'tools.json');
  writeFileSync(conversation, JSON.stringify([{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Weather in Oslo?' }]));
  writeFileSync(tools, JSON.stringify([{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }]));
  const schema = { type: 'object', properties: { city: { type: 'string' } } };

  it('sends a Responses request to …/responses: instructions, input, flat tools, max_output_tokens', async () => {
    const db = join(dir, 'sent-responses.db');
    const { code, out } = await run('record', '--profile', 'simulator', '--api', 'responses', '--model', 'sim-tool-call', '--messages', conversation, '--tools', tools, '--max-tokens', '64', '--body', FAST, '--db', db);
    expect(code).toBe(0);
    expect(out).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/v1\/responses {2}model sim-tool-call\n/);
    const request = withStore(db, (store) => store.get(1)!.request!);
    expect(request.body).toEqual({
      model: 'sim-tool-call',
      instructions: 'Be terse.',
      input: [{ role: 'user', content: 'Weather in Oslo?' }],
      tools: [{ type: 'function', name: 'get_weather', parameters: schema, strict: false }],
      max_output_tokens: 64,
      stream: true,
      sim: { time_scale: 0 },
    });
  });

  it('sends an Anthropic request to …/messages with system apart, max_tokens and anthropic-version', async () => {
    const db = join(dir, 'sent-messages.db');
    const { code, out } = await run('record', '--profile', 'simulator', '--api', 'messages', '--model', 'sim-tool-call', '--messages', conversation, '--tools', tools, '--body', FAST, '--db', db);
    expect(code).toBe(0);
    expect(out).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/v1\/messages {2}model sim-tool-call\n/);
    expect(out).toContain('tool_use');
    const request = withStore(db, (store) => store.get(1)!.request!);
    expect(request.headers).toEqual({ 'content-type': 'application/json', accept: 'text/event-stream', 'anthropic-version': '2023-06-01' });
    expect(request.body).toEqual({
      model: 'sim-tool-call',
      system: 'Be terse.',
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      tools: [{ name: 'get_weather', input_schema: schema }],
      max_tokens: 4096,
      stream: true,
      sim: { time_scale: 0 },
    });
  });

  it("lets a header of the user's own replace anthropic-version, and sends chat when the simulator is asked for no API", async () => {
    const db = join(dir, 'default.db');
    const { code } = await run('record', '--base-url', simulator.url, '--api', 'messages', '--model', 'sim-text', '--header', 'Anthropic-Version: 2024-01-01', '--body', FAST, '--db', db, '--quiet');
    expect(code).toBe(0);
    expect(withStore(db, (store) => store.get(1)!.request!.headers)).toEqual({ 'content-type': 'application/json', accept: 'text/event-stream', 'anthropic-version': '2024-01-01' });
    // The simulator's default is chat.
    const chat = await run('record', '--profile', 'simulator', '--model', 'sim-text', '--body', FAST, '--no-store');
    expect(chat.out).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions {2}/);
  });

  it('refuses, in one line and before sending, an API the profile does not serve, an unknown one, and options the API has not', async () => {
    expect(await run('record', '--profile', 'groq', '--api', 'responses', '--no-store')).toEqual({ code: 2, out: '', err: 'streamscope record: profile groq serves --api chat only, not responses\n' });
    expect(await run('record', '--profile', 'openai', '--api', 'messages', '--no-store')).toEqual({ code: 2, out: '', err: 'streamscope record: profile openai serves --api chat and responses only, not messages\n' });
    expect(await run('record', '--profile', 'anthropic', '--api', 'chat', '--no-store')).toEqual({ code: 2, out: '', err: 'streamscope record: profile anthropic serves --api messages only, not chat\n' });
    expect(await run('record', '--base-url', simulator.url, '--api', 'completions', '--model', 'm')).toEqual({ code: 2, out: '', err: 'streamscope record: --api takes "chat", "responses", "messages", "gemini", "bedrock-converse", not "completions"\n' });
    expect((await run('record', '--base-url', simulator.url, '--api', 'responses', '--model', 'm', '--no-usage')).err).toBe('streamscope record: --no-usage is for --api chat: a responses stream always carries its usage\n');
    expect((await run('record', '--base-url', simulator.url, '--api', 'messages', '--model', 'm', '--max-tokens', '0')).err).toBe('streamscope record: --max-tokens takes a whole number of at least 1, not "0"\n');
    const call = join(dir, 'bad-call.json');
    writeFileSync(call, JSON.stringify([{ role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"cut' } }] }]));
    expect((await run('record', '--base-url', simulator.url, '--api', 'messages', '--model', 'm', '--messages', call)).err).toBe(
      `streamscope record: message 1: the arguments of tool call "c1" are not a JSON object, which Anthropic's tool_use input must be\n`,
    );
  });
});
