import { describe, expect, it } from 'vitest';
import { summarizeRequestBody } from './request-summary.ts';

// A tool-calling round trip as the OpenAI API reference shapes it: the second request of an agent.
const ROUND_TRIP = {
  model: 'gpt-4o',
  stream: true,
  stream_options: { include_usage: true },
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: '{"temp":21}' },
  ],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }, { type: 'function', function: { name: 'get_time' } }],
};

describe('the summary of a request body', () => {
  it('gives the model, the streaming options, the tools and each message as role and text', () => {
    expect(summarizeRequestBody(ROUND_TRIP)).toEqual({
      model: 'gpt-4o',
      stream: true,
      includeUsage: true,
      tools: ['get_weather', 'get_time'],
      messages: [
        { role: 'system', text: 'You are terse.', notes: [] },
        { role: 'user', text: 'Weather in Paris?', notes: ['image_url part'] },
        { role: 'assistant', text: '', notes: ['tool_calls: get_weather'] },
        { role: 'tool', text: '{"temp":21}', notes: ['tool_call_id call_1'] },
      ],
    });
  });

  it('reads a body stored as JSON text the same', () => {
    expect(summarizeRequestBody(JSON.stringify(ROUND_TRIP))).toEqual(summarizeRequestBody(ROUND_TRIP));
  });

  it('says what is absent rather than guessing it', () => {
    expect(summarizeRequestBody({ prompt: 'Hi' })).toEqual({ model: null, stream: null, includeUsage: null, messages: null, tools: [] });
  });

  it('takes the deprecated functions and function_call', () => {
    const summary = summarizeRequestBody({ model: 'gpt-3.5-turbo', functions: [{ name: 'lookup' }], messages: [{ role: 'assistant', content: null, function_call: { name: 'lookup', arguments: '{}' } }, { role: 'function', name: 'lookup', content: 'found' }] });
    expect(summary?.tools).toEqual(['lookup']);
    expect(summary?.messages).toEqual([
      { role: 'assistant', text: '', notes: ['function_call: lookup'] },
      { role: 'function', text: 'found', notes: ['name lookup'] },
    ]);
  });

  it('does not throw on bodies of any other shape', () => {
    for (const body of [null, undefined, 42, 'not json', '[1]', [], { messages: [null, 7, { content: { odd: true } }] }, { tools: [null, {}], stream_options: 'x' }]) {
      expect(() => summarizeRequestBody(body)).not.toThrow();
    }
    expect(summarizeRequestBody('not json')).toBeNull();
    expect(summarizeRequestBody([])).toBeNull();
    expect(summarizeRequestBody({ messages: [null, { content: { odd: true } }] })?.messages).toEqual([
      { role: '(not an object)', text: '', notes: ['null'] },
      { role: '(no role)', text: '', notes: ['content {"odd":true}'] },
    ]);
    expect(summarizeRequestBody({ tools: [null, {}] })?.tools).toEqual(['(unnamed)', '(unnamed)']);
  });
});
