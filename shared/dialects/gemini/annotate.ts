// One line of words for one Gemini event: what it brought, in the notation a developer would
// write against a GenerateContentResponse (`text += "Hi"`, `thought += "…"`,
// `functionCall weather({"city":"Paris"})`, `args $.location += "Bos"`, `finishReason = "STOP"`,
// `usage: prompt 9, candidates 5, thoughts 185, total 199`), each thoughtSignature named with
// the part that carried it. A candidate other than 0 is prefixed with its index.

import { quote } from '../../findings/words.ts';
import { isObject } from '../../is-object.ts';
import type { MessageFields } from '../../framing/types.ts';
import { annotateTransport, brief } from '../kit/common.ts';
import { describeDialectProblem } from '../kit/problems.ts';
import type { AnnotateOptions } from '../kit/quote.ts';
import type { CandidateOp, GeminiInterpretation, GeminiOp } from './interpret.ts';
import type { Fragment } from './partial-args.ts';
import type { PartOp } from './parts.ts';

type Json = Readonly<Record<string, unknown>>;

export function annotateGeminiEvent(event: MessageFields, interpretation: GeminiInterpretation, options: AnnotateOptions = {}): string {
  const max = options.maxText ?? 80;
  const transport = annotateTransport(event, interpretation, max);
  if (transport !== null) return transport;
  const words: string[] = [];
  for (const op of interpretation.ops) words.push(...describe(op, max));
  if (interpretation.problems.length > 0) words.push(`malformed: ${interpretation.problems.map(describeDialectProblem).join('; ')}`);
  return words.join('; ') || 'empty response';
}

function describe(op: GeminiOp, max: number): string[] {
  if (op.op === 'error') return [`error${[op.code, op.status].filter((value) => value !== null).map((value) => ` ${value}`).join('')}: ${quote(op.message, max)}`];
  const words: string[] = [];
  if (op.promptFeedback !== null) words.push(feedback(op.promptFeedback));
  for (const candidate of op.candidates) words.push(...describeCandidate(candidate, max));
  if (op.usage !== null) words.push(`usage: ${describeUsage(op.usage)}`);
  return words;
}

function describeCandidate(candidate: CandidateOp, max: number): string[] {
  const prefix = candidate.index === 0 ? '' : `candidates[${candidate.index}] `;
  const words = candidate.parts.map((part) => prefix + describePart(part, max));
  if (candidate.finishReason !== null) words.push(`${prefix}finishReason = ${JSON.stringify(candidate.finishReason)}`);
  const fields = candidate.fields;
  if (typeof fields.finishMessage === 'string') words.push(`${prefix}finishMessage ${quote(fields.finishMessage, max)}`);
  if (Array.isArray(fields.safetyRatings)) words.push(`${prefix}safetyRatings: ${ratings(fields.safetyRatings)}`);
  if (isObject(fields.citationMetadata)) {
    const citations = fields.citationMetadata.citations;
    words.push(`${prefix}citationMetadata: ${Array.isArray(citations) ? `${citations.length} citation${citations.length === 1 ? '' : 's'}` : brief(fields.citationMetadata, 40)}`);
  }
  if (isObject(fields.groundingMetadata)) words.push(`${prefix}groundingMetadata: ${grounding(fields.groundingMetadata)}`);
  return words;
}

