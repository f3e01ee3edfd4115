// What an aimock fixture cannot carry of a recording, reported as data: the exporter writes
// these into the file (`_streamscope.losses`) and the UI shows them before a user relies on
// the fixture. See aimock-plan.ts for how aimock rebuilds a stream and docs/export.md for the list.

import type { Analysis } from '../analysis/analyze.ts';
import type { Op, TextOp } from '../dialects/chat/ops.ts';
import { isTimed } from '../recording/types.ts';
import type { AimockPlan } from './aimock-plan.ts';
import { chatReading } from '../dialects/chat/kept.ts';
import { sseStats } from '../analysis/sse-body.ts';

export type AimockLossCode =
  | 'dialect'
  | 'status'
  | 'not-event-stream'
  | 'other-choices'
  | 'refusal'
  | 'function-call'
  | 'stream-error'
  | 'role'
  | 'tool-calls'
  | 'finish-added'
  | 'usage'
  | 'cut'
  | 'done-added'
  | 'after-done'
  | 'comments'
  | 'invalid-events'
  | 'empty-chunks'
  | 'fields'
  | 'sse-framing'
  | 'identity'
  | 'rechunked'
  | 'reordered'
  | 'untimed';

export interface AimockLoss {
  readonly code: AimockLossCode;
  /**
   * `message`: what a client reassembles (role, content, reasoning, refusal, tool calls, finish
   * reason, usage) or how the stream ends differs; `stream`: only the chunks' shape; `timing`: only when they come.
   */
  readonly affects: 'message' | 'stream' | 'timing';
  readonly message: string;
  /** The recorded events concerned. */
  readonly events: number[];
}

/** The token counts aimock's OpenAI usage chunk carries (helpers.js, resolveUsage): nothing else. */
export const AIMOCK_USAGE_KEYS = ['prompt_tokens', 'completion_tokens', 'total_tokens'] as const;

/** Fields aimock's chunks have, by path (helpers.js, build*Chunks). */
const SENT = new Set([
  'id',
  'object',
  'created',
  'model',
  'system_fingerprint',
  'choices',
  'choices[].index',
  'choices[].delta',
  'choices[].finish_reason',
  'choices[].delta.role',
  'choices[].delta.content',
  'choices[].delta.reasoning_content',
  'choices[].delta.tool_calls',
  'choices[].delta.tool_calls[].index',
  'choices[].delta.tool_calls[].id',
  'choices[].delta.tool_calls[].type',
  'choices[].delta.tool_calls[].function',
  'choices[].delta.tool_calls[].function.name',
  'choices[].delta.tool_calls[].function.arguments',
]);

