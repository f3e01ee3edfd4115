// The grid's head row: the box that selects every matching recording, and the column headers.

import { formatCount } from '../components/format.ts';

/** How many columns the grid has, head and rows (aria-colcount). */
export const COLUMNS = 13;

interface HistoryHeadProps {
  readonly matching: number;
  /** Every matching recording is selected. */
  readonly checked: boolean;
  /** Some are (the box shows it half ticked). */
  readonly some: boolean;
  readonly onToggle: () => void;
}

export function HistoryHead({ matching, checked, some, onToggle }: HistoryHeadProps) {
  return (
    <div role="rowgroup">
      <div className="history-row history-head" role="row" aria-rowindex={1}>
        <span role="columnheader" className="history-check">
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={`Select all ${formatCount(matching)} matching`}
            checked={checked}
            ref={(box) => {
              if (box) box.indeterminate = some;
            }}
            disabled={matching === 0}
            onChange={onToggle}
          />
        </span>
        <span role="columnheader" title="The worst finding's severity">
          Worst
        </span>
        <span role="columnheader">Name / model</span>
        <span role="columnheader">Host</span>
        <span role="columnheader">Dialect</span>
        <span role="columnheader">Outcome</span>
        <span role="columnheader" className="history-number">
          Events
        </span>
        <span role="columnheader" className="history-number">
          Duration
        </span>
        <span role="columnheader" className="history-number" title="Time to the first token">
          TTFT
        </span>
        <span role="columnheader">Findings</span>
        <span role="columnheader">Tags</span>
        <span role="columnheader">Recorded</span>
        <span role="columnheader">
          <span className="visually-hidden">Actions</span>
        </span>
      </div>
    </div>
  );
}
