// Bedrock ConverseStream in the renderer: its `output` laid out block by block (./blocks.ts) with
// its stopReason and metrics.latencyMs, its toolUse blocks as tool cards and lanes (./tools.ts),
// its usage (TokenUsage) and request (./request.ts) in its own words, and its events named by
// their frame's :event-type (./inspector.ts). The frames themselves are the framing's view
// (../../framing/aws-eventstream/), whatever dialect they carry.

import { finalObjectView } from '../kit/final-object-view.ts';
import type { DialectView } from '../types.ts';
import { messageEntries, stopOutcome } from './blocks.ts';
import { CONVERSE_INSPECTOR } from './inspector.ts';
import { converseRequest } from './request.ts';
import { CONVERSE_TOOL_ITEMS } from './tools.ts';

export const bedrockConverseView: DialectView = {
  ...finalObjectView({
    protocol: 'bedrock-converse',
    final: {
      entries: (response) => messageEntries(response.message),
      outcome: (response, moment) => stopOutcome(response, moment),
      entry: 'content block',
    },
    entries: 'Content blocks',
    tools: {
      reading: CONVERSE_TOOL_ITEMS,
      words: { none: 'No toolUse block', closing: 'contentBlockStop', callId: 'toolUseId', itemIds: false, noFragments: 'No toolUse.input delta: the tool takes {} (no input).' },
    },
    usage: {
      headline: [
        ['inputTokens', 'input'],
        ['outputTokens', 'output'],
        ['cacheReadInputTokens', 'cache read'],
        ['cacheWriteInputTokens', 'cache write'],
        ['totalTokens', 'total'],
      ],
      // @aws-sdk/client-bedrock-runtime's TokenUsage: anything else is a provider's own.
      documented: new Set(['inputTokens', 'outputTokens', 'totalTokens', 'cacheReadInputTokens', 'cacheWriteInputTokens']),
      none: 'No usage in the stream: the metadata event after messageStop carries it, and none came.',
    },
    request: { chatShaped: converseRequest, noConversation: 'The body has no messages array.' },
    endChecks: 'messageStop, blocks left open, tool input, exception frames, the frame cut short',
  }),
  inspector: CONVERSE_INSPECTOR,
};
