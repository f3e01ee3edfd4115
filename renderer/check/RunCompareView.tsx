// Two runs of one endpoint compared (#/check/compare/BEFORE/AFTER): what got fixed, what broke.

import { useMemo, useState } from 'react';
import type { StoredCheckRun } from '../../shared/api/checks.ts';
import { formatTime } from '../components/format.ts';
import { routeHash } from '../route.ts';
import { changeTally, compareStoredRuns } from './run-compare.ts';
import { RunCompare } from './RunCompare.tsx';
import { endpointOf } from './runs.ts';
import { useCheckRun } from './use-check-run.ts';
import type { RunLoad } from './use-check-run.ts';

export function RunCompareView({ before, after }: { readonly before: number; readonly after: number }) {
  const a = useCheckRun(before);
  const b = useCheckRun(after);
  return (
    <main className="check-view" data-testid="check-compare-view">
      <nav className="crumbs">
        <a href={routeHash({ view: 'check' })}>← Check</a>
      </nav>
      <h1>
        Run #{before} → run #{after}
      </h1>
      <LoadState id={before} load={a} />
      <LoadState id={after} load={b} />
      {a.status === 'ready' && b.status === 'ready' && <Compared before={a.run} after={b.run} />}
    </main>
  );
}

function LoadState({ id, load }: { readonly id: number; readonly load: RunLoad }) {
  if (load.status === 'loading') return <p className="view-state" role="status">Loading check run #{id}…</p>;
  if (load.status === 'missing') return <p className="view-state" role="alert">There is no check run #{id}. It may have been deleted.</p>;
  if (load.status === 'error') return <p className="view-state error" role="alert">Check run #{id} could not be loaded: {load.message}</p>;
  return null;
}

function Compared({ before, after }: { readonly before: StoredCheckRun; readonly after: StoredCheckRun }) {
  const [onlyChanges, setOnlyChanges] = useState(false);
  const compared = useMemo(() => compareStoredRuns(before, after), [before, after]);
  const shown = onlyChanges ? compared.rows.filter((row) => row.comparison.change !== 'same') : compared.rows;
  const sameEndpoint = endpointOf(before) === endpointOf(after);
  return (
    <>
      <p className="check-compare-target">
        {sameEndpoint ? <>Both of {endpointOf(before)}</> : <>Run #{before.id} checked {endpointOf(before)}, run #{after.id} {endpointOf(after)}: not the same endpoint.</>}
        {' · '}
        <a href={routeHash({ view: 'check', run: before.id })}>Run #{before.id}</a>, {formatTime(before.startedAt)} · <a href={routeHash({ view: 'check', run: after.id })}>Run #{after.id}</a>, {formatTime(after.startedAt)}
      </p>
      <p className="check-tally" data-testid="check-change-tally">
        {changeTally(compared.counts)}
      </p>
      <label className="check-tick">
        <input type="checkbox" checked={onlyChanges} onChange={(event) => setOnlyChanges(event.target.checked)} /> Only the checks that changed
      </label>
      <RunCompare before={before} after={after} compared={shown} />
    </>
  );
}
