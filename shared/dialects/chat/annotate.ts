// One line of words for one event: what it changed, in the notation a
// developer would write (`content += "Hi"`, `tool_calls[1].arguments += "{\"ci"`).

import type { MessageFields } from '../../framing/types.ts';
import type { Interpretation } from './interpret.ts';
import { describeDialectProblem } from '../kit/problems.ts';
import { quote } from '../../findings/words.ts';
import type { AnnotateOptions } from '../kit/quote.ts';
import type { Op, ToolOp } from './ops.ts';

export function annotate(event: MessageFields, interpretation: Interpretation, options: AnnotateOptions = {}): string {
  const max = options.maxText ?? 80;
  const { kind, ops } = interpretation;
  switch (kind) {
    case 'done':
      return '[DONE]';
    case 'comment':
      return `comment ${event.comments.map((comment) => quote(':' + comment, max)).join(', ')}`;
    case 'no-data':
      return `no data (${describeFields(event)})`;
    case 'invalid-json': {
      const problem = interpretation.problems[0];
      if (problem?.code === 'json-too-deep') return `JSON not read: ${quote(event.data ?? '', max)} (${problem.message})`;
      return `not JSON: ${quote(event.data ?? '', max)}${problem?.code === 'invalid-json' ? ` (${problem.message})` : ''}`;
    }
    case 'malformed':
      return `malformed chunk: ${interpretation.problems.map(describeProblem).join('; ')}`;
    default:
      break;
  }
  const parts = ops.map((op) => describeOp(op, max));
  if (kind === 'usage' && interpretation.meta?.choiceCount === 0) {
    const usage = ops.find((op) => op.type === 'usage');
    if (usage) parts[ops.indexOf(usage)] = `usage-only chunk (choices: []): ${describeUsage(usage.usage)}`;
  }
  if (kind === 'metadata') parts.push('metadata chunk (choices: [])');
  if (kind === 'empty') parts.push('empty delta');
  if (interpretation.unknownPaths.length > 0) parts.push(`+ ${interpretation.unknownPaths.join(', ')}`);
  const problems = interpretation.problems.filter((problem) => problem.code === 'wrong-type');
  if (problems.length > 0) parts.push(`malformed: ${problems.map(describeProblem).join('; ')}`);
  return parts.join('; ');
}

export function describeOp(op: Op, max = 80): string {
  const at = 'choice' in op && op.choice !== 0 ? `choices[${op.choice}].` : '';
  switch (op.type) {
    case 'role':
      return `${at}role = ${JSON.stringify(op.role)}`;
    case 'text':
      return `${at}${op.source} += ${quote(op.text, max)}`;
    case 'tool':
      return `${at}${describeTool(op, max)}`;
    case 'function_call': {
      const parts = [op.name !== undefined && `name = ${JSON.stringify(op.name)}`, op.arguments !== undefined && `arguments += ${op.arguments === null ? 'null' : quote(op.arguments, max)}`].filter(Boolean);
      return `${at}function_call${parts.length === 1 ? `.${parts[0]}` : ` { ${parts.join(', ')} }`}`;
    }
    case 'finish':
      return `${at}finish_reason = ${JSON.stringify(op.reason)}`;
    case 'logprobs': {
      const counts = [op.content && `${op.content.length} content`, op.refusal && `${op.refusal.length} refusal`].filter(Boolean);
      return `${at}logprobs += ${counts.join(' + ')}`;
    }
    case 'usage':
      return `${op.source === 'usage' ? 'usage' : 'x_groq.usage'}: ${describeUsage(op.usage)}`;
    case 'error':
      return `error${op.code === null ? '' : ` ${JSON.stringify(op.code)}`}: ${quote(op.message, max)}`;
  }
}

function describeTool(op: ToolOp, max: number): string {
  const target = `tool_calls[${op.index ?? `?${op.position}`}]`;
  const parts: string[] = [];
  if (op.id !== undefined) parts.push(`id = ${JSON.stringify(op.id)}`);
  if (op.callType !== undefined) parts.push(`type = ${JSON.stringify(op.callType)}`);
  if (op.name !== undefined) parts.push(`name = ${JSON.stringify(op.name)}`);
  if (op.arguments !== undefined) parts.push(`arguments += ${op.arguments === null ? 'null' : quote(op.arguments, max)}`);
  if (parts.length === 0) return `${target} (empty fragment)`;
  return parts.length === 1 ? `${target}.${parts[0]}` : `${target} { ${parts.join(', ')} }`;
}

export function describeUsage(usage: Readonly<Record<string, unknown>>): string {
  const prompt = usage.prompt_tokens;
  const completion = usage.completion_tokens;
  const total = usage.total_tokens;
  if (typeof prompt === 'number' || typeof completion === 'number' || typeof total === 'number') {
    // Listed, not summed: providers disagree on what the total includes (xAI adds reasoning tokens to it).
    const details = usage.completion_tokens_details;
    const reasoning = typeof details === 'object' && details !== null ? (details as Record<string, unknown>).reasoning_tokens : undefined;
    const ofWhich = typeof reasoning === 'number' && reasoning > 0 ? ` (reasoning ${reasoning})` : '';
    return `prompt ${prompt ?? '?'}, completion ${completion ?? '?'}${ofWhich}, total ${total ?? '?'} tokens`;
  }
  return JSON.stringify(usage);
}

function describeFields(event: MessageFields): string {
  const fields: string[] = [];
  if (event.event !== null) fields.push(`event: ${event.event}`);
  if (event.id !== null) fields.push(`id: ${event.id}`);
  if (event.retry !== null) fields.push(`retry: ${event.retry}`);
  for (const field of event.unknownFields) fields.push(`${field.name}: ${field.value}`);
  return fields.join(', ') || 'nothing';
}

export function describeProblem(problem: Interpretation['problems'][number]): string {
  switch (problem.code) {
    case 'tool-index-missing':
      return `tool call without index`;
    case 'content-parts':
      return 'content sent as typed parts';
    default:
      return describeDialectProblem(problem);
  }
}

