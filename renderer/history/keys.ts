// What a key does in the history's grid: move the row focus (the events table's moveRow,
// ../view/events/keys.ts), Shift extending the selection as it goes; open, delete, rename, select.
// And where the focus goes when its row is deleted.

import { isMoveKey, moveRow } from '../view/events/keys.ts';

export type RowCommand = 'open' | 'delete' | 'rename' | 'toggle' | 'select-all' | 'clear-selection';

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

export function rowCommand({ key, ctrlKey, metaKey, altKey, shiftKey }: KeyPress): RowCommand | null {
  if (altKey) return null;
  if (ctrlKey || metaKey) return key === 'a' || key === 'A' ? 'select-all' : null;
  if (shiftKey) return null;
  switch (key) {
    case 'Enter':
      return 'open';
    case 'Delete':
    case 'Backspace':
      return 'delete';
    case 'F2':
      return 'rename';
    case ' ':
      return 'toggle';
    case 'Escape':
      return 'clear-selection';
    default:
      return null;
  }
}

/**
 * What a key pressed on the grid does: move the row focus to a row (null: there is none, the key
 * is still the grid's), `extend`ing the selection from the focused row (Shift); or a command.
 * `focus` is the focused row's index, -1 for none; `page`, how many rows a Page key moves.
 */
export type GridAction = { readonly move: number | null; readonly extend: boolean } | { readonly command: RowCommand };

export function gridAction(press: KeyPress, focus: number, rows: number, page: number): GridAction | null {
  if (isMoveKey(press.key) && !press.altKey && !press.ctrlKey && !press.metaKey) {
    return { move: moveRow(press.key, focus === -1 ? null : { row: focus, exact: true }, rows, page), extend: press.shiftKey && focus !== -1 };
  }
  const command = rowCommand(press);
  return command === null ? null : { command };
}

/** How many rows a Page key moves in a body `height` pixels high: a screenful but one, at least one. */
export function pageRows(height: number, rowHeight: number): number {
  return Math.max(1, Math.floor(height / rowHeight) - 1);
}

/** The row to focus once the rows `gone` are deleted: the focused one, else the next still shown, else the one before, else none. */
export function focusAfter(order: readonly number[], focused: number | null, gone: ReadonlySet<number>): number | null {
  if (focused === null || !gone.has(focused)) return focused;
  const at = order.indexOf(focused);
  const kept = (id: number): boolean => !gone.has(id);
  return order.slice(at + 1).find(kept) ?? order.slice(0, at).reverse().find(kept) ?? null;
}
