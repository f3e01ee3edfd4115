// The Responses API in the renderer: its `response` laid out by output item (./items.ts), its
// function_call items as tool cards and lanes (./tools.ts), its usage (ResponseUsage) and request
// (./request.ts) in its own words.

import { finalObjectView } from '../kit/final-object-view.ts';
import { responseEntries, statusOutcome } from './items.ts';
import { responsesRequest } from './request.ts';
import { RESPONSES_TOOL_ITEMS } from './tools.ts';

export const responsesView = finalObjectView({
  protocol: 'responses',
  final: {
    entries: (response) => responseEntries(response.output),
    outcome: (response, moment, entries) => statusOutcome(response, moment, entries.some((entry) => entry.refusal)),
    entry: 'output item',
  },
  entries: 'Output items',
  tools: {
    reading: RESPONSES_TOOL_ITEMS,
    words: { none: 'No function call', closing: 'response.output_item.done', callId: 'call_id', itemIds: true, noFragments: null },
  },
  usage: {
    headline: [
      ['input_tokens', 'input'],
      ['output_tokens', 'output'],
      ['total_tokens', 'total'],
      ['output_tokens_details.reasoning_tokens', 'reasoning'],
      ['input_tokens_details.cached_tokens', 'cached'],
    ],
    // The openai SDK's ResponseUsage: anything else is a provider's own.
    documented: new Set([
      'input_tokens',
      'input_tokens_details',
      'input_tokens_details.cached_tokens',
      'input_tokens_details.cache_write_tokens',
      'input_tokens_details.cache_write_tokens_details.ttl_12h_tokens',
      'input_tokens_details.cache_write_tokens_details.ttl_30m_tokens',
      'output_tokens',
      'output_tokens_details',
      'output_tokens_details.reasoning_tokens',
      'total_tokens',
    ]),
    none: 'No usage in the stream: the terminal response (response.completed, .incomplete, .failed) carries it, and none came with one.',
  },
  request: { chatShaped: responsesRequest, noConversation: 'The body has no input.' },
  endChecks: 'terminal event, items left open, tool-call arguments, usage, unfinished event',
});
