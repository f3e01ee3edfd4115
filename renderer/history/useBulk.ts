// Acting on the selected recordings at once: tag, untag (one store call per recording, ./each.ts),
// delete; the bar busy meanwhile, what was done said in a notice, what failed in the error line.

import { useState } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { errorMessage, formatCount } from '../components/format.ts';
import { failureWords, runEach } from './each.ts';
import { sameTags, withoutTags, withTags } from './tags.ts';

export interface Bulk {
  readonly busy: boolean;
  tag(tags: readonly string[], remove: boolean): Promise<void>;
  delete(): Promise<void>;
}

interface BulkOptions {
  /** The selected recordings (fetched, when all matching are). */
  readonly chosen: () => Promise<RecordingSummary[]>;
  /** Deletes the recordings chosen (with undo) and empties the selection. */
  readonly remove: (rows: readonly RecordingSummary[]) => void;
  readonly setError: (error: string | null) => void;
  readonly setNotice: (notice: string | null) => void;
  /** Fetches the rows again, as the store now has them. */
  readonly refresh: () => void;
}

export function useBulk({ chosen, remove, setError, setNotice, refresh }: BulkOptions): Bulk {
  const [busy, setBusy] = useState(false);

  async function bulk(action: (rows: RecordingSummary[]) => Promise<void>): Promise<void> {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action(await chosen());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    tag: (tags, untag) =>
      bulk(async (rows) => {
        const changes = rows.map((row) => ({ row, tags: untag ? withoutTags(row.tags, tags) : withTags(row.tags, tags) })).filter((change) => !sameTags(change.row.tags, change.tags));
        const byId = new Map(changes.map((change) => [change.row.id, change.tags]));
        const failures = await runEach([...byId.keys()], (recording) => api.tagRecording({ id: recording, tags: byId.get(recording)! }));
        const done = changes.length - failures.length;
        setNotice(`${untag ? 'Untagged' : 'Tagged'} ${formatCount(done)} ${done === 1 ? 'recording' : 'recordings'} ${tags.map((tag) => `“${tag}”`).join(', ')}`);
        setError(failureWords(untag ? 'untag' : 'tag', failures));
        refresh();
      }),
    delete: () =>
      bulk(async (rows) => {
        remove(rows);
      }),
  };
}
