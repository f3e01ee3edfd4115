// What the Chat Completions checks read of a recording: its chunks' operations, event by event
// (dialects/chat/kept.ts's chatReading), and its client state.

import type { Analysis } from '../../../analysis/analyze.ts';
import type { ChoiceState } from '../../../dialects/chat/accumulate.ts';
import { chatReading } from '../../../dialects/chat/kept.ts';
import type { Op } from '../../../dialects/chat/ops.ts';
import { few } from '../../../findings/words.ts';

/** Each event's operations, with its number. Read once a check (an event interprets itself again when asked). */
export function opsOf(analysis: Analysis): { readonly event: number; readonly ops: readonly Op[]; readonly choiceCount: number | null }[] {
  return analysis.events.map((event) => {
    const reading = chatReading(event);
    return { event: event.sse.index, ops: reading.ops, choiceCount: reading.meta?.choiceCount ?? null };
  });
}

/** The choices a client ends with, by index. */
export function choicesOf(analysis: Analysis): ChoiceState[] {
  return [...analysis.state.choices.values()].sort((a, b) => a.index - b.index);
}

/** The event numbers, in words. */
export function eventsWord(events: readonly number[]): string {
  return `${events.length === 1 ? 'event' : 'events'} ${few(events)}`;
}

export const isTotal = (usage: Readonly<Record<string, unknown>>): boolean =>
  typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number' && usage.total_tokens === usage.prompt_tokens + usage.completion_tokens;
