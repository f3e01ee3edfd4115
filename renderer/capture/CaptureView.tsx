// "Capture" (#/capture): start loopback proxies that the user's own app points its base URL at,
// and watch each one's base URLs, snippets and exchanges as they come (docs/capture.md).

import { useEffect, useState } from 'react';
import { api } from '../api/index.ts';
import { formatCount } from '../components/format.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { EMPTY_LOG, seenCount } from './exchange-log.ts';
import { forgetProxy, loadProxyLogs, useProxyLogs } from './log-store.ts';
import { ProxyCard } from './ProxyCard.tsx';
import { StartProxyForm } from './StartProxyForm.tsx';
import { useProxies } from './use-proxies.ts';
import '../mock/mock.css';
import './capture.css';

export function CaptureView() {
  const running = useProxies();
  const logs = useProxyLogs();
  const [notice, setNotice] = useState<string | null>(null);
  const proxies = running.proxies === null ? null : [...running.proxies].reverse();
  // Each proxy's exchanges since it started, however late the page opened (the backend keeps them).
  useEffect(() => loadProxyLogs(running.proxies?.map((info) => info.id) ?? []), [running.proxies]);

  const stop = async (id: number): Promise<void> => {
    const info = running.proxies?.find((each) => each.id === id);
    await api.stopProxy({ id });
    const seen = info ? seenCount(info, logs.get(id) ?? EMPTY_LOG) : 0;
    forgetProxy(id);
    running.refresh();
    if (!info) return;
    setNotice(`Stopped ${info.origin} after ${formatCount(seen)} ${seen === 1 ? 'exchange' : 'exchanges'}.`);
  };

  return (
    <main className="capture-view" data-testid="capture-view">
      <header className="capture-title">
        <h1>Capture</h1>
        <p className="tagline">Record your own app’s streams: point its base URL at a proxy that relays to the real API, byte for byte, and records every stream with its timing.</p>
      </header>
      <StartProxyForm
        onStarted={(info) => {
          setNotice(`Started ${info.bases.map((base) => base.baseUrl).join(', ')}.`);
          running.refresh();
        }}
      />
      <p className="capture-notice" role="status">
        {notice}
      </p>
      <ErrorLine message={running.error === null ? null : `Could not list the running proxies: ${running.error}`} />
      {proxies === null ? (
        running.error === null && <p className="muted">Loading the running proxies…</p>
      ) : proxies.length === 0 ? (
        <p className="muted capture-none" data-testid="capture-none">
          No capture proxy is running.
        </p>
      ) : (
        proxies.map((info) => <ProxyCard key={info.id} info={info} log={logs.get(info.id)} onStop={() => stop(info.id)} />)
      )}
    </main>
  );
}
