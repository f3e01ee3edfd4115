import { useEffect, useState } from 'react';
import { api } from './api/index.ts';
import { CaptureView } from './capture/CaptureView.tsx';
import { CheckView } from './check/CheckView.tsx';
import { CompareView } from './compare/CompareView.tsx';
import { ConnectionNotice } from './components/ConnectionNotice.tsx';
import { RecordForm } from './components/RecordForm.tsx';
import { History } from './history/History.tsx';
import { ImportDrop } from './import/ImportDrop.tsx';
import { MockView } from './mock/MockView.tsx';
import { NewRequest } from './request/NewRequest.tsx';
import { HOME, navigate, useRoute } from './route.ts';
import { AppBar } from './shell/AppBar.tsx';
import { AppCommands } from './shell/AppCommands.tsx';
import { rememberRoute } from './shell/remember.ts';
import type { AppBarEntry } from './shell/AppBar.tsx';
import { LiveRegistry } from './view/model/live-registry.ts';
import { RecordingView } from './view/RecordingView.tsx';

/** The views in the app bar, in its order. */
const ENTRIES: readonly AppBarEntry[] = [
  { view: 'home', label: 'Recordings', route: HOME },
  { view: 'new', label: 'New request', route: { view: 'new' } },
  { view: 'mock', label: 'Mock endpoints', route: { view: 'mock' } },
  { view: 'capture', label: 'Capture', route: { view: 'capture' } },
  { view: 'check', label: 'Check', route: { view: 'check' } },
];

export function App() {
  const route = useRoute();
  // Every live recording is followed from the page's start, whichever view is open.
  const [registry] = useState(() => new LiveRegistry());
  useEffect(() => registry.connect(api), [registry]);
  useEffect(() => rememberRoute(route), [route]);

  return (
    <>
      <AppBar current={route.view} entries={ENTRIES} />
      <AppCommands />
      <ConnectionNotice />
      {route.view === 'recording' ? (
        <RecordingView key={`${route.id}/${route.finding ?? ''}`} id={route.id} finding={route.finding ?? null} registry={registry} />
      ) : route.view === 'new' ? (
        <NewRequest key={route.from ?? 'new'} from={route.from} />
      ) : route.view === 'compare' ? (
        <CompareView key={`${route.a}/${route.b}`} a={route.a} b={route.b} registry={registry} />
      ) : route.view === 'mock' ? (
        <MockView key={route.recording ?? 'none'} recording={route.recording} />
      ) : route.view === 'capture' ? (
        <CaptureView />
      ) : route.view === 'check' ? (
        <CheckView route={route} />
      ) : (
        <main className="home">
          <header>
            <h1>Streamscope</h1>
            <p className="tagline">A flight recorder for streamed LLM responses: Chat Completions, the Responses API and Anthropic Messages.</p>
          </header>
          {/* Side by side where the window is wide: the recordings below them stay above the fold. */}
          <div className="home-start">
            <RecordForm onStarted={(id) => navigate({ view: 'recording', id })} />
            <ImportDrop />
          </div>
          <History />
        </main>
      )}
    </>
  );
}
