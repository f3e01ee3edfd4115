// Two runs of one endpoint side by side (issue 29, "In the app": what got fixed, what broke): per
// check, its verdict before and after and what changed, in the words the view shows. The
// comparison itself is the shape of shared/conformance/server/compare.ts's `compareRuns`.

import type { CheckResult } from '../../shared/api/checks.ts';
import type { CheckStatus } from '../../shared/conformance/server/types.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

export type CheckChange = 'fixed' | 'broke' | 'changed' | 'same' | 'added' | 'removed';

export interface CheckComparison {
  readonly id: string;
  readonly protocol: Protocol;
  readonly change: CheckChange;
  readonly before: CheckResult | null;
  readonly after: CheckResult | null;
}

// How bad a verdict is; a skip is outside the scale (nothing was judged).
const BADNESS: Readonly<Record<Exclude<CheckStatus, 'skip'>, number>> = { pass: 0, warn: 1, fail: 2 };

function codes(result: CheckResult): string {
  return result.findings
    .map((finding) => finding.code)
    .sort()
    .join(' ');
}

/** What happened to one check between two runs. */
export function changeOf(before: CheckResult | null, after: CheckResult | null): CheckChange {
  if (before === null) return 'added';
  if (after === null) return 'removed';
  if (before.status !== 'skip' && after.status !== 'skip') {
    const delta = BADNESS[after.status] - BADNESS[before.status];
    if (delta < 0) return 'fixed';
    if (delta > 0) return 'broke';
  }
  return before.status === after.status && codes(before) === codes(after) ? 'same' : 'changed';
}

/** Every check of either run, in the later run's order, then the earlier's checks it no longer has. */
export function compareRuns(before: { readonly results: readonly CheckResult[] }, after: { readonly results: readonly CheckResult[] }): CheckComparison[] {
  const earlier = new Map(before.results.map((result) => [result.id, result]));
  const later = new Set(after.results.map((result) => result.id));
  const compared = after.results.map((result) => {
    const was = earlier.get(result.id) ?? null;
    return { id: result.id, protocol: result.protocol, change: changeOf(was, result), before: was, after: result };
  });
  const gone = before.results.filter((result) => !later.has(result.id)).map((result) => ({ id: result.id, protocol: result.protocol, change: 'removed' as const, before: result, after: null }));
  return [...compared, ...gone];
}

export const CHANGE_WORDS: Readonly<Record<CheckChange, string>> = { fixed: 'fixed', broke: 'broke', changed: 'changed', same: 'same', added: 'new check', removed: 'no longer run' };

/** The order the tally names them in: what needs a look first. */
const TALLY_ORDER: readonly CheckChange[] = ['broke', 'fixed', 'changed', 'added', 'removed', 'same'];

/** `1 broke · 2 fixed · 15 same`: only the changes there are. */
export function changeTally(compared: readonly CheckComparison[]): string {
  const counts = new Map<CheckChange, number>();
  for (const each of compared) counts.set(each.change, (counts.get(each.change) ?? 0) + 1);
  const parts = TALLY_ORDER.filter((change) => counts.has(change)).map((change) => `${counts.get(change)} ${CHANGE_WORDS[change]}`);
  return parts.length === 0 ? 'No checks in either run.' : parts.join(' · ');
}

/** The finding codes one side has and the other has not: what a `changed` (or any) verdict moved by. */
export function findingsMoved(compared: Pick<CheckComparison, 'before' | 'after'>): { readonly gone: readonly string[]; readonly appeared: readonly string[] } {
  const before = new Set(compared.before?.findings.map((finding) => finding.code) ?? []);
  const after = new Set(compared.after?.findings.map((finding) => finding.code) ?? []);
  return { gone: [...before].filter((code) => !after.has(code)), appeared: [...after].filter((code) => !before.has(code)) };
}
