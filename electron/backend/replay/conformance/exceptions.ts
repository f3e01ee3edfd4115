// Where a real client ends with something other than our analysis's message, named per stream
// and client, with why and the client source that does it. The conformance tests assert each
// divergence exactly, so a client that changes its behaviour fails them (docs/replay.md,
// "Client conformance", has the same table in words).
//
// Line numbers: openai 7.59 (node_modules/openai/src/): CCS = lib/ChatCompletionStream.ts, STR =
// core/streaming.ts, ES = lib/EventStream.ts, ACR = lib/AbstractChatCompletionRunner.ts
// (shared/test/reference/openai-sdk.ts describes the SDK as a whole). AI SDK 6.0 with
// @ai-sdk/openai-compatible 2.0: OAC = node_modules/@ai-sdk/openai-compatible/src/chat/
// openai-compatible-chat-language-model.ts, MAP = …/src/chat/map-openai-compatible-finish-reason.ts,
// PU = node_modules/@ai-sdk/openai-compatible/node_modules/@ai-sdk/provider-utils/src/.

import { expect } from 'vitest';
import { textMatching } from '../../../../shared/test/streams.ts';
import { REFUSAL } from '../../simulator/content.ts';
import { SERVER_ERROR } from '../../simulator/errors.ts';
import type { ClientException, ClientName } from './expect.ts';

export type { ClientException, ClientName } from './expect.ts';

type Exceptions = Record<string, Partial<Record<ClientName, ClientException>>>;

// ——— Why, once each ———

const REASONING_LAST_FRAGMENT =
  'The stream helper Object.assigns delta keys it does not know (reasoning_content, reasoning) onto the message (CCS 1984-1991): the last fragment replaces the text instead of extending it.';
const REASONING_WIPED = `${REASONING_LAST_FRAGMENT} A later delta with the key set to null wipes it.`;
const MISSING_FINISH = 'The stream helper throws when a choice never got a finish reason (CCS 2252-2256).';
const MISSING_ROLE = 'The stream never sends delta.role: the stream helper throws when it finalises (CCS 2261-2264).';
const AI_NO_FINISH = 'The AI SDK ends a stream without a finish reason with an InvalidResponseDataError part and finish reason "error" (OAC 735-745).';
const AI_CHOICE_ZERO = 'The AI SDK reads value.choices[0] of every chunk whatever its index (OAC 600): the choices\' deltas are joined into one text, in arrival order.';
const AI_REFUSAL_AS_TEXT = 'The AI SDK streams delta.refusal as text (OAC 679-683) and then maps finish_reason "stop" to "content-filter" (MAP 8-12).';
const ERROR_EVENT = 'A chunk with an `error` object (or `event: error`): the SDK throws an APIError with its message (STR 155-161); the iterator\'s user keeps what came before.';
const AI_ERROR_EVENT = 'The AI SDK turns an error chunk into an error part carrying the error object as sent, skips the rest of that chunk, and finishes with "error" unless a finish reason came (OAC 572-579).';
const TERMINATED = 'The connection ends without the terminating chunk: undici rejects the body read with TypeError("terminated"), which the iterator rethrows and the stream helper wraps in an OpenAIError (ES 1992-2001).';
const AI_TERMINATED = 'The AI SDK wraps the failed body read in an APICallError "Failed to process successful response" (status 200) and throws it from the stream (PU response-handler.ts 56-77).';
const HTTP_ERROR = 'An HTTP error status: the SDK throws its APIError subclass for the status, with the error body\'s message (core/error.ts); the AI SDK an APICallError with the message alone (PU post-to-api.ts).';
const MALFORMED = 'A data line that is not JSON: the SDK throws SyntaxError("Error reading response: malformed server-sent event JSON.") (STR 143-148), wrapped in an OpenAIError by the stream helper (ES 1992-2001).';
const AI_MALFORMED = 'The AI SDK makes an error part of a chunk that does not parse (OAC 563-567) and reads on: it ends with the same message as our analysis, which skips the event too.';

const serverError = { name: 'APIError', message: SERVER_ERROR.message };
const terminated = { openai: { name: 'OpenAIError', message: 'terminated' }, iterator: { name: 'TypeError', message: 'terminated' } };
const aiTerminated = { name: 'APICallError', message: 'Failed to process successful response', status: 200 };
const malformed = 'Error reading response: malformed server-sent event JSON.';
const aiNoFinish = [{ name: 'InvalidResponseDataError', message: 'Response stream ended without a finish reason.' }];
const GROQ_TOOL_USE_FAILED =
  "Tool call validation failed: tool call validation failed: parameters for tool get_something_by_name did not match schema: errors: [missing properties: 'name', additionalProperties 'invalid_param' not allowed]";
const RATE_LIMITED = 'Rate limit reached for sim-rate-limit in organization org-simulator on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s. Visit https://platform.openai.com/account/rate-limits to learn more.';

