// Reads one SSE event of the OpenAI Responses API: what kind of event it is (by `data.type`, as
// the analysis goes by it (docs/architecture.md, "The stream")), the operation it applies to a client's state, its
// `sequence_number`, whether its `event:` name differs from its type, and what is malformed about
// it. Stateless and total: any event, however broken, gets an interpretation; nothing throws.
// The event types are the openai SDK's (internal/responses/response-accumulator, the set it
// accepts); any other type is `unknown` and changes nothing.

import type { MessageFields } from '../../framing/types.ts';
import { NOTHING, errorOf, isIndex, parseData, wrongType } from '../kit/common.ts';
import { isObject } from '../../is-object.ts';
import type { TransportKind } from '../kit/common.ts';
import { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_REFUSAL, TOKEN_TOOL } from '../types.ts';
import type { DialectInterpretation, DialectProblem } from '../types.ts';
import type { Channel, DeltaOp, LifecycleEvent, ResponsesOp } from './ops.ts';
import { PROBE_INTEGERS, PROBE_STRINGS, Template } from '../kit/template.ts';
import type { TemplateField } from '../kit/template.ts';
import { CHANNELS, TERMINAL_EVENTS } from './ops.ts';

export type ResponsesKind =
  | TransportKind
  /** response.created, .queued, .in_progress: the whole response, not yet finished. */
  | 'response'
  /** response.completed, .incomplete, .failed. */
  | 'terminal'
  | 'item'
  | 'part'
  | 'text'
  | 'refusal'
  | 'reasoning'
  /** A delta of a tool call's arguments or input (function, custom tool, MCP, code interpreter). */
  | 'tool'
  /** A `.done` event with a channel's full text. */
  | 'text-done'
  | 'annotation'
  | 'status'
  /** A type the SDK knows and that changes no text (audio, keepalive, shell commands, MCP tool lists). */
  | 'ignored'
  | 'error'
  | 'unknown';

export interface ResponsesInterpretation extends DialectInterpretation {
  readonly kind: ResponsesKind;
  /** `data.type`, or null when the data is not an object with a string type. */
  readonly type: string | null;
  /** `sequence_number`, or null when absent (a stream without them is not a finding). */
  readonly sequence: number | null;
  /** The SSE `event:` name when present and different from `data.type`; null otherwise. */
  readonly eventName: string | null;
  readonly ops: readonly ResponsesOp[];
  readonly tokens: number;
  readonly problems: readonly DialectProblem[];
}

const DELTAS: Readonly<Record<string, Channel>> = {
  'response.output_text.delta': 'output_text',
  'response.refusal.delta': 'refusal',
  'response.reasoning_text.delta': 'reasoning_text',
  'response.reasoning_summary_text.delta': 'summary_text',
  'response.function_call_arguments.delta': 'arguments',
  'response.custom_tool_call_input.delta': 'input',
  'response.mcp_call_arguments.delta': 'mcp_arguments',
  'response.code_interpreter_call_code.delta': 'code',
};

/** `.done` events and the member holding their full text. */
const DONES: Readonly<Record<string, readonly [Channel, string]>> = {
  'response.output_text.done': ['output_text', 'text'],
  'response.refusal.done': ['refusal', 'refusal'],
  'response.reasoning_text.done': ['reasoning_text', 'text'],
  'response.reasoning_summary_text.done': ['summary_text', 'text'],
  'response.function_call_arguments.done': ['arguments', 'arguments'],
  'response.custom_tool_call_input.done': ['input', 'input'],
  'response.mcp_call_arguments.done': ['mcp_arguments', 'arguments'],
  'response.code_interpreter_call_code.done': ['code', 'code'],
};

/** Hosted tools' status events: `response.<item type>.<status>`. */
const STATUSES: Readonly<Record<string, readonly [string, string]>> = {};
for (const [itemType, statuses] of [
  ['file_search_call', ['in_progress', 'searching', 'completed']],
  ['web_search_call', ['in_progress', 'searching', 'completed']],
  ['code_interpreter_call', ['in_progress', 'interpreting', 'completed']],
  ['image_generation_call', ['in_progress', 'generating', 'completed']],
  ['mcp_call', ['in_progress', 'completed', 'failed']],
] as const) {
  for (const status of statuses) (STATUSES as Record<string, readonly [string, string]>)[`response.${itemType}.${status}`] = [itemType, status];
}

const IGNORED: ReadonlySet<string> = new Set([
  'response.audio.delta',
  'response.audio.done',
  'response.audio.transcript.delta',
  'response.audio.transcript.done',
  'response.compaction.compacting',
  'response.image_generation_call.partial_image',
  'response.mcp_list_tools.in_progress',
  'response.mcp_list_tools.completed',
  'response.mcp_list_tools.failed',
  'response.shell_call_command.added',
  'response.shell_call_command.delta',
  'response.shell_call_command.done',
  'response.shell_call_output_content.delta',
  'response.shell_call_output_content.done',
  'keepalive',
]);

