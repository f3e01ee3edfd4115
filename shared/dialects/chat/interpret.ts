// Reads one SSE event as an OpenAI chat.completion.chunk: what kind of event it
// is, the operations it applies to a client's state, the fields outside the
// known set, and what is malformed about it. Stateless and total: any event,
// however broken, gets an interpretation; nothing here throws. The parsed JSON
// itself is not kept (a view that shows it parses the event's data again):
// kept for every event, it would be most of an analysis's memory.

import { isObject } from '../../is-object.ts';
import type { MessageFields } from '../../framing/types.ts';
import type { ViewKind } from '../kit/view.ts';
import type { DialectProblem } from '../types.ts';
import { CHOICE_FIELDS, CHUNK_FIELDS, DELTA_FIELDS, FUNCTION_FIELDS, TOOL_CALL_FIELDS } from './fields.ts';
import type { ErrorOp, FunctionCallOp, Op, ToolOp } from './ops.ts';
import { memberBytes } from './json-text.ts';
import { nestsDeeperThan, TOO_DEEP } from '../../formats/json-depth.ts';

/** Chat Completions names its events in the views' own words (kit/view.ts): the views were made for it first. */
export type EventKind = ViewKind;

/** Chat Completions' problems beyond every dialect's (DialectProblem): a tool call without its index, content as parts. */
export type ChatProblem = { readonly code: 'tool-index-missing'; readonly choice: number; readonly position: number } | { readonly code: 'content-parts'; readonly choice: number };

export type ChunkProblem = DialectProblem | ChatProblem;

declare module '../types.ts' {
  interface DialectProblems {
    'chat-completions': ChatProblem;
  }
}

/** The identity fields of a chunk; undefined where the chunk has none. */
export interface ChunkMeta {
  readonly id?: unknown;
  readonly object?: unknown;
  readonly created?: unknown;
  readonly model?: unknown;
  readonly system_fingerprint?: unknown;
  /** How many choices it had, or null when `choices` was absent or not an array. */
  readonly choiceCount: number | null;
}

export interface Interpretation {
  readonly kind: EventKind;
  readonly ops: readonly Op[];
  readonly meta: ChunkMeta | null;
  /** Paths of fields outside OpenAI's set, e.g. `x_groq`, `choices[].delta.token_id`. */
  readonly unknownPaths: readonly string[];
  readonly problems: readonly ChunkProblem[];
  /** Bytes this event spends on its `obfuscation` padding member (with its comma). */
  readonly obfuscationBytes: number;
}

export const DONE = '[DONE]';

const NOTHING: readonly never[] = Object.freeze([]);

export function interpretEvent(event: MessageFields): Interpretation {
  const { data } = event;
  if (data === null) return interpretDataless(event);
  if (data === DONE) return bare('done');
  // Read as an event whose JSON could not be read: the checks and views that walk a chunk recurse.
  if (nestsDeeperThan(data)) return TOO_DEEP_CHUNK;

  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...bare('invalid-json'), problems: [{ code: 'invalid-json', message }] };
  }
  if (event.event === 'error') {
    return { ...bare('error'), ops: [errorOp(json, 'event-error')] };
  }
  if (!isObject(json)) {
    return { ...bare('malformed'), problems: [{ code: 'wrong-type', path: '(payload)', expected: 'object', got: typeOf(json) }] };
  }
  return interpretChunk(json, data);
}

function interpretDataless(event: MessageFields): Interpretation {
  const errorField = event.unknownFields.find((field) => field.name === 'error');
  if (errorField) {
    // llama.cpp's server has written errors as an `error:` SSE field, which
    // a conforming parser ignores: the client never learns of the failure.
    let json: unknown;
    try {
      json = JSON.parse(errorField.value);
    } catch {
      json = errorField.value;
    }
    return { ...bare('error'), ops: [errorOp(json, 'sse-error-field')] };
  }
  return bare(event.comments.length > 0 ? 'comment' : 'no-data');
}

const TOO_DEEP_CHUNK: Interpretation = Object.freeze({ ...bare('invalid-json'), problems: Object.freeze([{ code: 'json-too-deep' as const, message: TOO_DEEP }]) });

