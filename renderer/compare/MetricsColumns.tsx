// A's and B's figures in two columns (./metric-rows.ts), with B − A and which did better: a
// time lower, a rate higher. Values are written as the HTML report writes them.

import { useMemo } from 'react';
import type { Analysis } from '../../shared/analysis/analyze.ts';
import { metricValue } from '../../shared/export/html/format.ts';
import { betterWord, metricRows } from './metric-rows.ts';
import type { MetricRow } from './metric-rows.ts';

export function MetricsColumns({ a, b }: { readonly a: Analysis; readonly b: Analysis }) {
  const rows = useMemo(() => metricRows(a, b), [a, b]);
  const untimed = a.metrics === null && b.metrics === null;
  return (
    <>
      {untimed && <p className="muted">Neither recording has arrival times: only the counts compare.</p>}
      <table className="compare-table" data-testid="compare-metrics">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="compare-number">
              A
            </th>
            <th scope="col" className="compare-number">
              B
            </th>
            <th scope="col" className="compare-number">
              B − A
            </th>
            <th scope="col">Better</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-metric={row.key}>
              <th scope="row" title={row.definition}>
                {row.label}
              </th>
              <td className={`compare-number${row.winner === 'a' ? ' compare-better' : ''}`}>{valueOf(row, row.a)}</td>
              <td className={`compare-number${row.winner === 'b' ? ' compare-better' : ''}`}>{valueOf(row, row.b)}</td>
              <td className="compare-number">{row.delta === null ? '–' : signed(row, row.delta)}</td>
              <td className="compare-winner">{winnerWords(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function valueOf(row: MetricRow, value: number | null): string {
  return value === null ? '–' : metricValue(row.key, value);
}

/** `+12.5 ms`, `−3`, `0`. */
function signed(row: MetricRow, delta: number): string {
  if (delta === 0) return metricValue(row.key, 0);
  return `${delta > 0 ? '+' : '−'}${metricValue(row.key, Math.abs(delta))}`;
}

function winnerWords(row: MetricRow): string {
  if (row.unjudged === 'buffered') return 'neither (buffered)';
  if (row.winner === 'same') return 'same';
  if (row.winner === null) return '';
  return `${row.winner.toUpperCase()} (${betterWord(row.key)})`;
}