export function aimockLosses(analysis: Analysis, plan: AimockPlan): AimockLoss[] {
  const losses: AimockLoss[] = [];
  const add = (code: AimockLossCode, affects: AimockLoss['affects'], message: string, events: number[] = []): void => {
    losses.push({ code, affects, message, events });
  };
  const { events, recording } = analysis;
  const codes = new Set(analysis.diagnostics.map((diagnostic) => diagnostic.code));
  const choice = plan.choice;

  if (codes.has('not-event-stream')) add('not-event-stream', 'message', 'The response is not an event stream; aimock streams the (empty) message the analysis found in it.');
  if (!isTimed(recording) && recording.reads.length > 0) add('untimed', 'timing', 'The recording has no read times: aimock replays it with its default pacing (no delay).');

  // What a client reassembles. (`ops` interprets an event again on each access: once here.)
  const ops = events.map((event) => chatReading(event).ops);
  const eventsWith = (test: (op: Op) => boolean): number[] => events.filter((_, i) => ops[i]!.some(test)).map((event) => event.sse.index);
  if ([...analysis.state.choices.keys()].some((index) => index !== 0)) {
    const others = [...analysis.state.choices.keys()].filter((i) => i !== 0);
    add('other-choices', 'message', `aimock streams one choice: ${others.length === 1 ? 'choice' : 'choices'} ${others.join(', ')} left out.`, eventsWith((op) => 'choice' in op && op.choice !== 0));
  }
  if (choice?.refusal) add('refusal', 'message', 'aimock has no refusal channel: the refusal text is left out.', eventsWith((op) => op.type === 'text' && op.channel === 'refusal' && op.text !== ''));
  if (choice?.functionCall) add('function-call', 'message', 'aimock has no deprecated function_call: it is left out.', eventsWith((op) => op.type === 'function_call'));
  const errors = eventsWith((op) => op.type === 'error');
  if (errors.length > 0) add('stream-error', 'message', 'aimock cannot send an error event inside a stream: it is left out.', errors);
  if (choice && choice.role === null) add('role', 'message', 'The stream never sent a role: aimock sends role "assistant".');
  toolCallLosses(plan, add);
  if (choice && choice.finishReason === null && plan.cutAtMs === null) {
    add('finish-added', 'message', `The stream has no finish reason: aimock always sends one ("${plan.toolCalls?.length || plan.blocks?.some((b) => b.type === 'toolCall') ? 'tool_calls' : 'stop'}").`);
  }
  const usage = analysis.state.usage;
  const extra = usage ? Object.keys(usage).filter((key) => !(AIMOCK_USAGE_KEYS as readonly string[]).includes(key)) : [];
  if (extra.length > 0) add('usage', 'message', `aimock's usage chunk has only ${AIMOCK_USAGE_KEYS.join(', ')}: ${extra.join(', ')} left out.`);
  if (plan.cutAtMs !== null) {
    const transport = recording.end !== null && recording.end.outcome !== 'eof';
    add(
      'cut',
      transport ? 'stream' : 'message',
      `The stream never completed (no finish reason, no [DONE]${transport ? `, ${recording.end!.outcome}` : ', but a clean end of body'}): aimock resets the connection at ${plan.cutAtMs} ms (disconnectAfterMs; not scaled by its replay speed).`,
    );
  }

  // The stream's shape.
  if (plan.doneAt === -1 && plan.cutAtMs === null && choice) add('done-added', 'stream', 'The body ended without [DONE]: aimock always sends it.');
  const listed = new Set(losses.flatMap((loss) => loss.events));
  const dropped = { 'after-done': [] as number[], comments: [] as number[], 'invalid-events': [] as number[], 'empty-chunks': [] as number[] };
  for (const event of events) {
    const index = event.sse.index;
    if (event.sse.comments.length > 0) dropped.comments.push(index);
    if (plan.represented.has(index) || listed.has(index) || event.interpretation.kind === 'comment') continue;
    if (plan.doneAt !== -1 && index > plan.doneAt) dropped['after-done'].push(index);
    else if (['invalid-json', 'malformed', 'no-data'].includes(event.interpretation.kind)) dropped['invalid-events'].push(index);
    else dropped['empty-chunks'].push(index);
  }
  if (dropped['after-done'].length > 0) add('after-done', 'stream', `${plural(dropped['after-done'].length, 'event')} after [DONE] left out.`, dropped['after-done']);
  if (dropped.comments.length > 0) add('comments', 'stream', `aimock sends no SSE comments: the comments of ${plural(dropped.comments.length, 'event')} left out.`, dropped.comments);
  if (dropped['invalid-events'].length > 0) add('invalid-events', 'stream', `aimock sends only well-formed chunks: ${plural(dropped['invalid-events'].length, 'malformed event')} left out.`, dropped['invalid-events']);
  if (dropped['empty-chunks'].length > 0) {
    add('empty-chunks', 'stream', `${plural(dropped['empty-chunks'].length, 'chunk')} that add nothing aimock carries (empty deltas, repeated roles, metadata-only chunks) left out.`, dropped['empty-chunks']);
  }
  fieldLosses(analysis, plan, add);
  // aimock writes SSE: a body in another framing loses its framing whole.
  const sse = sseStats(analysis);
  const fielded = events.filter((event) => event.sse.event !== null || event.sse.id !== null || event.sse.retry !== null).map((event) => event.sse.index);
  if (sse === null || sse.lineEndings.cr + sse.lineEndings.crlf > 0 || sse.bom || fielded.length > 0) {
    add('sse-framing', 'stream', 'aimock writes `data: …\\n\\n` only: the recorded line endings, BOM and event:/id:/retry: fields are not kept.', fielded);
  }
  if (codes.has('inconsistent-metadata')) add('identity', 'stream', 'id, created, model or system_fingerprint change during the stream: aimock repeats the first values on every chunk.');
  rechunkLosses(ops, plan, add);
  if (plan.reordered.length > 0) {
    add('reordered', 'stream', `${plural(plan.reordered.length, 'chunk')} go out in another order than recorded: aimock sends the reasoning first and each tool call whole.`, [...new Set(plan.reordered.map((i) => plan.chunks[i]!.event))]);
  }
  return losses;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

type Add = (code: AimockLossCode, affects: AimockLoss['affects'], message: string, events?: number[]) => void;

function toolCallLosses(plan: AimockPlan, add: Add): void {
  const calls = plan.choice ? [...plan.choice.toolCalls.values()].sort((a, b) => a.index - b.index) : [];
  const problems: string[] = [];
  calls.forEach((call, position) => {
    if (call.index !== position) problems.push(`index ${call.index} becomes ${position} (aimock numbers calls in order)`);
    if (!call.id) problems.push(`call ${call.index} has no id: aimock makes one up`);
    if (call.type !== 'function') problems.push(`call ${call.index} has type ${JSON.stringify(call.type)}: aimock sends "function"`);
    if (!call.name) problems.push(`call ${call.index} has no name: aimock sends ""`);
  });
  if (problems.length > 0) add('tool-calls', 'message', `Tool calls: ${problems.join('; ')}.`, calls.flatMap((call) => call.events.slice(0, 1)));
}

/** Chunk fields aimock never sends (service_tier, obfuscation, logprobs, provider extensions …), by path. */
function fieldLosses(analysis: Analysis, plan: AimockPlan, add: Add): void {
  const found = new Map<string, number[]>();
  const note = (path: string, event: number): void => {
    const list = found.get(path);
    if (!list) found.set(path, [event]);
    else if (list[list.length - 1] !== event) list.push(event);
  };
  for (const event of analysis.events) {
    const index = event.sse.index;
    if (!plan.represented.has(index) || chatReading(event).meta === null) continue;
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.sse.data ?? '');
    } catch {
      continue;
    }
    walk(chunk, '', (path, value) => {
      // aimock's usage chunk carries usage; elsewhere OpenAI's `usage: null` has no counterpart.
      if (path === 'usage' && value !== null) return false;
      if (path === 'choices[].logprobs' && value === null) return false;
      if (SENT.has(path)) return true;
      note(value === null ? `${path}: null` : path, index);
      return false;
    });
  }
  if (found.size === 0) return;
  const paths = [...found.entries()].map(([path, list]) => `${path} (${plural(list.length, 'event')})`);
  add('fields', 'stream', `aimock does not send these chunk fields: ${paths.join(', ')}.`, [...new Set([...found.values()].flat())].sort((a, b) => a - b));
}

