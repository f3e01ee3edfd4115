// The body `record` and the editor send in each dialect, from the same inputs: written as Chat
// Completions writes a conversation and its tools, mapped onto the Responses API's and Anthropic
// Messages' own shapes field by field; what is already in the dialect's shape goes as given.

import { describe, expect, it } from 'vitest';
import { buildRequestBody } from './request.ts';
import type { BodyInputs } from './request.ts';

const weather = { type: 'function', function: { name: 'get_weather', description: 'The weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
const now = { type: 'function', function: { name: 'now', strict: true } };

/** A conversation with everything Chat Completions writes: a system prompt, parts, an image, tool calls and their results. */
const conversation: BodyInputs = {
  model: 'm',
  messages: [
    { role: 'system', content: 'Be terse.' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo and Bergen?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } }] },
    {
      role: 'assistant',
      content: 'Looking.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Bergen"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', content: '{"temp":3}' },
    { role: 'tool', tool_call_id: 'call_2', content: '{"temp":7}' },
    { role: 'user', content: 'And now?' },
  ],
  tools: [weather, now],
  params: { temperature: 0.2 },
  maxTokens: 300,
};

const body = (protocol: Parameters<typeof buildRequestBody>[0], inputs: BodyInputs) => {
  const built = buildRequestBody(protocol, inputs);
  if (!built.ok) throw new Error(built.problem);
  return built.body;
};

describe('a Chat Completions body', () => {
  it('is the inputs as given, usage asked for by default, stream on', () => {
    expect(body('chat-completions', conversation)).toEqual({
      temperature: 0.2,
      model: 'm',
      messages: conversation.messages,
      tools: [weather, now],
      max_tokens: 300,
      stream_options: { include_usage: true },
      stream: true,
    });
  });

  it('merges the two stream options into those the fields give, and sends none when there are none', () => {
    const options = body('chat-completions', { model: 'm', messages: [], params: { stream_options: { chunk_hint: 3 } }, includeUsage: false, includeObfuscation: false });
    expect(options).toEqual({ model: 'm', messages: [], stream_options: { chunk_hint: 3, include_obfuscation: false }, stream: true });
    expect(body('chat-completions', { model: 'm', messages: [], includeUsage: false })).toEqual({ model: 'm', messages: [], stream: true });
  });
});

