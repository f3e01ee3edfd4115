// Renaming and tagging one recording in place: which row's field is open (one at a time), and
// the store's calls, a failure said in the list's error line.

import { useRef, useState } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';
import type { RowHandlers } from './HistoryRow.tsx';
import { sameTags } from './tags.ts';
import type { Recordings } from './useRecordings.ts';
import { titleOf } from './words.ts';

export interface RowEdits {
  /** The row whose name field is open. */
  readonly renaming: number | null;
  /** The row whose tag editor is open. */
  readonly tagging: number | null;
  readonly handlers: Pick<RowHandlers, 'onStartRename' | 'onRename' | 'onStartTagging' | 'onTag' | 'onEndTagging'>;
}

interface RowEditsOptions {
  /** The rows shown. */
  readonly rows: readonly RecordingSummary[];
  readonly recordings: Recordings;
  readonly setError: (error: string | null) => void;
  /** Gives the keyboard's focus back to the grid once a field closes. */
  readonly refocus: () => void;
}

export function useRowEdits({ rows, recordings, setError, refocus }: RowEditsOptions): RowEdits {
  const { changeRow, refresh } = recordings;
  const [renaming, setRenaming] = useState<number | null>(null);
  const [tagging, setTagging] = useState<number | null>(null);
  const tagSaves = useRef(new Map<number, Promise<unknown>>());
  const rowOf = (id: number): RecordingSummary | undefined => rows.find((candidate) => candidate.id === id);

  return {
    renaming,
    tagging,
    handlers: {
      onStartRename: (recording) => {
        setTagging(null);
        setRenaming(recording);
      },
      onRename: (recording, name) => {
        setRenaming(null);
        refocus();
        const row = rowOf(recording);
        if (name === undefined || !row || name === row.name) return;
        setError(null);
        api.renameRecording({ id: recording, name }).then(
          () => changeRow(recording, (current) => ({ ...current, name })),
          (failure: unknown) => setError(`Could not rename “${titleOf(row)}”: ${errorMessage(failure)}`),
        );
      },
      onStartTagging: (recording) => {
        setRenaming(null);
        setTagging(recording);
      },
      onTag: (recording, tags) => {
        const row = rowOf(recording);
        if (!row || sameTags(tags, row.tags)) return;
        setError(null);
        // Shown at once, so that the next tag is added to this list; saved in order, one call after the other.
        changeRow(recording, (current) => ({ ...current, tags }));
        const previous = tagSaves.current.get(recording) ?? Promise.resolve();
        const saved = previous
          .then(() => api.tagRecording({ id: recording, tags }))
          .catch((failure: unknown) => {
            setError(`Could not tag “${titleOf(row)}”: ${errorMessage(failure)}`);
            refresh();
          });
        tagSaves.current.set(recording, saved);
      },
      onEndTagging: (refocusGrid) => {
        setTagging(null);
        if (refocusGrid) refocus();
      },
    },
  };
}
