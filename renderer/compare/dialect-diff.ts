// What the compare view diffs of two recordings' messages, by dialect. Two Chat Completions
// streams: their choices (./message-diff.ts). Two Responses streams: their responses' output items,
// matched by index; two Anthropic Messages streams: their messages' content blocks, matched by
// index — each item's or block's texts (answer, refusal, reasoning, summary, a tool's name and
// arguments or input) and how each stream ended (status, stop reason), as the message panel lays
// them out (../view/model/final-view.ts). Ids are left out: every response has its own. Two streams
// of different dialects have no message in common: that is said, not diffed.

import { descriptorOf } from '../../shared/dialects/registry.ts';
import type { Analysis } from '../../shared/analysis/analyze.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { finalView } from '../view/model/final-view.ts';
import type { DialectProtocol, Entry, FinalView } from '../view/model/final-view.ts';
import { diffMessages, diffText } from './message-diff.ts';
import type { FieldDiff } from './message-diff.ts';

/** One choice, output item or content block of either recording, its fields diffed. */
export interface GroupDiff {
  /** `choice 0`, `output[1]`, `content[2]`; unique within a comparison. */
  readonly key: string;
  /** Its heading: `Choice 1`, `output[1] function_call`. */
  readonly title: string;
  /** Whether the heading is worth showing (a lone choice 0 of Chat Completions goes without). */
  readonly titled: boolean;
  /** It exists in only one of the two recordings. */
  readonly onlyIn: 'a' | 'b' | null;
  /** The fields either side has, in reading order. */
  readonly fields: readonly FieldDiff[];
  readonly identical: boolean;
}

export type MessagesComparison =
  /** Both recordings in one dialect: their messages diffed. */
  | { readonly kind: 'diffed'; readonly protocol: Protocol; readonly groups: readonly GroupDiff[] }
  /** The dialects differ (or one could not be told): there is nothing to diff. */
  | { readonly kind: 'different-dialects'; readonly a: Protocol | null; readonly b: Protocol | null }
  /** Neither recording's dialect could be told: neither has a message. */
  | { readonly kind: 'no-dialect' };

export function compareMessages(a: Analysis, b: Analysis): MessagesComparison {
  if (a.protocol !== b.protocol) return { kind: 'different-dialects', a: a.protocol, b: b.protocol };
  const protocol = a.protocol;
  if (protocol === null) return { kind: 'no-dialect' };
  if (protocol === 'chat-completions') {
    const choices = diffMessages(a.choices, b.choices);
    const several = choices.length > 1;
    const groups = choices.map((choice) => ({ key: `choice ${choice.index}`, title: `Choice ${choice.index}`, titled: several || choice.onlyIn !== null, onlyIn: choice.onlyIn, fields: choice.fields, identical: choice.identical }));
    return { kind: 'diffed', protocol, groups };
  }
  return { kind: 'diffed', protocol, groups: diffFinals(protocol, a.final, b.final) };
}

/** Whether every group of a comparison reads the same. */
export function comparisonIdentical(comparison: MessagesComparison): boolean {
  return comparison.kind === 'diffed' && comparison.groups.every((group) => group.identical);
}

const AT_END = { asOf: false, live: false };

/** Two final objects of one dialect: each item or block by index, then how each ended. */
export function diffFinals(protocol: DialectProtocol, a: unknown, b: unknown): GroupDiff[] {
  const left = finalView(protocol, a, AT_END);
  const right = finalView(protocol, b, AT_END);
  const groups: GroupDiff[] = [];
  for (let index = 0; index < Math.max(left.entries.length, right.entries.length); index++) groups.push(entryGroup(left.entries[index], right.entries[index]));
  groups.push(group('end', `How the ${descriptorOf(protocol).final.noun} ended`, null, endTexts(left, right)));
  return groups;
}

type Texts = readonly [label: string, a: string | null, b: string | null];

function entryGroup(a: Entry | undefined, b: Entry | undefined): GroupDiff {
  const where = (a ?? b)!.where;
  const title = a && b && a.type !== b.type ? `${where} ${a.type} in A, ${b.type} in B` : `${where} ${(a ?? b)!.type}`;
  const texts: Texts[] = [];
  if (a?.name != null || b?.name != null) texts.push(['name', a?.name ?? null, b?.name ?? null]);
  // Parts are matched by place and type: an answer's text is not diffed against a refusal.
  const labelOf = (part: Entry['parts'][number]): string => (part.where === part.type ? part.where : `${part.where} ${part.type}`);
  const labels = [...new Set([...(a?.parts ?? []), ...(b?.parts ?? [])].map(labelOf))];
  for (const label of labels) {
    texts.push([label, a?.parts.find((part) => labelOf(part) === label)?.text ?? null, b?.parts.find((part) => labelOf(part) === label)?.text ?? null]);
  }
  return group(where, title, a && b ? null : a ? 'a' : 'b', texts);
}

function endTexts(a: FinalView, b: FinalView): Texts[] {
  const texts: Texts[] = [[a.outcome.label, a.outcome.value, b.outcome.value]];
  const labels = [...new Set([...a.facts, ...b.facts].map((fact) => fact.label))];
  for (const label of labels) texts.push([label, a.facts.find((fact) => fact.label === label)?.value ?? null, b.facts.find((fact) => fact.label === label)?.value ?? null]);
  return texts;
}

function group(key: string, title: string, onlyIn: GroupDiff['onlyIn'], texts: readonly Texts[]): GroupDiff {
  // A field neither side has is left out; one side's empty text still shows.
  const fields = texts.filter(([, left, right]) => left !== null || right !== null).map(([label, left, right]) => ({ label, diff: diffText(left, right) }));
  return { key, title, titled: true, onlyIn, fields, identical: onlyIn === null && fields.every((field) => field.diff.kind === 'identical') };
}
