// What the descriptor (descriptor.ts) is made of: the request paths — the Gemini API's and Vertex
// AI's, told by their ending — and which payloads are Gemini's.

import { isObject } from '../../is-object.ts';

export const GEMINI_WIRE = {
  protocol: 'gemini',
  name: 'Gemini',
  shortName: 'Gemini',
  word: 'gemini',
  /** The Gemini API's (generativelanguage.googleapis.com), as @google/genai posts it; the query asks for SSE. */
  path: '/v1beta/models/MODEL:streamGenerateContent',
  query: 'alt=sse',
  /** Vertex AI's (`aiplatform.googleapis.com`; v1 or v1beta1). */
  vertexPath: '/v1/projects/PROJECT/locations/LOCATION/publishers/google/models/MODEL:streamGenerateContent',
  pathEnding: ':streamGenerateContent',
  sdk: { name: 'the official Google Gen AI SDK', npm: '@google/genai', pip: 'google-genai' },
  outputTokensField: 'candidatesTokenCount',
} as const;

/**
 * Whether a parsed payload is a GenerateContentResponse (candidates, or a blocked prompt's
 * promptFeedback, or usage with the response's identity) or Google's error object, whose `status`
 * is an RPC status name (`RESOURCE_EXHAUSTED`), which OpenAI's and Anthropic's errors never have.
 */
export function claimsGeminiPayload(json: Readonly<Record<string, unknown>>): boolean {
  if (Array.isArray(json.candidates) || isObject(json.promptFeedback)) return true;
  if (isObject(json.usageMetadata) && (typeof json.modelVersion === 'string' || typeof json.responseId === 'string')) return true;
  const error = json.error;
  return isObject(error) && typeof error.status === 'string' && typeof error.code === 'number';
}

/**
 * How a Gemini answer ended, from its final object: each candidate's finishReason, or the prompt's
 * blockReason when none was made; one null for a response with neither (a stream that held only an error).
 */
export function geminiEndReasons(final: unknown): (string | null)[] {
  if (!isObject(final)) return [];
  const candidates = Array.isArray(final.candidates) ? final.candidates : [];
  if (candidates.length === 0) return [isObject(final.promptFeedback) && typeof final.promptFeedback.blockReason === 'string' ? final.promptFeedback.blockReason : null];
  return candidates.map((candidate) => (isObject(candidate) && typeof candidate.finishReason === 'string' ? candidate.finishReason : null));
}
