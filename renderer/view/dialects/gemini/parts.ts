// A Gemini `response` as the message panel lays it out: each candidate's parts in order — answer
// text, thought text (`thought: true`), function calls with their args, any other part as JSON —
// each with the thoughtSignature it carries, which the next turn must send back on that very part
// (the thing clients lose: the next turn then fails with a 400); and the finishReason it ended with
// (@google/genai types: Part, FinishReason).

import { formatCount } from '../../../components/format.ts';
import { asObject, factOf, isEnded, rest, text } from '../kit/final-entry.ts';
import type { Entry, Fact, Moment, Outcome } from '../kit/final-entry.ts';

export function responseEntries(candidates: unknown): Entry[] {
  if (!Array.isArray(candidates)) return [];
  let index = 0;
  return candidates.flatMap((candidate) => {
    const object = asObject(candidate);
    const content = asObject(object.content);
    const parts = Array.isArray(content.parts) ? content.parts : [];
    const at = typeof object.index === 'number' ? object.index : 0;
    return parts.map((part, k) => entryOf(asObject(part), `candidates[${at}].parts[${k}]`, index++));
  });
}

function entryOf(part: Readonly<Record<string, unknown>>, where: string, index: number): Entry {
  const signature = signatureFacts(part.thoughtSignature);
  const entry = { where, index, refusal: false };
  const call = part.functionCall;
  if (call !== undefined) {
    const fn = asObject(call);
    const args = fn.args === undefined ? [] : [{ where: 'args', type: 'args', kind: 'arguments' as const, text: JSON.stringify(fn.args, null, 2), citations: [] }];
    return { ...entry, type: 'functionCall', kind: 'tool', name: text(fn.name), facts: [...factOf(fn, 'id'), ...signature], parts: args };
  }
  if (typeof part.text === 'string') {
    const thought = part.thought === true;
    return { ...entry, type: thought ? 'thought' : 'text', kind: thought ? 'reasoning' : 'message', name: null, facts: signature, parts: [{ where: 'text', type: 'text', kind: thought ? 'reasoning' : 'text', text: part.text, citations: [] }] };
  }
  const type = Object.keys(part).find((key) => key !== 'thoughtSignature' && key !== 'thought') ?? 'thoughtSignature';
  const others = rest(part, ['thoughtSignature']);
  return { ...entry, type, kind: 'other', name: null, facts: signature, parts: Object.keys(others).length === 0 ? [] : [{ where: type, type, kind: 'json', text: JSON.stringify(others, null, 2), citations: [] }] };
}

/** A part's thoughtSignature: what the API checks when the part is sent back in the next turn. */
function signatureFacts(signature: unknown): Fact[] {
  if (typeof signature !== 'string') return [];
  return [{ label: 'thoughtSignature', value: `signed (${formatCount(signature.length)} characters): send it back on this part`, tone: 'plain' }];
}

/** What each finishReason means for a client (FinishReason of the Gemini API). */
const FINISHES: Readonly<Record<string, { readonly tone: Outcome['tone']; readonly sentence: string }>> = {
  STOP: { tone: 'plain', sentence: 'The model finished its answer (or stopped to call functions: run them and send their functionResponse back).' },
  MAX_TOKENS: { tone: 'warn', sentence: 'Cut at maxOutputTokens (thinking counts against it): the answer is incomplete.' },
  MALFORMED_FUNCTION_CALL: { tone: 'warn', sentence: 'The model wrote a function call that does not fit its declaration: nothing to run.' },
};

const SAFETY = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'IMAGE_PROHIBITED_CONTENT', 'IMAGE_RECITATION', 'MODEL_ARMOR']);

/** How the response ended, by candidate 0's finishReason (null when none came), or the prompt's blockReason. */
export function finishOutcome(response: Readonly<Record<string, unknown>>, moment: Moment): { outcome: Outcome; facts: Fact[] } {
  const candidates = Array.isArray(response.candidates) ? response.candidates.map(asObject) : [];
  const facts: Fact[] = candidates.slice(1).map((candidate) => ({ label: `candidate ${String(candidate.index)}`, value: text(candidate.finishReason) ?? 'no finishReason', tone: 'plain' }));
  const blocked = text(asObject(response.promptFeedback).blockReason);
  if (blocked !== null) return { outcome: { label: 'finishReason', value: blocked, tone: 'bad', sentence: 'The prompt was blocked (promptFeedback.blockReason): no candidate answers it.', refusal: true }, facts };
  const reason = candidates.length === 0 ? null : text(candidates[0]!.finishReason);
  if (reason === null) {
    const sentence = isEnded(moment)
      ? 'No finishReason: Gemini sends no [DONE], and no candidate said it finished, so the stream did not finish.'
      : moment.asOf
        ? 'No finishReason as of this event.'
        : 'No finishReason yet: still streaming.';
    return { outcome: { label: 'finishReason', value: null, tone: isEnded(moment) ? 'bad' : 'muted', sentence, refusal: false }, facts };
  }
  const known = FINISHES[reason] ?? (SAFETY.has(reason) ? { tone: 'warn' as const, sentence: 'A safety filter stopped the answer: what came before may be cut.' } : { tone: 'warn' as const, sentence: 'The answer did not finish normally.' });
  return { outcome: { label: 'finishReason', value: reason, tone: known.tone, sentence: known.sentence, refusal: SAFETY.has(reason) }, facts };
}
