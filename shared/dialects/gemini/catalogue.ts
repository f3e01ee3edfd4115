// The codes the Gemini dialect reports (docs/diagnostics.md), with their severity and how to fix
// what they find; the codes other dialects report too (missing-finish-reason with Chat
// Completions) keep the one severity and title of kit/codes.ts.

import { findingIn } from '../../findings/finding.ts';
import type { CatalogueEntry } from '../../findings/finding.ts';
import { SHARED_CODES } from '../kit/codes.ts';

declare module '../types.ts' {
  interface DialectCodes {
    gemini: keyof typeof GEMINI_CODES;
  }
}

export const GEMINI_CODES = {
  'stream-error': {
    ...SHARED_CODES['stream-error'],
    hint: 'The server reported an error after the response started (with status 200): @google/genai throws it from the stream. Handle errors inside the stream, not only HTTP statuses, and retry when the status is transient (RESOURCE_EXHAUSTED, UNAVAILABLE, INTERNAL).',
  },
  'malformed-chunk': {
    ...SHARED_CODES['malformed-chunk'],
    hint: 'A member of a GenerateContentResponse has the wrong type, or a streamed function call\'s pieces came out of order: a typed client (the Google SDKs, zod schemas) rejects the event or accumulates garbage. Fix the server or gateway that produced it.',
  },
  'missing-finish-reason': {
    ...SHARED_CODES['missing-finish-reason'],
    hint: 'Gemini sends no [DONE]: a stream is complete when a candidate has a finishReason, and this one ended without. Treat the answer as cut (the connection dropped, or a JSON error followed the events) and retry.',
  },
  'finish-safety': {
    severity: 'warning',
    title: 'Stopped by a safety filter',
    hint: 'finishReason says a filter stopped the answer (SAFETY, RECITATION, PROHIBITED_CONTENT, BLOCKLIST, SPII, IMAGE_SAFETY, MODEL_ARMOR …): the content so far may be cut or empty. Show the user that the answer stopped, and read safetyRatings for the category.',
  },
  'finish-max-tokens': {
    severity: 'warning',
    title: 'Output cut at the token limit',
    hint: 'finishReason "MAX_TOKENS": the output was cut at generationConfig.maxOutputTokens (thinking tokens count against it). Raise the limit or lower thinkingBudget, and tell the user the answer is incomplete.',
  },
  'finish-abnormal': {
    severity: 'warning',
    title: 'Stopped for another reason',
    hint: 'finishReason is neither STOP, MAX_TOKENS nor a safety reason (MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL, TOO_MANY_TOOL_CALLS, LANGUAGE, OTHER …): the answer did not finish normally. MALFORMED_FUNCTION_CALL means the model wrote a call that does not fit its declaration: simplify the schema, or retry.',
  },
  'prompt-blocked': {
    severity: 'error',
    title: 'Prompt blocked',
    hint: 'promptFeedback.blockReason: the prompt itself was refused (SAFETY, BLOCKLIST, PROHIBITED_CONTENT, MODEL_ARMOR, JAILBREAK …) and no candidate was made. A client that reads candidates[0] gets nothing: check promptFeedback, and change the prompt.',
  },
  'usage-not-monotonic': {
    severity: 'info',
    title: 'Usage counts went down',
    hint: 'A later usageMetadata counts fewer prompt or candidate tokens than an earlier one. Real Gemini streams do this on healthy answers (around a server-side tool, and as the prompt count settles): take the last usageMetadata, never a sum or a maximum.',
  },
  'function-call-unfinished': {
    severity: 'warning',
    title: 'Streamed function call never closed',
    hint: 'A streamed function call (willContinue) got neither an empty functionCall {} nor a last partialArgs without willContinue: a client that waits for its close never runs the tool, and its arguments may be incomplete.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** A finding of this dialect: its code's severity and hint, a message and the events that show it. */
export const finding = findingIn(GEMINI_CODES);