function bare(kind: EventKind): Interpretation {
  return { kind, ops: NOTHING, meta: null, unknownPaths: NOTHING, problems: NOTHING, obfuscationBytes: 0 };
}

// Scratch lists reused from chunk to chunk: nearly every chunk has no unknown field and no
// problem, and an analysis interprets a hundred thousand of them.
const scratchUnknown: string[] = [];
const scratchProblems: ChunkProblem[] = [];

function interpretChunk(chunk: Record<string, unknown>, data: string): Interpretation {
  const ops: Op[] = [];
  const unknown = scratchUnknown;
  const problems = scratchProblems;
  unknown.length = 0;
  problems.length = 0;

  for (const key in chunk) if (!CHUNK_FIELDS.has(key) && key !== 'error') unknown.push(key);

  if (chunk.error !== undefined && chunk.error !== null) ops.push(errorOp(chunk, 'error-object'));
  else if (chunk.object === 'error') ops.push(errorOp(chunk, 'object-error'));

  const choices = chunk.choices;
  let choiceCount: number | null = null;
  if (Array.isArray(choices)) {
    choiceCount = choices.length;
    for (let position = 0; position < choices.length; position++) interpretChoice(choices[position], position, ops, unknown, problems);
  } else if (choices !== undefined && choices !== null) {
    problems.push({ code: 'wrong-type', path: 'choices', expected: 'array', got: typeOf(choices) });
  }

  if (isObject(chunk.usage)) {
    ops.push({ type: 'usage', usage: chunk.usage, source: 'usage' });
  } else if (isObject(chunk.x_groq) && isObject(chunk.x_groq.usage)) {
    ops.push({ type: 'usage', usage: chunk.x_groq.usage, source: 'x_groq.usage' });
  }

  const meta = sharedMeta(chunk, choiceCount);
  const malformed = problems.some((problem) => problem.code === 'wrong-type' && problem.path === 'choices');
  return {
    kind: malformed ? 'malformed' : kindOf(ops, choiceCount),
    ops,
    meta,
    unknownPaths: unknown.length > 0 ? [...new Set(unknown)] : NOTHING,
    problems: problems.length > 0 ? problems.slice() : NOTHING,
    obfuscationBytes: 'obfuscation' in chunk ? memberBytes(data, 'obfuscation') : 0,
  };
}

// The chunks of a stream nearly always repeat the same identity: they share one frozen object.
let lastMeta: ChunkMeta | null = null;

function sharedMeta(chunk: Record<string, unknown>, choiceCount: number | null): ChunkMeta {
  const last = lastMeta;
  if (
    last !== null &&
    last.id === chunk.id &&
    last.object === chunk.object &&
    last.created === chunk.created &&
    last.model === chunk.model &&
    last.system_fingerprint === chunk.system_fingerprint &&
    last.choiceCount === choiceCount
  ) {
    return last;
  }
  return (lastMeta = Object.freeze({
    id: chunk.id,
    object: chunk.object,
    created: chunk.created,
    model: chunk.model,
    system_fingerprint: chunk.system_fingerprint,
    choiceCount,
  }));
}

function interpretChoice(choice: unknown, position: number, ops: Op[], unknown: string[], problems: ChunkProblem[]): void {
  const at = `choices[${position}]`;
  if (!isObject(choice)) {
    problems.push({ code: 'wrong-type', path: at, expected: 'object', got: typeOf(choice) });
    return;
  }
  let index = position;
  if (isIndex(choice.index)) index = choice.index;
  else problems.push({ code: 'wrong-type', path: `${at}.index`, expected: 'integer', got: typeOf(choice.index) });

  for (const key in choice) if (!CHOICE_FIELDS.has(key)) unknown.push(`choices[].${key}`);

  const delta = choice.delta;
  if (isObject(delta)) interpretDelta(delta, index, at, ops, unknown, problems);
  else if (delta !== undefined && delta !== null) {
    problems.push({ code: 'wrong-type', path: `${at}.delta`, expected: 'object', got: typeOf(delta) });
  }

  const logprobs = choice.logprobs;
  if (isObject(logprobs)) {
    const content = nonEmptyArray(logprobs.content);
    const refusal = nonEmptyArray(logprobs.refusal);
    if (content || refusal) ops.push({ type: 'logprobs', choice: index, content, refusal });
  }

  const finish = choice.finish_reason;
  if (typeof finish === 'string' && finish !== '') ops.push({ type: 'finish', choice: index, reason: finish });
  else if (finish !== undefined && finish !== null && finish !== '') {
    problems.push({ code: 'wrong-type', path: `${at}.finish_reason`, expected: 'string or null', got: typeOf(finish) });
  }
}

