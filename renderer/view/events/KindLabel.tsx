// An event's kind as a coloured label, in the words of the core's KIND_LABELS (the timeline's
// lanes and the HTML report say the same). The colours are the stylesheet's, per theme.

import { KIND_LABELS } from '../../../shared/analysis/timeline-layout.ts';
import type { ViewKind } from '../../../shared/dialects/kit/view.ts';
import './events.css';

export function KindLabel({ kind }: { readonly kind: ViewKind }) {
  return (
    <span className="event-kind" data-kind={kind}>
      {KIND_LABELS[kind]}
    </span>
  );
}