const TOKENS: Readonly<Record<Channel, number>> = {
  output_text: TOKEN_CONTENT,
  refusal: TOKEN_REFUSAL,
  reasoning_text: TOKEN_REASONING,
  summary_text: TOKEN_REASONING,
  arguments: TOKEN_TOOL,
  input: TOKEN_TOOL,
  mcp_arguments: TOKEN_TOOL,
  code: TOKEN_TOOL,
};

const DELTA_KINDS: Readonly<Record<Channel, ResponsesKind>> = {
  output_text: 'text',
  refusal: 'refusal',
  reasoning_text: 'reasoning',
  summary_text: 'reasoning',
  arguments: 'tool',
  input: 'tool',
  mcp_arguments: 'tool',
  code: 'tool',
};

/** The members a delta's template has places for: its text first (see template.ts). */
const TEMPLATE_FIELDS: readonly TemplateField[] = [
  { key: 'delta', type: 'string' },
  { key: 'sequence_number', type: 'integer' },
  { key: 'obfuscation', type: 'string' },
];

/** Templates of recent delta events, the last used first; parallel items can alternate. */
const templates: { template: Template; base: ResponsesInterpretation; op: DeltaOp }[] = [];
const MAX_TEMPLATES = 4;
const values: (string | number | null)[] = [null, null, null];

/** Reads one event: from a template when it is a recent delta's data with other values, else in full. */
export function interpretResponsesEvent(event: MessageFields): ResponsesInterpretation {
  const data = event.data;
  if (data !== null) {
    for (let i = 0; i < templates.length; i++) {
      const known = templates[i]!;
      if (known.template.eventName !== event.event || !known.template.match(data, values)) continue;
      if (i > 0) templates.unshift(templates.splice(i, 1)[0]!);
      const { base, op } = known;
      const text = values[0] as string;
      const sequence = known.template.has(1) ? (values[1] as number) : base.sequence;
      const delta: DeltaOp = { type: 'delta', channel: op.channel, itemId: op.itemId, outputIndex: op.outputIndex, index: op.index, text, logprobs: null };
      return { kind: base.kind, type: base.type, sequence, eventName: base.eventName, ops: [delta], tokens: text === '' ? 0 : TOKENS[op.channel], problems: NOTHING };
    }
  }
  const interpretation = interpretInFull(event);
  const op = interpretation.ops[0];
  if (data !== null && op?.type === 'delta' && op.logprobs === null && interpretation.problems.length === 0) learn(data, event, interpretation, op);
  return interpretation;
}

/** Keeps a template of a delta event once a probe proves what each of its places means. */
function learn(data: string, event: MessageFields, interpretation: ResponsesInterpretation, op: DeltaOp): void {
  const template = Template.learn(data, event.event, TEMPLATE_FIELDS);
  if (template === null) return;
  const probe = interpretInFull({ ...event, data: template.probe() });
  const probed = probe.ops[0];
  if (
    probed?.type !== 'delta' ||
    probe.ops.length !== 1 ||
    probe.problems.length !== 0 ||
    probe.kind !== interpretation.kind ||
    probe.type !== interpretation.type ||
    probe.eventName !== interpretation.eventName ||
    probe.sequence !== (template.has(1) ? PROBE_INTEGERS[1] : interpretation.sequence) ||
    probed.text !== PROBE_STRINGS[0] ||
    probed.channel !== op.channel ||
    probed.itemId !== op.itemId ||
    probed.outputIndex !== op.outputIndex ||
    probed.index !== op.index ||
    probed.logprobs !== null
  ) {
    return;
  }
  templates.unshift({ template, base: interpretation, op });
  if (templates.length > MAX_TEMPLATES) templates.pop();
}

