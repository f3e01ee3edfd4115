// What a key does in the history's grid, besides moving the row focus (the events table's
// moveRow, ../view/events/keys.ts): open, delete, rename, select.

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
