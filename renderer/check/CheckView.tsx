// "Check" (#/check, #/check/run/N, #/check/compare/A/B): run the conformance battery against an
// endpoint from the app, watch the verdicts arrive and the matrix fill, and compare two runs of
// one endpoint; its Client tab (#/check/client, #/check/client/run/N) runs the user's own client
// against the client cases (docs/check-view.md).

import type { Route } from '../route.ts';
import { navigate } from '../route.ts';
import { CheckForm } from './CheckForm.tsx';
import { CheckTabs } from './CheckTabs.tsx';
import { ClientForm } from './ClientForm.tsx';
import { ClientRunView } from './ClientRunView.tsx';
import { PastRuns } from './PastRuns.tsx';
import { RunCompareView } from './RunCompareView.tsx';
import { RunView } from './RunView.tsx';
import { useCheckRuns } from './use-check-runs.ts';
import { useClientRuns } from './use-client-runs.ts';
import './check.css';

export function CheckView({ route }: { readonly route: Extract<Route, { view: 'check' }> }) {
  // Keyed by the runs: each view follows its runs from its start (./use-check-run.ts).
  if ('compare' in route) return <RunCompareView key={route.compare.join('/')} before={route.compare[0]} after={route.compare[1]} />;
  if (route.run !== undefined) return route.client ? <ClientRunView key={`client-${route.run}`} id={route.run} /> : <RunView key={route.run} id={route.run} />;
  return <CheckHome client={route.client === true} />;
}

function CheckHome({ client }: { readonly client: boolean }) {
  const list = useCheckRuns();
  const clients = useClientRuns();
  return (
    <main className="check-view" data-testid="check-view">
      <header className="check-title">
        <h1>Check</h1>
        <p className="tagline">Does this endpoint stream the way OpenAI or Anthropic streams, and does your client survive what real servers send? Every verdict links to the recording that proves it.</p>
      </header>
      <CheckTabs current={client ? 'client' : 'server'}>{client ? <ClientForm onStarted={(run) => navigate({ view: 'check', run: run.id, client: true })} /> : <CheckForm onStarted={(run) => navigate({ view: 'check', run: run.id })} />}</CheckTabs>
      <PastRuns list={list} clients={clients} />
    </main>
  );
}
