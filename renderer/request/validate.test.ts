import { describe, expect, it } from 'vitest';
import type { ProfileInfo } from '../../shared/api/contract.ts';
import { emptyDraft, messageRow, NO_PARAMS } from './draft.ts';
import { draftToLiveRequest } from './to-live.ts';
import { parseExtra, parseHeaders, parseMessages, parseParams, parseTools } from './validate.ts';

const problemsOf = (checked: { ok: boolean; problems?: readonly { message: string }[] }) => (checked.ok ? [] : checked.problems!.map((problem) => problem.message));

describe('the raw messages JSON', () => {
  it('says on which line and column it stops being JSON', () => {
    const text = '[\n  {"role": "user", "content": "Hi"}\n  {"role": "user"}\n]';
    expect(problemsOf(parseMessages(text))).toEqual(["Messages JSON: line 3, column 3: expected ',' or ']'"]);
  });

  it('says when it ends early', () => {
    expect(problemsOf(parseMessages('[{"role": "user", "content": "Hi'))).toEqual(['Messages JSON: line 1, column 33: expected the closing quote of the string (the text ends early)']);
  });

  it('wants a non-empty array of objects with a role, naming each message at fault', () => {
    expect(problemsOf(parseMessages('{"role": "user"}'))).toEqual(['Messages JSON: expected an array of messages']);
    expect(problemsOf(parseMessages('[]'))).toEqual(['Messages: add at least one message']);
    expect(problemsOf(parseMessages('[{"role": "user", "content": "a"}, 3, {"content": "b"}]'))).toEqual([
      'Message 2: expected an object with a role and content',
      'Message 3: role must be a non-empty string',
    ]);
  });

  it('gives the messages as written, fields the chat editor has no place for included', () => {
    const messages = [{ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] }];
    expect(parseMessages(JSON.stringify(messages))).toEqual({ ok: true, value: messages });
  });
});

describe('the tools JSON', () => {
  it('is none when empty', () => {
    expect(parseTools('  \n')).toEqual({ ok: true, value: undefined });
  });

  it('takes function tools with or without parameters', () => {
    const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }, { type: 'function', function: { name: 'now' } }];
    expect(parseTools(JSON.stringify(tools))).toEqual({ ok: true, value: tools });
  });

  it('says which entry is wrong and what is wrong with it', () => {
    const tools = [
      { type: 'function', function: { name: 'ok_one' } },
      { type: 'retrieval' },
      { type: 'function', function: { name: 'has space' } },
      { type: 'function', function: { name: 'lookup', parameters: '{}' } },
      { type: 'function' },
      'get_weather',
    ];
    expect(problemsOf(parseTools(JSON.stringify(tools)))).toEqual([
      'Tool 2: type must be "function" (it is "retrieval")',
      'Tool 3 (has space): function.name must be 1 to 64 letters, digits, _ or -',
      'Tool 4 (lookup): function.parameters must be a JSON Schema object',
      'Tool 5: function must be an object with a name',
      'Tool 6: expected an object {"type": "function", "function": {…}}',
    ]);
  });

  it('says where invalid JSON stops, and that an object is not an array', () => {
    expect(problemsOf(parseTools('[{"type": "function",}]'))).toEqual(['Tools JSON: line 1, column 22: expected a string key']);
    expect(problemsOf(parseTools('{"type": "function"}'))).toEqual(['Tools JSON: expected an array of tools']);
  });
});

describe('the parameters', () => {
  it('sends only the fields filled in, as numbers, and a tool choice as a mode or a function', () => {
    expect(parseParams(NO_PARAMS)).toEqual({ ok: true, value: {} });
    expect(parseParams({ ...NO_PARAMS, temperature: '0.7', max_tokens: ' 256 ', top_p: '1', n: '2', seed: '-3', tool_choice: 'required' })).toEqual({
      ok: true,
      value: { temperature: 0.7, max_tokens: 256, top_p: 1, n: 2, seed: -3, tool_choice: 'required' },
    });
    expect(parseParams({ ...NO_PARAMS, tool_choice: 'get_weather' })).toEqual({ ok: true, value: { tool_choice: { type: 'function', function: { name: 'get_weather' } } } });
  });

  it('names each value out of its range or not a number', () => {
    expect(problemsOf(parseParams({ ...NO_PARAMS, temperature: '3', max_tokens: '1.5', top_p: 'x', n: '0', seed: '', tool_choice: 'pick one' }))).toEqual([
      'temperature: must be from 0 to 2',
      'max_tokens: expected a whole number, not “1.5”',
      'top_p: expected a number, not “x”',
      'n: must be from 1 to 128',
      'tool_choice: auto, none, required or a function’s name',
    ]);
  });
});

