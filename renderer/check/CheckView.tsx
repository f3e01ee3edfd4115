// "Check" (#/check, #/check/run/N, #/check/compare/A/B): run the conformance battery against an
// endpoint from the app, watch the verdicts arrive and the matrix fill, and compare two runs of
// one endpoint (docs/check-view.md).

import type { Route } from '../route.ts';
import { navigate } from '../route.ts';
import { CheckForm } from './CheckForm.tsx';
import { PastRuns } from './PastRuns.tsx';
import { RunCompareView } from './RunCompareView.tsx';
import { RunView } from './RunView.tsx';
import { useCheckRuns } from './use-check-runs.ts';
import './check.css';

export function CheckView({ route }: { readonly route: Extract<Route, { view: 'check' }> }) {
  // Keyed by the runs: each view follows its runs from its start (./use-check-run.ts).
  if ('compare' in route) return <RunCompareView key={route.compare.join('/')} before={route.compare[0]} after={route.compare[1]} />;
  if (route.run !== undefined) return <RunView key={route.run} id={route.run} />;
  return <CheckHome />;
}

function CheckHome() {
  const list = useCheckRuns();
  return (
    <main className="check-view" data-testid="check-view">
      <header className="check-title">
        <h1>Check</h1>
        <p className="tagline">Does this endpoint stream the way OpenAI or Anthropic streams, and where not? Every verdict links to the recording that proves it.</p>
      </header>
      <CheckForm onStarted={(run) => navigate({ view: 'check', run: run.id })} />
      <PastRuns list={list} />
    </main>
  );
}
