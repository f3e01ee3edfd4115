import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, memoryKeyVault } from '../../electron/backend/api/index.ts';
import type { Backend } from '../../electron/backend/api/index.ts';
import { startEchoServer } from '../../electron/backend/api/test-support.ts';
import type { EchoServer } from '../../electron/backend/api/test-support.ts';
import { tempDbPath } from '../../electron/backend/store/test-support.ts';
import type { LiveFinished, LiveRequest, ProfileInfo } from '../../shared/api/contract.ts';
import type { StoredRecording } from '../../shared/api/recordings.ts';
import { redactHeaders, redactUrl } from '../../shared/recording/secrets/redact.ts';
import type { RecordedRequest } from '../../shared/recording/types.ts';
import { rowMessage } from './draft.ts';
import { draftFromRequest, resendRequest } from './from-request.ts';
import { draftToLiveRequest } from './to-live.ts';

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
const FAST = { sim: { time_scale: 0 } };
let backend: Backend;
let echo: EchoServer;
let profiles: ProfileInfo[];
/** The recordings that have ended, by id (the `finished` push). */
const ended = new Set<number>();

beforeAll(async () => {
  backend = createBackend({ dbPath: tempDbPath(), keys: memoryKeyVault(), env: {} });
  backend.subscribe((push, payload) => {
    if (push === 'finished') ended.add((payload as LiveFinished).id);
  });
  echo = await startEchoServer();
  await backend.api.setKey({ profile: 'openai', key: KEY });
  profiles = await backend.api.listProfiles({});
});
afterAll(async () => {
  await backend?.close();
  await echo?.close();
});

/** Records `live` to its end; the stored recording. */
async function record(live: LiveRequest): Promise<StoredRecording> {
  const { id } = await backend.api.startRecording(live);
  while (!ended.has(id)) await new Promise((resolve) => setTimeout(resolve, 10));
  return (await backend.api.getRecording({ id }))!.recording;
}

/** What Resend sends for a stored recording. */
function resent(recording: StoredRecording): LiveRequest {
  const checked = resendRequest(recording.request!, profiles);
  if (!checked.ok) throw new Error(checked.problems.map((problem) => problem.message).join('; '));
  return checked.value;
}

const tools = [
  { type: 'function', function: { name: 'get_weather', description: 'The weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
];

describe('a stored request, drafted again', () => {
  const requests: [string, LiveRequest][] = [
    ['a simulator scenario with the defaults', { profile: 'simulator', model: 'sim-text', messages: [{ role: 'user', content: 'Say hello in five words.' }], params: FAST, includeUsage: true }],
    [
      'a tool call with every parameter, stream options, extra fields and custom headers',
      {
        profile: 'simulator',
        model: 'sim-tool-call',
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }], name: 'ana' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
          { role: 'tool', tool_call_id: 'call_1', content: '{"temp": 3}' },
        ],
        tools,
        params: { ...FAST, temperature: 0.2, max_tokens: 300, top_p: 0.9, n: 1, seed: 7, tool_choice: { type: 'function', function: { name: 'get_weather' } }, user: 'e2e', stream_options: { chunk_hint: 3 } },
        includeUsage: false,
        includeObfuscation: false,
        headers: { 'x-trace-id': 'trace-1', 'OpenAI-Beta': 'assistants=v2' },
      },
    ],
  ];

  for (const [what, live] of requests) {
    it(`sends ${what} again exactly as it was recorded`, async () => {
      const first = await record(live);
      expect(resent(first)).toEqual(live);
      const again = await record(resent(first));
      expect(again.request!.body).toEqual(first.request!.body);
      expect(again.request!.headers).toEqual(first.request!.headers);
      expect(again.summary.outcome).toBe('eof');
    });
  }

  it('sends a request recorded with a key to an unknown host through a profile without a key, and says so', async () => {
    const first = await record({ profile: 'openai', baseUrl: echo.baseUrl, model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], sendKeyTo: new URL(echo.baseUrl).origin });
    expect(first.request!.headers.authorization).toBe('Bearer sk-proj-…0123');
    expect(echo.received.at(-1)!.authorization).toBe(`Bearer ${KEY}`);

    const { draft, notes } = draftFromRequest(first.request!, profiles);
    expect(draft).toMatchObject({ profile: 'vllm', baseUrl: echo.baseUrl, model: 'gpt-4o-mini', headers: [] });
    expect(notes).toEqual([
      `No profile is for ${new URL(echo.baseUrl).host}: it goes through vLLM (local) with the recorded URL, without the key it was recorded with (choose the profile whose key it takes).`,
      "Not resent (redacted when recorded): authorization. The profile's saved key is sent instead.",
    ]);
    const again = await record(resent(first));
    expect(echo.received.at(-1)!.authorization).toBeUndefined();
    expect(again.request!.body).toEqual(first.request!.body);
  });
});

