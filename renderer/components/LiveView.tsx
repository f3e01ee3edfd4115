// The recording under way (or just ended): its events as they arrive, the message so far, and
// the outcome. Everything recorded is shown as text; nothing from a stream becomes markup.

import { useState } from 'react';
import { api } from '../api/index.ts';
import { ErrorLine } from './ErrorLine.tsx';
import type { LiveSnapshot } from '../live/live-recording.ts';
import { errorMessage, formatBytes, formatCount, formatMs } from './format.ts';

export function LiveView({ id, live }: { readonly id: number; readonly live: LiveSnapshot | null }) {
  const [cancelError, setCancelError] = useState<string | null>(null);
  const finished = live?.finished ?? null;
  const outcome = finished?.summary?.outcome ?? finished?.end.outcome ?? null;

  async function cancel(): Promise<void> {
    try {
      await api.cancelRecording({ id });
    } catch (failure) {
      setCancelError(errorMessage(failure));
    }
  }

  return (
    <section aria-labelledby="live-heading" className="live">
      <h2 id="live-heading">Recording #{id}</h2>
      <p className="live-status" data-testid="live-status" aria-live="polite">
        {finished ? (
          <>
            Ended: <span className={`outcome outcome-${outcome}`}>{outcome}</span>
            {finished.end.error ? ` (${finished.end.error})` : ''}
          </>
        ) : live ? (
          'Recording…'
        ) : (
          'Waiting for the response…'
        )}
      </p>
      <dl className="live-stats">
        <div>
          <dt>Events</dt>
          <dd data-testid="live-events">{formatCount(live?.events ?? 0)}</dd>
        </div>
        <div>
          <dt>Reads</dt>
          <dd>{formatCount(live?.reads ?? 0)}</dd>
        </div>
        <div>
          <dt>Bytes</dt>
          <dd>{formatBytes(live?.bytes ?? 0)}</dd>
        </div>
        <div>
          <dt>HTTP</dt>
          <dd>{live?.status ?? '–'}</dd>
        </div>
        <div>
          <dt>Last read</dt>
          <dd>{formatMs(live?.lastT ?? null)}</dd>
        </div>
      </dl>
      {live?.incomplete && <p className="error">Some pushes were lost on the way: this view is incomplete; the stored recording is whole.</p>}
      {live && live.lastEvents.length > 0 && (
        <ol className="live-events" aria-label="Latest events">
          {live.lastEvents.map((event) => (
            <li key={event.index}>
              <span className="event-index">#{event.index}</span> <span className={`kind kind-${event.kind}`}>{event.kind}</span> <span className="annotation">{event.annotation}</span>
            </li>
          ))}
        </ol>
      )}
      {live && live.text !== '' && <pre className="live-text" data-testid="live-text">{live.text}</pre>}
      {finished?.summary && finished.summary.codes.length > 0 && <p className="muted">Findings: {finished.summary.codes.join(', ')}</p>}
      {!finished && (
        <button type="button" onClick={() => void cancel()}>
          Cancel
        </button>
      )}
      <ErrorLine message={cancelError} />
    </section>
  );
}
