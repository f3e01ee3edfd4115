// What one event changed in the state a client holds: the state before it and after it, told
// apart choice by choice. The states are the accumulator's own (through the scrubber), so the
// effect follows every rule of accumulation (the first id and name stand, an index-less fragment
// continues the last call, nothing counts after [DONE]) without saying any of them again.

import type { ChoiceState, StreamState } from '../dialects/chat/accumulate.ts';
import { createScrubber } from './scrub.ts';
import type { AnalyzedEvent } from './stream.ts';
import { chatReading } from '../dialects/chat/kept.ts';

type Usage = Readonly<Record<string, unknown>>;

export interface ToolCallEffect {
  /** The call's index, as sent or as the accumulator assigned it. */
  readonly index: number;
  /** The event opened the call. */
  readonly created: boolean;
  /** What the event set; null where it set nothing (a repeated or empty id, type or name changes nothing). */
  readonly id: string | null;
  readonly type: string | null;
  readonly name: string | null;
  /** Text appended to the arguments; '' when none. */
  readonly arguments: string;
}

export interface ChoiceEffect {
  readonly choice: number;
  /** The event was the first to say anything of this choice. */
  readonly created: boolean;
  /** The role the event set; null when it set none (a repeated role changes nothing). */
  readonly role: string | null;
  /** Text appended to each channel; '' when none. */
  readonly content: string;
  readonly refusal: string;
  readonly reasoning: string;
  /** The event wrote `content: ""` (other than on the opening role chunk): a write that changes nothing. */
  readonly emptyContent: boolean;
  readonly toolCalls: readonly ToolCallEffect[];
  /** The deprecated `function_call`, when the event changed it. */
  readonly functionCall: { readonly created: boolean; readonly name: string | null; readonly arguments: string } | null;
  readonly finishReason: { readonly from: string | null; readonly to: string } | null;
  /** Log-probability entries appended. */
  readonly logprobs: number;
  /** The event changed the choice after its finish reason (delta-after-finish). */
  readonly afterFinish: boolean;
}

export interface EventEffect {
  readonly event: number;
  /** False for events after `[DONE]`: a client has stopped reading, so they change nothing. */
  readonly applied: boolean;
  /** The choices the event changed, in the order its operations name them. */
  readonly choices: readonly ChoiceEffect[];
  /** Usage as it was and as the event set it (the last usage wins), or null when the event set none. */
  readonly usage: { readonly from: Usage | null; readonly to: Usage } | null;
  readonly changed: boolean;
}

export interface EffectReader {
  /** What event `index` changed. Stepping forward costs one event; going back replays from the start (see scrub.ts). */
  at(index: number): EventEffect;
}

/** The parts of a choice an event can change, copied out of a state that will move on. */
interface ChoiceSnapshot {
  readonly role: string | null;
  readonly content: number;
  readonly refusal: number;
  readonly reasoning: number;
  readonly emptyContent: number;
  readonly calls: ReadonlyMap<number, { readonly id: string | null; readonly type: string | null; readonly name: string | null; readonly arguments: number }>;
  readonly functionCall: { readonly name: string | null; readonly arguments: number } | null;
  readonly finishReason: string | null;
  readonly logprobs: number;
  readonly afterFinish: number;
}

function snapshot(choice: ChoiceState | undefined): ChoiceSnapshot | null {
  if (!choice) return null;
  const calls = new Map<number, { id: string | null; type: string | null; name: string | null; arguments: number }>();
  for (const [index, call] of choice.toolCalls) calls.set(index, { id: call.id, type: call.type, name: call.name, arguments: call.arguments.length });
  return {
    role: choice.role,
    content: choice.content?.length ?? 0,
    refusal: choice.refusal?.length ?? 0,
    reasoning: choice.reasoning?.length ?? 0,
    emptyContent: choice.emptyContentEvents.length,
    calls,
    functionCall: choice.functionCall && { name: choice.functionCall.name, arguments: choice.functionCall.arguments.length },
    finishReason: choice.finishReason,
    logprobs: (choice.logprobs?.content?.length ?? 0) + (choice.logprobs?.refusal?.length ?? 0),
    afterFinish: choice.afterFinish.length,
  };
}

/** The value when it changed from nothing; null otherwise. */
const setFrom = (before: string | null | undefined, after: string | null): string | null => (before == null && after !== null ? after : null);

