// Two runs' verdicts side by side (./run-compare.ts): per check, before, after and what changed,
// the change in words (and coloured), the findings that went or appeared, each side linking to its
// recording, and both streams to the compare view.

import type { StoredCheckRun } from '../../shared/api/checks.ts';
import { routeHash } from '../route.ts';
import { evidenceHref } from './matrix.ts';
import { CHANGE_WORDS, streamsHref } from './run-compare.ts';
import type { ComparedRow } from './run-compare.ts';
import { StatusBadge } from './StatusBadge.tsx';

interface Props {
  readonly before: StoredCheckRun;
  readonly after: StoredCheckRun;
  readonly compared: readonly ComparedRow[];
}

export function RunCompare({ before, after, compared }: Props) {
  return (
    <table className="check-compare" data-testid="check-compare">
      <caption>Each check in run #{before.id} (before) and run #{after.id} (after)</caption>
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col">Before: run #{before.id}</th>
          <th scope="col">After: run #{after.id}</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {compared.map((row) => (
          <Row key={row.comparison.id} row={row} />
        ))}
      </tbody>
    </table>
  );
}

function Row({ row }: { readonly row: ComparedRow }) {
  const { id, change, goneFindings, newFindings } = row.comparison;
  const streams = streamsHref(row.comparison);
  return (
    <tr data-testid="check-compared" data-check={id} data-change={change} className={`check-change-${change}`}>
      <th scope="row">
        <code>{id}</code>
      </th>
      <Side result={row.before} />
      <Side result={row.after} />
      <td>
        <span className={`check-change check-change-word-${change}`}>{CHANGE_WORDS[change]}</span>
        {goneFindings.length > 0 && <span className="check-moved"> gone: {goneFindings.join(', ')}</span>}
        {newFindings.length > 0 && <span className="check-moved"> new: {newFindings.join(', ')}</span>}
        {streams !== null && (
          <>
            {' '}
            <a href={routeHash({ view: 'compare', ...streams })} aria-label={`Compare the two recordings of ${id}`}>
              Compare streams
            </a>
          </>
        )}
      </td>
    </tr>
  );
}

function Side({ result }: { readonly result: ComparedRow['before'] }) {
  if (result === null) return <td className="muted">not run</td>;
  const href = evidenceHref(result);
  return (
    <td title={result.summary}>
      {href === null ? (
        <StatusBadge state={result.status} />
      ) : (
        <a href={href} aria-label={`${result.id}: ${result.status}. Open its recording.`}>
          <StatusBadge state={result.status} />
        </a>
      )}{' '}
      <span className="check-side-summary">{result.summary}</span>
    </td>
  );
}
