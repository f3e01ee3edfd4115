// The reassembled messages of two recordings, diffed word by word: per choice (matched by its
// index), each channel a client reads — content, reasoning, refusal, every tool call's name and
// arguments, the finish reason — as A's text against B's. jsdiff's diffWordsWithSpace keeps
// whitespace and newlines as tokens of their own, so the segments rebuild both texts exactly.

import { diffWordsWithSpace } from 'diff';
import type { ChoiceMessage } from '../../shared/dialects/chat/message.ts';

/**
 * The diff gives up past this many edits or this long (two unrelated essays of a hundred thousand
 * words would cost seconds on the page's thread): such texts are shown whole, side by side.
 */
export const MAX_EDITS = 2_000;
export const DIFF_TIMEOUT_MS = 500;

export type SegmentKind = 'same' | 'inserted' | 'deleted';

export interface Segment {
  readonly kind: SegmentKind;
  readonly text: string;
}

export type TextDiff =
  | { readonly kind: 'identical'; readonly text: string }
  | {
      readonly kind: 'changed';
      /** In reading order; A's text is the same and deleted ones joined, B's the same and inserted ones. */
      readonly segments: readonly Segment[];
      /** Characters only in B, and only in A. */
      readonly inserted: number;
      readonly deleted: number;
    }
  /** Too far apart to diff word by word in reasonable time: both texts, whole. */
  | { readonly kind: 'too-different'; readonly a: string; readonly b: string };

/** A's text against B's; an absent channel (null) counts as empty. */
export function diffText(a: string | null, b: string | null): TextDiff {
  const before = a ?? '';
  const after = b ?? '';
  if (before === after) return { kind: 'identical', text: before };
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDITS, timeout: DIFF_TIMEOUT_MS });
  if (!changes) return { kind: 'too-different', a: before, b: after };
  const segments: Segment[] = [];
  let inserted = 0;
  let deleted = 0;
  for (const change of changes) {
    if (change.value === '') continue;
    const kind: SegmentKind = change.added ? 'inserted' : change.removed ? 'deleted' : 'same';
    if (kind === 'inserted') inserted += change.value.length;
    if (kind === 'deleted') deleted += change.value.length;
    segments.push({ kind, text: change.value });
  }
  return { kind: 'changed', segments, inserted, deleted };
}

export interface FieldDiff {
  /** What the field is, as a reader names it: `content`, `tool call [1] arguments`. */
  readonly label: string;
  readonly diff: TextDiff;
}

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

export interface ChoiceDiff {
  readonly index: number;
  /** The choice exists in only one of the two recordings. */
  readonly onlyIn: 'a' | 'b' | null;
  /** The fields either side has, in reading order. */
  readonly fields: readonly FieldDiff[];
  readonly identical: boolean;
}

/** Per choice index found in either recording, ascending: every field either side has, diffed. */
export function diffMessages(a: readonly ChoiceMessage[], b: readonly ChoiceMessage[]): ChoiceDiff[] {
  const indexes = [...new Set([...a, ...b].map((choice) => choice.index))].sort((x, y) => x - y);
  return indexes.map((index) => {
    const left = a.find((choice) => choice.index === index);
    const right = b.find((choice) => choice.index === index);
    const fields = fieldsOf(left, right);
    return { index, onlyIn: left && right ? null : left ? 'a' : 'b', fields, identical: fields.every((field) => field.diff.kind === 'identical') };
  });
}

/** Whether every choice of the two recordings reads the same. */
export function messagesIdentical(diffs: readonly ChoiceDiff[]): boolean {
  return diffs.every((choice) => choice.identical);
}

type Texts = readonly [label: string, a: string | null, b: string | null];

function fieldsOf(a: ChoiceMessage | undefined, b: ChoiceMessage | undefined): FieldDiff[] {
  const texts: Texts[] = [
    ['reasoning', a?.message.reasoning_content ?? null, b?.message.reasoning_content ?? null],
    ['content', a?.message.content ?? null, b?.message.content ?? null],
    ['refusal', a?.message.refusal ?? null, b?.message.refusal ?? null],
  ];
  const calls = [...new Set([...(a?.message.tool_calls ?? []), ...(b?.message.tool_calls ?? [])].map((call) => call.index))].sort((x, y) => x - y);
  for (const index of calls) {
    const left = a?.message.tool_calls?.find((call) => call.index === index)?.function;
    const right = b?.message.tool_calls?.find((call) => call.index === index)?.function;
    texts.push([`tool call [${index}] name`, left?.name ?? null, right?.name ?? null]);
    texts.push([`tool call [${index}] arguments`, left?.arguments ?? null, right?.arguments ?? null]);
  }
  const functionA = a?.message.function_call;
  const functionB = b?.message.function_call;
  if (functionA || functionB) {
    texts.push(['function call name', functionA?.name ?? null, functionB?.name ?? null]);
    texts.push(['function call arguments', functionA?.arguments ?? null, functionB?.arguments ?? null]);
  }
  texts.push(['finish reason', a?.finish_reason ?? null, b?.finish_reason ?? null]);
  // A channel neither side has (no refusal in either) is left out; one side's empty text still shows.
  return texts.filter(([, left, right]) => left !== null || right !== null).map(([label, left, right]) => ({ label, diff: diffText(left, right) }));
}
