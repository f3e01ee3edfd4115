// The request of a Responses or Anthropic Messages stream summarised as a Chat Completions one's
// is: its conversation (instructions and input; system and messages) and its tools by name.

import { describe, expect, it } from 'vitest';
import { summarizeRequestBody } from '../../../shared/recording/request-summary.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { dialectView } from './registry.ts';

const chatShapedBody = (protocol: Protocol | null, body: unknown) => dialectView(protocol).request.chatShaped(body);
const summary = (protocol: Protocol | null, body: unknown) => summarizeRequestBody(chatShapedBody(protocol, body));

describe('a Responses request', () => {
  it('reads its instructions and a string input as the conversation, and its flat tools by name', () => {
    const body = { model: 'gpt-5', instructions: 'Be brief.', input: 'Weather in Paris?', stream: true, tools: [{ type: 'function', name: 'get_weather', parameters: {} }, { type: 'web_search' }] };
    expect(summary('responses', body)).toEqual({
      model: 'gpt-5',
      stream: true,
      includeUsage: null,
      messages: [
        { role: 'developer', text: 'Be brief.', notes: [] },
        { role: 'user', text: 'Weather in Paris?', notes: [] },
      ],
      tools: ['get_weather', 'web_search'],
    });
  });

  it('reads input items: messages with their input_text parts, other items by their type', () => {
    const input = [
      { role: 'user', content: [{ type: 'input_text', text: 'Hi' }, { type: 'input_image', image_url: 'https://example.com/a.png' }] },
      { type: 'function_call_output', call_id: 'call_1', output: '{}' },
    ];
    expect(summary('responses', { model: 'gpt-5', input })?.messages).toEqual([
      { role: 'user', text: 'Hi', notes: ['input_image part'] },
      { role: 'function_call_output', text: '', notes: [] },
    ]);
    expect(summary('responses', { model: 'gpt-5' })?.messages).toBeNull();
  });
});

describe('an Anthropic Messages request', () => {
  it('reads its system prompt and messages, text blocks as text and others as notes', () => {
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} }] },
      ],
      tools: [{ name: 'get_weather', input_schema: {} }],
    };
    expect(summary('anthropic-messages', body)).toEqual({
      model: 'claude-sonnet-4-5',
      stream: null,
      includeUsage: null,
      messages: [
        { role: 'system', text: 'Be brief.', notes: [] },
        { role: 'user', text: 'Weather?', notes: [] },
        { role: 'assistant', text: 'Checking.', notes: ['tool_use part'] },
      ],
      tools: ['get_weather'],
    });
  });
});

describe('a Chat Completions request', () => {
  it('is left as it is', () => {
    const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] };
    expect(chatShapedBody('chat-completions', body)).toBe(body);
    expect(chatShapedBody(null, body)).toBe(body);
  });
});