describe('a Responses body', () => {
  it('has the first system message as instructions, the rest as input items: parts, an image, function calls and their outputs', () => {
    expect(body('responses', conversation)).toEqual({
      temperature: 0.2,
      model: 'm',
      instructions: 'Be terse.',
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'Weather in Oslo and Bergen?' }, { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0K', detail: 'auto' }] },
        { role: 'assistant', content: 'Looking.' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { type: 'function_call', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Bergen"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"temp":3}' },
        { type: 'function_call_output', call_id: 'call_2', output: '{"temp":7}' },
        { role: 'user', content: 'And now?' },
      ],
      tools: [
        { type: 'function', name: 'get_weather', description: 'The weather in a city', parameters: weather.function.parameters, strict: false },
        { type: 'function', name: 'now', strict: true, parameters: { type: 'object', properties: {} } },
      ],
      max_output_tokens: 300,
      stream: true,
    });
  });

  it("writes the assistant's text parts as output_text, and keeps an assistant turn of tool calls alone without an empty message", () => {
    const built = body('responses', {
      model: 'm',
      messages: [
        { role: 'assistant', content: [{ type: 'text', text: 'Hi.' }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      ],
    });
    expect(built.input).toEqual([
      { role: 'assistant', content: [{ type: 'output_text', text: 'Hi.' }] },
      { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' },
    ]);
  });

  it('sends items and tools already in its own shape as given, and leaves a system message in the input when the fields give instructions', () => {
    const items = [{ role: 'system', content: 'Kept in the input.' }, { type: 'reasoning', id: 'rs_1', summary: [] }, { role: 'developer', content: 'Be brief.' }];
    const tools = [{ type: 'web_search' }, { type: 'function', name: 'flat', parameters: null, strict: true }];
    expect(body('responses', { model: 'm', messages: items, tools, params: { instructions: 'Given.' }, includeObfuscation: false })).toEqual({
      instructions: 'Given.',
      model: 'm',
      input: items,
      tools,
      stream_options: { include_obfuscation: false },
      stream: true,
    });
  });

  it('refuses include_usage, which only Chat Completions has', () => {
    expect(buildRequestBody('responses', { model: 'm', messages: [], includeUsage: true })).toEqual({ ok: false, problem: "includeUsage is Chat Completions' own: a Responses stream always carries its usage" });
  });
});

describe('an Anthropic Messages body', () => {
  it('has system apart, tool calls as tool_use blocks with their input parsed, the results of one turn in one user turn, images as image blocks', () => {
    expect(body('anthropic-messages', conversation)).toEqual({
      temperature: 0.2,
      model: 'm',
      system: 'Be terse.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo and Bergen?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' } }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Looking.' },
            { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } },
            { type: 'tool_use', id: 'call_2', name: 'get_weather', input: { city: 'Bergen' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: '{"temp":3}' },
            { type: 'tool_result', tool_use_id: 'call_2', content: '{"temp":7}' },
          ],
        },
        { role: 'user', content: 'And now?' },
      ],
      tools: [
        { name: 'get_weather', description: 'The weather in a city', input_schema: weather.function.parameters },
        { name: 'now', input_schema: { type: 'object', properties: {} }, strict: true },
      ],
      max_tokens: 300,
      stream: true,
    });
  });

  it('asks for 4096 tokens when no limit is given, and takes max_tokens from the fields', () => {
    const hello = [{ role: 'user', content: 'Hi' }];
    expect(body('anthropic-messages', { model: 'm', messages: hello })).toEqual({ model: 'm', messages: hello, max_tokens: 4096, stream: true });
    expect(body('anthropic-messages', { model: 'm', messages: hello, params: { max_tokens: 50, top_k: 5 } })).toEqual({ max_tokens: 50, top_k: 5, model: 'm', messages: hello, stream: true });
  });

  it('makes several system messages, or one with parts, a list of text blocks; an image URL a url source', () => {
    const built = body('anthropic-messages', {
      model: 'm',
      messages: [
        { role: 'system', content: 'One.' },
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] },
        { role: 'developer', content: [{ type: 'text', text: 'Two.', cache_control: { type: 'ephemeral' } }] },
      ],
    });
    expect(built.system).toEqual([
      { type: 'text', text: 'One.' },
      { type: 'text', text: 'Two.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(built.messages).toEqual([{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } }] }]);
  });

  it('sends its own blocks and tools as given', () => {
    const messages = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [{ type: 'thinking', thinking: '…', signature: 'sig' }, { type: 'tool_use', id: 't', name: 'f', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
    ];
    const tools = [{ name: 'f', input_schema: { type: 'object' } }, { type: 'web_search_20250305', name: 'web_search' }];
    expect(body('anthropic-messages', { model: 'm', messages, tools, params: { system: 'Given.' } })).toEqual({ system: 'Given.', model: 'm', messages, tools, max_tokens: 4096, stream: true });
  });

  it('says which tool call has arguments that are not a JSON object, a system prompt given twice, and the stream options it has not', () => {
    const call = (args: string) => ({ role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'f', arguments: args } }] });
    expect(buildRequestBody('anthropic-messages', { model: 'm', messages: [{ role: 'user', content: 'Hi' }, call('{"city":')] })).toEqual({
      ok: false,
      problem: 'message 2: the arguments of tool call "call_9" are not a JSON object, which Anthropic\'s tool_use input must be',
    });
    expect(buildRequestBody('anthropic-messages', { model: 'm', messages: [call('[1]')] })).toMatchObject({ ok: false });
    expect(buildRequestBody('anthropic-messages', { model: 'm', messages: [{ role: 'system', content: 'A' }], params: { system: 'B' } })).toEqual({ ok: false, problem: 'system is given twice: as a body field and as system messages' });
    expect(buildRequestBody('anthropic-messages', { model: 'm', messages: [], includeObfuscation: true })).toEqual({ ok: false, problem: 'includeObfuscation is OpenAI’s: Anthropic Messages has no stream_options' });
    expect(buildRequestBody('anthropic-messages', { model: 'm', messages: [], includeUsage: false })).toEqual({ ok: false, problem: "includeUsage is Chat Completions' own: a Messages stream always carries its usage" });
  });
});
