// A verdict as a word in a coloured badge: the word carries it, the colour only repeats it. Both
// kinds of run use it: a server check's `pass` … `skip`, a client case's `survived` … `no-request`.

import type { ClientCellState } from './client-matrix.ts';
import type { CellState } from './matrix.ts';

export type BadgeState = CellState | ClientCellState;

export function StatusBadge({ state }: { readonly state: BadgeState }) {
  return (
    <span className={`check-status check-status-${state}`} data-status={state}>
      {state}
    </span>
  );
}