/** A request as the store keeps one: URL and headers redacted. */
function stored(url: string, headers: Record<string, string>, body: unknown): RecordedRequest {
  return { method: 'POST', url: redactUrl(url), headers: redactHeaders(headers), body };
}

describe('the profile of a recorded URL', () => {
  const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } };

  it("is the profile whose base URL it is, with no override", () => {
    const { draft, notes } = draftFromRequest(stored('https://api.openai.com/v1/chat/completions', { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body), profiles);
    expect(draft).toMatchObject({ profile: 'openai', baseUrl: '', model: 'gpt-4o-mini', includeUsage: true, includeObfuscation: 'default' });
    expect(notes).toEqual(["Not resent (redacted when recorded): authorization. The profile's saved key is sent instead."]);
  });

  it('is Azure for an Azure host, with the deployment URL and its api-version as the override', () => {
    const url = 'https://contoso.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21';
    const { draft } = draftFromRequest(stored(url, { 'api-key': 'abcdef0123456789abcdef' }, body), profiles);
    expect(draft).toMatchObject({ profile: 'azure', baseUrl: 'https://contoso.openai.azure.com/openai/deployments/gpt4o?api-version=2024-10-21' });
  });

  it('is the profile on the same host when the path differs, with the URL as the override', () => {
    const { draft } = draftFromRequest(stored('https://api.groq.com/openai/v2/chat/completions', {}, body), profiles);
    expect(draft).toMatchObject({ profile: 'groq', baseUrl: 'https://api.groq.com/openai/v2' });
  });

  it('is the local profile listening on that port', () => {
    const { draft, notes } = draftFromRequest(stored('http://localhost:11434/v1/chat/completions', {}, body), profiles);
    expect(draft).toMatchObject({ profile: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    expect(notes).toEqual(['No profile is for localhost:11434: it goes through Ollama (local) with the recorded URL.']);
  });

  it('leaves out query parameters that were redacted, and says which', () => {
    const { draft, notes } = draftFromRequest(stored('https://gateway.example/v1/chat/completions?key=abcdefghijklmnop1234&region=eu', {}, body), profiles);
    expect(draft.baseUrl).toBe('https://gateway.example/v1?region=eu');
    expect(notes[0]).toBe('Left out of the URL (redacted when recorded): key.');
  });
});

describe('a recorded body the editor cannot hold whole', () => {
  it('takes a body recorded as JSON text (an import) like an object', () => {
    const { draft } = draftFromRequest(stored('https://api.openai.com/v1/chat/completions', {}, JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }], temperature: 1 })), profiles);
    expect(draft).toMatchObject({ model: 'gpt-4o', params: { temperature: '1' }, messagesText: null });
    expect(draft.messages.map((row) => [row.role, row.text])).toEqual([['user', 'Hi']]);
  });

  it('keeps parameters whose value its fields cannot hold in the extra JSON', () => {
    const { draft } = draftFromRequest(stored('https://api.openai.com/v1/chat/completions', {}, { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }], temperature: 'hot', tool_choice: { type: 'allowed_tools', mode: 'auto' } }), profiles);
    expect(draft.params).toMatchObject({ temperature: '', tool_choice: '' });
    expect(JSON.parse(draft.extra)).toEqual({ temperature: 'hot', tool_choice: { type: 'allowed_tools', mode: 'auto' } });
  });

  it('shows messages that are not objects as raw JSON, which Send refuses with the message at fault', () => {
    const { draft } = draftFromRequest(stored('https://api.openai.com/v1/chat/completions', {}, { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }, 'Hi again'] }), profiles);
    expect(draft.messagesText).toBe(JSON.stringify([{ role: 'user', content: 'Hi' }, 'Hi again'], null, 2));
    const checked = draftToLiveRequest(draft, profiles.find((profile) => profile.name === 'openai'));
    expect(checked).toEqual({ ok: false, problems: [{ field: 'messages', message: 'Message 2: expected an object with a role and content' }] });
  });

  it('takes the URL and headers of a body that is not JSON, and says the body was not', () => {
    const { draft, notes } = draftFromRequest(stored('https://api.openai.com/v1/chat/completions', { 'x-trace-id': 't1' }, 'model=gpt-4o'), profiles);
    expect(draft).toMatchObject({ profile: 'openai', model: '', messagesText: '[]', headers: [{ name: 'x-trace-id', value: 't1' }] });
    expect(notes).toEqual(['The recorded body is not a JSON object: only the URL and headers were taken.']);
  });

  it("leaves a browser's own headers (from a HAR) to the HTTP client", () => {
    const headers = { ':authority': 'api.openai.com', 'user-agent': 'Mozilla/5.0', 'accept-encoding': 'gzip, br', 'x-stainless-lang': 'js', accept: 'text/event-stream' };
    const { draft, notes } = draftFromRequest(stored('https://api.openai.com/v1/chat/completions', headers, { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] }), profiles);
    expect(draft.headers.map(({ name, value }) => [name, value])).toEqual([['x-stainless-lang', 'js']]);
    expect(notes).toEqual(['Left to the HTTP client: :authority, user-agent, accept-encoding.']);
  });
});

