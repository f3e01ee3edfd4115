// Reads one ConverseStream message (docs/architecture.md, "Dialects"): its event type (the
// framing's `event`: `:event-type`, or `:exception-type` for an exception frame, `:error-code`
// for an error frame; `:message-type` among the unknown fields) and its JSON payload. The random
// `p` member on every payload is padding, counted and never read. A payload with no event type
// that is the SDK's parsed union, `{"contentBlockDelta": {…}}` (as Nova's invoke stream and the
// AI SDK's fixtures carry events), is read as that event. Stateless and total: nothing here
// throws, and what is malformed is a problem, as data.

import { isObject } from '../../is-object.ts';
import type { MessageFields } from '../../framing/types.ts';
import { NOTHING, isIndex, parseData, wrongType } from '../kit/common.ts';
import type { TransportKind } from '../kit/common.ts';
import { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_TOOL } from '../types.ts';
import type { DialectInterpretation, DialectProblem } from '../types.ts';
import type { ConverseOp, DeltaOp } from './ops.ts';
import { PADDING, paddingOf } from './padding.ts';
import { fromTemplate, learn } from './template.ts';

type Json = Readonly<Record<string, unknown>>;

export type ConverseKind =
  | TransportKind
  | 'message-start'
  /** contentBlockStart: a tool use, a tool result, an image or a newer block opens. */
  | 'block-start'
  | 'text'
  | 'reasoning'
  /** reasoningContent.signature or .redactedContent: reasoning state a next turn sends back, no text. */
  | 'signature'
  | 'tool'
  /** A delta of another kind: a tool result, a citation, an image, a newer member. */
  | 'block-delta'
  | 'block-stop'
  | 'message-stop'
  | 'metadata'
  | 'error'
  | 'unknown';

export interface ConverseInterpretation extends DialectInterpretation {
  readonly kind: ConverseKind;
  readonly ops: readonly ConverseOp[];
  readonly problems: readonly DialectProblem[];
  /** The TOKEN_* bits: non-empty text, reasoning text or redacted reasoning, a tool-input fragment. */
  readonly tokens: number;
  /** Bytes the payload spends on its `p` padding member (with its key and comma, as compact JSON writes it). */
  readonly paddingBytes: number;
}

export const EVENT_TYPES: ReadonlySet<string> = new Set(['messageStart', 'contentBlockStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata']);
/** The exceptions ConverseStreamOutput names; any frame whose :message-type is exception is one, named or not. */
export const EXCEPTION_TYPES: ReadonlySet<string> = new Set(['internalServerException', 'modelStreamErrorException', 'validationException', 'throttlingException', 'serviceUnavailableException']);

/** Bedrock's own count on an invoke stream's last chunk (InvokeModelWithResponseStream). */
const INVOCATION_METRICS = 'amazon-bedrock-invocationMetrics';

/** Reads one message: from a template when it is a recent delta frame's payload with another piece and padding (template.ts), else in full. */
export function interpretConverseEvent(event: MessageFields): ConverseInterpretation {
  const messageType = field(event, ':message-type');
  const known = fromTemplate(event, messageType);
  if (known !== null) return known;
  const interpretation = readInFull(event, messageType);
  learn(event, messageType, interpretation, interpretInFull);
  return interpretation;
}

/** Reads one message in full: its headers, JSON.parse, then every member. */
export function interpretInFull(event: MessageFields): ConverseInterpretation {
  return readInFull(event, field(event, ':message-type'));
}

