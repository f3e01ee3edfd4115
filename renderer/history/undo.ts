// Deletion with undo: a deletion is held for a while (the rows hidden) before it is done, so
// that "Undo" only has to forget it; the recording is never deleted and rebuilt. When the
// window closes, or the list goes away (flushAll), the deletion is carried out.

import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { formatCount } from '../components/format.ts';
import { titleOf } from './words.ts';

export interface PendingDeletion {
  readonly key: number;
  readonly ids: readonly number[];
  /** What the undo offer says: "Deleted “name”", "Deleted 12 recordings". */
  readonly words: string;
  /** The filters (filtersKey) the ids were chosen under. */
  readonly filtersKey: string;
}

export interface UndoQueueOptions {
  /** How long a deletion can be undone. */
  readonly delayMs: number;
  /** Deletes for good; called once per deletion, undone ones never. */
  readonly commit: (deletion: PendingDeletion) => void;
  /** Called whenever the pending deletions change (scheduled, undone, committed). */
  readonly onChange: (pending: readonly PendingDeletion[]) => void;
  readonly timers?: { setTimeout(run: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
}

export interface UndoQueue {
  /** Holds a deletion; `delayMs` 0 commits it at once. Returns its key. */
  schedule(deletion: Omit<PendingDeletion, 'key'>, delayMs?: number): number;
  /** Forgets a pending deletion; false when it was already committed (or unknown). */
  undo(key: number): boolean;
  /** Commits one pending deletion now. */
  flush(key: number): void;
  /** Commits every pending deletion now (the list is going away). */
  flushAll(): void;
  pending(): readonly PendingDeletion[];
}

const defaultTimers = {
  setTimeout: (run: () => void, ms: number): unknown => globalThis.setTimeout(run, ms),
  clearTimeout: (handle: unknown): void => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createUndoQueue({ delayMs, commit, onChange, timers = defaultTimers }: UndoQueueOptions): UndoQueue {
  const waiting = new Map<number, { deletion: PendingDeletion; timer: unknown }>();
  let nextKey = 1;

  const pending = (): PendingDeletion[] => [...waiting.values()].map((entry) => entry.deletion);

  function take(key: number): PendingDeletion | null {
    const entry = waiting.get(key);
    if (!entry) return null;
    waiting.delete(key);
    timers.clearTimeout(entry.timer);
    return entry.deletion;
  }

  function flush(key: number): void {
    const deletion = take(key);
    if (!deletion) return;
    onChange(pending());
    commit(deletion);
  }

  return {
    schedule(fields, delay = delayMs) {
      const deletion: PendingDeletion = { ...fields, key: nextKey++ };
      if (delay <= 0) {
        commit(deletion);
        return deletion.key;
      }
      waiting.set(deletion.key, { deletion, timer: timers.setTimeout(() => flush(deletion.key), delay) });
      onChange(pending());
      return deletion.key;
    },
    undo(key) {
      if (!take(key)) return false;
      onChange(pending());
      return true;
    },
    flush,
    flushAll() {
      for (const key of [...waiting.keys()]) flush(key);
    },
    pending,
  };
}

/** The ids the pending deletions hide. */
export function hiddenIds(pending: readonly PendingDeletion[]): ReadonlySet<number> {
  return new Set(pending.flatMap((deletion) => deletion.ids));
}

/**
 * How many of the recordings matching `filtersKey` are hidden: all of a deletion chosen under
 * the same filters, else those of its ids among `shown` (the matching rows loaded).
 */
export function hiddenMatching(pending: readonly PendingDeletion[], filtersKey: string, shown: ReadonlySet<number>): number {
  const counted = new Set<number>();
  for (const deletion of pending) for (const id of deletion.ids) if (deletion.filtersKey === filtersKey || shown.has(id)) counted.add(id);
  return counted.size;
}

/**
 * The deletions that delete `doomed` (chosen under the filters `filtersKey`): a recording still
 * recording is refused by the store, so it is asked at once (`now`, no offer), and its error
 * shows at once; the rest wait out the undo window as one offer.
 */
export function deletionsOf(doomed: readonly RecordingSummary[], filtersKey: string): { readonly deletion: Omit<PendingDeletion, 'key'>; readonly now: boolean }[] {
  const live = doomed.filter((row) => row.outcome === 'recording');
  const rest = doomed.filter((row) => row.outcome !== 'recording');
  const deletions: { deletion: Omit<PendingDeletion, 'key'>; now: boolean }[] = [];
  if (live.length > 0) deletions.push({ deletion: { ids: live.map((row) => row.id), words: '', filtersKey }, now: true });
  if (rest.length > 0) {
    const words = rest.length === 1 ? `Deleted “${titleOf(rest[0]!)}”` : `Deleted ${formatCount(rest.length)} recordings`;
    deletions.push({ deletion: { ids: rest.map((row) => row.id), words, filtersKey }, now: false });
  }
  return deletions;
}
