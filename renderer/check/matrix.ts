// A run's verdicts as the Check view lays them out: a row per check name (`text`, `tools`), a
// column per dialect, each cell the verdict of that dialect's check, or waiting for it, or none
// (a check a dialect's battery does not have). Pure: the view and its tests read the same layout.

import type { CheckInfo, CheckResult, StoredCheckRun } from '../../shared/api/checks.ts';
import type { CheckFinding, CheckStatus } from '../../shared/conformance/server/types.ts';
import { SEVERITY_ORDER } from '../../shared/findings/finding.ts';
import { descriptorOf, PROTOCOLS } from '../../shared/dialects/registry.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { routeHash } from '../route.ts';

/** A cell's state: a verdict, or `waiting` while the run has yet to judge it (or was stopped first). */
export type CellState = CheckStatus | 'waiting';

export interface MatrixCell {
  /** The check's id (`chat.text`). */
  readonly id: string;
  readonly state: CellState;
  readonly result: CheckResult | null;
  /** The recording behind the verdict, its first finding selected; null before the verdict, or when none was stored. */
  readonly href: string | null;
}

export interface MatrixRow {
  /** The check's name without its dialect (`text`, `parallel-tools`). */
  readonly name: string;
  /** One per column; null where that dialect's battery has no such check. */
  readonly cells: readonly (MatrixCell | null)[];
}

export interface Matrix {
  readonly columns: readonly Protocol[];
  readonly rows: readonly MatrixRow[];
}

/** `chat.parallel-tools` → `parallel-tools`: the ids are the dialect's word, a dot, the name. */
export function checkName(id: string): string {
  const dot = id.indexOf('.');
  return dot === -1 ? id : id.slice(dot + 1);
}

/** The word a user types for a dialect (`chat`), the matrix's column heading. */
export function dialectWord(protocol: Protocol): string {
  return descriptorOf(protocol).word;
}

/**
 * The finding that explains a verdict: the first of the worst severity. The recording's diagnostics
 * come first in `findings` and a passing stream has its notes (`obfuscation`, `ping`), so the very
 * first would often point past the broken rule that failed the check.
 */
export function leadingFinding(findings: readonly CheckFinding[]): CheckFinding | undefined {
  return findings.reduce<CheckFinding | undefined>((worst, finding) => (worst === undefined || SEVERITY_ORDER[finding.severity] < SEVERITY_ORDER[worst.severity] ? finding : worst), undefined);
}

/** Where a verdict's evidence is: its recording, with its leading finding selected when it has one. */
export function evidenceHref(result: CheckResult): string | null {
  if (result.recordingId === null) return null;
  const first = leadingFinding(result.findings);
  return routeHash(first === undefined ? { view: 'recording', id: result.recordingId } : { view: 'recording', id: result.recordingId, finding: first.code });
}

/**
 * The matrix of a run: its dialects as columns in the registry's order, its checks as rows in the
 * order the batteries list them (a name met first in a later dialect comes after the earlier ones').
 */
export function buildMatrix(run: Pick<StoredCheckRun, 'protocols' | 'checks' | 'results'>): Matrix {
  const columns = PROTOCOLS.filter((protocol) => run.protocols.includes(protocol));
  const results = new Map(run.results.map((result) => [result.id, result]));
  // A result whose check the run did not list (an older run, a battery since changed) still shows.
  const checks: Pick<CheckInfo, 'id' | 'protocol'>[] = [...run.checks];
  for (const result of run.results) if (!run.checks.some((check) => check.id === result.id)) checks.push(result);

  const names: string[] = [];
  const byCell = new Map<string, MatrixCell>();
  for (const check of checks) {
    if (!columns.includes(check.protocol)) continue;
    const name = checkName(check.id);
    if (!names.includes(name)) names.push(name);
    const result = results.get(check.id) ?? null;
    byCell.set(`${check.protocol} ${name}`, { id: check.id, state: result?.status ?? 'waiting', result, href: result === null ? null : evidenceHref(result) });
  }
  return { columns, rows: names.map((name) => ({ name, cells: columns.map((protocol) => byCell.get(`${protocol} ${name}`) ?? null) })) };
}

/** How a cell reads to a screen reader and in its tooltip: the check, its state, and its one line. */
export function cellLabel(cell: MatrixCell): string {
  const state = cell.state === 'waiting' ? 'not judged yet' : cell.state;
  return cell.result === null ? `${cell.id}: ${state}` : `${cell.id}: ${state}. ${cell.result.summary}`;
}
