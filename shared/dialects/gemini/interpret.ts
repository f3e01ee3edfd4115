// Reads one SSE event of Gemini's streamGenerateContent (`?alt=sse`): its data is a whole
// GenerateContentResponse (@google/genai's types.ts) — candidates, each with its content's parts
// and its finishReason, safetyRatings, citationMetadata, groundingMetadata; the prompt's feedback;
// the usage so far — or an error object `{"error": {code, message, status}}`. Stateless and
// total: nothing here throws, and what is malformed is a problem, as data.

import { isObject } from '../../is-object.ts';
import { NOTHING, isIndex, parseData, wrongType } from '../kit/common.ts';
import type { TransportKind } from '../kit/common.ts';
import { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_TOOL } from '../types.ts';
import type { DialectInterpretation, DialectProblem } from '../types.ts';
import type { MessageFields } from '../../framing/types.ts';
import { readPart } from './parts.ts';
import { fromTemplate, learn } from './template.ts';
import type { PartOp } from './parts.ts';

type Json = Readonly<Record<string, unknown>>;

export type GeminiKind =
  | TransportKind
  /** Text of the answer. */
  | 'text'
  /** Thought text (`thought: true`). */
  | 'reasoning'
  /** A function call, whole or a piece of a streamed one. */
  | 'tool'
  /** A candidate's finishReason. */
  | 'finish'
  /** promptFeedback.blockReason: the prompt was refused, no candidate follows. */
  | 'blocked'
  /** Nothing but a thoughtSignature (on an empty text part, as Gemini 3 ends its answers). */
  | 'signature'
  /** Another part (inline data, code execution …). */
  | 'part'
  /** Safety ratings, citations, grounding or prompt feedback, and no part. */
  | 'metadata'
  /** usageMetadata alone. */
  | 'usage'
  | 'error'
  /** A response that carries nothing a client keeps. */
  | 'empty';

/** One candidate of one event: `index` (0 when the event gave none, as Vertex's last event), its parts, its other members. */
export interface CandidateOp {
  readonly index: number;
  readonly role: string | null;
  readonly parts: readonly PartOp[];
  readonly finishReason: string | null;
  /** The candidate's members but index, content and finishReason, as sent (safetyRatings, citationMetadata, groundingMetadata, finishMessage …). */
  readonly fields: Json;
}

export type GeminiOp =
  | {
      readonly op: 'response';
      readonly responseId: string | null;
      readonly modelVersion: string | null;
      readonly createTime: string | null;
      readonly candidates: readonly CandidateOp[];
      readonly promptFeedback: Json | null;
      readonly usage: Json | null;
    }
  | { readonly op: 'error'; readonly message: string; readonly code: number | string | null; readonly status: string | null };

export interface GeminiInterpretation extends DialectInterpretation {
  readonly kind: GeminiKind;
  readonly ops: readonly GeminiOp[];
  readonly problems: readonly DialectProblem[];
  /** The TOKEN_* bits: non-empty text, thought text, a function call or a piece of its arguments. */
  readonly tokens: number;
}

/** Reads one event: from a template when it is a recent text event's data with another text and counts (template.ts), else in full. */
export function interpretGeminiEvent(event: MessageFields): GeminiInterpretation {
  if (event.data !== null) {
    const known = fromTemplate(event.data);
    if (known !== null) return known;
  }
  const interpretation = interpretInFull(event);
  learn(event, interpretation, interpretInFull);
  return interpretation;
}

/** Reads one event in full: JSON.parse, then every member. */
export function interpretInFull(event: MessageFields): GeminiInterpretation {
  const parsed = parseData(event);
  if (!parsed.ok) return { kind: parsed.kind, ops: NOTHING, problems: parsed.problems, tokens: 0 };
  const json = parsed.json;
  const problems: DialectProblem[] = [];
  if ('error' in json) return readError(json.error, problems);

  const candidates: CandidateOp[] = [];
  if (Array.isArray(json.candidates)) for (let i = 0; i < json.candidates.length; i++) readCandidate(json.candidates[i], i, problems, candidates);
  else if (json.candidates !== undefined && json.candidates !== null) problems.push(wrongType('candidates', 'array', json.candidates));
  const op: GeminiOp = {
    op: 'response',
    responseId: stringAt(json, 'responseId', problems),
    modelVersion: stringAt(json, 'modelVersion', problems),
    createTime: stringAt(json, 'createTime', problems),
    candidates,
    promptFeedback: objectAt(json, 'promptFeedback', problems),
    usage: objectAt(json, 'usageMetadata', problems),
  };
  const { kind, tokens } = kindOf(op);
  // A response of which nothing could be read but its faults is malformed, not empty.
  return { kind: kind === 'empty' && problems.length > 0 ? 'malformed' : kind, ops: [op], problems: problems.length > 0 ? problems : NOTHING, tokens };
}

