// Gemini in the renderer: its `response` laid out part by part (./parts.ts), each thoughtSignature
// on its part, its function calls as tool cards and lanes (./tools.ts), its usageMetadata and
// request (./request.ts) in its own words.

import { finalObjectView } from '../kit/final-object-view.ts';
import { finishOutcome, responseEntries } from './parts.ts';
import { geminiRequest } from './request.ts';
import { GEMINI_TOOL_ITEMS } from './tools.ts';

export const geminiView = finalObjectView({
  protocol: 'gemini',
  final: {
    entries: (response) => responseEntries(response.candidates),
    outcome: (response, moment) => finishOutcome(response, moment),
    entry: 'part',
  },
  entries: 'Parts',
  tools: {
    reading: GEMINI_TOOL_ITEMS,
    words: { none: 'No functionCall part', closing: 'an empty functionCall', callId: 'id', itemIds: false, noFragments: 'No partialArgs: the call came whole in its part, args and all.' },
  },
  usage: {
    headline: [
      ['promptTokenCount', 'prompt'],
      ['candidatesTokenCount', 'candidates'],
      ['thoughtsTokenCount', 'thoughts'],
      ['cachedContentTokenCount', 'cached'],
      ['totalTokenCount', 'total'],
    ],
    // @google/genai's GenerateContentResponseUsageMetadata: anything else is a provider's own.
    documented: new Set([
      'promptTokenCount',
      'candidatesTokenCount',
      'thoughtsTokenCount',
      'cachedContentTokenCount',
      'toolUsePromptTokenCount',
      'totalTokenCount',
      'trafficType',
      'promptTokensDetails',
      'candidatesTokensDetails',
      'cacheTokensDetails',
      'toolUsePromptTokensDetails',
    ]),
    none: 'No usageMetadata in the stream: every event carries it, and none did.',
  },
  request: { chatShaped: geminiRequest, noConversation: 'The body has no contents array.' },
  endChecks: 'finishReason, streamed function calls left open, unfinished event',
});
