// One line of words for one Anthropic Messages event: what it changed, in the notation a developer
// would write against the final message (`content[0].text += "Hi"`, `stop_reason = "end_turn"`).

import { describeDialectProblem } from '../kit/problems.ts';
import { quote } from '../../findings/words.ts';
import { annotateTransport, brief } from '../kit/common.ts';
import { isObject } from '../../is-object.ts';
import type { MessageFields } from '../../framing/types.ts';
import type { AnnotateOptions } from '../kit/quote.ts';
import type { MessagesInterpretation } from './interpret.ts';
import type { MessagesOp } from './ops.ts';

export function annotateMessagesEvent(event: MessageFields, interpretation: MessagesInterpretation, options: AnnotateOptions = {}): string {
  const max = options.maxText ?? 80;
  const parts: string[] = [];
  const transport = annotateTransport(event, interpretation, max);
  if (transport !== null) return transport;
  switch (interpretation.kind) {
    case 'unknown':
      parts.push(`unknown event type ${JSON.stringify(interpretation.type)}`);
      break;
    default:
      for (const op of interpretation.ops) parts.push(describe(op, max));
  }
  if (interpretation.invocationMetrics !== null) parts.push(describeInvocationMetrics(interpretation.invocationMetrics));
  if (interpretation.eventName !== null) parts.push(`SSE event name ${JSON.stringify(interpretation.eventName)} differs`);
  if (interpretation.problems.length > 0) parts.push(`malformed: ${interpretation.problems.map(describeDialectProblem).join('; ')}`);
  return parts.join('; ') || (interpretation.type ?? 'event');
}

function describe(op: MessagesOp, max: number): string {
  switch (op.type) {
    case 'message-start': {
      const { message } = op;
      const facts = [message.id, message.model].filter((value) => typeof value === 'string');
      const usage = isObject(message.usage) ? `; usage: ${describeUsage(message.usage)}` : '';
      return `message_start${facts.length > 0 ? `: ${facts.join(', ')}` : ''}${usage}`;
    }
    case 'block-start': {
      const type = typeof op.block.type === 'string' ? op.block.type : 'block';
      const name = typeof op.block.name === 'string' ? ` ${JSON.stringify(op.block.name)}` : '';
      const id = typeof op.block.id === 'string' ? ` (${op.block.id})` : '';
      return `content[${op.index}] = ${type}${name}${id}`;
    }
    case 'delta':
      switch (op.deltaType) {
        case 'text_delta':
          return `content[${op.index}].text += ${quote(op.text, max)}`;
        case 'thinking_delta':
          return `content[${op.index}].thinking += ${quote(op.text, max)}`;
        case 'input_json_delta':
          return `content[${op.index}].input += ${quote(op.text, max)}`;
        case 'signature_delta':
          return `content[${op.index}].signature = ${quote(op.text, Math.min(max, 24))}`;
        case 'citations_delta':
          return `content[${op.index}].citations += ${isObject(op.citation) && typeof op.citation.type === 'string' ? op.citation.type : brief(op.citation, 40)}`;
      }
      break;
    case 'block-stop':
      return `content[${op.index}] stopped`;
    case 'message-delta': {
      const parts: string[] = [];
      if ('stop_reason' in op.delta) parts.push(`stop_reason = ${JSON.stringify(op.delta.stop_reason)}`);
      if ('stop_sequence' in op.delta && op.delta.stop_sequence !== null) parts.push(`stop_sequence = ${JSON.stringify(op.delta.stop_sequence)}`);
      if (op.usage !== null) parts.push(`usage: ${describeUsage(op.usage)}`);
      return `message_delta${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
    }
    case 'message-stop':
      return 'message_stop';
    case 'ping':
      return 'ping';
    case 'error':
      return `${op.frame === undefined ? 'error' : `${op.frame} frame`}${op.code === null ? '' : ` ${JSON.stringify(op.code)}`}: ${quote(op.message, max)}`;
  }
  return '';
}

/** Bedrock's own count on an invoke stream's last event, beside (never in) the message's usage. */
function describeInvocationMetrics(metrics: Readonly<Record<string, unknown>>): string {
  const figure = (key: string, words: string, unit = ''): string | null => (typeof metrics[key] === 'number' ? `${words} ${metrics[key]}${unit}` : null);
  const tokens = [figure('inputTokenCount', 'input'), figure('outputTokenCount', 'output'), figure('cacheReadInputTokenCount', 'cache read'), figure('cacheWriteInputTokenCount', 'cache write')].filter((part) => part !== null);
  const times = [figure('invocationLatency', 'invocation', ' ms'), figure('firstByteLatency', 'first byte', ' ms')].filter((part) => part !== null);
  const said = [...(tokens.length > 0 ? [`${tokens.join(', ')} tokens`] : []), ...times];
  return `Bedrock's count: ${said.length > 0 ? said.join('; ') : brief(metrics, 60)}`;
}

function describeUsage(usage: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const key of ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'] as const) {
    if (typeof usage[key] === 'number') parts.push(`${key.replace(/_tokens$/, '').replace(/_/g, ' ')} ${usage[key]}`);
  }
  return parts.length > 0 ? `${parts.join(', ')} tokens` : brief(usage, 60);
}
