// The Responses API's server battery (issue 29, "The battery"): each check one streamed request and
// the rules its recording is judged by (rules.ts), OpenAI's own stream the reference.

import type { ServerCheck } from '../types.ts';
import { atLeastCalls, callsApart, deltasAddUp, functionCall, jsonError, namedAsTyped, parallelDeltasAddUp, sequenceNumbers, terminal, textSequence, usagePresent } from './rules.ts';

const QUESTION = 'In one short sentence: why is the sky blue?';

const tool = (name: string, description: string) => ({
  type: 'function',
  name,
  description,
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  strict: true,
});
const WEATHER = tool('get_weather', 'The current weather in a city.');
const TIME = tool('get_time', 'The current local time in a city.');

const ask = (model: string, input: unknown, more: Record<string, unknown> = {}): Record<string, unknown> => ({ model, stream: true, input, ...more });

/** What every streamed answer holds to, whatever it answers. */
const STREAM_RULES = [namedAsTyped, sequenceNumbers, deltasAddUp];

export const RESPONSES_BATTERY: readonly ServerCheck[] = [
  {
    id: 'responses.text',
    protocol: 'responses',
    asks: 'A plain question, streamed.',
    body: (model) => ask(model, QUESTION),
    expects: 'stream',
    rules: [textSequence, ...STREAM_RULES, terminal('completed'), usagePresent],
  },
  {
    id: 'responses.tools',
    protocol: 'responses',
    asks: 'One function tool, forced by tool_choice.',
    body: (model) => ask(model, 'What is the weather in Paris?', { tools: [WEATHER], tool_choice: { type: 'function', name: 'get_weather' } }),
    expects: 'stream',
    rules: [...STREAM_RULES, functionCall('get_weather', ['city']), terminal('completed'), usagePresent],
  },
  {
    id: 'responses.parallel-tools',
    protocol: 'responses',
    asks: 'Two tools the prompt needs both of, tool_choice "required", parallel_tool_calls.',
    body: (model) => ask(model, 'What are the weather and the local time in Paris? Call both tools at once.', { tools: [WEATHER, TIME], tool_choice: 'required', parallel_tool_calls: true }),
    expects: 'stream',
    rules: [namedAsTyped, sequenceNumbers, parallelDeltasAddUp, functionCall('get_weather', ['city']), callsApart, atLeastCalls(2), terminal('completed'), usagePresent],
  },
  {
    id: 'responses.max-output-tokens',
    protocol: 'responses',
    asks: "A long answer cut by max_output_tokens: 16 (OpenAI's minimum).",
    body: (model) => ask(model, 'Tell me the history of the bicycle in detail.', { max_output_tokens: 16 }),
    expects: 'stream',
    rules: [...STREAM_RULES, terminal('incomplete', 'max_output_tokens')],
  },
  { id: 'responses.error', protocol: 'responses', asks: 'A request OpenAI refuses: input of the wrong type.', body: (model) => ({ model, stream: true, input: 42 }), expects: 'error', rules: [jsonError] },
];
