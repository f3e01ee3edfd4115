// A's and B's findings in two columns, one row per diagnostic code (./diagnostic-pairs.ts); a
// code only one recording has is highlighted and says so: it is what tells the two apart. Across
// dialects, a dialect's own codes are listed after the shared ones and not set against each other.

import { useMemo } from 'react';
import type { Diagnostic } from '../../shared/analysis/diagnostics/catalogue.ts';
import { SEVERITY_UNITS } from '../../shared/analysis/diagnostics/groups.ts';
import { formatCount } from '../components/format.ts';
import { pairDiagnostics } from './diagnostic-pairs.ts';

export function DiagnosticsColumns({ a, b, sameDialect = true }: { readonly a: readonly Diagnostic[]; readonly b: readonly Diagnostic[]; readonly sameDialect?: boolean }) {
  const pairs = useMemo(() => pairDiagnostics(a, b, sameDialect), [a, b, sameDialect]);
  if (pairs.length === 0) {
    return (
      <p className="compare-identical" data-testid="compare-diagnostics">
        Neither recording has a finding: both streams are clean.
      </p>
    );
  }
  return (
    <table className="compare-table compare-diagnostics" data-testid="compare-diagnostics">
      <thead>
        <tr>
          <th scope="col">Finding</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((pair) => (
          <tr key={pair.code} data-code={pair.code} data-comparable={pair.comparable} className={pair.onlyIn ? 'compare-only-row' : undefined}>
            <th scope="row">
              <span className={`compare-severity severity-${pair.severity}`}>{SEVERITY_UNITS[pair.severity][0]}</span> <code>{pair.code}</code>
              <div className="muted">{pair.title}</div>
              {pair.onlyIn && <div className="compare-only">only in {pair.onlyIn.toUpperCase()}</div>}
              {!pair.comparable && <div className="muted">one dialect’s own finding: not compared</div>}
            </th>
            <td>
              <Findings found={pair.a} />
            </td>
            <td>
              <Findings found={pair.b} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Findings({ found }: { readonly found: readonly Diagnostic[] }) {
  if (found.length === 0) return <span className="muted">none</span>;
  return (
    <>
      {found.length > 1 && <div className="muted">{formatCount(found.length)} findings</div>}
      <div>{found[0]!.message}</div>
    </>
  );
}
