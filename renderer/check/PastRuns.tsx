// The runs kept in the store, newest first: the endpoint, when, how it went; open one, delete one,
// or pick two of one endpoint and compare them.

import { useState } from 'react';
import type { CheckRunSummary } from '../../shared/api/checks.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage, formatTime } from '../components/format.ts';
import { navigate, routeHash } from '../route.ts';
import { comparePick, countsText, endpointOf, STATE_WORDS, togglePick } from './runs.ts';
import type { CheckRuns } from './use-check-runs.ts';

export function PastRuns({ list }: { readonly list: CheckRuns }) {
  const [picked, setPicked] = useState<readonly number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const runs = list.runs;
  const pick = runs === null ? null : comparePick(runs, picked);

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

  return (
    <section className="check-past" aria-labelledby="check-past-title" data-testid="check-runs">
      <h2 id="check-past-title">Past runs</h2>
      <ErrorLine message={list.error === null ? null : `Could not list the runs: ${list.error}`} />
      <ErrorLine message={error} />
      <p role="status" className="muted">
        {notice}
      </p>
      {runs === null ? (
        list.error === null && <p className="muted">Loading the runs…</p>
      ) : runs.length === 0 ? (
        <p className="muted">No run yet.</p>
      ) : (
        <>
          <table className="check-runs">
            <thead>
              <tr>
                <th scope="col">Compare</th>
                <th scope="col">Run</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Started</th>
                <th scope="col">State</th>
                <th scope="col">Verdicts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id} data-testid="check-run-row" data-run={run.id} data-state={run.state}>
                  <td>
                    <input type="checkbox" aria-label={`Pick run #${run.id} to compare`} checked={picked.includes(run.id)} onChange={() => setPicked((was) => togglePick(was, run.id))} />
                  </td>
                  <td>
                    <a href={routeHash({ view: 'check', run: run.id })}>Run #{run.id}</a>
                  </td>
                  <td className="check-runs-endpoint">{endpointOf(run)}</td>
                  <td>{formatTime(run.startedAt)}</td>
                  <td>{STATE_WORDS[run.state]}</td>
                  <td data-testid="check-run-counts">{countsText(run.counts)}</td>
                  <td>
                    <button type="button" className="secondary" disabled={run.state === 'running'} aria-label={`Delete run #${run.id}`} onClick={() => remove(run)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
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