describe('a stored request of each API, drafted again', () => {
  const weather = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
  const requests: [string, LiveRequest][] = [
    [
      'a Responses request in its own shape: instructions, items, a flat tool, its parameters and include_obfuscation',
      {
        profile: 'simulator',
        protocol: 'responses',
        model: 'sim-tool-call',
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: [{ type: 'input_text', text: 'Weather in Oslo?' }] },
          { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
          { type: 'function_call_output', call_id: 'call_1', output: '{"temp":3}' },
        ],
        tools: [{ type: 'function', name: 'get_weather', parameters: weather, strict: false }],
        params: { ...FAST, temperature: 0.2, max_output_tokens: 300, top_p: 0.9, tool_choice: { type: 'function', name: 'get_weather' }, store: false },
        includeObfuscation: false,
        headers: { 'x-trace-id': 'trace-2' },
      },
    ],
    [
      'an Anthropic Messages request in its own shape: system, blocks, a tool, its parameters',
      {
        profile: 'simulator',
        protocol: 'anthropic-messages',
        model: 'sim-tool-call',
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Weather in Oslo?' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"temp":3}' }] },
        ],
        tools: [{ name: 'get_weather', input_schema: weather }],
        params: { ...FAST, max_tokens: 500, temperature: 0.5, top_k: 5, tool_choice: { type: 'tool', name: 'get_weather' }, metadata: { user_id: 'u1' } },
        headers: { 'x-trace-id': 'trace-3' },
      },
    ],
  ];

  for (const [what, live] of requests) {
    it(`sends ${what} again exactly as it was recorded`, async () => {
      const first = await record(live);
      expect(resent(first)).toEqual(live);
      const again = await record(resent(first));
      expect(again.request!.url).toBe(first.request!.url);
      expect(first.request!.url).toMatch(live.protocol === 'responses' ? /\/v1\/responses$/ : /\/v1\/messages$/);
      expect(again.request!.body).toEqual(first.request!.body);
      expect(again.request!.headers).toEqual(first.request!.headers);
      expect(again.summary.outcome).toBe('eof');
    });
  }

  it('sends a conversation written as Chat Completions writes it, in each API, again with the same body', async () => {
    const chat = {
      model: 'sim-tool-call',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp":3}' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: weather } }],
    };
    for (const live of [
      { profile: 'simulator', protocol: 'responses', ...chat, params: FAST },
      { profile: 'simulator', protocol: 'anthropic-messages', ...chat, params: { ...FAST, max_tokens: 200 } },
    ] as const) {
      const first = await record(live);
      const again = await record(resent(first));
      expect(again.request!.body).toEqual(first.request!.body);
      expect(draftFromRequest(first.request!, profiles).draft.protocol).toBe(live.protocol);
    }
  });
});

