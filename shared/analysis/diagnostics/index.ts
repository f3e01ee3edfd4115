export { CATALOGUE, CODES_OF_EVERY_DIALECT, SEVERITY_ORDER, STREAM_CATALOGUE, finding } from './catalogue.ts';
export type { CatalogueEntry, CodeInfo, Diagnostic, DiagnosticCode, Severity, StreamCode } from './catalogue.ts';
export { DEFAULT_DIAGNOSTIC_OPTIONS } from './context.ts';
export type { DiagnosticContext, DiagnosticOptions } from './context.ts';
export { diagnose } from './diagnose.ts';
export { STANDARD_FINISH_REASONS } from '../../dialects/chat/diagnostics/index.ts';
export { EVIDENCE_LINKS, SEVERITIES, SEVERITY_TITLES, SEVERITY_UNITS, evidenceOf, groupBySeverity } from './groups.ts';
export type { SeverityGroup } from './groups.ts';
