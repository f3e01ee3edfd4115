// The rules of the Gemini checks (battery.ts), each with where it comes from. The reference
// streams are Google's own (shared/test/fixtures/gemini/, captured from
// generativelanguage.googleapis.com and Vertex AI); the judge of "breaks a client" is
// @google/genai, whose generateContentStream() yields each event as a GenerateContentResponse and
// leaves the app to keep its parts. A rule's `sdk` sentence (given by the battery, per check) says
// what the SDK was seen to do on the check's defect (electron/backend/check/sdk-consequences.test.ts),
// and none is given where it does nothing observable. Read through the Gemini dialect's final
// object: a recording read in another dialect has none, and every rule then says so.

import type { Analysis } from '../../../analysis/analyze.ts';
import type { GeminiResponse } from '../../../dialects/gemini/final.ts';
import { isObject } from '../../../is-object.ts';
import { refusedAsJson } from '../evidence.ts';
import type { CheckRule } from '../types.ts';

const RESPONSE = 'Gemini API reference, "GenerateContentResponse" (ai.google.dev/api/generate-content#generatecontentresponse)';
const FINISH = 'Gemini API reference, "FinishReason" (ai.google.dev/api/generate-content#FinishReason)';
const STREAMING = 'Gemini API, "Text generation: streaming responses" (ai.google.dev/gemini-api/docs/text-generation#streaming-responses)';
const CALLING = 'Gemini API, "Function calling" (ai.google.dev/gemini-api/docs/function-calling)';
const THINKING = 'Gemini API, "Thinking: thought summaries" (ai.google.dev/gemini-api/docs/thinking#summaries)';
const CAPTURE = 'gemini/gemini25flash-text-thoughts-counted.sse (generativelanguage.googleapis.com)';

/** The response a client keeps, or null when the stream was not read as Gemini. */
function finalOf(analysis: Analysis): GeminiResponse | null {
  return analysis.protocol === 'gemini' && analysis.final !== null ? (analysis.final as GeminiResponse) : null;
}

const NOT_GEMINI = 'The stream was not read as Gemini.';

/** Each candidate gets a finishReason, this one; `sdk`: what @google/genai was seen to do on the check's defect. */
export function finishReason(reason: string, sdk?: string): CheckRule {
  return {
    code: 'no-finish-reason',
    ...(sdk === undefined ? {} : { sdk }),
    says: `Each candidate ends with finishReason "${reason}": Gemini sends no [DONE], so the finishReason is how a client knows the answer is whole.`,
    reference: `${FINISH}; ${STREAMING}; ${CAPTURE}`,
    breaks: 'fail',
    judge(analysis) {
      const final = finalOf(analysis);
      if (final === null) return [NOT_GEMINI];
      if (final.candidates.length === 0) return ['No candidate arrived.'];
      return final.candidates.flatMap((candidate) => {
        if (candidate.finishReason === null) return [`Candidate ${candidate.index} never got a finishReason.`];
        return candidate.finishReason === reason ? [] : [`Candidate ${candidate.index} finished with "${candidate.finishReason}".`];
      });
    },
  };
}

export const usageMetadata: CheckRule = {
  code: 'no-usage-metadata',
  says: 'usageMetadata comes with the stream, the last one counting the prompt (promptTokenCount) and the answer (totalTokenCount).',
  reference: `${RESPONSE} ("usageMetadata: Output only. Metadata on the generation requests' token usage."); ${CAPTURE}`,
  breaks: 'warn',
  judge(analysis) {
    const final = finalOf(analysis);
    if (final === null) return [NOT_GEMINI];
    const usage = final.usageMetadata;
    if (usage === null) return ['No event carried usageMetadata.'];
    return ['promptTokenCount', 'totalTokenCount'].filter((field) => typeof usage[field] !== 'number').map((field) => `The last usageMetadata has no ${field}.`);
  },
};

/** The forced call comes whole: one functionCall part with the function's name and its args an object holding the required members; `sdk` as finishReason's. */
export function functionCallWhole(name: string, required: readonly string[], sdk?: string): CheckRule {
  return {
    code: 'function-call-not-whole',
    ...(sdk === undefined ? {} : { sdk }),
    says: `The call comes whole in one part: functionCall {name: "${name}", args} with args an object holding ${required.join(', ')}.`,
    reference: `${CALLING} ("the model returns a functionCall object … with the function name and its arguments"); gemini/gemini20flash-function-call-single-event.sse`,
    breaks: 'fail',
    judge(analysis) {
      const final = finalOf(analysis);
      if (final === null) return [NOT_GEMINI];
      const calls = final.candidates.flatMap((candidate) => candidate.content.parts).map((part) => part.functionCall).filter((call) => call !== undefined);
      if (calls.length === 0) return ['No functionCall part arrived.'];
      return calls.flatMap((call, at): string[] => {
        if (!isObject(call)) return [`Call ${at} is not an object.`];
        if (call.name !== name) return [`Call ${at} names ${JSON.stringify(call.name ?? null)}, not "${name}".`];
        const args = call.args;
        if (!isObject(args)) return [`Call ${at}'s args are not an object.`];
        const missing = required.filter((member) => !(member in args));
        return missing.length === 0 ? [] : [`Call ${at}'s args lack ${missing.join(', ')}.`];
      });
    },
  };
}

export const thoughtParts: CheckRule = {
  code: 'no-thought-parts',
  says: 'With thinkingConfig.includeThoughts, thought summaries come as parts with thought: true, before the answer.',
  reference: `${THINKING}; gemini/gemini25pro-thought-parts-signature-on-text.sse`,
  breaks: 'warn',
  judge(analysis) {
    const final = finalOf(analysis);
    if (final === null) return [NOT_GEMINI];
    const parts = final.candidates.flatMap((candidate) => candidate.content.parts);
    const first = parts.findIndex((part) => part.thought === true);
    if (first === -1) return ['No thought part arrived, though includeThoughts asked for them.'];
    const answer = parts.findIndex((part) => typeof part.text === 'string' && part.thought !== true && part.text !== '');
    return answer !== -1 && answer < first ? ['The answer came before the thoughts.'] : [];
  },
};

/** Google's error shape: `{"error": {code, message, status}}`. */
const isGoogleError = (json: unknown): boolean => isObject(json) && isObject(json.error) && typeof json.error.code === 'number' && typeof json.error.message === 'string' && typeof json.error.status === 'string';

export const googleError = refusedAsJson(
  'A request Google refuses is answered with a 4xx status and its JSON error, {"error": {code, message, status}}, not a 200 stream.',
  'Gemini API, "Troubleshooting: error codes" (ai.google.dev/gemini-api/docs/troubleshooting#error-codes); gemini/gemini-model-not-found-404-error.chunks.txt',
  isGoogleError,
  "Google's error object",
);
