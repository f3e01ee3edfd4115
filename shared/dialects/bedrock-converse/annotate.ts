// One line of words for one ConverseStream event: what it brought, in the notation a developer
// would write against the SDK's events (`block 0 text += "Hi"`, `block 0 reasoning += "…"`,
// `block 1 toolUse.input += "{\"ci"`, `block 0 signature (496 chars)`, `messageStop stopReason
// "end_turn"`, `metadata usage: input 36, output 73, total 109; latencyMs 1999`), an exception
// frame by its type and message.

import { quote } from '../../findings/words.ts';
import type { MessageFields } from '../../framing/types.ts';
import { annotateTransport, brief } from '../kit/common.ts';
import { describeDialectProblem } from '../kit/problems.ts';
import type { AnnotateOptions } from '../kit/quote.ts';
import type { ConverseInterpretation } from './interpret.ts';
import type { ConverseOp, DeltaOp } from './ops.ts';

type Json = Readonly<Record<string, unknown>>;

export function annotateConverseEvent(event: MessageFields, interpretation: ConverseInterpretation, options: AnnotateOptions = {}): string {
  const max = options.maxText ?? 80;
  const transport = annotateTransport(event, interpretation, max);
  if (transport !== null) return transport;
  const words = interpretation.ops.map((op) => describe(op, max));
  if (interpretation.problems.length > 0) words.push(`malformed: ${interpretation.problems.map(describeDialectProblem).join('; ')}`);
  return words.join('; ') || 'empty event';
}

function describe(op: ConverseOp, max: number): string {
  switch (op.op) {
    case 'message-start':
      return `messageStart role ${op.role === null ? '(none)' : JSON.stringify(op.role)}`;
    case 'block-start':
      return `block ${op.index} start ${describeStart(op.key, op.start, max)}`;
    case 'delta':
      return op.deltas.map((delta) => `block ${op.index} ${describeDelta(delta, max)}`).join('; ') || `block ${op.index} empty delta`;
    case 'block-stop':
      return `block ${op.index} stop`;
    case 'message-stop': {
      const additional = op.additional === undefined ? '' : `, additionalModelResponseFields ${brief(op.additional, max)}`;
      return `messageStop stopReason ${op.stopReason === null ? '(none)' : JSON.stringify(op.stopReason)}${additional}`;
    }
    case 'metadata': {
      const words: string[] = [];
      if (op.usage !== null) words.push(`usage: ${describeUsage(op.usage)}`);
      if (op.metrics !== null) words.push(typeof op.metrics.latencyMs === 'number' && Object.keys(op.metrics).length === 1 ? `latencyMs ${op.metrics.latencyMs}` : `metrics ${brief(op.metrics, max)}`);
      if (op.trace !== null) words.push(`trace ${brief(op.trace, max)}`);
      for (const [key, value] of Object.entries(op.fields)) words.push(`${key} ${brief(value, max)}`);
      return `metadata ${words.join('; ') || '(empty)'}`;
    }
    case 'exception':
      return `${op.frame === 'error' ? 'error frame ' : ''}${op.type}: ${quote(op.message, max)}`;
    case 'unknown':
      return op.type === null ? 'event with no :event-type' : `unknown event ${JSON.stringify(op.type)}`;
  }
}

function describeStart(key: string, start: Json, max: number): string {
  const id = (member: string) => (typeof start[member] === 'string' ? ` ${member} ${JSON.stringify(start[member])}` : '');
  const type = typeof start.type === 'string' ? ` (${start.type})` : '';
  if (key === 'toolUse') return `toolUse ${typeof start.name === 'string' ? start.name : '(no name)'}${id('toolUseId')}${type}`;
  if (key === 'toolResult') return `toolResult for${id('toolUseId')}${typeof start.status === 'string' ? ` status ${start.status}` : ''}${type}`;
  if (key === 'image') return `image ${typeof start.format === 'string' ? start.format : brief(start, max)}`;
  return `${key} ${brief(start, max)}`;
}

function describeDelta(delta: DeltaOp, max: number): string {
  switch (delta.type) {
    case 'text':
      return `text += ${quote(delta.text, max)}`;
    case 'reasoning-text':
      return `reasoning += ${quote(delta.text, max)}`;
    case 'signature':
      return `signature (${delta.signature.length} chars)`;
    case 'redacted':
      return `redactedContent (${delta.redactedContent.length} chars of base64)`;
    case 'tool-input':
      return `toolUse.input += ${quote(delta.input, max)}`;
    case 'tool-result':
      return `toolResult ${brief(delta.items, max)}`;
    case 'citation':
      return `citation ${brief(delta.citation, max)}`;
    case 'image':
      return `image ${brief(delta.image, max)}`;
    case 'other':
      return `${delta.key} ${brief(delta.value, max)}`;
  }
}

const USAGE_WORDS = [
  ['inputTokens', 'input'],
  ['cacheReadInputTokens', 'cache read'],
  ['cacheWriteInputTokens', 'cache write'],
  ['outputTokens', 'output'],
  ['totalTokens', 'total'],
] as const;

/** `input 36, cache read 5, output 73, total 109` (and any other member, briefly). */
export function describeUsage(usage: Json): string {
  const known = new Set<string>(USAGE_WORDS.map(([key]) => key));
  const words = USAGE_WORDS.filter(([key]) => typeof usage[key] === 'number').map(([key, word]) => `${word} ${usage[key] as number}`);
  for (const [key, value] of Object.entries(usage)) if (!known.has(key)) words.push(`${key} ${brief(value, 30)}`);
  return words.join(', ') || brief(usage, 60);
}