/** Visits the keys of a chunk by path (`choices[].delta.content`); descends where `visit` says so. */
function walk(value: unknown, path: string, visit: (path: string, value: unknown) => boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, `${path}[]`, visit);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (visit(at, child)) walk(child, at, visit);
  }
}

/** Reasoning and tool arguments are cut every `chunkSize` characters, whatever the recorded deltas were. */
function rechunkLosses(ops: readonly (readonly Op[])[], plan: AimockPlan, add: Add): void {
  const count = (kind: string): number => plan.chunks.filter((chunk) => chunk.kind === kind).length;
  const parts: string[] = [];
  const isReasoning = (op: Op): op is TextOp => op.type === 'text' && op.choice === 0 && op.channel === 'reasoning' && op.text !== '';
  const reasoningDeltas = ops.filter((list, i) => (plan.doneAt === -1 || i < plan.doneAt) && list.some(isReasoning)).length;
  if (count('reasoning') !== reasoningDeltas) parts.push(`reasoning in ${count('reasoning')} chunks instead of ${reasoningDeltas}`);
  const fragments = plan.choice ? [...plan.choice.toolCalls.values()].reduce((sum, call) => sum + call.fragments.length, 0) : 0;
  if (count('arguments') !== fragments) parts.push(`tool-call arguments in ${count('arguments')} chunks instead of ${fragments}`);
  const reasoningSources = new Set(ops.flatMap((list) => list.filter(isReasoning).map((op) => op.source)));
  const renamed = [...reasoningSources].filter((source) => source !== 'reasoning_content');
  if (renamed.length > 0) parts.push(`reasoning sent as delta.reasoning_content (recorded as ${renamed.join(', ')})`);
  if (parts.length > 0) add('rechunked', 'stream', `aimock cuts reasoning and arguments every ${plan.chunkSize} characters: ${parts.join('; ')}. Each chunk keeps the arrival time of its last character.`);
}
