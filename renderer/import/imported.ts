// The page-wide word that recordings were imported: the import view says it, lists of recordings
// (history, the home page's list) listen and fetch again. A signal of its own, so neither side
// imports the other's component.

export type ImportedListener = (ids: readonly number[]) => void;

const listeners = new Set<ImportedListener>();

/** Calls `listener` with the new ids after every import that stored something; returns the unsubscribe. */
export function onImported(listener: ImportedListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Tells every listener that these recordings were just stored. */
export function notifyImported(ids: readonly number[]): void {
  if (ids.length === 0) return;
  for (const listener of [...listeners]) listener(ids);
}
