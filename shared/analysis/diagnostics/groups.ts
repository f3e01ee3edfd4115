// Diagnostics as a reader takes them in: errors first, then warnings, then notes, each group
// counted; and a finding's evidence cut to the first few events with a count of the rest (a
// finding about every event of a 100,000-event stream must not become 100,000 links).

import type { Diagnostic, Severity } from './catalogue.ts';

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

export const SEVERITY_TITLES: Readonly<Record<Severity, string>> = { error: 'Errors', warning: 'Warnings', info: 'Notes' };

/** `2 errors`, `1 warning`, `3 notes`. */
export const SEVERITY_UNITS: Readonly<Record<Severity, readonly [one: string, many: string]>> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
};

export interface SeverityGroup {
  readonly severity: Severity;
  readonly title: string;
  /** In the order the analysis found them. */
  readonly diagnostics: readonly Diagnostic[];
}

/** One group per severity, most severe first, empty groups included (a tally shows their 0). */
export function groupBySeverity(diagnostics: readonly Diagnostic[]): SeverityGroup[] {
  return SEVERITIES.map((severity) => ({ severity, title: SEVERITY_TITLES[severity], diagnostics: diagnostics.filter((diagnostic) => diagnostic.severity === severity) }));
}

/** How many evidence events (or reads) a finding links before it counts the rest. */
export const EVIDENCE_LINKS = 20;

/** The first `limit` of a finding's evidence, and how many more there are. */
export function evidenceOf(indexes: readonly number[], limit = EVIDENCE_LINKS): { readonly shown: readonly number[]; readonly more: number } {
  return { shown: indexes.slice(0, limit), more: Math.max(0, indexes.length - limit) };
}