describe('the extra fields JSON', () => {
  it('is an object of further body fields, stream_options among them', () => {
    expect(parseExtra('{"user": "u1", "stream_options": {"chunk_hint": 2}}', {})).toEqual({ ok: true, value: { user: 'u1', stream_options: { chunk_hint: 2 } } });
  });

  it('refuses the fields the editor sets, and one given twice', () => {
    expect(problemsOf(parseExtra('{"model": "x", "stream": false, "seed": 1, "stream_options": true}', { seed: 2 }))).toEqual([
      'Extra fields: model is set by the editor above',
      'Extra fields: stream is set by the editor above (always true)',
      'Extra fields: seed is also given in its own field',
      'Extra fields: stream_options must be an object',
    ]);
  });
});

describe('the custom headers', () => {
  const rows = (...pairs: [string, string][]) => pairs.map(([name, value], key) => ({ key, name, value }));

  it('sends the rows filled in, skipping blank ones', () => {
    expect(parseHeaders(rows(['x-trace-id', 'abc'], ['', ''], ['OpenAI-Beta', 'assistants=v2']))).toEqual({ ok: true, value: { 'x-trace-id': 'abc', 'OpenAI-Beta': 'assistants=v2' } });
  });

  it('refuses Authorization and other secrets with a note that keys go through the profile', () => {
    expect(problemsOf(parseHeaders(rows(['Authorization', 'Bearer sk-123'], ['x-api-key', 'k'])))).toEqual([
      'Header 1 (Authorization): keys go through the profile (its key is saved once and sent as Authorization); a secret header would be redacted in the recording and could not be resent',
      'Header 2 (x-api-key): keys go through the profile (its key is saved once and sent as x-api-key); a secret header would be redacted in the recording and could not be resent',
    ]);
  });

  it('names a bad name, a missing name, a duplicate, a transport header, a value with a line break and one outside Latin-1', () => {
    expect(problemsOf(parseHeaders(rows(['x trace', '1'], ['', 'v'], ['X-Tag', 'a'], ['x-tag', 'b'], ['Content-Length', '9'], ['x-note', 'a\r\nb'], ['x-city', 'café €'])))).toEqual([
      "Header 1 (x trace): a header name is letters, digits and !#$%&'*+-.^_`|~ only",
      'Header 2: give it a name',
      'Header 4 (x-tag): given twice',
      'Header 5 (Content-Length): set by Streamscope for each request',
      'Header 6 (x-note): the value holds a carriage return (CR)',
      'Header 7 (x-city): the value holds U+20AC, which is not Latin-1',
    ]);
  });
});

