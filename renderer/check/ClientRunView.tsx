// One client run (#/check/client/run/N): the command, its progress and Cancel, the matrix of
// cases × dialects filling as verdicts arrive, and the verdicts in the order they were judged.

import { useMemo, useState } from 'react';
import type { StoredClientRun } from '../../shared/api/client-checks.ts';
import { api } from '../api/index.ts';
import { dialectName } from '../components/dialect-names.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage, formatTime } from '../components/format.ts';
import { routeHash } from '../route.ts';
import { CheckMatrix } from './CheckMatrix.tsx';
import { buildClientMatrix, clientCellLabel } from './client-matrix.ts';
import { clientProgressLine, wrongAlert } from './client-runs.ts';
import { ClientResultList } from './ClientResultList.tsx';
import { useClientRun } from './use-client-run.ts';

export function ClientRunView({ id }: { readonly id: number }) {
  const load = useClientRun(id);
  return (
    <main className="check-view" data-testid="client-run" aria-busy={load.status === 'loading'}>
      <nav className="crumbs">
        <a href={routeHash({ view: 'check', client: true })}>← Check a client</a>
      </nav>
      {load.status === 'loading' && (
        <p className="view-state" role="status">
          Loading client run #{id}…
        </p>
      )}
      {load.status === 'missing' && (
        <p className="view-state" role="alert">
          There is no client run #{id}. It may have been deleted.
        </p>
      )}
      {load.status === 'error' && (
        <p className="view-state error" role="alert">
          Client run #{id} could not be loaded: {load.message}
        </p>
      )}
      {load.status === 'ready' && <Run run={load.run} />}
    </main>
  );
}

function Run({ run }: { readonly run: StoredClientRun }) {
  const matrix = useMemo(() => buildClientMatrix(run), [run]);
  const alert = wrongAlert(run.counts);
  return (
    <>
      <ClientRunHeader run={run} />
      {alert !== null && (
        <p className="check-wrong-alert" role="alert" data-testid="client-wrong-alert">
          {alert}
        </p>
      )}
      <section aria-labelledby="check-matrix-title">
        <h2 id="check-matrix-title">Matrix</h2>
        <CheckMatrix matrix={matrix} label={clientCellLabel} caption="Cases by API: each verdict opens the stream the case served" rowHeading="Case" />
      </section>
      <section aria-labelledby="check-results-title">
        <h2 id="check-results-title">Verdicts, as judged</h2>
        <ClientResultList results={run.results} />
      </section>
    </>
  );
}

function ClientRunHeader({ run }: { readonly run: StoredClientRun }) {
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = (): void => {
    setCancelling(true);
    setError(null);
    api.cancelClientCheck({ id: run.id }).then(
      () => setCancelling(false),
      (failure: unknown) => {
        setCancelling(false);
        setError(`Could not cancel it: ${errorMessage(failure)}`);
      },
    );
  };
  return (
    <header className="check-run-head">
      <h1>Client run #{run.id}</h1>
      <dl className="check-target">
        <dt>Command</dt>
        <dd>
          <code data-testid="client-command">{run.command}</code>
        </dd>
        <dt>Folder</dt>
        <dd>
          <code>{run.cwd}</code>
        </dd>
        <dt>APIs</dt>
        <dd>{run.protocols.map(dialectName).join(', ')}</dd>
        <dt>Started</dt>
        <dd>{formatTime(run.startedAt)}</dd>
      </dl>
      <div className="check-progress">
        <p role="status" data-testid="check-progress" data-state={run.state}>
          {clientProgressLine(run)}
        </p>
        {run.state === 'running' && (
          <button type="button" className="secondary" disabled={cancelling} onClick={cancel}>
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
      <ErrorLine message={error} />
    </header>
  );
}
