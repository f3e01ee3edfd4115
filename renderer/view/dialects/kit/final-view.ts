// A dialect's final object (the `response`, the `message`, as the official SDK's stream helper
// ends with it) laid out as a reader wants it — its entries (output items / content blocks) in
// order, each with its index, reasoning and refusal told apart from the answer, how the stream
// ended and the usage. Pure: the message panel draws what a layout returns (./FinalObject.tsx);
// each dialect reads its own entries and outcome (../responses/items.ts, ../anthropic/blocks.ts).

import { isObject } from '../../../../shared/is-object.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';
import { formatCount } from '../../../components/format.ts';
import { asObject } from './final-entry.ts';
import type { Entry, Fact, FinalView, Moment, Outcome } from './final-entry.ts';

export interface FinalObjectReading {
  readonly protocol: Protocol;
  /** Its entries, in order. */
  entries(final: Readonly<Record<string, unknown>>): Entry[];
  /** How it ended, and more of how (the incomplete reason, the error, the stop sequence). */
  outcome(final: Readonly<Record<string, unknown>>, moment: Moment, entries: readonly Entry[]): { outcome: Outcome; facts: Fact[] };
  /** What an entry is called (`output item`, `content block`), and the object (`response`, `message`). */
  readonly entry: string;
  readonly noun: string;
}

/** The layout of a dialect's final object, as the dialect reads it. */
export function finalLayout(reading: FinalObjectReading): (final: unknown, moment: Moment) => FinalView {
  const { protocol, entry, noun } = reading;
  return (final, moment) => {
    const object = asObject(final);
    const entries = reading.entries(object);
    const { outcome, facts } = reading.outcome(object, moment, entries);
    const empty = entries.length > 0 ? null : moment.asOf ? `No ${entry} as of this event.` : moment.live ? `No ${entry} yet.` : `The ${noun} has no ${entry}.`;
    return { protocol, outcome, facts, entries, empty, usage: usageLine(object.usage) };
  };
}

/** The usage's numeric counts, in the order sent, by their names (nested details left to the Usage panel). */
export function usageLine(usage: unknown): string | null {
  if (!isObject(usage)) return null;
  const counts = Object.entries(usage).filter(([, value]) => typeof value === 'number');
  return counts.length === 0 ? null : counts.map(([key, value]) => `${key} ${formatCount(value as number)}`).join(' · ');
}

/** The usage member of a final object (as of an event, or at the end), or null. */
export function usageOfFinal(final: unknown): Readonly<Record<string, unknown>> | null {
  if (typeof final !== 'object' || final === null) return null;
  const usage = (final as Record<string, unknown>).usage;
  return typeof usage === 'object' && usage !== null && !Array.isArray(usage) ? (usage as Record<string, unknown>) : null;
}