function interpretDelta(
  delta: Record<string, unknown>,
  choice: number,
  at: string,
  ops: Op[],
  unknown: string[],
  problems: ChunkProblem[],
): void {
  for (const key in delta) if (!DELTA_FIELDS.has(key)) unknown.push(`choices[].delta.${key}`);

  if (typeof delta.role === 'string' && delta.role !== '') ops.push({ type: 'role', choice, role: delta.role });

  const content = delta.content;
  if (typeof content === 'string') ops.push({ type: 'text', choice, channel: 'content', source: 'content', text: content });
  else if (Array.isArray(content)) interpretContentParts(content, choice, at, ops, problems);
  else if (content !== undefined && content !== null) problems.push(wrongType(`${at}.delta.content`, 'string', content));

  text(delta, 'refusal', choice, at, ops, problems);
  text(delta, 'reasoning_content', choice, at, ops, problems);
  // Some gateways send the same text as both `reasoning_content` and `reasoning`.
  if (!(typeof delta.reasoning === 'string' && delta.reasoning === delta.reasoning_content)) {
    text(delta, 'reasoning', choice, at, ops, problems);
  }

  const legacy = delta.function_call;
  if (isObject(legacy)) {
    const op: { -readonly [K in keyof FunctionCallOp]: FunctionCallOp[K] } = { type: 'function_call', choice };
    if ('name' in legacy) op.name = stringOrNull(legacy.name, `${at}.delta.function_call.name`, problems);
    if ('arguments' in legacy) op.arguments = stringOrNull(legacy.arguments, `${at}.delta.function_call.arguments`, problems);
    ops.push(op);
  } else if (legacy !== undefined && legacy !== null) {
    problems.push(wrongType(`${at}.delta.function_call`, 'object', legacy));
  }

  const calls = delta.tool_calls;
  if (Array.isArray(calls)) {
    calls.forEach((call, position) => interpretToolCall(call, choice, position, `${at}.delta.tool_calls[${position}]`, ops, unknown, problems));
  } else if (calls !== undefined && calls !== null) {
    problems.push(wrongType(`${at}.delta.tool_calls`, 'array', calls));
  }
}

function text(
  delta: Record<string, unknown>,
  key: 'refusal' | 'reasoning_content' | 'reasoning',
  choice: number,
  at: string,
  ops: Op[],
  problems: ChunkProblem[],
): void {
  const value = delta[key];
  if (typeof value === 'string') {
    ops.push({ type: 'text', choice, channel: key === 'refusal' ? 'refusal' : 'reasoning', source: key, text: value });
  } else if (value !== undefined && value !== null) {
    problems.push(wrongType(`${at}.delta.${key}`, 'string', value));
  }
}

/** Mistral's Magistral streams `content` as typed parts: text, and thinking made of text parts. */
function interpretContentParts(parts: unknown[], choice: number, at: string, ops: Op[], problems: ChunkProblem[]): void {
  problems.push({ code: 'content-parts', choice });
  parts.forEach((part, position) => {
    const path = `${at}.delta.content[${position}]`;
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string') {
      ops.push({ type: 'text', choice, channel: 'content', source: 'content[].text', text: part.text });
    } else if (isObject(part) && part.type === 'thinking' && Array.isArray(part.thinking)) {
      part.thinking.forEach((inner, innerPosition) => {
        if (isObject(inner) && typeof inner.text === 'string') {
          ops.push({ type: 'text', choice, channel: 'reasoning', source: 'content[].thinking', text: inner.text });
        } else {
          problems.push(wrongType(`${path}.thinking[${innerPosition}]`, 'text part', inner));
        }
      });
    } else {
      problems.push(wrongType(path, 'text or thinking part', part));
    }
  });
}

