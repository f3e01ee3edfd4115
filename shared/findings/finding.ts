// A finding and the catalogue entry it comes from: the layer below the dialects and the analysis
// (docs/architecture.md, "Layers"). Each dialect keeps its catalogue in its folder; the stream's
// own checks (transport, framing, timing, the analysis's bounds) keep theirs in
// analysis/diagnostics/catalogue.ts, which joins them all.

export type Severity = 'error' | 'warning' | 'info';

export const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** What a code means wherever it is found: one severity and one title for every dialect that reports it. */
export interface CodeInfo {
  readonly severity: Severity;
  readonly title: string;
}

/** A code as one catalogue has it: with the fix in that catalogue's own terms. */
export interface CatalogueEntry extends CodeInfo {
  readonly hint: string;
}

export interface Finding<Code extends string = string> {
  readonly code: Code;
  readonly severity: Severity;
  readonly message: string;
  readonly hint: string;
  /** The events that show it (indexes into the recording's events). */
  readonly events: readonly number[];
  /** The reads that show it, for transport findings. */
  readonly reads?: readonly number[];
}

/** Makes the findings of one catalogue: each takes its code's severity and hint. */
export function findingIn<Code extends string>(catalogue: Readonly<Record<Code, CatalogueEntry>>) {
  return (code: Code, message: string, events: readonly number[] = [], reads?: readonly number[]): Finding<Code> => {
    const entry = catalogue[code];
    return { code, severity: entry.severity, message, hint: entry.hint, events, ...(reads ? { reads } : {}) };
  };
}
