// The recordings a server answers with, in order (the first that matches a request wins:
// docs/replay.md), and a search over the store to add more; each named with its model and
// dialect, as the recordings list names them.

import { useEffect, useId, useState } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { errorMessage, formatTime } from '../components/format.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { useDebounced } from '../history/useDebounced.ts';
import { dialectWords, titleOf } from '../history/words.ts';
import { useRecordingInfos } from './recording-info.ts';

/** Results shown at once: a search narrows them. */
const RESULTS = 8;

export function RecordingPicker({ chosen, onChange }: { readonly chosen: readonly number[]; readonly onChange: (ids: number[]) => void }) {
  const [text, setText] = useState('');
  const asked = useDebounced(text.trim(), 200);
  const [found, setFound] = useState<{ readonly asked: string; readonly rows: readonly RecordingSummary[]; readonly total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const infos = useRecordingInfos(chosen);
  const searchId = useId();

  useEffect(() => {
    let current = true;
    api.listRecordings({ ...(asked === '' ? {} : { text: asked }), limit: RESULTS + chosen.length }).then(
      (result) => {
        if (!current) return;
        setFound({ asked, rows: result.items, total: result.total });
        setError(null);
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [asked, chosen.length]);

  const offered = (found?.rows ?? []).filter((row) => !chosen.includes(row.id)).slice(0, RESULTS);

  return (
    <fieldset className="mock-picker">
      <legend>Recordings it answers with</legend>
      {chosen.length === 0 ? (
        <p className="muted">None chosen yet: add one below.</p>
      ) : (
        <ol className="mock-chosen" aria-label="Chosen recordings">
          {chosen.map((id) => {
            const info = infos.get(id);
            const name = info ? titleOf(info.summary) : info === null ? `Recording #${id} (not found)` : `Recording #${id}`;
            return (
              <li key={id} data-testid="mock-chosen">
                <span className="mock-chosen-name">{name}</span>
                {info && (
                  <span className="muted">
                    {' '}
                    #{id} · {info.summary.model ?? 'no model'} · <span data-testid="mock-dialect">{dialectWords(info.summary)}</span>
                  </span>
                )}
                <button type="button" className="secondary" aria-label={`Remove ${name}`} onClick={() => onChange(chosen.filter((each) => each !== id))}>
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {chosen.length > 1 && <p className="muted mock-hint">A request gets the first whose request had the same model and messages; a plain .sse answers any other.</p>}
      <label htmlFor={searchId}>Find a recording</label>
      <input id={searchId} className="field" type="search" value={text} placeholder="Name, model, URL or tag" onChange={(event) => setText(event.target.value)} />
      <ErrorLine message={error} />
      {found && offered.length === 0 && <p className="muted">{found.asked === '' ? 'No other recording is stored.' : `No other recording matches “${found.asked}”.`}</p>}
      {offered.length > 0 && (
        <ul className="mock-results" aria-label={found?.asked ? `Recordings matching “${found.asked}”` : 'Newest recordings'}>
          {offered.map((row) => {
            const live = row.outcome === 'recording';
            return (
              <li key={row.id}>
                <span className="mock-result-name">{titleOf(row)}</span>
                <span className="muted">
                  #{row.id} · {row.model ?? 'no model'} · <span data-testid="mock-dialect">{dialectWords(row)}</span> · {formatTime(row.createdAt)}
                </span>
                <button type="button" className="secondary" disabled={live} aria-label={`Add ${titleOf(row)} (#${row.id})`} onClick={() => onChange([...chosen, row.id])}>
                  {live ? 'Still recording' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
