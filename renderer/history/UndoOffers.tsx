// The deletions that can still be undone, each with its Undo (and a way to delete at once).

import type { PendingDeletion } from './undo.ts';

interface UndoOffersProps {
  readonly pending: readonly PendingDeletion[];
  readonly onUndo: (key: number) => void;
  readonly onDismiss: (key: number) => void;
}

export function UndoOffers({ pending, onUndo, onDismiss }: UndoOffersProps) {
  return (
    <div className="history-undo" role="status" aria-live="polite">
      {pending.map((deletion) => (
        <div key={deletion.key} className="history-undo-offer" data-testid="undo-offer">
          <span>{deletion.words}</span>
          <button type="button" onClick={() => onUndo(deletion.key)}>
            Undo
          </button>
          <button type="button" className="history-icon" aria-label="Delete now" title="Delete now (no undo)" onClick={() => onDismiss(deletion.key)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
