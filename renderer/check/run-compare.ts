// Two runs of one endpoint side by side (issue 29, "In the app": what got fixed, what broke): the
// comparison is shared/conformance/server/compare.ts's, the one `check --compare` prints; here each
// row gets both verdicts back (their one-line summaries and recordings) and the words the view shows.

import type { CheckResult } from '../../shared/api/checks.ts';
import { CHECK_CHANGES, compareRuns } from '../../shared/conformance/server/compare.ts';
import type { CheckChange, CheckComparison, RunComparison } from '../../shared/conformance/server/compare.ts';

export type { CheckChange };

export interface ComparedRow {
  readonly comparison: CheckComparison;
  readonly before: CheckResult | null;
  readonly after: CheckResult | null;
}

export interface ComparedRuns {
  readonly rows: readonly ComparedRow[];
  readonly counts: RunComparison['counts'];
}

export function compareStoredRuns(before: { readonly results: readonly CheckResult[] }, after: { readonly results: readonly CheckResult[] }): ComparedRuns {
  const { checks, counts } = compareRuns(before.results, after.results);
  const find = (results: readonly CheckResult[], id: string): CheckResult | null => results.find((result) => result.id === id) ?? null;
  return { rows: checks.map((comparison) => ({ comparison, before: find(before.results, comparison.id), after: find(after.results, comparison.id) })), counts };
}

export const CHANGE_WORDS: Readonly<Record<CheckChange, string>> = { fixed: 'fixed', broke: 'broke', changed: 'changed', same: 'same', added: 'new check', removed: 'no longer run' };

/** `1 broke · 2 fixed · 15 same`: only the changes there are, what needs a look first. */
export function changeTally(counts: RunComparison['counts']): string {
  const parts = CHECK_CHANGES.filter((change) => counts[change] > 0).map((change) => `${counts[change]} ${CHANGE_WORDS[change]}`);
  return parts.length === 0 ? 'No checks in either run.' : parts.join(' · ');
}

/** The comparison of two stored recordings of a check, when both runs stored one and it changed. */
export function streamsHref(comparison: CheckComparison): { readonly a: number; readonly b: number } | null {
  const { before, after } = comparison.recordings;
  return before !== null && after !== null && comparison.change !== 'same' ? { a: before, b: after } : null;
}
