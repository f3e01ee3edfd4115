// The two recordings' findings paired by diagnostic code: one row per code either has, with each
// side's findings, most severe first (as the diagnostics panel orders them), so that what only
// one recording shows — the finding that tells them apart — stands out.

import type { Diagnostic, DiagnosticCode, Severity } from '../../shared/analysis/diagnostics/catalogue.ts';
import { CATALOGUE, SEVERITY_ORDER } from '../../shared/analysis/diagnostics/catalogue.ts';

export interface DiagnosticPair {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** The catalogue's title of the code. */
  readonly title: string;
  /** Each side's findings of this code, in the order its analysis found them. */
  readonly a: readonly Diagnostic[];
  readonly b: readonly Diagnostic[];
  /** The code is found in one recording only. */
  readonly onlyIn: 'a' | 'b' | null;
}

/** One pair per code either side found: errors first, then warnings, then notes; by code within each. */
export function pairDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): DiagnosticPair[] {
  const codes = [...new Set([...a, ...b].map((diagnostic) => diagnostic.code))];
  return codes
    .map((code): DiagnosticPair => {
      const left = a.filter((diagnostic) => diagnostic.code === code);
      const right = b.filter((diagnostic) => diagnostic.code === code);
      const { severity, title } = CATALOGUE[code];
      return { code, severity, title, a: left, b: right, onlyIn: left.length === 0 ? 'b' : right.length === 0 ? 'a' : null };
    })
    .sort((x, y) => SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity] || (x.code < y.code ? -1 : x.code > y.code ? 1 : 0));
}
