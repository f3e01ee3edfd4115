// "Compare with…": a modal dialog listing the recent recordings (newest first, searchable as the
// history is: name, URL, model, tag) other than the one open; choosing one opens the compare
// view with the open recording as A. The page behind is inert, Tab stays inside, Escape closes.

import { useEffect, useId, useRef, useState } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage, formatCount } from '../components/format.ts';
import { Modal } from '../components/Modal.tsx';
import { useDebounced } from '../history/useDebounced.ts';
import { outcomeWords, recordedWords, titleOf } from '../history/words.ts';
import { navigate } from '../route.ts';
import { useCommand } from '../shell/commands.ts';
// The export dialog's frame (backdrop, header, close button), at this dialog's own size.
import '../export/export.css';
import './compare.css';

/** Recordings listed: enough to find a recent one; the search box finds any other. */
const SHOWN = 30;

type Found = { readonly state: 'loading' } | { readonly state: 'error'; readonly message: string } | { readonly state: 'ready'; readonly rows: readonly RecordingSummary[]; readonly total: number };

export function CompareWithDialog({ id, onClose }: { readonly id: number; readonly onClose: () => void }) {
  const search = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 200);
  const [found, setFound] = useState<Found>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    // One more than shown: the open recording is among them when it matches.
    api.listRecordings({ ...(query ? { text: query } : {}), limit: SHOWN + 1 }).then(
      (result) => {
        if (!current) return;
        const others = result.items.filter((row) => row.id !== id);
        setFound({ state: 'ready', rows: others.slice(0, SHOWN), total: result.total - (result.items.length > others.length ? 1 : 0) });
      },
      (failure: unknown) => current && setFound({ state: 'error', message: errorMessage(failure) }),
    );
    return () => {
      current = false;
    };
  }, [id, query]);

  const choose = (other: number): void => {
    onClose();
    navigate({ view: 'compare', a: id, b: other });
  };

  return (
    <Modal className="export-dialog compare-dialog" labelledBy={titleId} onClose={onClose} initialFocus={search} testId="compare-dialog">
      <header className="export-header">
        <h2 id={titleId}>Compare #{id} with…</h2>
        <button type="button" className="export-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="compare-dialog-body">
        <input
          type="search"
          className="field"
          aria-label="Search recordings"
          placeholder="Search by name, URL, model or tag"
          value={text}
          onChange={(event) => setText(event.target.value)}
          ref={search}
        />
        <div aria-live="polite" aria-busy={found.state === 'loading'}>
          {found.state === 'loading' && <p className="muted">Loading the recordings…</p>}
          <ErrorLine message={found.state === 'error' ? found.message : null} />
          {found.state === 'ready' && found.rows.length === 0 && <p className="muted">{query ? `No other recording matches “${query}”.` : 'There is no other recording to compare with yet.'}</p>}
          {found.state === 'ready' && found.total > found.rows.length && (
            <p className="muted compare-dialog-count">
              The {formatCount(found.rows.length)} newest of {formatCount(found.total)}: search to find another.
            </p>
          )}
        </div>
        {found.state === 'ready' && found.rows.length > 0 && (
          <ul className="compare-dialog-list" aria-label="Recordings to compare with">
            {found.rows.map((row) => {
              const when = recordedWords(row.createdAt);
              return (
                <li key={row.id}>
                  <button type="button" className="compare-pick" data-testid={`compare-pick-${row.id}`} onClick={() => choose(row.id)}>
                    <span className="compare-pick-title">
                      <span className="muted">#{row.id}</span> {titleOf(row)}
                    </span>
                    <span className="compare-pick-facts muted">
                      {[row.model, row.host, outcomeWords(row), `${when.date} ${when.time}`].filter((fact) => fact).join(' · ')}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Modal>
  );
}

/** The action in a recording's row of actions. */
export function CompareWithButton({ id }: { readonly id: number }) {
  const [open, setOpen] = useState(false);
  useCommand('compare-with', () => setOpen(true));
  return (
    <>
      <button type="button" className="secondary" aria-haspopup="dialog" aria-expanded={open} aria-keyshortcuts="c" onClick={() => setOpen((was) => !was)}>
        Compare with…
      </button>
      {open && <CompareWithDialog id={id} onClose={() => setOpen(false)} />}
    </>
  );
}
