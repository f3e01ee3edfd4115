// One row of the events table, drawn again only when one of its props changes (all are plain
// values or kept references): a replay on screen moves the selection every frame, and only the
// rows whose event or selection changed should be worded and compared again.

import { memo } from 'react';
import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import type { FramingName } from '../../../shared/framing/types.ts';
import { framingView } from '../framing/registry.ts';
import { KindLabel } from './KindLabel.tsx';
import { eventRow } from './rows.ts';

export interface EventRowProps {
  readonly events: readonly AnalyzedEvent[];
  /** The framing the events came in: its view reads each row's message. */
  readonly framing: FramingName;
  /** The event shown. */
  readonly index: number;
  /** Its row among those the filter shows (0 first). */
  readonly row: number;
  /** Where it is drawn in the table's body, and how tall, in pixels. */
  readonly top: number;
  readonly height: number;
  readonly selected: boolean;
  readonly highlighted: boolean;
  /** The element id of the row showing event `index` (the grid's aria-activedescendant names it). */
  readonly rowId: string;
  readonly onSelect: (event: number | null) => void;
}

export const EventRow = memo(function EventRow({ events, framing, index, row, top, height, selected, highlighted, rowId, onSelect }: EventRowProps) {
  const cells = eventRow(events, index, framingView(framing));
  return (
    <div
      id={rowId}
      className="events-row"
      role="row"
      aria-rowindex={row + 2}
      aria-selected={selected}
      data-testid="event-row"
      data-index={index}
      data-kind={cells.kind}
      data-highlighted={highlighted || undefined}
      style={{ transform: `translateY(${top}px)`, height }}
      onClick={() => onSelect(index)}
    >
      <span role="gridcell" className="num">
        {index}
      </span>
      <span role="gridcell" className="num">
        {cells.time}
      </span>
      <span role="gridcell" className="num">
        {cells.gap}
      </span>
      <span role="gridcell" className="num">
        {cells.read}
      </span>
      <span role="gridcell">
        <KindLabel kind={cells.kind} />
      </span>
      <span role="gridcell" className="annotation" title={cells.annotation}>
        {highlighted && <span className="visually-hidden">Cited by the selected diagnostic. </span>}
        {cells.extensions.map((path) => (
          <span key={path} className="event-extension" title={`Outside OpenAI's fields: ${path} (a provider extension)`}>
            {path}
          </span>
        ))}
        {cells.frame.map((chip) => (
          <span key={chip.text} className="event-frame" data-bad={chip.bad} title={chip.title}>
            {chip.text}
          </span>
        ))}
        <span className="annotation-text">{cells.annotation}</span>
      </span>
    </div>
  );
});
