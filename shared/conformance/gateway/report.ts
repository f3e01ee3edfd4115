// Gateway mode's report: every scenario's changes, as `check --gateway --json` prints it, and
// whether the run failed. Pure, so the CLI, the tests and later the app read one shape.

import type { Severity } from '../../findings/finding.ts';
import type { GatewayChange } from './catalogue.ts';

export interface GatewayScenarioResult {
  /** The simulator scenario (`text`, `crlf` …). */
  readonly id: string;
  /** The dialect's word (`chat`, `responses`, `messages`). */
  readonly api: string;
  /** The recordings compared (null when none was stored). */
  readonly direct: number | null;
  readonly via: number | null;
  readonly changes: readonly GatewayChange[];
}

export interface GatewayCounts {
  readonly scenarios: number;
  /** Scenarios with no change at all. */
  readonly unchanged: number;
  /** Changes, by severity. */
  readonly error: number;
  readonly warning: number;
  readonly info: number;
}

export interface GatewayReport {
  readonly gateway: string;
  readonly upstream: string;
  readonly scenarios: readonly GatewayScenarioResult[];
  readonly counts: GatewayCounts;
}

export function gatewayReport(gateway: string, upstream: string, scenarios: readonly GatewayScenarioResult[]): GatewayReport {
  const changes = scenarios.flatMap((scenario) => scenario.changes);
  const bySeverity = (severity: Severity): number => changes.filter((found) => found.severity === severity).length;
  return {
    gateway,
    upstream,
    scenarios,
    counts: { scenarios: scenarios.length, unchanged: scenarios.filter((scenario) => scenario.changes.length === 0).length, error: bySeverity('error'), warning: bySeverity('warning'), info: bySeverity('info') },
  };
}

/** Whether the run fails: a change of severity error (with `warning`, a warning too). */
export function gatewayRunFailed(report: GatewayReport, failOn: 'error' | 'warning'): boolean {
  return report.counts.error > 0 || (failOn === 'warning' && report.counts.warning > 0);
}
