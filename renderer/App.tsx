import { useEffect, useState } from 'react';
import { api } from './api/index.ts';
import { ConnectionNotice } from './components/ConnectionNotice.tsx';
import { RecordForm } from './components/RecordForm.tsx';
import { History } from './history/History.tsx';
import { ImportDrop } from './import/ImportDrop.tsx';
import { navigate, useRoute } from './route.ts';
import { LiveRegistry } from './view/model/live-registry.ts';
import { RecordingView } from './view/RecordingView.tsx';

export function App() {
  const route = useRoute();
  // Every live recording is followed from the page's start, whichever view is open.
  const [registry] = useState(() => new LiveRegistry());
  useEffect(() => registry.connect(api), [registry]);

  if (route.view === 'recording') {
    return (
      <>
        <ConnectionNotice />
        <RecordingView key={route.id} id={route.id} registry={registry} />
      </>
    );
  }
  return (
    <main className="home">
      <header>
        <h1>Streamscope</h1>
        <p className="tagline">A flight recorder for streamed OpenAI-compatible chat completions.</p>
      </header>
      <ConnectionNotice />
      <RecordForm onStarted={(id) => navigate({ view: 'recording', id })} />
      <ImportDrop />
      <History />
    </main>
  );
}
