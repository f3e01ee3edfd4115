// Deleting with undo (./undo.ts) in the list: a deletion waits out its undo window with its rows
// hidden, then is carried out (its rows still hidden until the store has answered). Leaving the
// list (opening a recording, closing the page) ends the undo windows: the deletions are done.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { failureWords, runEach } from './each.ts';
import { createUndoQueue, deletionsOf, hiddenIds, hiddenMatching } from './undo.ts';
import type { PendingDeletion } from './undo.ts';
import type { Recordings } from './useRecordings.ts';

/** How long a deletion can be undone. */
const UNDO_MS = 8_000;

export interface Deletions {
  /** The rows loaded but those hidden. */
  readonly rows: readonly RecordingSummary[];
  readonly hidden: ReadonlySet<number>;
  /** How many recordings the filters match, but those hidden. */
  readonly matching: number;
  /** How many are stored, but those hidden; null until known. */
  readonly everything: number | null;
  /** The deletions that can still be undone. */
  readonly pending: readonly PendingDeletion[];
  /** Deletes `doomed`, chosen under the filters `filtersKey`; the ids hidden until their undo window closes. */
  remove(doomed: readonly RecordingSummary[], filtersKey: string): ReadonlySet<number>;
  undo(key: number): void;
  /** Deletes now, with no undo. */
  flush(key: number): void;
}

/** `filtersKey`: the filters shown; `onFailure`: what a deletion carried out could not delete, in words. */
export function useDeletions(recordings: Recordings, filtersKey: string, onFailure: (words: string) => void): Deletions {
  const { loaded, allTotal, dropRows, refresh } = recordings;
  const [pending, setPending] = useState<readonly PendingDeletion[]>([]);
  const [committing, setCommitting] = useState<readonly PendingDeletion[]>([]);
  const commit = useCallback(
    async (deletion: PendingDeletion) => {
      setCommitting((list) => [...list, deletion]);
      const failures = await runEach(deletion.ids, (recording) => api.deleteRecording({ id: recording }));
      const failed = new Set(failures.map((failure) => failure.id));
      dropRows(new Set(deletion.ids.filter((recording) => !failed.has(recording))));
      setCommitting((list) => list.filter((entry) => entry !== deletion));
      const words = failureWords('delete', failures);
      if (words !== null) onFailure(words);
      refresh();
    },
    [dropRows, refresh, onFailure],
  );
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);
  // eslint-disable-next-line react-hooks/refs -- the queue calls commit from its timers and flushes, never while rendering
  const [queue] = useState(() => createUndoQueue({ delayMs: UNDO_MS, commit: (deletion) => void commitRef.current(deletion), onChange: setPending }));
  useEffect(() => {
    window.addEventListener('pagehide', queue.flushAll);
    return () => {
      window.removeEventListener('pagehide', queue.flushAll);
      queue.flushAll();
    };
  }, [queue]);

  const hidden = useMemo(() => hiddenIds([...pending, ...committing]), [pending, committing]);
  const rows = useMemo(() => loaded.rows.filter((row) => !hidden.has(row.id)), [loaded.rows, hidden]);
  const matching = useMemo(
    () => Math.max(0, loaded.total - hiddenMatching([...pending, ...committing], filtersKey, new Set(loaded.rows.map((row) => row.id)))),
    [loaded, pending, committing, filtersKey],
  );

  function remove(doomed: readonly RecordingSummary[], key: string): ReadonlySet<number> {
    const deletions = deletionsOf(doomed, key);
    for (const { deletion, now } of deletions) {
      if (now) queue.schedule(deletion, 0);
      else queue.schedule(deletion);
    }
    return new Set(deletions.flatMap(({ deletion, now }) => (now ? [] : deletion.ids)));
  }

  return {
    rows,
    hidden,
    matching,
    everything: allTotal === null ? null : Math.max(0, allTotal - hidden.size),
    pending,
    remove,
    undo: (key) => void queue.undo(key),
    flush: (key) => queue.flush(key),
  };
}
