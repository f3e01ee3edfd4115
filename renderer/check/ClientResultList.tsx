// A client run's verdicts in the order they were judged, as they arrive: verdict, case, one line,
// exit code and duration, the recording; unfolding, what the command printed and the requests it
// made to the mock.

import type { ClientCaseResult } from '../../shared/api/client-checks.ts';
import { formatMs } from '../components/format.ts';
import { caseKey, clientEvidenceHref } from './client-matrix.ts';
import { exitWords, requestLine } from './client-result.ts';
import { StatusBadge } from './StatusBadge.tsx';

export function ClientResultList({ results }: { readonly results: readonly ClientCaseResult[] }) {
  if (results.length === 0) return <p className="muted">No verdict yet: the first case is under way.</p>;
  return (
    <ol className="check-results" data-testid="check-results">
      {results.map((result) => {
        const href = clientEvidenceHref(result);
        const key = caseKey(result);
        return (
          <li key={key} data-testid="client-result" data-case={key} data-status={result.verdict}>
            <div className="check-result-line">
              <StatusBadge state={result.verdict} /> <code>{key}</code> <span className="check-summary">{result.summary}</span>
              {href !== null && (
                <a href={href} className="check-evidence" aria-label={`Open the recording of ${key}`}>
                  Recording #{result.recordingId}
                </a>
              )}
            </div>
            <p className="muted check-client-outcome">
              {exitWords(result.exitCode)} after {formatMs(result.durationMs)} · {result.expect === 'survive' ? 'a valid stream: to survive' : 'a broken stream: to detect'}
            </p>
            <details className="check-expected">
              <summary>What it did</summary>
              <Output name="stdout" text={result.stdout} />
              <Output name="stderr" text={result.stderr} />
              <h4>{result.requests.length === 1 ? '1 request to the mock' : `${result.requests.length} requests to the mock`}</h4>
              {result.requests.length > 0 && (
                <ol className="check-client-requests">
                  {result.requests.map((request, i) => (
                    <li key={i}>
                      <code>{requestLine(request)}</code>
                    </li>
                  ))}
                </ol>
              )}
            </details>
          </li>
        );
      })}
    </ol>
  );
}

function Output({ name, text }: { readonly name: string; readonly text: string }) {
  return (
    <>
      <h4>{name}</h4>
      {text === '' ? <p className="muted">(nothing)</p> : <pre className="check-client-output">{text}</pre>}
    </>
  );
}
