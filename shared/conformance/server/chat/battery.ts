// Chat Completions' server battery (issue 29, "The battery"): each check one streamed request and
// the rules its recording is judged by (rules.ts), OpenAI's own streams the reference.

import type { ServerCheck } from '../types.ts';
import { atLeastCalls, callsApart, choices, contentDeltas, doneLast, finishOnce, jsonError, noUsage, nothingAfterFinish, oneIdentity, parallelToolCall, roleFirst, toolCall, usageOnceAtEnd } from './rules.ts';

const QUESTION = 'In one short sentence: why is the sky blue?';

const tool = (name: string, description: string) => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
});
const WEATHER = tool('get_weather', 'The current weather in a city.');
const TIME = tool('get_time', 'The current local time in a city.');

const ask = (model: string, content: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({ model, stream: true, messages: [{ role: 'user', content }], ...more });

/** What every streamed text answer holds to. */
const TEXT_RULES = [roleFirst, contentDeltas, finishOnce('stop'), nothingAfterFinish, doneLast, oneIdentity];

export const CHAT_BATTERY: readonly ServerCheck[] = [
  { id: 'chat.text', protocol: 'chat-completions', asks: 'A plain question, streamed.', body: (model) => ask(model, QUESTION), expects: 'stream', rules: TEXT_RULES },
  {
    id: 'chat.usage',
    protocol: 'chat-completions',
    asks: 'A plain question with stream_options.include_usage.',
    body: (model) => ask(model, QUESTION, { stream_options: { include_usage: true } }),
    expects: 'stream',
    rules: [...TEXT_RULES, usageOnceAtEnd],
  },
  { id: 'chat.no-usage', protocol: 'chat-completions', asks: 'A plain question without stream_options.', body: (model) => ask(model, QUESTION), expects: 'stream', rules: [noUsage] },
  {
    id: 'chat.tools',
    protocol: 'chat-completions',
    asks: 'One function tool, forced by tool_choice.',
    body: (model) => ask(model, 'What is the weather in Paris?', { tools: [WEATHER], tool_choice: { type: 'function', function: { name: 'get_weather' } } }),
    expects: 'stream',
    rules: [roleFirst, toolCall('get_weather', ['city']), finishOnce('tool_calls'), nothingAfterFinish, doneLast, oneIdentity],
  },
  {
    id: 'chat.parallel-tools',
    protocol: 'chat-completions',
    asks: 'Two tools the prompt needs both of, tool_choice "required", parallel_tool_calls.',
    body: (model) => ask(model, 'What are the weather and the local time in Paris? Call both tools at once.', { tools: [WEATHER, TIME], tool_choice: 'required', parallel_tool_calls: true }),
    expects: 'stream',
    rules: [roleFirst, parallelToolCall('get_weather', ['city']), callsApart, atLeastCalls(2), finishOnce('tool_calls'), nothingAfterFinish, doneLast, oneIdentity],
  },
  { id: 'chat.n', protocol: 'chat-completions', asks: 'Two choices (n: 2).', body: (model) => ask(model, QUESTION, { n: 2 }), expects: 'stream', rules: [roleFirst, choices(2), finishOnce('stop'), nothingAfterFinish, doneLast, oneIdentity] },
  {
    id: 'chat.max-tokens',
    protocol: 'chat-completions',
    asks: 'A long answer cut by max_tokens: 5.',
    body: (model) => ask(model, 'Tell me the history of the bicycle in detail.', { max_tokens: 5 }),
    expects: 'stream',
    rules: [roleFirst, contentDeltas, finishOnce('length'), nothingAfterFinish, doneLast, oneIdentity],
  },
  { id: 'chat.error', protocol: 'chat-completions', asks: 'A request OpenAI refuses: messages that is not an array.', body: (model) => ({ model, stream: true, messages: 'not an array' }), expects: 'error', rules: [jsonError] },
];