function interpretToolCall(
  call: unknown,
  choice: number,
  position: number,
  at: string,
  ops: Op[],
  unknown: string[],
  problems: ChunkProblem[],
): void {
  if (!isObject(call)) {
    problems.push(wrongType(at, 'object', call));
    return;
  }
  for (const key in call) if (!TOOL_CALL_FIELDS.has(key)) unknown.push(`choices[].delta.tool_calls[].${key}`);
  let index: number | null = null;
  if (isIndex(call.index)) index = call.index;
  else if (call.index === undefined || call.index === null) problems.push({ code: 'tool-index-missing', choice, position });
  else problems.push(wrongType(`${at}.index`, 'integer', call.index));

  const op: { -readonly [K in keyof ToolOp]: ToolOp[K] } = { type: 'tool', choice, index, position };
  if ('id' in call) op.id = stringOrNull(call.id, `${at}.id`, problems);
  if ('type' in call) op.callType = stringOrNull(call.type, `${at}.type`, problems);
  const fn = call.function;
  if (isObject(fn)) {
    for (const key in fn) if (!FUNCTION_FIELDS.has(key)) unknown.push(`choices[].delta.tool_calls[].function.${key}`);
    if ('name' in fn) op.name = stringOrNull(fn.name, `${at}.function.name`, problems);
    if ('arguments' in fn) op.arguments = stringOrNull(fn.arguments, `${at}.function.arguments`, problems);
  } else if (fn !== undefined && fn !== null) {
    problems.push(wrongType(`${at}.function`, 'object', fn));
  }
  ops.push(op);
}

function kindOf(ops: readonly Op[], choiceCount: number | null): EventKind {
  let tool = false;
  let refusal = false;
  let reasoning = false;
  let content = false;
  let finish = false;
  let role = false;
  let usage = false;
  for (const op of ops) {
    switch (op.type) {
      case 'error':
        return 'error';
      case 'tool':
      case 'function_call':
        tool = true;
        break;
      case 'text':
        if (op.text !== '') {
          if (op.channel === 'refusal') refusal = true;
          else if (op.channel === 'reasoning') reasoning = true;
          else content = true;
        }
        break;
      case 'finish':
        finish = true;
        break;
      case 'role':
        role = true;
        break;
      case 'usage':
        usage = true;
        break;
      case 'logprobs':
        break;
    }
  }
  if (tool) return 'tool';
  if (refusal) return 'refusal';
  if (reasoning) return 'reasoning';
  if (content) return 'content';
  if (finish) return 'finish';
  if (role) return 'role';
  if (usage) return 'usage';
  return choiceCount === 0 ? 'metadata' : 'empty';
}

function errorOp(payload: unknown, source: ErrorOp['source']): ErrorOp {
  const error = isObject(payload) && isObject(payload.error) ? payload.error : payload;
  let message = '';
  let code: string | number | null = null;
  if (isObject(error)) {
    if (typeof error.message === 'string') message = error.message;
    if (typeof error.code === 'string' || typeof error.code === 'number') code = error.code;
    else if (typeof error.type === 'string') code = error.type;
  } else if (typeof error === 'string') {
    message = error;
  }
  if (message === '') message = JSON.stringify(error) ?? 'unknown error';
  return { type: 'error', message, code, source };
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function nonEmptyArray(value: unknown): readonly unknown[] | null {
  return Array.isArray(value) && value.length > 0 ? value : null;
}

function stringOrNull(value: unknown, path: string, problems: ChunkProblem[]): string | null {
  if (typeof value === 'string' || value === null) return value;
  problems.push(wrongType(path, 'string', value));
  return null;
}

function wrongType(path: string, expected: string, value: unknown): ChunkProblem {
  return { code: 'wrong-type', path, expected, got: typeOf(value) };
}

export function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
