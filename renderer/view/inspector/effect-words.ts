// What an event changed in the client state (event-effect.ts), in the notation of the
// annotations: `content += "Hello"`, `tool_calls[1] opened`, `finish_reason = "stop"`.

import type { ChoiceEffect, EventEffect } from '../../../shared/analysis/event-effect.ts';
import { describeUsage } from '../../../shared/dialects/chat/annotate.ts';
import { quote } from '../../../shared/findings/words.ts';
import type { EventKind } from '../../../shared/dialects/chat/interpret.ts';

/** Appended text is quoted up to this many characters; the rest is counted. */
const MAX_TEXT = 400;

export interface EffectGroup {
  /** `choices[0]`, or `usage` for the stream-wide part. */
  readonly title: string;
  readonly lines: readonly string[];
  /** The change came after the choice's finish reason: a client may have stopped reading it. */
  readonly afterFinish: boolean;
}

export interface EffectWords {
  /** One sentence for the whole event. */
  readonly summary: string;
  readonly groups: readonly EffectGroup[];
}

function choiceLines(effect: ChoiceEffect): string[] {
  const lines: string[] = [];
  if (effect.created) lines.push('choice opened');
  if (effect.role !== null) lines.push(`role = ${JSON.stringify(effect.role)}`);
  if (effect.content !== '') lines.push(`content += ${quote(effect.content, MAX_TEXT)}`);
  if (effect.emptyContent) lines.push('content += "" (an empty write: nothing changed)');
  if (effect.reasoning !== '') lines.push(`reasoning += ${quote(effect.reasoning, MAX_TEXT)}`);
  if (effect.refusal !== '') lines.push(`refusal += ${quote(effect.refusal, MAX_TEXT)}`);
  for (const call of effect.toolCalls) {
    const at = `tool_calls[${call.index}]`;
    const set = [call.id !== null && `id = ${JSON.stringify(call.id)}`, call.type !== null && `type = ${JSON.stringify(call.type)}`, call.name !== null && `name = ${JSON.stringify(call.name)}`].filter(Boolean);
    if (call.created) lines.push(`${at} opened${set.length > 0 ? `: ${set.join(', ')}` : ''}`);
    else for (const part of set) lines.push(`${at}.${part}`);
    if (call.arguments !== '') lines.push(`${at}.arguments += ${quote(call.arguments, MAX_TEXT)}`);
  }
  const fn = effect.functionCall;
  if (fn) {
    if (fn.created) lines.push('function_call opened');
    if (fn.name !== null) lines.push(`function_call.name = ${JSON.stringify(fn.name)}`);
    if (fn.arguments !== '') lines.push(`function_call.arguments += ${quote(fn.arguments, MAX_TEXT)}`);
  }
  if (effect.finishReason) {
    const { from, to } = effect.finishReason;
    lines.push(from === null ? `finish_reason = ${JSON.stringify(to)}` : `finish_reason = ${JSON.stringify(to)} (was ${JSON.stringify(from)})`);
  }
  if (effect.logprobs > 0) lines.push(`logprobs += ${effect.logprobs} ${effect.logprobs === 1 ? 'entry' : 'entries'}`);
  return lines;
}

/** Why an event that changed nothing changed nothing, by its kind. */
const UNCHANGED: Partial<Record<EventKind, string>> = {
  done: '[DONE]: the stream is complete; a client stops reading here.',
  comment: 'A comment (a keep-alive): clients ignore it.',
  empty: 'An empty delta: nothing changed.',
  metadata: 'A chunk with no choices and no usage: nothing changed in the message.',
  error: 'An error: the message is unchanged; a client should report it.',
  'invalid-json': 'Not JSON: a client cannot read it (many throw here).',
  malformed: 'A malformed chunk: a client cannot apply it.',
  'no-data': 'No data: nothing for a client to apply.',
};

export function effectWords(effect: EventEffect, kind: EventKind): EffectWords {
  if (!effect.applied) return { summary: 'After [DONE]: a client has stopped reading, so this event changed nothing.', groups: [] };
  const groups: EffectGroup[] = effect.choices.map((choice) => ({ title: `choices[${choice.choice}]`, lines: choiceLines(choice), afterFinish: choice.afterFinish }));
  if (effect.usage) {
    const line = `usage = ${describeUsage(effect.usage.to)}`;
    groups.push({ title: 'usage', lines: [effect.usage.from === null ? line : `${line} (replacing the usage before: the last one wins)`], afterFinish: false });
  }
  if (!effect.changed) return { summary: UNCHANGED[kind] ?? 'This event changed nothing in the client’s state.', groups };
  const changes = groups.reduce((sum, group) => sum + group.lines.length, 0);
  return { summary: `This event made ${changes} ${changes === 1 ? 'change' : 'changes'} to what a client holds.`, groups };
}
