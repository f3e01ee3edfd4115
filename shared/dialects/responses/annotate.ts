// One line of words for one Responses event: what it changed, in the notation a developer would
// write against the final object (`output[1].content[0].text += "Hi"`, `output[0].arguments += "{\"ci"`).

import { describeDialectProblem } from '../kit/problems.ts';
import { quote } from '../../findings/words.ts';
import { annotateTransport, brief } from '../kit/common.ts';
import { isObject } from '../../is-object.ts';
import type { MessageFields } from '../../framing/types.ts';
import type { AnnotateOptions } from '../kit/quote.ts';
import type { ResponsesInterpretation } from './interpret.ts';
import { CHANNELS } from './ops.ts';
import type { ResponsesOp } from './ops.ts';

export function annotateResponsesEvent(event: MessageFields, interpretation: ResponsesInterpretation, options: AnnotateOptions = {}): string {
  const max = options.maxText ?? 80;
  const parts: string[] = [];
  const transport = annotateTransport(event, interpretation, max);
  if (transport !== null) return transport;
  switch (interpretation.kind) {
    case 'unknown':
      parts.push(`unknown event type ${JSON.stringify(interpretation.type)}`);
      break;
    case 'ignored':
      parts.push(interpretation.type === 'keepalive' ? 'keepalive' : `${interpretation.type} (no text)`);
      break;
    default:
      for (const op of interpretation.ops) parts.push(describe(op, max));
  }
  if (interpretation.eventName !== null) parts.push(`SSE event name ${JSON.stringify(interpretation.eventName)} differs`);
  if (interpretation.problems.length > 0) parts.push(`malformed: ${interpretation.problems.map(describeDialectProblem).join('; ')}`);
  return parts.join('; ') || (interpretation.type ?? 'event');
}

function describe(op: ResponsesOp, max: number): string {
  switch (op.type) {
    case 'response':
      return describeResponse(op.event, op.response);
    case 'item-added':
      return `${output(op.outputIndex)} = ${describeItem(op.item)}`;
    case 'item-done':
      return `${output(op.outputIndex)} done${typeof op.item.status === 'string' ? ` (${op.item.status})` : ''}`;
    case 'part-added':
      return `${output(op.outputIndex)}.${op.area}[${op.index ?? '?'}] = ${typeof op.part.type === 'string' ? op.part.type : 'part'}`;
    case 'part-done':
      return `${output(op.outputIndex)}.${op.area}[${op.index ?? '?'}] done`;
    case 'delta':
      return `${where(op.channel, op.outputIndex, op.index)} += ${quote(op.text, max)}`;
    case 'text-done':
      return `${where(op.channel, op.outputIndex, op.index)} done: ${quote(op.text, max)}`;
    case 'annotation': {
      const type = isObject(op.annotation) && typeof op.annotation.type === 'string' ? op.annotation.type : brief(op.annotation, 40);
      return `${output(op.outputIndex)}.content[${op.index ?? '?'}].annotations[${op.annotationIndex ?? '?'}] = ${type}`;
    }
    case 'item-status':
      return `${output(op.outputIndex)}.status = ${JSON.stringify(op.status)}`;
    case 'error':
      return `error${op.code === null ? '' : ` ${JSON.stringify(op.code)}`}: ${quote(op.message, max)}`;
  }
}

function output(index: number | null): string {
  return `output[${index ?? '?'}]`;
}

function where(channel: keyof typeof CHANNELS, outputIndex: number | null, index: number | null): string {
  const info = CHANNELS[channel];
  return info.area === 'item' ? `${output(outputIndex)}.${info.key}` : `${output(outputIndex)}.${info.area}[${index ?? '?'}].${info.key}`;
}

function describeItem(item: Readonly<Record<string, unknown>>): string {
  const type = typeof item.type === 'string' ? item.type : 'item';
  const name = typeof item.name === 'string' ? ` ${JSON.stringify(item.name)}` : '';
  const id = typeof item.id === 'string' ? ` (${item.id})` : '';
  return `${type}${name}${id}`;
}

function describeResponse(event: string, response: Readonly<Record<string, unknown>>): string {
  const facts: string[] = [];
  if (typeof response.id === 'string') facts.push(response.id);
  if (typeof response.model === 'string') facts.push(response.model);
  if (typeof response.status === 'string') facts.push(`status ${JSON.stringify(response.status)}`);
  if (isObject(response.incomplete_details) && typeof response.incomplete_details.reason === 'string') facts.push(`reason ${JSON.stringify(response.incomplete_details.reason)}`);
  if (isObject(response.error) && typeof response.error.message === 'string') facts.push(`error ${quote(response.error.message, 60)}`);
  const usage = response.usage;
  if (isObject(usage)) facts.push(`usage: input ${String(usage.input_tokens ?? '?')}, output ${String(usage.output_tokens ?? '?')}, total ${String(usage.total_tokens ?? '?')} tokens`);
  return `${event}${facts.length > 0 ? `: ${facts.join(', ')}` : ''}`;
}
