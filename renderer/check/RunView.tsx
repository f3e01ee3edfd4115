// One run (#/check/run/N): its verdicts arriving, then the matrix, and the earlier runs of the same
// endpoint it can be compared with.

import { useMemo } from 'react';
import type { CheckRunSummary, StoredCheckRun } from '../../shared/api/checks.ts';
import { formatTime } from '../components/format.ts';
import { routeHash } from '../route.ts';
import { CheckMatrix } from './CheckMatrix.tsx';
import { buildMatrix, cellLabel } from './matrix.ts';
import { ResultList } from './ResultList.tsx';
import { RunHeader } from './RunHeader.tsx';
import { comparePick, countsText, sameEndpoint } from './runs.ts';
import { useCheckRun } from './use-check-run.ts';
import { useCheckRuns } from './use-check-runs.ts';

export function RunView({ id }: { readonly id: number }) {
  const load = useCheckRun(id);
  return (
    <main className="check-view" data-testid="check-run" aria-busy={load.status === 'loading'}>
      <nav className="crumbs">
        <a href={routeHash({ view: 'check' })}>← Check</a>
      </nav>
      {load.status === 'loading' && (
        <p className="view-state" role="status">
          Loading check run #{id}…
        </p>
      )}
      {load.status === 'missing' && (
        <p className="view-state" role="alert">
          There is no check run #{id}. It may have been deleted.
        </p>
      )}
      {load.status === 'error' && (
        <p className="view-state error" role="alert">
          Check run #{id} could not be loaded: {load.message}
        </p>
      )}
      {load.status === 'ready' && <Run run={load.run} />}
    </main>
  );
}

function Run({ run }: { readonly run: StoredCheckRun }) {
  const matrix = useMemo(() => buildMatrix(run), [run]);
  return (
    <>
      <RunHeader run={run} />
      <section aria-labelledby="check-matrix-title">
        <h2 id="check-matrix-title">Matrix</h2>
        <CheckMatrix matrix={matrix} label={cellLabel} caption="Checks by API: each verdict opens the recording behind it" rowHeading="Check" />
      </section>
      <section aria-labelledby="check-results-title">
        <h2 id="check-results-title">Verdicts, as judged</h2>
        <ResultList checks={run.checks} results={run.results} />
      </section>
      {run.state !== 'running' && <CompareWith run={run} />}
    </>
  );
}

/** The other runs of this endpoint: each one a link to the two side by side, the older as before. */
function CompareWith({ run }: { readonly run: CheckRunSummary }) {
  const { runs } = useCheckRuns();
  const others = runs === null ? [] : sameEndpoint(runs, run).filter((other) => other.state !== 'running');
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="check-compare-with-title">
      <h2 id="check-compare-with-title">Compare with another run of this endpoint</h2>
      <ul className="check-compare-with">
        {others.map((other) => {
          const pick = comparePick([run, other], [run.id, other.id]);
          if (!pick.ok) return null;
          return (
            <li key={other.id}>
              <a href={routeHash({ view: 'check', compare: [pick.before, pick.after] })}>
                Run #{other.id}, {formatTime(other.startedAt)}
              </a>{' '}
              <span className="muted">{countsText(other.counts)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
