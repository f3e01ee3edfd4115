// What `streamscope check --json` prints (issue 29, "The command"): the target, the dialects
// checked, each check's verdict with the recording behind it, and the counts. One shape, which the
// terminal table and (later) the HTML report and the app read too.

import type { Protocol } from '../../dialects/types.ts';
import { descriptorOf } from '../../dialects/registry.ts';
import type { CheckFinding, CheckStatus } from './types.ts';

/** A check's outcome in a run: its verdict, or a skip with the reason. */
export interface CheckResult {
  readonly id: string;
  readonly protocol: Protocol;
  readonly status: CheckStatus;
  readonly summary: string;
  readonly expected: readonly string[];
  readonly findings: readonly CheckFinding[];
  /** The stored recording behind the verdict; null when none was stored. */
  readonly recordingId: number | null;
}

export interface CheckReport {
  readonly target: { readonly baseUrl: string; readonly model: string | null };
  /** The dialects checked, by the word a user types (`chat`, `responses`, `messages`). */
  readonly apis: readonly string[];
  /** Each result, its dialect by the word a user types. */
  readonly checks: readonly (Omit<CheckResult, 'protocol'> & { readonly api: string })[];
  readonly counts: Readonly<Record<CheckStatus, number>>;
}

export function checkReport(target: CheckReport['target'], protocols: readonly Protocol[], results: readonly CheckResult[]): CheckReport {
  const counts: Record<CheckStatus, number> = { pass: 0, warn: 0, fail: 0, skip: 0 };
  for (const result of results) counts[result.status]++;
  return {
    target,
    apis: protocols.map((protocol) => descriptorOf(protocol).word),
    checks: results.map(({ id, protocol, status, summary, expected, findings, recordingId }) => ({ id, api: descriptorOf(protocol).word, status, summary, expected, findings, recordingId })),
    counts,
  };
}

/** Whether the run failed: a check failed, or with `failOn: 'warning'` one warned. */
export function runFailed(report: CheckReport, failOn: 'error' | 'warning'): boolean {
  return report.counts.fail > 0 || (failOn === 'warning' && report.counts.warn > 0);
}
