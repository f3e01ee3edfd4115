// The stored recordings, newest first; fetched again whenever a recording starts or finishes.

import { useEffect, useState } from 'react';
import type { ListResult } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { routeHash } from '../route.ts';
import { ErrorLine } from './ErrorLine.tsx';
import { errorMessage, formatCount, formatMs, formatTime } from './format.ts';

export function RecordingsList({ refresh }: { readonly refresh: number }) {
  const [result, setResult] = useState<ListResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [finishedCount, setFinishedCount] = useState(0);

  useEffect(() => api.on('finished', () => setFinishedCount((count) => count + 1)), []);

  useEffect(() => {
    let current = true;
    api.listRecordings({ limit: 50 }).then(
      (list) => {
        if (!current) return;
        setResult(list);
        setError(null);
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [refresh, finishedCount]);

  return (
    <section aria-labelledby="recordings-heading">
      <h2 id="recordings-heading">Recordings{result ? ` (${formatCount(result.total)})` : ''}</h2>
      <ErrorLine message={error} />
      {result && result.items.length === 0 && <p className="muted">No recordings yet. Record one from the simulator above.</p>}
      {result && result.items.length > 0 && (
        <table className="recordings">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Name or model</th>
              <th scope="col">Source</th>
              <th scope="col">Outcome</th>
              <th scope="col" className="number">
                Events
              </th>
              <th scope="col" className="number">
                Duration
              </th>
              <th scope="col">Findings</th>
              <th scope="col">Recorded</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((item) => (
              <tr key={item.id} data-testid={`recording-${item.id}`}>
                <td>{item.id}</td>
                <td>
                  <a href={routeHash({ view: 'recording', id: item.id })}>{item.name ?? item.model ?? `Recording #${item.id}`}</a>
                </td>
                <td>{item.source}</td>
                <td>
                  <span className={`outcome outcome-${item.outcome ?? 'none'}`}>{item.outcome ?? '–'}</span>
                  {item.status !== null && item.status !== 200 && ` HTTP ${item.status}`}
                </td>
                <td className="number">{formatCount(item.eventCount)}</td>
                <td className="number">{formatMs(item.durationMs)}</td>
                <td>{item.codes.length > 0 ? item.codes.join(', ') : '–'}</td>
                <td>{formatTime(item.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