describe('a draft sent', () => {
  const profile = (over: Partial<ProfileInfo>): ProfileInfo => ({ name: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', defaultModel: 'gpt-4o-mini', needsKey: true, protocols: ['chat-completions'], key: null, note: null, ...over });

  it('is the simulator with one user message by default', () => {
    expect(draftToLiveRequest(emptyDraft(), profile({ name: 'simulator', label: 'Built-in simulator', baseUrl: null, defaultModel: 'sim-text', needsKey: false }))).toEqual({
      ok: true,
      value: { profile: 'simulator', messages: [{ role: 'user', content: 'Say hello in five words.' }], includeUsage: true },
    });
  });

  it('gathers every problem at once, each by its field', () => {
    const draft = { ...emptyDraft('azure'), messagesText: '[', tools: '{', headers: [{ key: 1, name: 'Authorization', value: 'x' }] };
    const checked = draftToLiveRequest(draft, profile({ name: 'azure', label: 'Azure OpenAI', baseUrl: null, defaultModel: null }));
    expect(checked.ok ? [] : checked.problems.map((problem) => problem.field)).toEqual(['baseUrl', 'model', 'key', 'messages', 'tools', 'headers']);
  });

  it('refuses a base URL that is not http(s), and an unknown profile', () => {
    expect(problemsOf(draftToLiveRequest({ ...emptyDraft('openai'), baseUrl: 'ftp://example.com/v1' }, profile({ key: { profile: 'openai', source: 'memory', suffix: '…0123' } })))).toEqual([
      'Base URL: expected an http:// or https:// URL, up to the version path (…/v1)',
    ]);
    expect(problemsOf(draftToLiveRequest(emptyDraft('nope'), undefined))).toEqual(['Profile: choose one (no profile named “nope”)']);
  });

  it("asks before the profile's key goes to a host that is not its own, and the confirmation holds for that host only", () => {
    const groq = profile({ name: 'groq', label: 'Groq', baseUrl: 'https://api.groq.com/openai/v1', defaultModel: null, key: { profile: 'groq', source: 'memory', suffix: '…wxyz' } });
    const draft = { ...emptyDraft('groq'), model: 'llama', baseUrl: 'http://elsewhere.example:8080/v1' };
    expect(problemsOf(draftToLiveRequest(draft, groq))).toEqual(['Key: confirm that the Groq key may go to http://elsewhere.example:8080, or use the profile’s own base URL']);
    expect(draftToLiveRequest({ ...draft, sendKeyTo: 'http://elsewhere.example:8080' }, groq)).toMatchObject({ ok: true, value: { baseUrl: 'http://elsewhere.example:8080/v1', sendKeyTo: 'http://elsewhere.example:8080' } });
    // Pointed somewhere else after the box was ticked: asked again.
    expect(problemsOf(draftToLiveRequest({ ...draft, baseUrl: 'http://other.example/v1', sendKeyTo: 'http://elsewhere.example:8080' }, groq))).toEqual([
      'Key: confirm that the Groq key may go to http://other.example, or use the profile’s own base URL',
    ]);
    // The profile's own host under another path, or a profile with no key: nothing to confirm, none sent.
    const home = draftToLiveRequest({ ...draft, baseUrl: 'https://api.groq.com/v2' }, groq);
    expect(home.ok ? Object.keys(home.value) : home.problems).not.toContain('sendKeyTo');
    expect(home.ok).toBe(true);
    expect(draftToLiveRequest({ ...draft, profile: 'vllm' }, profile({ name: 'vllm', baseUrl: 'http://127.0.0.1:8000/v1', needsKey: false, defaultModel: null }))).toMatchObject({ ok: true });
  });

  it('sends stream_options and the extra fields as the backend merges them', () => {
    const draft = { ...emptyDraft(), includeUsage: false, includeObfuscation: 'off' as const, extra: '{"stream_options": {"chunk_hint": 1}}', params: { ...NO_PARAMS, seed: '5' } };
    const checked = draftToLiveRequest(draft, profile({ name: 'simulator', baseUrl: null, needsKey: false }));
    expect(checked).toMatchObject({ ok: true, value: { includeUsage: false, includeObfuscation: false, params: { stream_options: { chunk_hint: 1 }, seed: 5 } } });
  });
});

describe('the parameters of each API', () => {
  it('are the Responses API’s: max_output_tokens from 16, tool_choice a mode or a flat function', () => {
    expect(parseParams({ ...NO_PARAMS, temperature: '1.5', max_output_tokens: '64', top_p: '0.9', tool_choice: 'get_weather', n: '3', seed: '1' }, 'responses')).toEqual({
      ok: true,
      value: { temperature: 1.5, max_output_tokens: 64, top_p: 0.9, tool_choice: { type: 'function', name: 'get_weather' } },
    });
    expect(parseParams({ ...NO_PARAMS, tool_choice: 'required' }, 'responses')).toEqual({ ok: true, value: { tool_choice: 'required' } });
    expect(problemsOf(parseParams({ ...NO_PARAMS, max_output_tokens: '8', temperature: '2.5' }, 'responses'))).toEqual(['temperature: must be from 0 to 2', 'max_output_tokens: must be at least 16']);
  });

  it('are Anthropic’s: max_tokens required, temperature 0 to 1, top_k, tool_choice as {type}', () => {
    expect(parseParams({ ...NO_PARAMS, max_tokens: '1024', temperature: '1', top_p: '0.5', top_k: '40', tool_choice: 'any' }, 'anthropic-messages')).toEqual({
      ok: true,
      value: { max_tokens: 1024, temperature: 1, top_p: 0.5, top_k: 40, tool_choice: { type: 'any' } },
    });
    expect(parseParams({ ...NO_PARAMS, max_tokens: '5', tool_choice: 'get_weather' }, 'anthropic-messages')).toEqual({ ok: true, value: { max_tokens: 5, tool_choice: { type: 'tool', name: 'get_weather' } } });
    expect(problemsOf(parseParams({ ...NO_PARAMS, temperature: '1.2', top_k: '-1', tool_choice: 'a tool' }, 'anthropic-messages'))).toEqual([
      'max_tokens: Anthropic requires it',
      'temperature: must be from 0 to 1',
      'top_k: must be at least 0',
      'tool_choice: auto, any, none or a function’s name',
    ]);
  });
});

describe('the messages and tools of each API', () => {
  it('take Responses items with a type and no role, and Anthropic roles only', () => {
    const items = [{ role: 'user', content: 'Hi' }, { type: 'function_call_output', call_id: 'c', output: 'ok' }];
    expect(parseMessages(JSON.stringify(items), 'responses')).toEqual({ ok: true, value: items });
    expect(problemsOf(parseMessages(JSON.stringify(items)))).toEqual(['Message 2: role must be a non-empty string']);
    expect(problemsOf(parseMessages('[{"content": "x"}]', 'responses'))).toEqual(['Message 1: role must be a non-empty string (or, for an item, a type)']);
    expect(problemsOf(parseMessages('[{"role": "system", "content": "S"}, {"role": "tool", "tool_call_id": "c", "content": "ok"}, {"role": "model", "content": "x"}]', 'anthropic-messages'))).toEqual([
      'Message 3: Anthropic takes the roles user and assistant (system and tool are mapped), not “model”',
    ]);
  });

  it("take each API's own tools beside Chat Completions' shape, and say what is wrong with one", () => {
    const chat = { type: 'function', function: { name: 'get_weather' } };
    const responses = [chat, { type: 'function', name: 'flat', parameters: null, strict: true }, { type: 'web_search' }];
    expect(parseTools(JSON.stringify(responses), 'responses')).toEqual({ ok: true, value: responses });
    const anthropic = [chat, { name: 'lookup', input_schema: { type: 'object' } }, { type: 'web_search_20250305', name: 'web_search' }];
    expect(parseTools(JSON.stringify(anthropic), 'anthropic-messages')).toEqual({ ok: true, value: anthropic });
    expect(problemsOf(parseTools(JSON.stringify([{ type: 'function', name: 'has space' }, { type: '' }]), 'responses'))).toEqual([
      'Tool 1 (has space): name must be 1 to 64 letters, digits, _ or -',
      'Tool 2: type must be "function" or a built-in tool’s type',
    ]);
    expect(problemsOf(parseTools(JSON.stringify([{ name: 'lookup' }, { name: 'x', input_schema: 'object' }, { type: 'bash_20250124' }]), 'anthropic-messages'))).toEqual([
      'Tool 1 (lookup): input_schema is missing',
      'Tool 2 (x): input_schema must be a JSON Schema object',
      'Tool 3: a server tool has a type and a name',
    ]);
  });

  it('refuse in the extra JSON the fields each API’s editor sets', () => {
    expect(problemsOf(parseExtra('{"input": [], "instructions": "I", "previous_response_id": "resp_1"}', {}, 'responses'))).toEqual(['Extra fields: input is set by the editor above']);
    expect(problemsOf(parseExtra('{"messages": [], "system": "S", "max_tokens": 9}', { max_tokens: 10 }, 'anthropic-messages'))).toEqual([
      'Extra fields: messages is set by the editor above',
      'Extra fields: max_tokens is also given in its own field',
    ]);
  });
});

describe('a draft sent in each API', () => {
  const simulator: ProfileInfo = { name: 'simulator', label: 'Built-in simulator', baseUrl: null, defaultModel: 'sim-text', needsKey: false, protocols: ['chat-completions', 'responses', 'anthropic-messages'], key: null, note: null };
  const conversation = [messageRow({ role: 'system', content: 'Be terse.' }), messageRow({ role: 'user', content: 'Hi' })];

  it('is a Responses request with its own parameters, include_obfuscation and no include_usage', () => {
    const draft = { ...emptyDraft('simulator', 'responses'), messages: conversation, includeObfuscation: 'off' as const, params: { ...NO_PARAMS, max_output_tokens: '32', tool_choice: 'none' } };
    expect(draftToLiveRequest(draft, simulator)).toEqual({
      ok: true,
      value: { profile: 'simulator', protocol: 'responses', messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Hi' }], params: { max_output_tokens: 32, tool_choice: 'none' }, includeObfuscation: false },
    });
  });

  it('is an Anthropic Messages request with max_tokens and neither stream option', () => {
    const draft = { ...emptyDraft('simulator', 'anthropic-messages'), messages: conversation, includeObfuscation: 'on' as const };
    expect(draftToLiveRequest(draft, simulator)).toEqual({
      ok: true,
      value: { profile: 'simulator', protocol: 'anthropic-messages', messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Hi' }], params: { max_tokens: 4096 } },
    });
    expect(problemsOf(draftToLiveRequest({ ...draft, params: NO_PARAMS }, simulator))).toEqual(['max_tokens: Anthropic requires it']);
  });

  it("says the API is not one the profile serves, naming those it does, and leaves out the profile's own", () => {
    const openai: ProfileInfo = { ...simulator, name: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', protocols: ['chat-completions', 'responses'], key: { profile: 'openai', source: 'memory', suffix: '…0123' } };
    expect(problemsOf(draftToLiveRequest(emptyDraft('openai', 'anthropic-messages'), openai))).toEqual(['API: OpenAI serves Chat Completions and Responses API, not Anthropic Messages']);
    const anthropic: ProfileInfo = { ...simulator, name: 'anthropic', label: 'Anthropic', baseUrl: 'https://api.anthropic.com/v1', protocols: ['anthropic-messages'], needsKey: true, key: { profile: 'anthropic', source: 'memory', suffix: '…wxyz' } };
    expect(draftToLiveRequest(emptyDraft('anthropic', 'anthropic-messages'), anthropic)).toEqual({ ok: true, value: { profile: 'anthropic', messages: [{ role: 'user', content: 'Say hello in five words.' }], params: { max_tokens: 4096 } } });
  });
});