function choiceEffect(index: number, before: ChoiceSnapshot | null, choice: ChoiceState): ChoiceEffect | null {
  const toolCalls: ToolCallEffect[] = [];
  for (const [callIndex, call] of choice.toolCalls) {
    const was = before?.calls.get(callIndex);
    const effect: ToolCallEffect = {
      index: callIndex,
      created: was === undefined,
      id: setFrom(was?.id, call.id),
      type: setFrom(was?.type, call.type),
      name: setFrom(was?.name, call.name),
      arguments: call.arguments.slice(was?.arguments ?? 0),
    };
    if (effect.created || effect.id !== null || effect.type !== null || effect.name !== null || effect.arguments !== '') toolCalls.push(effect);
  }
  const fn = choice.functionCall;
  const fnWas = before?.functionCall ?? null;
  const functionCall = fn && {
    created: fnWas === null,
    name: setFrom(fnWas?.name, fn.name),
    arguments: fn.arguments.slice(fnWas?.arguments ?? 0),
  };
  const effect: ChoiceEffect = {
    choice: index,
    created: before === null,
    role: setFrom(before?.role, choice.role),
    content: choice.content?.slice(before?.content ?? 0) ?? '',
    refusal: choice.refusal?.slice(before?.refusal ?? 0) ?? '',
    reasoning: choice.reasoning?.slice(before?.reasoning ?? 0) ?? '',
    emptyContent: choice.emptyContentEvents.length > (before?.emptyContent ?? 0),
    toolCalls,
    functionCall: functionCall && (functionCall.created || functionCall.name !== null || functionCall.arguments !== '') ? functionCall : null,
    finishReason: choice.finishReason !== null && before?.finishReason !== choice.finishReason ? { from: before?.finishReason ?? null, to: choice.finishReason } : null,
    logprobs: (choice.logprobs?.content?.length ?? 0) + (choice.logprobs?.refusal?.length ?? 0) - (before?.logprobs ?? 0),
    afterFinish: choice.afterFinish.length > (before?.afterFinish ?? 0),
  };
  const changed =
    effect.created ||
    effect.role !== null ||
    effect.content !== '' ||
    effect.refusal !== '' ||
    effect.reasoning !== '' ||
    effect.emptyContent ||
    toolCalls.length > 0 ||
    effect.functionCall !== null ||
    effect.finishReason !== null ||
    effect.logprobs > 0;
  return changed ? effect : null;
}

/** The choices an event's operations name, in order, each once. */
function choicesNamed(event: AnalyzedEvent): number[] {
  const named: number[] = [];
  for (const op of chatReading(event).ops) if ('choice' in op && !named.includes(op.choice)) named.push(op.choice);
  return named;
}

const EMPTY_STATE: StreamState = { choices: new Map(), usage: null };

/** `events` may grow between calls (a live recording); they must not otherwise change. */
export function createEffectReader(events: readonly AnalyzedEvent[]): EffectReader {
  const scrubber = createScrubber(events);
  // The first [DONE] among the events looked at so far (-1: none), and how far they were looked at.
  let doneAt = -1;
  let scanned = 0;

  return {
    at(index) {
      if (!Number.isInteger(index) || index < 0 || index >= events.length) {
        throw new RangeError(`event effect: event ${index} is not one of the ${events.length} events`);
      }
      for (; doneAt < 0 && scanned < index; scanned++) if (events[scanned]!.interpretation.kind === 'done') doneAt = scanned;
      if (doneAt >= 0 && doneAt < index) return { event: index, applied: false, choices: [], usage: null, changed: false };

      const named = choicesNamed(events[index]!);
      const state = index === 0 ? EMPTY_STATE : scrubber.at(index - 1);
      const before = named.map((choice) => snapshot(state.choices.get(choice)));
      const usageBefore = state.usage;
      const after = scrubber.at(index);
      const choices: ChoiceEffect[] = [];
      named.forEach((choice, i) => {
        const effect = choiceEffect(choice, before[i]!, after.choices.get(choice)!);
        if (effect) choices.push(effect);
      });
      const usage = after.usage !== usageBefore && after.usage !== null ? { from: usageBefore, to: after.usage } : null;
      return { event: index, applied: true, choices, usage, changed: choices.length > 0 || usage !== null };
    },
  };
}

/** What event `index` changed (replays the events before it: for stepping through many, keep one reader). */
export function eventEffect(events: readonly AnalyzedEvent[], index: number): EventEffect {
  return createEffectReader(events).at(index);
}
