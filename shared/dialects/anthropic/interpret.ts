// Reads one SSE event of the Anthropic Messages API: what kind of event it is (by `data.type`, as
// the analysis goes by it (docs/architecture.md, "The stream") — the SDK dispatches on it too, after skipping `event: ping` and
// data-only events by their SSE name), the operation it applies, whether its `event:` name differs
// from its type, and what is malformed about it. Stateless and total: nothing here throws.
// On Bedrock's InvokeModelWithResponseStream the same events come in event-stream frames (the
// framing unwraps each chunk): an exception frame there is read as Anthropic's error event, and the
// last event's `amazon-bedrock-invocationMetrics`, Bedrock's own count, is read beside the usage.

import type { MessageFields } from '../../framing/types.ts';
import { NOTHING, errorOf, isIndex, parseData, wrongType } from '../kit/common.ts';
import { frameException } from '../kit/frame-exception.ts';
import { isObject } from '../../is-object.ts';
import type { TransportKind } from '../kit/common.ts';
import { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_TOOL } from '../types.ts';
import type { DialectInterpretation, DialectProblem } from '../types.ts';
import { DELTA_INFO, DELTA_TYPES } from './ops.ts';
import type { DeltaOp, DeltaType, MessagesOp } from './ops.ts';
import { PROBE_STRINGS, Template } from '../kit/template.ts';

export type MessagesKind =
  | TransportKind
  | 'message-start'
  | 'block-start'
  | 'text'
  | 'reasoning'
  /** An input_json_delta: a fragment of a tool call's input. */
  | 'tool'
  | 'signature'
  | 'citation'
  | 'block-stop'
  | 'message-delta'
  | 'message-stop'
  | 'ping'
  | 'error'
  /** A type (or a content_block_delta type) the SDK does not know. */
  | 'unknown';

export interface MessagesInterpretation extends DialectInterpretation {
  readonly kind: MessagesKind;
  /** `data.type` (for an unknown delta, `content_block_delta/<delta type>`), or null. */
  readonly type: string | null;
  /** The SSE `event:` name when present and different from `data.type`; null otherwise. */
  readonly eventName: string | null;
  readonly ops: readonly MessagesOp[];
  readonly tokens: number;
  readonly problems: readonly DialectProblem[];
  /** Bedrock's `amazon-bedrock-invocationMetrics` on this event (an invoke stream's last), as sent; null when absent. */
  readonly invocationMetrics: Readonly<Record<string, unknown>> | null;
}

/** The member Bedrock adds to an invoke stream's last event: its own token counts and latencies. */
export const INVOCATION_METRICS = 'amazon-bedrock-invocationMetrics';

const DELTA_KINDS: Readonly<Record<DeltaType, MessagesKind>> = {
  text_delta: 'text',
  citations_delta: 'citation',
  input_json_delta: 'tool',
  thinking_delta: 'reasoning',
  signature_delta: 'signature',
};

const TOKENS: Readonly<Record<DeltaType, number>> = {
  text_delta: TOKEN_CONTENT,
  citations_delta: 0,
  input_json_delta: TOKEN_TOOL,
  thinking_delta: TOKEN_REASONING,
  signature_delta: 0,
};

const scratchProblems: DialectProblem[] = [];

/** Templates of recent text, thinking and input JSON deltas, the last used first (see template.ts). */
const templates: { template: Template; base: MessagesInterpretation; op: DeltaOp }[] = [];
const MAX_TEMPLATES = 4;
const values: (string | number | null)[] = [null];

/** Reads one event: from a template when it is a recent delta's data with another text, else in full. */
export function interpretMessagesEvent(event: MessageFields): MessagesInterpretation {
  const data = event.data;
  // An exception frame (an invoke stream's) is read in full, whatever its payload looks like.
  if (data !== null && (event.unknownFields.length === 0 || frameException(event) === null)) {
    for (let i = 0; i < templates.length; i++) {
      const known = templates[i]!;
      if (known.template.eventName !== event.event || !known.template.match(data, values)) continue;
      if (i > 0) templates.unshift(templates.splice(i, 1)[0]!);
      const { base, op } = known;
      const text = values[0] as string;
      const delta: DeltaOp = { type: 'delta', index: op.index, deltaType: op.deltaType, text, citation: undefined };
      return { kind: base.kind, type: base.type, eventName: base.eventName, ops: [delta], tokens: text === '' ? 0 : TOKENS[op.deltaType], problems: NOTHING, invocationMetrics: base.invocationMetrics };
    }
  }
  const interpretation = interpretInFull(event);
  const op = interpretation.ops[0];
  if (data !== null && op?.type === 'delta' && op.deltaType !== 'citations_delta' && interpretation.problems.length === 0) learn(data, event, interpretation, op);
  return interpretation;
}

/** Keeps a template of a delta event once a probe proves that its one place is the delta's text. */
function learn(data: string, event: MessageFields, interpretation: MessagesInterpretation, op: DeltaOp): void {
  const template = Template.learn(data, event.event, [{ key: DELTA_INFO[op.deltaType].key, type: 'string' }]);
  if (template === null) return;
  // Its fields named one by one: a kept event's are getters, which a spread would drop.
  const probe = interpretInFull({ data: template.probe(), event: event.event, id: event.id, retry: event.retry, comments: event.comments, unknownFields: event.unknownFields });
  const probed = probe.ops[0];
  if (
    probed?.type !== 'delta' ||
    probe.ops.length !== 1 ||
    probe.problems.length !== 0 ||
    probe.kind !== interpretation.kind ||
    probe.type !== interpretation.type ||
    probe.eventName !== interpretation.eventName ||
    probed.text !== PROBE_STRINGS[0] ||
    probed.index !== op.index ||
    probed.deltaType !== op.deltaType
  ) {
    return;
  }
  templates.unshift({ template, base: interpretation, op });
  if (templates.length > MAX_TEMPLATES) templates.pop();
}

