// An event's kind as a coloured label, in the words of the core's KIND_LABELS (the timeline's
// lanes and the HTML report say the same). The colours are the stylesheet's, per theme.

import { KIND_LABELS } from '../../../shared/analysis/timeline-layout.ts';
import type { EventKind } from '../../../shared/dialects/chat/interpret.ts';
import './events.css';

export function KindLabel({ kind }: { readonly kind: EventKind }) {
  return (
    <span className="event-kind" data-kind={kind}>
      {KIND_LABELS[kind]}
    </span>
  );
}
