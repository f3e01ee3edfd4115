// What the message panel shows of a Responses or Anthropic Messages stream: its final object (the
// `response`, the `message`, as the official SDK's stream helper ends with it) laid out as a
// reader wants it — the output items / content blocks in order, each with its index, reasoning and
// refusal told apart from the answer, how the stream ended and the usage. Pure: the panel draws
// what these return (./responses-items.ts, ./message-blocks.ts read each dialect's entries).

import { formatCount } from '../../components/format.ts';
import { asObject } from './final-entry.ts';
import { isObject } from '../../../shared/is-object.ts';
import type { DialectProtocol, FinalView, Moment } from './final-entry.ts';
import { messageEntries, stopOutcome } from './message-blocks.ts';
import { responseEntries, statusOutcome } from './responses-items.ts';

export type { Citation, DialectProtocol, Entry, EntryKind, Fact, FinalView, Moment, Outcome, Part, PartKind, Tone } from './final-entry.ts';

/** The final object of a Responses or Anthropic Messages stream, laid out. */
export function finalView(protocol: DialectProtocol, final: unknown, moment: Moment): FinalView {
  const object = asObject(final);
  if (protocol === 'responses') {
    const entries = responseEntries(object.output);
    const { outcome, facts } = statusOutcome(object, moment, entries.some((entry) => entry.refusal));
    const empty = entries.length > 0 ? null : moment.asOf ? 'No output item as of this event.' : moment.live ? 'No output item yet.' : 'The response has no output item.';
    return { protocol, outcome, facts, entries, empty, usage: usageLine(object.usage) };
  }
  const entries = messageEntries(object.content);
  const { outcome, facts } = stopOutcome(object, moment);
  const empty = entries.length > 0 ? null : moment.asOf ? 'No content block as of this event.' : moment.live ? 'No content block yet.' : 'The message has no content block.';
  return { protocol, outcome, facts, entries, empty, usage: usageLine(object.usage) };
}

/** The usage's numeric counts, in the order sent, by their names (nested details left to the Usage panel). */
export function usageLine(usage: unknown): string | null {
  if (!isObject(usage)) return null;
  const counts = Object.entries(usage).filter(([, value]) => typeof value === 'number');
  return counts.length === 0 ? null : counts.map(([key, value]) => `${key} ${formatCount(value as number)}`).join(' · ');
}
