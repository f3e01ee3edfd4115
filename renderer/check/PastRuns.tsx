// The runs kept in the store, newest first, server and client runs in one list (each says which):
// what it checked, when, how it went; open one, delete one, or pick two server runs of one
// endpoint and compare them (client runs are not compared yet).

import { useState } from 'react';
import type { CheckRunSummary } from '../../shared/api/checks.ts';
import type { ClientRunSummary } from '../../shared/api/client-checks.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage, formatTime } from '../components/format.ts';
import { navigate, routeHash } from '../route.ts';
import { clientCountsText, pastRuns } from './client-runs.ts';
import { comparePick, countsText, endpointOf, STATE_WORDS, togglePick } from './runs.ts';
import type { ClientRuns } from './use-client-runs.ts';
import type { CheckRuns } from './use-check-runs.ts';

export function PastRuns({ list, clients }: { readonly list: CheckRuns; readonly clients: ClientRuns }) {
  const [picked, setPicked] = useState<readonly number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Shown once both lists answered (or one failed, said above it), so that rows do not jump.
  const runs = (list.runs === null && list.error === null) || (clients.runs === null && clients.error === null) ? null : pastRuns(list.runs, clients.runs);
  // Neither list answered: the errors above say so, not "No run yet".
  const unknown = list.runs === null && clients.runs === null;
  const pick = list.runs === null ? null : comparePick(list.runs, picked);

  const remove = (run: CheckRunSummary): void => {
    setError(null);
    api.deleteCheckRun({ id: run.id }).then(
      () => {
        setPicked((was) => was.filter((id) => id !== run.id));
        setNotice(`Deleted run #${run.id}.`);
        list.refresh();
      },
      (failure: unknown) => setError(`Could not delete run #${run.id}: ${errorMessage(failure)}`),
    );
  };
  const removeClient = (run: ClientRunSummary): void => {
    setError(null);
    api.deleteClientRun({ id: run.id }).then(
      () => {
        setNotice(`Deleted client run #${run.id}.`);
        clients.refresh();
      },
      (failure: unknown) => setError(`Could not delete client run #${run.id}: ${errorMessage(failure)}`),
    );
  };

  return (
    <section className="check-past" aria-labelledby="check-past-title" data-testid="check-runs">
      <h2 id="check-past-title">Past runs</h2>
      <ErrorLine message={list.error === null ? null : `Could not list the runs: ${list.error}`} />
      <ErrorLine message={clients.error === null ? null : `Could not list the client runs: ${clients.error}`} />
      <ErrorLine message={error} />
      <p role="status" className="muted">
        {notice}
      </p>
      {unknown && list.error !== null && clients.error !== null ? null : runs === null ? (
        <p className="muted">Loading the runs…</p>
      ) : runs.length === 0 ? (
        <p className="muted">No run yet.</p>
      ) : (
        <>
          <table className="check-runs">
            <thead>
              <tr>
                <th scope="col">Compare</th>
                <th scope="col">Run</th>
                <th scope="col">Kind</th>
                <th scope="col">Endpoint or command</th>
                <th scope="col">Started</th>
                <th scope="col">State</th>
                <th scope="col">Verdicts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.map((past) =>
                past.kind === 'server' ? (
                  <ServerRow key={`server-${past.run.id}`} run={past.run} picked={picked.includes(past.run.id)} onPick={() => setPicked((was) => togglePick(was, past.run.id))} onDelete={() => remove(past.run)} />
                ) : (
                  <ClientRow key={`client-${past.run.id}`} run={past.run} onDelete={() => removeClient(past.run)} />
                ),
              )}
            </tbody>
          </table>
          <div className="check-actions">
            <button type="button" disabled={pick === null || !pick.ok} onClick={() => pick?.ok && navigate({ view: 'check', compare: [pick.before, pick.after] })}>
              Compare the two runs
            </button>
            {pick !== null && !pick.ok && <span className="muted">{pick.why}</span>}
          </div>
        </>
      )}
    </section>
  );
}

function ServerRow({ run, picked, onPick, onDelete }: { readonly run: CheckRunSummary; readonly picked: boolean; readonly onPick: () => void; readonly onDelete: () => void }) {
  return (
    <tr data-testid="check-run-row" data-kind="server" data-run={run.id} data-state={run.state}>
      <td>
        <input type="checkbox" aria-label={`Pick run #${run.id} to compare`} checked={picked} onChange={onPick} />
      </td>
      <td>
        <a href={routeHash({ view: 'check', run: run.id })}>Run #{run.id}</a>
      </td>
      <td>Server</td>
      <td className="check-runs-endpoint">{endpointOf(run)}</td>
      <td>{formatTime(run.startedAt)}</td>
      <td>{STATE_WORDS[run.state]}</td>
      <td data-testid="check-run-counts">{countsText(run.counts)}</td>
      <td>
        <button type="button" className="secondary" disabled={run.state === 'running'} aria-label={`Delete run #${run.id}`} onClick={onDelete}>
          Delete
        </button>
      </td>
    </tr>
  );
}

/** A client run's own words (`Client run #3`), so that it is never taken for the server run of the same number. */
function ClientRow({ run, onDelete }: { readonly run: ClientRunSummary; readonly onDelete: () => void }) {
  return (
    <tr data-testid="client-run-row" data-kind="client" data-run={run.id} data-state={run.state}>
      <td />
      <td>
        <a href={routeHash({ view: 'check', run: run.id, client: true })}>Client run #{run.id}</a>
      </td>
      <td>Client</td>
      <td className="check-runs-endpoint">
        <code>{run.command}</code>
      </td>
      <td>{formatTime(run.startedAt)}</td>
      <td>{STATE_WORDS[run.state]}</td>
      <td data-testid="check-run-counts" className={run.counts.wrong > 0 ? 'check-runs-wrong' : undefined}>
        {clientCountsText(run.counts)}
      </td>
      <td>
        <button type="button" className="secondary" disabled={run.state === 'running'} aria-label={`Delete client run #${run.id}`} onClick={onDelete}>
          Delete
        </button>
      </td>
    </tr>
  );
}
