// Anthropic Messages' server battery (issue 29, "The battery"): each check one streamed request to
// POST /v1/messages and the rules its recording is judged by (rules.ts), Anthropic's own streams
// the reference.

import type { ServerCheck } from '../types.ts';
import {
  anthropicError,
  atLeastToolUses,
  blocksApart,
  blocksClosed,
  deltasFit,
  eventNames,
  messageStartFirst,
  messageStopLast,
  parallelToolUse,
  stopReason,
  textAnswer,
  toolUse,
  usageCumulative,
} from './rules.ts';

const QUESTION = 'In one short sentence: why is the sky blue?';

const WEATHER = {
  name: 'get_weather',
  description: 'The current weather in a city.',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const TIME = {
  name: 'get_time',
  description: 'The current local time in a city.',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const ask = (model: string, content: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({ model, max_tokens: 256, stream: true, messages: [{ role: 'user', content }], ...more });

/** What every message opens with. */
const OPENING = [eventNames, messageStartFirst];
/** How its blocks are laid out, whatever they hold. */
const BLOCKS = [deltasFit, blocksClosed, blocksApart];
/** How it ends, for this stop reason. */
const ending = (reason: string) => [stopReason(reason), usageCumulative, messageStopLast];

export const ANTHROPIC_BATTERY: readonly ServerCheck[] = [
  { id: 'messages.text', protocol: 'anthropic-messages', asks: 'A plain question, streamed.', body: (model) => ask(model, QUESTION), expects: 'stream', rules: [...OPENING, textAnswer, ...BLOCKS, ...ending('end_turn')] },
  {
    id: 'messages.tools',
    protocol: 'anthropic-messages',
    asks: 'One tool with an input_schema, forced by tool_choice {type: "tool"}.',
    body: (model) => ask(model, 'What is the weather in Paris?', { tools: [WEATHER], tool_choice: { type: 'tool', name: 'get_weather' } }),
    expects: 'stream',
    rules: [...OPENING, toolUse('get_weather', ['city']), ...BLOCKS, ...ending('tool_use')],
  },
  {
    id: 'messages.parallel-tools',
    protocol: 'anthropic-messages',
    asks: 'Two tools the prompt needs both of, tool_choice {type: "any"}.',
    body: (model) => ask(model, 'What are the weather and the local time in Paris? Call both tools at once.', { tools: [WEATHER, TIME], tool_choice: { type: 'any' } }),
    expects: 'stream',
    rules: [...OPENING, parallelToolUse('get_weather', ['city']), atLeastToolUses(2), ...BLOCKS, ...ending('tool_use')],
  },
  {
    id: 'messages.max-tokens',
    protocol: 'anthropic-messages',
    asks: 'A long answer cut by max_tokens: 5.',
    body: (model) => ask(model, 'Tell me the history of the bicycle in detail.', { max_tokens: 5 }),
    expects: 'stream',
    rules: [...OPENING, textAnswer, ...BLOCKS, ...ending('max_tokens')],
  },
  {
    id: 'messages.error',
    protocol: 'anthropic-messages',
    asks: 'A request Anthropic refuses: no max_tokens.',
    body: (model) => ({ model, stream: true, messages: [{ role: 'user', content: QUESTION }] }),
    expects: 'error',
    rules: [anthropicError],
  },
];
