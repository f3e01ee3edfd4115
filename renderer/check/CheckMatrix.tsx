// Checks × dialects (./matrix.ts): each cell its verdict in words, linking to the recording that
// proves it with the first finding selected; a cell still waiting says so, one the dialect's
// battery lacks says that.

import { dialectName } from '../components/dialect-names.ts';
import { cellLabel, dialectWord } from './matrix.ts';
import type { Matrix, MatrixCell } from './matrix.ts';
import { StatusBadge } from './StatusBadge.tsx';

export function CheckMatrix({ matrix }: { readonly matrix: Matrix }) {
  return (
    <table className="check-matrix" data-testid="check-matrix">
      <caption>Checks by API: each verdict opens the recording behind it</caption>
      <thead>
        <tr>
          <th scope="col">Check</th>
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
                {cell === null ? <NoCheck /> : <Cell cell={cell} />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cell({ cell }: { readonly cell: MatrixCell }) {
  const label = cellLabel(cell);
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