describe('the API of a recorded request', () => {
  it("is Anthropic Messages for …/v1/messages, through the anthropic profile, its key and version header the recorder's", () => {
    const headers = { 'x-api-key': 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123', 'anthropic-version': '2023-06-01', 'content-type': 'application/json', 'anthropic-beta': 'tools-2024-05-16' };
    const body = { model: 'claude-sonnet-5-5', max_tokens: 1024, system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: 'Hi' }], stream: true };
    const { draft, notes } = draftFromRequest(stored('https://api.anthropic.com/v1/messages', headers, body), profiles);
    expect(draft).toMatchObject({ profile: 'anthropic', protocol: 'anthropic-messages', baseUrl: '', model: 'claude-sonnet-5-5', params: { max_tokens: '1024' }, extra: '' });
    expect(draft.messages.map(rowMessage)).toEqual([{ role: 'system', content: body.system }, { role: 'user', content: 'Hi' }]);
    expect(draft.headers.map(({ name, value }) => [name, value])).toEqual([['anthropic-beta', 'tools-2024-05-16']]);
    expect(notes).toEqual(["Not resent (redacted when recorded): x-api-key. The profile's saved key is sent instead."]);
  });

  it('is Responses for …/v1/responses, its string input a user message and its instructions a system message', () => {
    const body = { model: 'gpt-5', instructions: 'Be brief.', input: 'Hi', reasoning: { effort: 'low' }, stream: true, stream_options: { include_obfuscation: true } };
    const { draft } = draftFromRequest(stored('https://api.openai.com/v1/responses', { authorization: `Bearer ${KEY}` }, body), profiles);
    expect(draft).toMatchObject({ profile: 'openai', protocol: 'responses', baseUrl: '', includeObfuscation: 'on' });
    expect(draft.messages.map(rowMessage)).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }]);
    expect(JSON.parse(draft.extra)).toEqual({ reasoning: { effort: 'low' } });
  });

  it('is told by the body when the path does not tell, and says where the request goes', () => {
    const responses = draftFromRequest(stored('https://gateway.example/llm', {}, { model: 'm', input: [{ role: 'user', content: 'Hi' }] }), profiles);
    expect(responses.draft.protocol).toBe('responses');
    expect(responses.notes[0]).toBe('The recorded URL does not end in /responses; this request goes to /responses under it.');
    const anthropic = draftFromRequest(stored('https://gateway.example/llm', { 'anthropic-version': '2023-06-01' }, { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }), profiles);
    expect(anthropic.draft).toMatchObject({ protocol: 'anthropic-messages', profile: 'anthropic', baseUrl: 'https://gateway.example/llm' });
    expect(anthropic.notes).toEqual([
      'The recorded URL does not end in /messages; this request goes to /messages under it.',
      'No profile is for gateway.example: it goes through Anthropic with the recorded URL; its key goes there only once you confirm the host.',
    ]);
    expect(draftFromRequest(stored('https://gateway.example/llm', {}, { model: 'm', messages: [{ role: 'user', content: 'Hi' }] }), profiles).draft.protocol).toBe('chat-completions');
  });
});
