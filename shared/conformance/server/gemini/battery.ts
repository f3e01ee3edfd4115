// Gemini's server battery (issue 32): each check one streamed request to
// POST …/models/MODEL:streamGenerateContent?alt=sse (the model in the path, which the runner puts
// there through the descriptor's endpoint) and the rules its recording is judged by (rules.ts),
// Google's own streams the reference.

import type { ServerCheck } from '../types.ts';
import { finishReason, functionCallWhole, googleError, thoughtParts, usageMetadata } from './rules.ts';

const QUESTION = 'In one short sentence: why is the sky blue?';

const WEATHER = {
  name: 'get_weather',
  description: 'The current weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** A request body: the model is the path's, so the body has none. */
const ask = (content: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({ contents: [{ role: 'user', parts: [{ text: content }] }], ...more });

// What @google/genai's generateContentStream() was seen to do on each check's defect (electron/backend/check/sdk-consequences.test.ts).
const NO_FINISH = "@google/genai's generateContentStream() ends without error with the whole text, and no chunk carries a finishReason: the app cannot tell the answer from one cut short.";
const CALL_SPLIT = "@google/genai's chunk.functionCalls hands the app two calls, \"get_weather\" and one with an empty name, each holding a piece of the args' JSON text as args.partial: neither is the call asked for.";
const LIMIT_IGNORED = '@google/genai\'s generateContentStream() ends without error with the whole answer and finishReason "STOP": the app is not told its maxOutputTokens went unheeded.';

export const GEMINI_BATTERY: readonly ServerCheck[] = [
  { id: 'gemini.text', protocol: 'gemini', asks: 'A plain question, streamed.', body: () => ask(QUESTION), expects: 'stream', rules: [finishReason('STOP', NO_FINISH), usageMetadata] },
  {
    id: 'gemini.tools',
    protocol: 'gemini',
    asks: 'One function declaration, forced by toolConfig mode ANY.',
    body: () => ask('What is the weather in Paris?', { tools: [{ functionDeclarations: [WEATHER] }], toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } } }),
    expects: 'stream',
    rules: [functionCallWhole('get_weather', ['city'], CALL_SPLIT), finishReason('STOP'), usageMetadata],
  },
  {
    id: 'gemini.thinking',
    protocol: 'gemini',
    asks: 'A question with generationConfig.thinkingConfig.includeThoughts.',
    body: () => ask(QUESTION, { generationConfig: { thinkingConfig: { includeThoughts: true } } }),
    expects: 'stream',
    rules: [thoughtParts, finishReason('STOP'), usageMetadata],
  },
  {
    id: 'gemini.max-tokens',
    protocol: 'gemini',
    asks: 'A long answer cut by generationConfig.maxOutputTokens: 5.',
    body: () => ask('Tell me the history of the bicycle in detail.', { generationConfig: { maxOutputTokens: 5 } }),
    expects: 'stream',
    rules: [finishReason('MAX_TOKENS', LIMIT_IGNORED), usageMetadata],
  },
  { id: 'gemini.error', protocol: 'gemini', asks: 'A request Google refuses: contents that is not a list.', body: () => ({ contents: 'not a list' }), expects: 'error', rules: [googleError] },
];