/** Reads one event in full: JSON.parse, then its type (what the templates are checked against). */
export function interpretInFull(event: MessageFields): ResponsesInterpretation {
  const parsed = parseData(event);
  if (!parsed.ok) return bare(parsed.kind, null, null, null, NOTHING, parsed.problems);
  const json = parsed.json;
  // Scratch, reused from event to event: nearly every event has no problem.
  const problems = scratchProblems;
  problems.length = 0;
  const type = typeof json.type === 'string' ? json.type : null;
  if (type === null) problems.push(wrongType('type', 'string', json.type));

  let sequence: number | null = null;
  const number = json.sequence_number;
  if (isIndex(number)) sequence = number;
  else if (number !== undefined && number !== null) problems.push(wrongType('sequence_number', 'integer', number));

  const eventName = event.event !== null && type !== null && event.event !== type ? event.event : null;
  if (type === null) return bare('malformed', null, sequence, eventName, NOTHING, problems.slice());

  let kind: ResponsesKind;
  let op: ResponsesOp | null = null;
  let tokens = 0;
  const channel = DELTAS[type];
  const done = DONES[type];
  const status = STATUSES[type];
  if (channel !== undefined) {
    kind = DELTA_KINDS[channel];
    const text = json.delta;
    if (typeof text === 'string') {
      readTarget(json, CHANNELS[channel].area, problems);
      op = { type: 'delta', channel, itemId: tItemId, outputIndex: tOutputIndex, index: tIndex, text, logprobs: nonEmpty(json.logprobs) };
      if (text !== '') tokens = TOKENS[channel];
    } else problems.push(wrongType('delta', 'string', text));
  } else if (done !== undefined) {
    kind = 'text-done';
    const text = json[done[1]];
    if (typeof text === 'string') {
      readTarget(json, CHANNELS[done[0]].area, problems);
      op = { type: 'text-done', channel: done[0], itemId: tItemId, outputIndex: tOutputIndex, index: tIndex, text, logprobs: nonEmpty(json.logprobs) };
    } else problems.push(wrongType(done[1], 'string', text));
  } else if (status !== undefined) {
    kind = 'status';
    readTarget(json, 'item', problems);
    op = { type: 'item-status', itemId: tItemId, outputIndex: tOutputIndex, index: null, itemType: status[0], status: status[1] };
  } else {
    switch (type) {
      case 'response.created':
      case 'response.queued':
      case 'response.in_progress':
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        kind = TERMINAL_EVENTS.has(type) ? 'terminal' : 'response';
        if (isObject(json.response)) op = { type: 'response', event: type as LifecycleEvent, response: json.response };
        else problems.push(wrongType('response', 'object', json.response));
        break;
      case 'response.output_item.added':
      case 'response.output_item.done':
        kind = 'item';
        if (isObject(json.item)) {
          op = { type: type === 'response.output_item.added' ? 'item-added' : 'item-done', outputIndex: outputIndexOf(json, problems), item: json.item };
          if (typeof json.item.type !== 'string') problems.push(wrongType('item.type', 'string', json.item.type));
        } else problems.push(wrongType('item', 'object', json.item));
        break;
      case 'response.content_part.added':
      case 'response.content_part.done':
      case 'response.reasoning_summary_part.added':
      case 'response.reasoning_summary_part.done': {
        kind = 'part';
        const area = type.startsWith('response.content_part') ? 'content' : 'summary';
        if (isObject(json.part)) {
          readTarget(json, area, problems);
          op = { type: type.endsWith('.added') ? 'part-added' : 'part-done', area, itemId: tItemId, outputIndex: tOutputIndex, index: tIndex, part: json.part };
        } else problems.push(wrongType('part', 'object', json.part));
        break;
      }
      case 'response.output_text.annotation.added': {
        kind = 'annotation';
        const at = json.annotation_index;
        if (!isIndex(at)) problems.push(wrongType('annotation_index', 'integer', at));
        readTarget(json, 'content', problems);
        op = { type: 'annotation', itemId: tItemId, outputIndex: tOutputIndex, index: tIndex, annotationIndex: isIndex(at) ? at : null, annotation: json.annotation };
        break;
      }
      case 'error': {
        kind = 'error';
        const { message, code } = errorOf(json);
        op = { type: 'error', message, code };
        break;
      }
      default:
        kind = IGNORED.has(type) ? 'ignored' : 'unknown';
    }
  }
  return {
    kind,
    type,
    sequence,
    eventName,
    ops: op === null ? NOTHING : [op],
    tokens,
    problems: problems.length > 0 ? problems.slice() : NOTHING,
  };
}

function bare(
  kind: ResponsesKind,
  type: string | null,
  sequence: number | null,
  eventName: string | null,
  ops: readonly ResponsesOp[],
  problems: readonly DialectProblem[],
): ResponsesInterpretation {
  return { kind, type, sequence, eventName, ops, tokens: 0, problems };
}

const scratchProblems: DialectProblem[] = [];

// Where the event being read points, set by readTarget: module scratch instead of a returned
// object, one allocation fewer for each of a hundred thousand deltas.
let tItemId: string | null = null;
let tOutputIndex: number | null = null;
let tIndex: number | null = null;

/** Reads `item_id`, `output_index` and the part index of an item- or part-scoped event into tItemId, tOutputIndex, tIndex. */
function readTarget(json: Record<string, unknown>, area: 'content' | 'summary' | 'item', problems: DialectProblem[]): void {
  const id = json.item_id;
  tItemId = null;
  if (typeof id === 'string' && id !== '') tItemId = id;
  else problems.push(wrongType('item_id', 'non-empty string', id));
  tOutputIndex = outputIndexOf(json, problems);
  tIndex = null;
  if (area !== 'item') {
    const key = area === 'content' ? 'content_index' : 'summary_index';
    const value = json[key];
    if (isIndex(value)) tIndex = value;
    else problems.push(wrongType(key, 'integer', value));
  }
}

function outputIndexOf(json: Record<string, unknown>, problems: DialectProblem[]): number | null {
  const value = json.output_index;
  if (isIndex(value)) return value;
  problems.push(wrongType('output_index', 'integer', value));
  return null;
}

function nonEmpty(value: unknown): readonly unknown[] | null {
  return Array.isArray(value) && value.length > 0 ? value : null;
}
