// Two runs' verdicts side by side (./run-compare.ts): per check, before, after and what changed,
// the change in words (and coloured), the findings that went or appeared, each side linking to its
// recording, and both streams to the compare view.

import type { StoredCheckRun } from '../../shared/api/checks.ts';
import { routeHash } from '../route.ts';
import { evidenceHref } from './matrix.ts';
import { CHANGE_WORDS, findingsMoved } from './run-compare.ts';
import type { CheckComparison } from './run-compare.ts';
import { StatusBadge } from './StatusBadge.tsx';

interface Props {
  readonly before: StoredCheckRun;
  readonly after: StoredCheckRun;
  readonly compared: readonly CheckComparison[];
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
          <ComparedRow key={row.id} row={row} />
        ))}
      </tbody>
    </table>
  );
}

function ComparedRow({ row }: { readonly row: CheckComparison }) {
  const moved = findingsMoved(row);
  const streams = row.before?.recordingId != null && row.after?.recordingId != null ? routeHash({ view: 'compare', a: row.before.recordingId, b: row.after.recordingId }) : null;
  return (
    <tr data-testid="check-compared" data-check={row.id} data-change={row.change} className={`check-change-${row.change}`}>
      <th scope="row">
        <code>{row.id}</code>
      </th>
      <Side result={row.before} />
      <Side result={row.after} />
      <td>
        <span className={`check-change check-change-word-${row.change}`}>{CHANGE_WORDS[row.change]}</span>
        {moved.gone.length > 0 && <span className="check-moved"> gone: {moved.gone.join(', ')}</span>}
        {moved.appeared.length > 0 && <span className="check-moved"> new: {moved.appeared.join(', ')}</span>}
        {streams !== null && row.change !== 'same' && (
          <>
            {' '}
            <a href={streams} aria-label={`Compare the two recordings of ${row.id}`}>
              Compare streams
            </a>
          </>
        )}
      </td>
    </tr>
  );
}

function Side({ result }: { readonly result: CheckComparison['before'] }) {
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