/** Simulator scenarios, recorded with seed 11 and include_usage (see clients.test.ts). */
export const SCENARIO_EXCEPTIONS: Exceptions = {
  reasoning: { 'openai-final': { differs: { reasoning: null }, why: `${REASONING_WIPED} (The answer's deltas carry reasoning_content: null.)` } },
  refusal: { 'ai-sdk': { differs: { content: REFUSAL, unified_finish_reason: 'content-filter' }, why: AI_REFUSAL_AS_TEXT } },
  'n-choices': { 'ai-sdk': { differs: { content: textMatching('StreAaming stream sends of each server t', 414, 'not trip over the usage chunk.') }, why: AI_CHOICE_ZERO } },
  'stream-error': {
    'openai-final': { fails: serverError, why: ERROR_EVENT },
    'openai-iterator': { fails: serverError, stopsAt: 'error', why: ERROR_EVENT },
    'ai-sdk': { fails: [{ name: 'object', message: JSON.stringify(SERVER_ERROR) }], differs: { unified_finish_reason: 'error' }, why: AI_ERROR_EVENT },
  },
  'connection-drop': {
    'openai-final': { fails: terminated.openai, why: TERMINATED },
    'openai-iterator': { fails: terminated.iterator, why: TERMINATED },
    'ai-sdk': { fails: aiTerminated, why: AI_TERMINATED },
  },
  'no-finish-reason': {
    'openai-final': { fails: { name: 'OpenAIError', message: 'missing finish_reason for choice 0' }, why: MISSING_FINISH },
    'ai-sdk': { fails: aiNoFinish, differs: { unified_finish_reason: 'error' }, why: AI_NO_FINISH },
  },
  'json-response': {
    'openai-final': { fails: { name: 'OpenAIError', message: 'request ended without sending any chunks' }, why: 'A JSON body holds no event: the stream helper throws when it ends without a chunk (CCS 1752-1754). The iterator, like our analysis, simply gets nothing.' },
    'ai-sdk': { fails: aiNoFinish, differs: { unified_finish_reason: 'error' }, why: `A JSON body holds no event. ${AI_NO_FINISH}` },
  },
  'rate-limit': {
    'openai-final': { fails: { name: 'RateLimitError', message: `429 ${RATE_LIMITED}`, status: 429 }, why: HTTP_ERROR },
    'openai-iterator': { fails: { name: 'RateLimitError', message: `429 ${RATE_LIMITED}`, status: 429 }, why: HTTP_ERROR },
    'ai-sdk': { fails: { name: 'APICallError', message: RATE_LIMITED, status: 429 }, why: HTTP_ERROR },
  },
  'server-error': {
    'openai-final': { fails: { name: 'InternalServerError', message: `500 ${SERVER_ERROR.message}`, status: 500 }, why: HTTP_ERROR },
    'openai-iterator': { fails: { name: 'InternalServerError', message: `500 ${SERVER_ERROR.message}`, status: 500 }, why: HTTP_ERROR },
    'ai-sdk': { fails: { name: 'APICallError', message: SERVER_ERROR.message, status: 500 }, why: HTTP_ERROR },
  },
  'invalid-json': {
    'openai-final': { fails: { name: 'OpenAIError', message: malformed }, why: MALFORMED },
    'openai-iterator': { fails: { name: 'SyntaxError', message: malformed }, stopsAt: 'invalid-json', why: MALFORMED },
    'ai-sdk': {
      // The AI SDK quotes V8's own message, which gained its line and column in V8 12.4 (Node 22 and 24).
      fails: [{ name: 'JSONParseError', message: expect.stringMatching(/^JSON parsing failed: Text: \{"id":"chatcmpl-sim[^]*\.\nError message: Unterminated string in JSON at position \d+( \(line 1 column \d+\))?$/) }],
      why: AI_MALFORMED,
    },
  },
};

/** The captured real streams (shared/test/fixtures/real-streams/SOURCES.md says what each one is). */
export const CORPUS_EXCEPTIONS: Exceptions = {
  'anthropic-gateway-tool-call-index-1.sse': {
    'openai-final': {
      fails: { name: 'OpenAIError', message: "Cannot read properties of undefined (reading 'id')" },
      why: 'The only tool call has index 1: the stream helper keeps tool_calls as a sparse array and trips on the hole at index 0 when it finalises (ACR 38-49).',
    },
  },
  'azure-foundry-deepseek-v4-reasoning-matched-stop.sse': { 'openai-final': { differs: { reasoning: null }, why: `${REASONING_WIPED} (Every delta carries reasoning_content: null after the reasoning.)` } },
  'cerebras-glm47-reasoning-tool-call.sse': { 'openai-final': { differs: { reasoning: '.' }, why: `${REASONING_LAST_FRAGMENT} (Cerebras calls it delta.reasoning.)` } },
  'deepseek-reasoner-reasoning-content.sse': { 'openai-final': { differs: { reasoning: null }, why: `${REASONING_WIPED} (Answer deltas carry reasoning_content: null.)` } },
  'deepseek-reasoner-tool-call.sse': {
    'openai-final': {
      differs: { content: '', reasoning: null },
      why: `The finish delta has content: "": the stream helper sets content to "" once any content key is non-null (CCS 2042-2047), where our message says null (no delta carried text). ${REASONING_WIPED}`,
    },
  },
  'groq-compound-executed-tools-changing-ids.sse': {
    'openai-final': { fails: { name: 'OpenAIError', message: 'missing role for choice 0' }, why: MISSING_ROLE },
    'openai-iterator': { differs: { usage: null }, why: 'Groq sends usage only in x_groq.usage, which our analysis reads; a user reading chunk.usage gets none.' },
    'ai-sdk': { differs: { usage: null }, why: 'Groq sends usage only in x_groq.usage; the AI SDK reads value.usage (OAC 596-598).' },
  },
  'groq-gptoss-tool-use-failed-error-event.sse': {
    'openai-final': { fails: { name: 'APIError', message: GROQ_TOOL_USE_FAILED }, why: ERROR_EVENT },
    'openai-iterator': { fails: { name: 'APIError', message: GROQ_TOOL_USE_FAILED }, stopsAt: 'error', why: ERROR_EVENT },
    'ai-sdk': {
      fails: [{ name: 'object', message: JSON.stringify({ message: GROQ_TOOL_USE_FAILED, type: 'invalid_request_error', code: 'tool_use_failed' }) }],
      differs: { unified_finish_reason: 'error' },
      why: AI_ERROR_EVENT,
    },
  },
  'mistral-magistral-thinking-content-parts.sse': {
    'openai-final': {
      differs: { content: textMatching('[object Object][object Object][object Ob', 1477, 'ou can ensure a safe crossing.'), reasoning: null },
      why: 'delta.content is sometimes an array of typed parts: the stream helper concatenates it as a string (CCS 2042-2047), "[object Object]" and thinking parts included, and has no field for the reasoning in "thinking" parts.',
    },
    'openai-iterator': { differs: { reasoning: null }, why: 'The reasoning is in "thinking" content parts, which the SDK types as no more than content: string; a user appending string deltas never sees it.' },
  },
  'mistral-sdk-glm-incremental-tool-call.sse': { 'openai-final': { fails: { name: 'OpenAIError', message: 'missing role for choice 0' }, why: MISSING_ROLE } },
  'mistral-small-tool-call-no-index.sse': {
    'openai-final': {
      fails: { name: 'OpenAIError', message: 'Chat completion stream contains an invalid tool call index: undefined' },
      why: 'Mistral leaves out tool_calls[].index: the stream helper requires it (CCS 2075-2077).',
    },
  },
  'openai-gpt4o-n3-interleaved-choices.sse': { 'ai-sdk': { differs: { content: textMatching('{"{"{"citycitycity":"":"":"SanSanSan Fra', 159, 'tsunitsunits":"":"":"fff"}"}"}') }, why: AI_CHOICE_ZERO } },
  'openai-gpt4o-refusal-logprobs.sse': { 'ai-sdk': { differs: { content: "I'm very sorry, but I can't assist with that request.", unified_finish_reason: 'content-filter' }, why: AI_REFUSAL_AS_TEXT } },
  'openai-gpt5-moderation-after-usage.sse': {
    'openai-final': { differs: { usage: null }, why: "The moderation chunk after the usage chunk has usage: null, and the stream helper Object.assigns every later chunk's top-level keys (CCS 1897-1899): null wins." },
  },
  'openrouter-claude-reasoning-details.sse': { 'openai-final': { differs: { reasoning: null }, why: `${REASONING_WIPED} (OpenRouter's delta.reasoning; later deltas have reasoning: null.)` } },
  'openrouter-minimax-midstream-error.sse': {
    'openai-final': { fails: { name: 'APIError', message: 'Token limit reached' }, why: ERROR_EVENT },
    'openai-iterator': { fails: { name: 'APIError', message: 'Token limit reached' }, stopsAt: 'error', why: `${ERROR_EVENT} The usage, in the same chunk as the error, is lost.` },
    'ai-sdk': { fails: [{ name: 'object', message: JSON.stringify({ code: 400, message: 'Token limit reached' }) }], differs: { usage: null }, why: `${AI_ERROR_EVENT} The usage, in the same chunk, is skipped.` },
  },
  'snowflake-cortex-claude-no-finish-reason.sse': {
    'openai-final': { fails: { name: 'OpenAIError', message: 'missing finish_reason for choice 0' }, why: MISSING_FINISH },
    'ai-sdk': { fails: aiNoFinish, differs: { unified_finish_reason: 'error' }, why: AI_NO_FINISH },
  },
  'tgi-llama31-tool-call-no-finish-reserialised.sse': {
    'openai-final': { fails: { name: 'OpenAIError', message: 'missing finish_reason for choice 0' }, why: MISSING_FINISH },
    'ai-sdk': { fails: aiNoFinish, differs: { unified_finish_reason: 'error' }, why: AI_NO_FINISH },
  },
  'xai-grok3mini-reasoning-tool-call.sse': { 'openai-final': { differs: { reasoning: '.' }, why: REASONING_LAST_FRAGMENT } },
  'zai-glm47-reasoning-no-finish-key.sse': { 'openai-final': { differs: { reasoning: '".' }, why: REASONING_LAST_FRAGMENT } },
};
