// Checks × dialects (./matrix.ts) or client cases × dialects (./client-matrix.ts): each cell its
// verdict in words, linking to the recording that proves it; a cell still waiting says so, one
// the dialect's battery lacks says that.

import type { Protocol } from '../../shared/dialects/types.ts';
import { dialectName } from '../components/dialect-names.ts';
import { dialectWord } from './matrix.ts';
import { StatusBadge } from './StatusBadge.tsx';
import type { BadgeState } from './StatusBadge.tsx';

export interface GridCell {
  readonly id: string;
  readonly state: BadgeState;
  readonly href: string | null;
}

/** Rows of named cells under a column per dialect; a null cell: none in that dialect's battery. */
export interface Grid<C extends GridCell> {
  readonly columns: readonly Protocol[];
  readonly rows: readonly { readonly name: string; readonly cells: readonly (C | null)[] }[];
}

interface Props<C extends GridCell> {
  readonly matrix: Grid<C>;
  /** What a cell says to a screen reader and in its tooltip. */
  readonly label: (cell: C) => string;
  readonly caption: string;
  /** The rows' heading: `Check`, `Case`. */
  readonly rowHeading: string;
}

export function CheckMatrix<C extends GridCell>({ matrix, label, caption, rowHeading }: Props<C>) {
  return (
    <table className="check-matrix" data-testid="check-matrix">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeading}</th>
          {matrix.columns.map((protocol) => (
            <th key={protocol} scope="col">
              <abbr title={dialectName(protocol)}>{dialectWord(protocol)}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            {row.cells.map((cell, i) => (
              <td key={matrix.columns[i]} data-check={cell?.id} data-status={cell?.state}>
                {cell === null ? <NoCheck /> : <Cell cell={cell} label={label(cell)} />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cell({ cell, label }: { readonly cell: GridCell; readonly label: string }) {
  if (cell.href === null) {
    return (
      <span title={label}>
        <StatusBadge state={cell.state} />
        <span className="visually-hidden"> {label}</span>
      </span>
    );
  }
  return (
    <a href={cell.href} title={label} aria-label={`${label} Open its recording.`}>
      <StatusBadge state={cell.state} />
    </a>
  );
}

function NoCheck() {
  return (
    <span className="check-none">
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">not in this API’s battery</span>
    </span>
  );
}