/** Reads one event in full: JSON.parse, then its type (what the templates are checked against). */
export function interpretInFull(event: MessageFields): MessagesInterpretation {
  const exception = frameException(event);
  // As @anthropic-ai/bedrock-sdk has it: an exception frame ends the stream as Anthropic's error event would.
  if (exception !== null) return result('error', 'error', null, [{ type: 'error', message: exception.message, code: exception.type, frame: exception.frame }], 0, NOTHING);
  const parsed = parseData(event);
  if (!parsed.ok) return result(parsed.kind, null, null, NOTHING, 0, parsed.problems);
  const json = parsed.json;
  const problems = scratchProblems;
  problems.length = 0;
  const metrics = json[INVOCATION_METRICS];
  const invocationMetrics = isObject(metrics) ? metrics : null;
  if (metrics !== undefined && invocationMetrics === null) problems.push(wrongType(INVOCATION_METRICS, 'object', metrics));
  let type = typeof json.type === 'string' ? json.type : null;
  const eventName = event.event !== null && type !== null && event.event !== type ? event.event : null;
  if (type === null) {
    problems.push(wrongType('type', 'string', json.type));
    return result('malformed', null, null, NOTHING, 0, problems.slice(), invocationMetrics);
  }

  let kind: MessagesKind = 'unknown';
  let op: MessagesOp | null = null;
  let tokens = 0;
  switch (type) {
    case 'content_block_delta': {
      const delta = json.delta;
      const index = indexOf(json, problems);
      if (!isObject(delta)) {
        problems.push(wrongType('delta', 'object', delta));
        kind = 'malformed';
        break;
      }
      const deltaType = delta.type;
      if (typeof deltaType !== 'string' || !DELTA_TYPES.has(deltaType)) {
        type = `content_block_delta/${typeof deltaType === 'string' ? deltaType : '?'}`;
        break;
      }
      const known = deltaType as DeltaType;
      kind = DELTA_KINDS[known];
      const value = delta[DELTA_INFO[known].key];
      if (known === 'citations_delta') {
        if (index !== null) op = { type: 'delta', index, deltaType: known, text: '', citation: value };
      } else if (typeof value === 'string') {
        if (index !== null) op = { type: 'delta', index, deltaType: known, text: value, citation: undefined };
        if (value !== '') tokens = TOKENS[known];
      } else problems.push(wrongType(`delta.${DELTA_INFO[known].key}`, 'string', value));
      break;
    }
    case 'content_block_start': {
      kind = 'block-start';
      const index = indexOf(json, problems);
      const block = json.content_block;
      if (!isObject(block)) problems.push(wrongType('content_block', 'object', block));
      else if (index !== null) op = { type: 'block-start', index, block };
      if (isObject(block) && typeof block.type !== 'string') problems.push(wrongType('content_block.type', 'string', block.type));
      break;
    }
    case 'content_block_stop': {
      kind = 'block-stop';
      const index = indexOf(json, problems);
      if (index !== null) op = { type: 'block-stop', index };
      break;
    }
    case 'message_start':
      kind = 'message-start';
      if (isObject(json.message)) op = { type: 'message-start', message: json.message };
      else problems.push(wrongType('message', 'object', json.message));
      break;
    case 'message_delta': {
      kind = 'message-delta';
      const usage = isObject(json.usage) ? json.usage : null;
      if (usage === null && json.usage !== undefined) problems.push(wrongType('usage', 'object', json.usage));
      if (isObject(json.delta)) op = { type: 'message-delta', delta: json.delta, usage };
      else problems.push(wrongType('delta', 'object', json.delta));
      break;
    }
    case 'message_stop':
      kind = 'message-stop';
      op = STOP;
      break;
    case 'ping':
      kind = 'ping';
      op = PING;
      break;
    case 'error': {
      kind = 'error';
      const { message, code } = errorOf(json);
      op = { type: 'error', message, code };
      break;
    }
  }
  return result(kind, type, eventName, op === null ? NOTHING : [op], tokens, problems.length > 0 ? problems.slice() : NOTHING, invocationMetrics);
}

const STOP: MessagesOp = Object.freeze({ type: 'message-stop' });
const PING: MessagesOp = Object.freeze({ type: 'ping' });

function result(
  kind: MessagesKind,
  type: string | null,
  eventName: string | null,
  ops: readonly MessagesOp[],
  tokens: number,
  problems: readonly DialectProblem[],
  invocationMetrics: Readonly<Record<string, unknown>> | null = null,
): MessagesInterpretation {
  return { kind, type, eventName, ops, tokens, problems, invocationMetrics };
}

function indexOf(json: Record<string, unknown>, problems: DialectProblem[]): number | null {
  if (isIndex(json.index)) return json.index;
  problems.push(wrongType('index', 'integer', json.index));
  return null;
}
