import { useState } from 'react';
import { ConnectionNotice } from './components/ConnectionNotice.tsx';
import { LiveView } from './components/LiveView.tsx';
import { RecordForm } from './components/RecordForm.tsx';
import { RecordingsList } from './components/RecordingsList.tsx';
import { useLiveRecordings } from './live/use-live.ts';

export function App() {
  const live = useLiveRecordings();
  const [current, setCurrent] = useState<number | null>(null);
  const snapshot = live.get(current)?.snapshot() ?? null;
  const recording = current !== null && !snapshot?.finished;

  return (
    <main className="home">
      <header>
        <h1>Streamscope</h1>
        <p className="tagline">A flight recorder for streamed OpenAI-compatible chat completions.</p>
      </header>
      <ConnectionNotice />
      <RecordForm onStarted={setCurrent} busy={recording} />
      {current !== null && <LiveView id={current} live={snapshot} />}
      <RecordingsList refresh={current ?? 0} />
    </main>
  );
}
