// Anthropic Messages in the renderer: its `message` laid out by content block (./blocks.ts), its
// tool_use blocks as tool cards and lanes (./tools.ts), its usage (Usage) — with Bedrock's own
// count beside it on an invoke stream — and request (./request.ts) in its own words.

import type { MessagesState } from '../../../../shared/dialects/anthropic/index.ts';
import { finalObjectView } from '../kit/final-object-view.ts';
import { messageEntries, stopOutcome } from './blocks.ts';
import { anthropicRequest } from './request.ts';
import { ANTHROPIC_TOOL_ITEMS } from './tools.ts';

export const anthropicView = finalObjectView({
  protocol: 'anthropic-messages',
  final: {
    entries: (message) => messageEntries(message.content),
    outcome: (message, moment) => stopOutcome(message, moment),
    entry: 'content block',
  },
  entries: 'Content blocks',
  tools: {
    reading: ANTHROPIC_TOOL_ITEMS,
    words: { none: 'No tool_use block', closing: 'content_block_stop', callId: 'id', itemIds: false, noFragments: 'No input_json_delta: the input is the block’s own, as content_block_start sent it.' },
  },
  usage: {
    headline: [
      ['input_tokens', 'input'],
      ['output_tokens', 'output'],
      ['cache_creation_input_tokens', 'cache write'],
      ['cache_read_input_tokens', 'cache read'],
      ['output_tokens_details.thinking_tokens', 'thinking'],
    ],
    // @anthropic-ai/sdk's Usage: anything else is a provider's own.
    documented: new Set([
      'input_tokens',
      'output_tokens',
      'cache_creation_input_tokens',
      'cache_read_input_tokens',
      'cache_creation',
      'cache_creation.ephemeral_5m_input_tokens',
      'cache_creation.ephemeral_1h_input_tokens',
      'server_tool_use',
      'server_tool_use.web_search_requests',
      'server_tool_use.web_fetch_requests',
      'output_tokens_details',
      'output_tokens_details.thinking_tokens',
      'service_tier',
      'inference_geo',
      'speed',
    ]),
    none: 'No usage in the stream: message_start and message_delta carry it, and neither did.',
    beside: {
      title: 'Bedrock’s own count',
      note: 'amazon-bedrock-invocationMetrics, on the last event of an InvokeModelWithResponseStream: what Bedrock counted (and bills), beside the usage above, which the message carries as Anthropic reported it.',
      of: (analysis) => (analysis.dialectState as MessagesState | null)?.invocationMetrics?.metrics ?? null,
    },
  },
  request: { chatShaped: anthropicRequest, noConversation: 'The body has no messages array.' },
  endChecks: 'message_stop, blocks left open, tool input, unfinished event',
});
