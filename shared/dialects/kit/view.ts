// The views' vocabulary (docs/architecture.md, "Dialects"): the words the events table, the
// timeline's lanes, the HTML report, the store's `kind` column and the transport checks read an
// event in, whatever its dialect. Each dialect names its own kinds and says which of these each
// is nearest to (Dialect.viewKinds); the kinds every dialect names alike are mapped here once.

import type { AnyDialectProblem, DialectInterpretation } from '../types.ts';

/** What the views call an event. */
export type ViewKind =
  | 'role'
  | 'content'
  | 'refusal'
  | 'reasoning'
  | 'tool'
  | 'finish'
  | 'usage'
  /** An event that says something of the response but adds nothing to its text (a filter frame, an item opened). */
  | 'metadata'
  /** An event that changes nothing (`delta: {}`, an event the dialect ignores). */
  | 'empty'
  | 'done'
  | 'comment'
  | 'error'
  | 'invalid-json'
  /** Valid JSON, but not an object of the dialect's (an array, a number, `null`, a field of the wrong type). */
  | 'malformed'
  /** An event with no data line and no comment: only `event:`, `id:` or `retry:` fields. */
  | 'no-data';

/** An event as the views read it: its kind, what is malformed about it, and the fields its dialect does not know. */
export interface ViewInterpretation {
  readonly kind: ViewKind;
  /** Paths of fields outside the dialect's known set (Chat Completions reads them; other dialects none yet). */
  readonly unknownPaths: readonly string[];
  readonly problems: readonly AnyDialectProblem[];
  /** Bytes the event spends on padding (Chat Completions' `obfuscation` member). */
  readonly obfuscationBytes: number;
}

/** The kinds every dialect names alike (the transport's, and the deltas'), in the views' words. */
export const SHARED_VIEW_KINDS: Readonly<Record<string, ViewKind>> = {
  comment: 'comment',
  'no-data': 'no-data',
  'invalid-json': 'invalid-json',
  malformed: 'malformed',
  done: 'done',
  error: 'error',
  text: 'content',
  refusal: 'refusal',
  reasoning: 'reasoning',
  tool: 'tool',
};

const NOTHING: readonly never[] = Object.freeze([]);

/** The views' reading of an event with no problem: one shared, frozen object per view kind. */
const PLAIN = new Map<ViewKind, ViewInterpretation>();

/**
 * A dialect's event in the views' words: the nearest kind its dialect names (`viewKinds`, else the
 * shared ones, else `empty`), its problems, no unknown paths, no padding.
 */
export function viewInterpretation(kind: string, problems: DialectInterpretation['problems'], viewKinds: Readonly<Record<string, ViewKind>>): ViewInterpretation {
  const viewKind = viewKinds[kind] ?? SHARED_VIEW_KINDS[kind] ?? 'empty';
  if (problems.length === 0) {
    let plain = PLAIN.get(viewKind);
    if (plain === undefined) PLAIN.set(viewKind, (plain = Object.freeze({ kind: viewKind, unknownPaths: NOTHING, problems: NOTHING, obfuscationBytes: 0 })));
    return plain;
  }
  return { kind: viewKind, unknownPaths: NOTHING, problems: problems as readonly AnyDialectProblem[], obfuscationBytes: 0 };
}