function readInFull(event: MessageFields, messageType: string | null): ConverseInterpretation {
  if (messageType === 'error') {
    const message = field(event, ':error-message') ?? event.data ?? '';
    return reading('error', [{ op: 'exception', frame: 'error', type: event.event ?? '(no :error-code)', message }], NOTHING, 0, 0);
  }
  const parsed = parseData(event);
  if (messageType === 'exception') {
    const message = parsed.ok ? exceptionMessage(parsed.json) : (event.data ?? '');
    return reading('error', [{ op: 'exception', frame: 'exception', type: event.event ?? '(no :exception-type)', message }], NOTHING, 0, parsed.ok ? paddingOf(parsed.json) : 0);
  }
  if (!parsed.ok) return reading(parsed.kind, NOTHING, parsed.problems, 0, 0);
  let type = event.event;
  let json: Json = parsed.json;
  const padding = paddingOf(json);
  if (type === null) {
    // The SDK's union of one event (an invoke stream's chunk of a Converse-shaped model, Nova's),
    // the last one with Bedrock's own count beside it, which is not an event of the union.
    const keys = Object.keys(json).filter((key) => key !== INVOCATION_METRICS);
    const only = keys.length === 1 ? keys[0]! : null;
    if (only !== null && (EVENT_TYPES.has(only) || EXCEPTION_TYPES.has(only)) && isObject(json[only])) {
      type = only;
      json = json[only];
    }
  }
  if (type !== null && EXCEPTION_TYPES.has(type)) {
    return reading('error', [{ op: 'exception', frame: 'exception', type, message: exceptionMessage(json) }], NOTHING, 0, padding);
  }
  const problems: DialectProblem[] = [];
  const op = readEvent(type, json, problems);
  if (op === null) return reading('malformed', NOTHING, problems, 0, padding);
  const { kind, tokens } = kindOf(op);
  return reading(kind, [op], problems.length > 0 ? problems : NOTHING, tokens, padding);
}

function reading(kind: ConverseKind, ops: readonly ConverseOp[], problems: readonly DialectProblem[], tokens: number, paddingBytes: number): ConverseInterpretation {
  return { kind, ops, problems, tokens, paddingBytes };
}

/** An exception's `message`, with what modelStreamErrorException adds of the model's own error (originalStatusCode, originalMessage). */
function exceptionMessage(json: Json): string {
  if (typeof json.message !== 'string') return JSON.stringify(json);
  const original = [json.originalStatusCode, json.originalMessage].filter((value) => typeof value === 'number' || (typeof value === 'string' && value !== ''));
  return original.length === 0 ? json.message : `${json.message} (the model's own error: ${original.join(' ')})`;
}

/** The value of a header the framing hands on as an unknown field. */
function field(event: MessageFields, name: string): string | null {
  for (const unknown of event.unknownFields) if (unknown.name === name) return unknown.value;
  return null;
}

function readEvent(type: string | null, json: Json, problems: DialectProblem[]): ConverseOp | null {
  switch (type) {
    case 'messageStart':
      return { op: 'message-start', role: text(json, 'role', problems) };
    case 'contentBlockStart': {
      const index = blockIndex(json, problems);
      const start = json.start;
      if (index === null) return null;
      if (!isObject(start)) {
        problems.push(wrongType('start', 'object', start));
        return null;
      }
      const key = Object.keys(start)[0];
      const value = key === undefined ? undefined : start[key];
      if (key === undefined || !isObject(value)) {
        problems.push(wrongType(key === undefined ? 'start' : `start.${key}`, 'object with one member', key === undefined ? start : value));
        return null;
      }
      return { op: 'block-start', index, key, start: value };
    }
    case 'contentBlockDelta': {
      const index = blockIndex(json, problems);
      if (index === null) return null;
      if (!isObject(json.delta)) {
        problems.push(wrongType('delta', 'object', json.delta));
        return null;
      }
      return { op: 'delta', index, deltas: readDelta(json.delta, problems) };
    }
    case 'contentBlockStop': {
      const index = blockIndex(json, problems);
      return index === null ? null : { op: 'block-stop', index };
    }
    case 'messageStop': {
      const stopReason = text(json, 'stopReason', problems);
      // MessageStopEvent's stopReason is required (Bedrock API Reference): a messageStop without one says the message ended, not why.
      if (json.stopReason === undefined || json.stopReason === null) problems.push(wrongType('stopReason', 'string', json.stopReason));
      return { op: 'message-stop', stopReason, additional: json.additionalModelResponseFields };
    }
    case 'metadata': {
      const fields: Record<string, unknown> = {};
      for (const key of Object.keys(json)) if (key !== 'usage' && key !== 'metrics' && key !== 'trace' && key !== PADDING) fields[key] = json[key];
      return { op: 'metadata', usage: object(json, 'usage', problems), metrics: object(json, 'metrics', problems), trace: object(json, 'trace', problems), fields };
    }
    default:
      return { op: 'unknown', type };
  }
}

