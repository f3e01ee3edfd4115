// "Mock endpoints" (#/mock, #/mock/ID): start replay servers over stored recordings, and watch
// each one's URL, snippet and requests (docs/mock-endpoint.md).

import { useEffect, useState } from 'react';
import { api } from '../api/index.ts';
import { formatCount } from '../components/format.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { EMPTY_LOG, servedCount } from './log.ts';
import { forgetReplay, loadReplayLogs, useReplayLogs } from './log-store.ts';
import { ServerCard } from './ServerCard.tsx';
import { StartForm } from './StartForm.tsx';
import { useReplays } from './use-replays.ts';
import './mock.css';

export function MockView({ recording }: { readonly recording: number | undefined }) {
  const replays = useReplays();
  const logs = useReplayLogs();
  const [notice, setNotice] = useState<string | null>(null);
  const servers = replays.servers === null ? null : [...replays.servers].reverse();
  // Each server's requests since it started, however late the page opened (the backend keeps them).
  useEffect(() => loadReplayLogs(replays.servers?.map((info) => info.id) ?? []), [replays.servers]);

  const stop = async (id: number): Promise<void> => {
    const info = replays.servers?.find((each) => each.id === id);
    await api.stopReplay({ id });
    forgetReplay(id);
    replays.refresh();
    if (!info) return;
    const served = servedCount(info, logs.get(id) ?? EMPTY_LOG);
    setNotice(`Stopped ${info.baseUrl} after ${formatCount(served)} ${served === 1 ? 'request' : 'requests'}.`);
  };

  return (
    <main className="mock-view" data-testid="mock-view">
      <header className="mock-title">
        <h1>Mock endpoints</h1>
        <p className="tagline">Serve stored recordings as an OpenAI- or Anthropic-compatible endpoint, with faults, and watch the requests come in.</p>
      </header>
      <StartForm
        preselected={recording}
        onStarted={(info) => {
          setNotice(`Started ${info.baseUrl}.`);
          replays.refresh();
        }}
      />
      <p className="mock-notice" role="status">
        {notice}
      </p>
      <ErrorLine message={replays.error === null ? null : `Could not list the running endpoints: ${replays.error}`} />
      {servers === null ? (
        replays.error === null && <p className="muted">Loading the running endpoints…</p>
      ) : servers.length === 0 ? (
        <p className="muted mock-none" data-testid="mock-none">
          No mock endpoint is running.
        </p>
      ) : (
        servers.map((info) => <ServerCard key={info.id} info={info} log={logs.get(info.id)} onStop={() => stop(info.id)} />)
      )}
    </main>
  );
}
