// Two final objects of one dialect, diffed for the compare view: their output items / content
// blocks matched by index — each one's texts (answer, refusal, reasoning, summary, a tool's name
// and arguments or input) — and how each stream ended (status, stop reason), as the message panel
// lays them out (the dialect's `layout`). Ids are left out: every response has its own.

import { diffText } from '../../../compare/message-diff.ts';
import type { GroupDiff } from '../../../compare/message-diff.ts';
import type { Entry, FinalView, Moment } from './final-entry.ts';

const AT_END: Moment = { asOf: false, live: false };

/** Two final objects: each item or block by index, then how each ended (`noun`: the descriptor's word for the object). */
export function diffFinals(layout: (final: unknown, moment: Moment) => FinalView, noun: string, a: unknown, b: unknown): GroupDiff[] {
  const left = layout(a, AT_END);
  const right = layout(b, AT_END);
  const groups: GroupDiff[] = [];
  for (let index = 0; index < Math.max(left.entries.length, right.entries.length); index++) groups.push(entryGroup(left.entries[index], right.entries[index]));
  groups.push(group('end', `How the ${noun} ended`, null, endTexts(left, right)));
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
