// The two recordings' findings paired by diagnostic code: one row per code either has, with each
// side's findings, most severe first (as the diagnostics panel orders them), so that what only
// one recording shows — the finding that tells them apart — stands out. Two recordings of
// different dialects share only the codes every dialect may report (the catalogue's
// CODES_OF_EVERY_DIALECT: the transport's, the framing's, the timing's, and the few each dialect's
// catalogue has); a code of one dialect has no counterpart in the other, so it is listed, not set
// against the other side.

import type { Diagnostic, DiagnosticCode, Severity } from '../../shared/analysis/diagnostics/catalogue.ts';
import { CATALOGUE, CODES_OF_EVERY_DIALECT, SEVERITY_ORDER } from '../../shared/analysis/diagnostics/catalogue.ts';

export interface DiagnosticPair {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** The catalogue's title of the code. */
  readonly title: string;
  /** Each side's findings of this code, in the order its analysis found them. */
  readonly a: readonly Diagnostic[];
  readonly b: readonly Diagnostic[];
  /** The code is found in one recording only (and means the same in both: `comparable`). */
  readonly onlyIn: 'a' | 'b' | null;
  /** The code means the same on both sides: the same dialect, or a code every dialect has. */
  readonly comparable: boolean;
}

/**
 * One pair per code either side found: errors first, then warnings, then notes; by code within
 * each. `sameDialect` false: only the codes every dialect has are compared; the others come after.
 */
export function pairDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[], sameDialect = true): DiagnosticPair[] {
  const codes = [...new Set([...a, ...b].map((diagnostic) => diagnostic.code))];
  return codes
    .map((code): DiagnosticPair => {
      const left = a.filter((diagnostic) => diagnostic.code === code);
      const right = b.filter((diagnostic) => diagnostic.code === code);
      const { severity, title } = CATALOGUE[code];
      const comparable = sameDialect || CODES_OF_EVERY_DIALECT.has(code);
      return { code, severity, title, a: left, b: right, onlyIn: !comparable ? null : left.length === 0 ? 'b' : right.length === 0 ? 'a' : null, comparable };
    })
    .sort((x, y) => Number(y.comparable) - Number(x.comparable) || SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity] || (x.code < y.code ? -1 : x.code > y.code ? 1 : 0));
}
