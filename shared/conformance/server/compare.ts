// Two runs of one endpoint compared, check by check (issue 29: "two runs of the same endpoint
// compared side by side (what got fixed, what broke)"). Pure: the CLI's `check --compare` and the
// app's Check view read the same answer. Findings are compared by code and severity, not by
// message: a message carries timings and sizes that differ from run to run.

import type { Protocol } from '../../dialects/types.ts';
import type { CheckResult } from './report.ts';
import type { CheckStatus } from './types.ts';

/**
 * `fixed`: fail or warn before, pass after; `broke`: pass before, fail or warn after; `changed`:
 * any other change of status (warn → fail, a skip), or the same status with other findings; `same`;
 * `added`: only the later run has it; `removed`: only the earlier one.
 */
export type CheckChange = 'fixed' | 'broke' | 'changed' | 'same' | 'added' | 'removed';

export const CHECK_CHANGES: readonly CheckChange[] = ['broke', 'fixed', 'changed', 'added', 'removed', 'same'];

export interface CheckComparison {
  readonly id: string;
  readonly protocol: Protocol;
  readonly change: CheckChange;
  /** Null: the run has no result for it. */
  readonly before: CheckStatus | null;
  readonly after: CheckStatus | null;
  /** Findings the later run has and the earlier had not, and those it lost, as `code (severity)`. */
  readonly newFindings: readonly string[];
  readonly goneFindings: readonly string[];
  /** Each run's recording behind the verdict, to open side by side. */
  readonly recordings: { readonly before: number | null; readonly after: number | null };
}

export interface RunComparison {
  /** The later run's checks in its order, then those only the earlier run had, in its order. */
  readonly checks: readonly CheckComparison[];
  readonly counts: Readonly<Record<CheckChange, number>>;
}

export function compareRuns(before: readonly CheckResult[], after: readonly CheckResult[]): RunComparison {
  const earlier = new Map(before.map((result) => [result.id, result]));
  const later = new Set(after.map((result) => result.id));
  const checks: CheckComparison[] = [];
  for (const result of after) checks.push(compareOne(earlier.get(result.id), result));
  for (const result of before) if (!later.has(result.id)) checks.push(compareOne(result, undefined));
  const counts: Record<CheckChange, number> = { fixed: 0, broke: 0, changed: 0, same: 0, added: 0, removed: 0 };
  for (const check of checks) counts[check.change]++;
  return { checks, counts };
}

/** Whether the later run broke something the earlier passed: what `check --compare` exits 1 for. */
export function somethingBroke(comparison: RunComparison): boolean {
  return comparison.counts.broke > 0;
}

function compareOne(before: CheckResult | undefined, after: CheckResult | undefined): CheckComparison {
  const either = (after ?? before)!;
  const was = findingKeys(before);
  const is = findingKeys(after);
  const newFindings = [...is].filter((key) => !was.has(key));
  const goneFindings = [...was].filter((key) => !is.has(key));
  return {
    id: either.id,
    protocol: either.protocol,
    change: changeOf(before?.status ?? null, after?.status ?? null, newFindings.length + goneFindings.length > 0),
    before: before?.status ?? null,
    after: after?.status ?? null,
    newFindings: newFindings.map(describeKey),
    goneFindings: goneFindings.map(describeKey),
    recordings: { before: before?.recordingId ?? null, after: after?.recordingId ?? null },
  };
}

function changeOf(before: CheckStatus | null, after: CheckStatus | null, findingsMoved: boolean): CheckChange {
  if (before === null) return 'added';
  if (after === null) return 'removed';
  const flawed = (status: CheckStatus): boolean => status === 'fail' || status === 'warn';
  if (flawed(before) && after === 'pass') return 'fixed';
  if (before === 'pass' && flawed(after)) return 'broke';
  return before !== after || findingsMoved ? 'changed' : 'same';
}

/** `code severity` of each finding, once each. */
function findingKeys(result: CheckResult | undefined): Set<string> {
  return new Set((result?.findings ?? []).map((finding) => `${finding.code} ${finding.severity}`));
}

function describeKey(key: string): string {
  const [code, severity] = key.split(' ');
  return `${code} (${severity})`;
}