function describePart(part: PartOp, max: number): string {
  const signed = part.signature === null ? '' : ` with thoughtSignature (${part.signature.length} chars)`;
  switch (part.type) {
    case 'text':
      return `${part.thought ? 'thought' : 'text'} += ${quote(part.text, max)}${part.whole === null ? '' : ` (part with ${Object.keys(part.whole).filter((key) => key !== 'text').join(', ')})`}${signed}`;
    case 'call':
      return `functionCall ${part.name ?? '(no name)'}(${part.args === undefined ? '' : brief(part.args, max)})${part.id === null ? '' : ` id ${JSON.stringify(part.id)}`}${signed}`;
    case 'call-start': {
      const args = part.fragments.map((fragment) => describeFragment(fragment, max));
      return `functionCall ${part.name}(…) streamed${part.id === null ? '' : ` id ${JSON.stringify(part.id)}`}${signed}${args.length > 0 ? `; ${args.join('; ')}` : ''}${part.fragments.length > 0 && part.ends ? '; functionCall end' : ''}`;
    }
    case 'call-args':
      return `${part.fragments.map((fragment) => describeFragment(fragment, max)).join('; ') || 'args (no fragment)'}${signed}${part.ends ? '; functionCall end' : ''}`;
    case 'call-continue':
      return `functionCall continues${signed}`;
    case 'call-end':
      return `functionCall end${signed}`;
    case 'other':
      return `${part.key} part${part.key === 'thoughtSignature' ? ` (${part.signature!.length} chars)` : signed}`;
  }
}

/** `args $.location += "Bos" …` (a string goes on while willContinue), `args $.price = 0.5`. */
function describeFragment(fragment: Fragment, max: number): string {
  const more = fragment.willContinue ? ' …' : '';
  switch (fragment.type) {
    case 'string':
      return `args ${fragment.jsonPath} += ${quote(fragment.value as string, max)}${more}`;
    case 'none':
      return `args ${fragment.jsonPath} (no value)${more}`;
    default:
      return `args ${fragment.jsonPath} = ${JSON.stringify(fragment.value)}${more}`;
  }
}

function feedback(promptFeedback: Json): string {
  if (promptFeedback.blockReason !== undefined) {
    const message = typeof promptFeedback.blockReasonMessage === 'string' ? ` (${quote(promptFeedback.blockReasonMessage, 60)})` : '';
    return `promptFeedback.blockReason = ${JSON.stringify(promptFeedback.blockReason)}${message}`;
  }
  return Array.isArray(promptFeedback.safetyRatings) ? `promptFeedback.safetyRatings: ${ratings(promptFeedback.safetyRatings)}` : `promptFeedback: ${brief(promptFeedback, 60)}`;
}

/** `HATE_SPEECH NEGLIGIBLE, HARASSMENT MEDIUM (blocked)`. */
function ratings(list: readonly unknown[]): string {
  const words = list.map((rating) => {
    if (!isObject(rating)) return brief(rating, 20);
    const category = typeof rating.category === 'string' ? rating.category.replace(/^HARM_CATEGORY_/, '') : '?';
    const probability = typeof rating.probability === 'string' ? ` ${rating.probability}` : '';
    return `${category}${probability}${rating.blocked === true ? ' (blocked)' : ''}`;
  });
  return words.join(', ') || 'none';
}

function grounding(metadata: Json): string {
  const words: string[] = [];
  for (const [key, word] of [
    ['groundingChunks', 'chunk'],
    ['groundingSupports', 'support'],
  ] as const) {
    const value = metadata[key];
    if (Array.isArray(value)) words.push(`${value.length} ${word}${value.length === 1 ? '' : 's'}`);
  }
  const queries = metadata.webSearchQueries;
  if (Array.isArray(queries) && queries.length > 0) words.push(`queries ${queries.map((query) => (typeof query === 'string' ? JSON.stringify(query) : brief(query, 20))).join(', ')}`);
  return words.join(', ') || brief(metadata, 60);
}

const USAGE_WORDS = [
  ['promptTokenCount', 'prompt'],
  ['cachedContentTokenCount', 'cached'],
  ['candidatesTokenCount', 'candidates'],
  ['thoughtsTokenCount', 'thoughts'],
  ['toolUsePromptTokenCount', 'tool prompt'],
  ['totalTokenCount', 'total'],
] as const;

/** `prompt 29, cached 5, candidates 10, thoughts 202, total 241` (and Vertex's traffic type). */
export function describeUsage(usage: Json): string {
  const words = USAGE_WORDS.filter(([key]) => typeof usage[key] === 'number').map(([key, word]) => `${word} ${usage[key] as number}`);
  if (typeof usage.trafficType === 'string') words.push(`trafficType ${usage.trafficType}`);
  return words.join(', ') || brief(usage, 60);
}