// Top-level functions, not closures in interpretGeminiEvent: a hundred thousand events would make as many (docs/performance.md).
function stringAt(json: Json, key: string, problems: DialectProblem[]): string | null {
  const value = json[key];
  if (typeof value === 'string') return value;
  if (value !== undefined && value !== null) problems.push(wrongType(key, 'string', value));
  return null;
}

function objectAt(json: Json, key: string, problems: DialectProblem[]): Json | null {
  const value = json[key];
  if (isObject(value)) return value;
  if (value !== undefined && value !== null) problems.push(wrongType(key, 'object', value));
  return null;
}

function readError(error: unknown, problems: DialectProblem[]): GeminiInterpretation {
  if (!isObject(error)) {
    problems.push(wrongType('error', 'object', error));
    return { kind: 'malformed', ops: NOTHING, problems, tokens: 0 };
  }
  const message = typeof error.message === 'string' && error.message !== '' ? error.message : JSON.stringify(error);
  const code = typeof error.code === 'number' || typeof error.code === 'string' ? error.code : null;
  const status = typeof error.status === 'string' ? error.status : null;
  return { kind: 'error', ops: [{ op: 'error', message, code, status }], problems: NOTHING, tokens: 0 };
}

function readCandidate(candidate: unknown, at: number, problems: DialectProblem[], into: CandidateOp[]): void {
  const path = `candidates[${at}]`;
  if (!isObject(candidate)) {
    problems.push(wrongType(path, 'object', candidate));
    return;
  }
  // A candidate without index is candidate 0 (Vertex sends none; the last event of a stream often has none).
  let index = 0;
  if (candidate.index !== undefined) {
    if (!isIndex(candidate.index)) {
      problems.push(wrongType(`${path}.index`, 'integer', candidate.index));
      return;
    }
    index = candidate.index;
  }
  let role: string | null = null;
  const parts: PartOp[] = [];
  const content = candidate.content;
  if (isObject(content)) {
    if (typeof content.role === 'string') role = content.role;
    if (Array.isArray(content.parts)) {
      content.parts.forEach((part, k) => {
        const op = readPart(part, `${path}.content.parts[${k}]`, problems);
        if (op !== null) parts.push(op);
      });
    } else if (content.parts !== undefined) problems.push(wrongType(`${path}.content.parts`, 'array', content.parts));
  } else if (content !== undefined) problems.push(wrongType(`${path}.content`, 'object', content));
  let finishReason: string | null = null;
  if (typeof candidate.finishReason === 'string') finishReason = candidate.finishReason;
  else if (candidate.finishReason !== undefined && candidate.finishReason !== null) problems.push(wrongType(`${path}.finishReason`, 'string', candidate.finishReason));
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(candidate)) if (key !== 'index' && key !== 'content' && key !== 'finishReason') fields[key] = candidate[key];
  into.push({ index, role, parts, finishReason, fields });
}

const PART_TOKENS: Readonly<Record<PartOp['type'], number>> = { text: TOKEN_CONTENT, call: TOKEN_TOOL, 'call-start': TOKEN_TOOL, 'call-args': TOKEN_TOOL, 'call-continue': 0, 'call-end': 0, other: 0 };

/** The event's kind (the first of: finish, blocked, text, reasoning, tool, signature, part, metadata, usage) and its token bits. */
function kindOf(op: Extract<GeminiOp, { op: 'response' }>): { kind: GeminiKind; tokens: number } {
  let tokens = 0;
  let finish = false;
  let metadata = op.promptFeedback !== null;
  let signature = false;
  let other = false;
  for (const candidate of op.candidates) {
    if (candidate.finishReason !== null) finish = true;
    if (Object.keys(candidate.fields).length > 0) metadata = true;
    for (const part of candidate.parts) {
      if (part.signature !== null) signature = true;
      if (part.type === 'text') {
        if (part.text !== '') tokens |= part.thought ? TOKEN_REASONING : TOKEN_CONTENT;
      } else if (part.type === 'other') other = true;
      else if (part.type !== 'call-args' || part.fragments.length > 0) tokens |= PART_TOKENS[part.type];
    }
  }
  let kind: GeminiKind;
  if (finish) kind = 'finish';
  else if (isObject(op.promptFeedback) && op.promptFeedback.blockReason !== undefined) kind = 'blocked';
  else if (tokens & TOKEN_CONTENT) kind = 'text';
  else if (tokens & TOKEN_REASONING) kind = 'reasoning';
  else if (tokens & TOKEN_TOOL || op.candidates.some((candidate) => candidate.parts.some((part) => part.type.startsWith('call')))) kind = 'tool';
  else if (signature) kind = 'signature';
  else if (other) kind = 'part';
  else if (metadata) kind = 'metadata';
  else if (op.usage !== null) kind = 'usage';
  else kind = 'empty';
  return { kind, tokens };
}
