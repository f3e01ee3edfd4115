// The terminal's lines for a check run: one line a verdict as it finishes, then the counts by
// dialect. `check` prints them as it runs, `check --run ID` again from the store.

import { styleText } from 'node:util';
import type { CheckReport, CheckResult } from '../../../shared/conformance/server/report.ts';
import type { CheckStatus } from '../../../shared/conformance/server/types.ts';

export const STATUS_STYLE: Readonly<Record<CheckStatus, Parameters<typeof styleText>[0]>> = { pass: 'green', warn: 'yellow', fail: 'red', skip: 'dim' };

/** One line a check, as it finishes: its status, its id, and what it found. */
export function resultLine(result: CheckResult, color: boolean): string {
  const status = result.status.padEnd(4);
  const recording = result.recordingId === null ? '' : `  (recording ${result.recordingId})`;
  return `${color ? styleText(STATUS_STYLE[result.status], status) : status}  ${result.id.padEnd(28)} ${result.summary}${recording}`;
}

/** The counts by dialect, then in all. */
export function table(report: CheckReport): string {
  const rows = report.apis.map((api) => {
    const checks = report.checks.filter((check) => check.api === api);
    const count = (status: CheckStatus): number => checks.filter((check) => check.status === status).length;
    return [api, count('pass'), count('warn'), count('fail'), count('skip')];
  });
  rows.push(['all', report.counts.pass, report.counts.warn, report.counts.fail, report.counts.skip]);
  const header = ['api', 'pass', 'warn', 'fail', 'skip'];
  const line = (cells: readonly (string | number)[]): string => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(10) : String(cell).padStart(5))).join(' ');
  return [line(header), ...rows.map(line)].join('\n');
}
