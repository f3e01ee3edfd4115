// What a run checked and where it stands: the endpoint (secrets redacted by the backend), the
// model, the dialects, when, the progress line, and Cancel while it runs.

import { useState } from 'react';
import type { StoredCheckRun } from '../../shared/api/checks.ts';
import { api } from '../api/index.ts';
import { dialectName } from '../components/dialect-names.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage, formatTime } from '../components/format.ts';
import { progressLine } from './run-state.ts';
import { endpointOf } from './runs.ts';

export function RunHeader({ run }: { readonly run: StoredCheckRun }) {
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = (): void => {
    setCancelling(true);
    setError(null);
    api.cancelCheck({ id: run.id }).then(
      () => setCancelling(false),
      (failure: unknown) => {
        setCancelling(false);
        setError(`Could not cancel it: ${errorMessage(failure)}`);
      },
    );
  };
  return (
    <header className="check-run-head">
      <h1>Check run #{run.id}</h1>
      <dl className="check-target">
        <dt>Endpoint</dt>
        <dd data-testid="check-endpoint">{run.model === null ? `${endpointOf(run)} (each check on its faithful scenario)` : run.baseUrl}</dd>
        {run.model !== null && (
          <>
            <dt>Model</dt>
            <dd>{run.model}</dd>
          </>
        )}
        {run.profile !== null && (
          <>
            <dt>Profile</dt>
            <dd>{run.profile}</dd>
          </>
        )}
        <dt>APIs</dt>
        <dd>{run.protocols.map(dialectName).join(', ')}</dd>
        <dt>Started</dt>
        <dd>{formatTime(run.startedAt)}</dd>
      </dl>
      <div className="check-progress">
        <p role="status" data-testid="check-progress" data-state={run.state}>
          {progressLine(run)}
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
