// Bedrock ConverseStream's server battery (issue 32): each check one streamed request to
// POST …/model/MODEL/converse-stream (the model in the path, which the runner puts there through
// the descriptor's endpoint) and the rules its recording is judged by (rules.ts), Bedrock's own
// streams the reference.

import type { ServerCheck } from '../types.ts';
import { bedrockError, noException, stopReason, toolUseWhole, usageMetadata } from './rules.ts';

const QUESTION = 'In one short sentence: why is the sky blue?';

const WEATHER = {
  toolSpec: {
    name: 'get_weather',
    description: 'The current weather in a city.',
    inputSchema: { json: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  },
};

/** A request body: the model is the path's, so the body has none. */
const ask = (content: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({ messages: [{ role: 'user', content: [{ text: content }] }], ...more });

export const BEDROCK_CONVERSE_BATTERY: readonly ServerCheck[] = [
  { id: 'bedrock-converse.text', protocol: 'bedrock-converse', asks: 'A plain question, streamed.', body: () => ask(QUESTION), expects: 'stream', rules: [noException, stopReason('end_turn'), usageMetadata] },
  {
    id: 'bedrock-converse.tools',
    protocol: 'bedrock-converse',
    asks: 'One tool, forced by toolConfig.toolChoice.',
    body: () => ask('What is the weather in Paris?', { toolConfig: { tools: [WEATHER], toolChoice: { tool: { name: 'get_weather' } } } }),
    expects: 'stream',
    rules: [noException, toolUseWhole('get_weather', ['city']), stopReason('tool_use'), usageMetadata],
  },
  {
    id: 'bedrock-converse.max-tokens',
    protocol: 'bedrock-converse',
    asks: 'A long answer cut by inferenceConfig.maxTokens: 5.',
    body: () => ask('Tell me the history of the bicycle in detail.', { inferenceConfig: { maxTokens: 5 } }),
    expects: 'stream',
    rules: [noException, stopReason('max_tokens'), usageMetadata],
  },
  { id: 'bedrock-converse.error', protocol: 'bedrock-converse', asks: 'A request Bedrock refuses: messages that is not a list.', body: () => ({ messages: 'not a list' }), expects: 'error', rules: [bedrockError] },
];
