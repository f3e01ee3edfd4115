// What the compare view diffs of two recordings' messages: two recordings of one dialect, what
// that dialect's view diffs (../view/dialects/: Chat Completions' choices, the Responses output
// items, the Anthropic content blocks). Two streams of different dialects have no message in
// common: that is said, not diffed.

import type { Analysis } from '../../shared/analysis/analyze.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { dialectView } from '../view/dialects/registry.ts';
import type { GroupDiff } from './message-diff.ts';

export type { GroupDiff } from './message-diff.ts';

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
  return { kind: 'diffed', protocol, groups: dialectView(protocol).compare.diff(a, b) };
}

/** Whether every group of a comparison reads the same. */
export function comparisonIdentical(comparison: MessagesComparison): boolean {
  return comparison.kind === 'diffed' && comparison.groups.every((group) => group.identical);
}
