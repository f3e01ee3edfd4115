import { describe, expect, it } from 'vitest';
import type { ProfileInfo } from '../../shared/api/contract.ts';
import { emptyDraft, NO_PARAMS } from './draft.ts';
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
    expect(parseParams({ temperature: '0.7', max_tokens: ' 256 ', top_p: '1', n: '2', seed: '-3', tool_choice: 'required' })).toEqual({
      ok: true,
      value: { temperature: 0.7, max_tokens: 256, top_p: 1, n: 2, seed: -3, tool_choice: 'required' },
    });
    expect(parseParams({ ...NO_PARAMS, tool_choice: 'get_weather' })).toEqual({ ok: true, value: { tool_choice: { type: 'function', function: { name: 'get_weather' } } } });
  });

  it('names each value out of its range or not a number', () => {
    expect(problemsOf(parseParams({ temperature: '3', max_tokens: '1.5', top_p: 'x', n: '0', seed: '', tool_choice: 'pick one' }))).toEqual([
      'temperature: must be from 0 to 2',
      'top_p: expected a number, not “x”',
      'max_tokens: expected a whole number, not “1.5”',
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
      'Header 2 (x-api-key): keys go through the profile (its key is saved once and sent as Authorization); a secret header would be redacted in the recording and could not be resent',
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
  const profile = (over: Partial<ProfileInfo>): ProfileInfo => ({ name: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', defaultModel: 'gpt-4o-mini', needsKey: true, key: null, note: null, ...over });

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
