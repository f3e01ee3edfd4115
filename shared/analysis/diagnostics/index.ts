export { CATALOGUE, SEVERITY_ORDER, finding } from './catalogue.ts';
export type { CatalogueEntry, Diagnostic, DiagnosticCode, Severity } from './catalogue.ts';
export { DEFAULT_DIAGNOSTIC_OPTIONS } from './context.ts';
export type { DiagnosticContext, DiagnosticOptions } from './context.ts';
export { diagnose } from './diagnose.ts';
export { STANDARD_FINISH_REASONS } from './finish.ts';
export { EVIDENCE_LINKS, SEVERITIES, SEVERITY_TITLES, SEVERITY_UNITS, evidenceOf, groupBySeverity } from './groups.ts';
export type { SeverityGroup } from './groups.ts';
