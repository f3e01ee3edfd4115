// The verdicts of a run in the order they were judged, as they arrive: status, id, one line, the
// findings, and the rules the check applied.

import type { CheckInfo, CheckResult } from '../../shared/api/checks.ts';
import { evidenceHref } from './matrix.ts';
import { ExpectedRules } from './ExpectedRules.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export function ResultList({ checks, results }: { readonly checks: readonly CheckInfo[]; readonly results: readonly CheckResult[] }) {
  if (results.length === 0) return <p className="muted">No verdict yet: the first check is under way.</p>;
  return (
    <ol className="check-results" data-testid="check-results">
      {results.map((result) => {
        const href = evidenceHref(result);
        const info = checks.find((check) => check.id === result.id);
        return (
          <li key={result.id} data-testid="check-result" data-check={result.id} data-status={result.status}>
            <div className="check-result-line">
              <StatusBadge state={result.status} /> <code>{result.id}</code> <span className="check-summary">{result.summary}</span>
              {href !== null && (
                <a href={href} className="check-evidence" aria-label={`Open the recording of ${result.id}`}>
                  Recording #{result.recordingId}
                </a>
              )}
            </div>
            {result.findings.length > 0 && (
              <ul className="check-findings">
                {result.findings.map((finding, i) => (
                  <li key={`${finding.code}-${i}`} data-severity={finding.severity}>
                    <span className="check-finding-severity">{finding.severity}</span> <code>{finding.code}</code> {finding.message}
                  </li>
                ))}
              </ul>
            )}
            <ExpectedRules asks={info?.asks ?? null} expected={info?.expected ?? result.expected} />
          </li>
        );
      })}
    </ol>
  );
}
