// A verdict as a word in a coloured badge: the word carries it, the colour only repeats it.

import type { CellState } from './matrix.ts';

export function StatusBadge({ state }: { readonly state: CellState }) {
  return (
    <span className={`check-status check-status-${state}`} data-status={state}>
      {state}
    </span>
  );
}