function readDelta(delta: Json, problems: DialectProblem[]): DeltaOp[] {
  const out: DeltaOp[] = [];
  for (const key of Object.keys(delta)) {
    const value = delta[key];
    const path = `delta.${key}`;
    if (key === 'text') {
      if (typeof value === 'string') out.push({ type: 'text', text: value });
      else problems.push(wrongType(path, 'string', value));
    } else if (key === 'toolUse') {
      if (isObject(value) && typeof value.input === 'string') out.push({ type: 'tool-input', input: value.input });
      else problems.push(isObject(value) ? wrongType(`${path}.input`, 'string', value.input) : wrongType(path, 'object', value));
    } else if (key === 'reasoningContent') {
      if (isObject(value)) readReasoning(value, path, problems, out);
      else problems.push(wrongType(path, 'object', value));
    } else if (key === 'toolResult') {
      if (Array.isArray(value)) out.push({ type: 'tool-result', items: value });
      else problems.push(wrongType(path, 'array', value));
    } else if (key === 'citation' || key === 'image') {
      if (!isObject(value)) problems.push(wrongType(path, 'object', value));
      else out.push(key === 'citation' ? { type: 'citation', citation: value } : { type: 'image', image: value });
    } else out.push({ type: 'other', key, value });
  }
  return out;
}

function readReasoning(reasoning: Json, path: string, problems: DialectProblem[], out: DeltaOp[]): void {
  for (const key of Object.keys(reasoning)) {
    const value = reasoning[key];
    if (key !== 'text' && key !== 'signature' && key !== 'redactedContent') {
      out.push({ type: 'other', key: `reasoningContent.${key}`, value });
      continue;
    }
    if (typeof value !== 'string') {
      problems.push(wrongType(`${path}.${key}`, 'string', value));
      continue;
    }
    if (key === 'text') out.push({ type: 'reasoning-text', text: value });
    else if (key === 'signature') out.push({ type: 'signature', signature: value });
    else out.push({ type: 'redacted', redactedContent: value });
  }
}

function blockIndex(json: Json, problems: DialectProblem[]): number | null {
  if (isIndex(json.contentBlockIndex)) return json.contentBlockIndex;
  problems.push(wrongType('contentBlockIndex', 'integer', json.contentBlockIndex));
  return null;
}

function text(json: Json, key: string, problems: DialectProblem[]): string | null {
  const value = json[key];
  if (typeof value === 'string') return value;
  if (value !== undefined && value !== null) problems.push(wrongType(key, 'string', value));
  return null;
}

function object(json: Json, key: string, problems: DialectProblem[]): Json | null {
  const value = json[key];
  if (isObject(value)) return value;
  if (value !== undefined && value !== null) problems.push(wrongType(key, 'object', value));
  return null;
}

const DELTA_TOKENS: Readonly<Record<DeltaOp['type'], number>> = { text: TOKEN_CONTENT, 'tool-input': TOKEN_TOOL, 'reasoning-text': TOKEN_REASONING, redacted: TOKEN_REASONING, signature: 0, 'tool-result': 0, citation: 0, image: 0, other: 0 };

function kindOf(op: ConverseOp): { kind: ConverseKind; tokens: number } {
  switch (op.op) {
    case 'message-start':
      return { kind: 'message-start', tokens: 0 };
    case 'block-start':
      return { kind: 'block-start', tokens: 0 };
    case 'block-stop':
      return { kind: 'block-stop', tokens: 0 };
    case 'message-stop':
      return { kind: 'message-stop', tokens: 0 };
    case 'metadata':
      return { kind: 'metadata', tokens: 0 };
    case 'exception':
      return { kind: 'error', tokens: 0 };
    case 'unknown':
      return { kind: 'unknown', tokens: 0 };
    case 'delta': {
      let tokens = 0;
      for (const delta of op.deltas) {
        const piece = delta.type === 'text' || delta.type === 'reasoning-text' ? delta.text : delta.type === 'tool-input' ? delta.input : delta.type === 'redacted' ? delta.redactedContent : 'x';
        if (piece !== '') tokens |= DELTA_TOKENS[delta.type];
      }
      const first = op.deltas[0]?.type;
      let kind: ConverseKind = 'block-delta';
      if (first === 'text') kind = 'text';
      else if (first === 'reasoning-text') kind = 'reasoning';
      else if (first === 'signature' || first === 'redacted') kind = 'signature';
      else if (first === 'tool-input') kind = 'tool';
      return { kind, tokens };
    }
  }
}
