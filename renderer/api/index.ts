// The one API object the components use, over whichever transport this page has: IPC in the
// desktop app (the preload bridge is there), loopback HTTP in serve mode. Chosen once, at start.

import { createApiClient } from '../../shared/api/client.ts';
import type { ApiClient, ApiTransport } from '../../shared/api/client.ts';
import { fetchExchange, untilPageHides } from './exchange.ts';
import type { Exchange } from './exchange.ts';
import { httpTransport } from './http.ts';
import type { ConnectionState } from './http.ts';
import { ipcTransport, preloadBridge } from './ipc.ts';
import { takeToken } from './token.ts';
import { workerExchange } from './worker-exchange.ts';

export type { ConnectionState } from './http.ts';

/** How the page reaches the backend: 'ipc' never drops; 'http' reports its event stream's state. */
export interface Connection {
  readonly kind: 'ipc' | 'http';
  readonly state: ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
}

function choose(): { transport: ApiTransport; connection: Connection } {
  const bridge = preloadBridge(window);
  if (bridge) return { transport: ipcTransport(bridge), connection: { kind: 'ipc', state: 'connected', onStateChange: () => () => {} } };
  const listeners = new Set<(state: ConnectionState) => void>();
  const transport = httpTransport({
    origin: window.location.origin,
    token: takeToken(window.location, window.history, window.sessionStorage) ?? '',
    // Pushes were lost for good: the page starts over from what the server holds now.
    onReset: () => window.location.reload(),
    onStateChange: (state) => listeners.forEach((listener) => listener(state)),
    exchange: offMainThread(),
  });
  return {
    transport,
    connection: {
      kind: 'http',
      get state() {
        return transport.state;
      },
      onStateChange: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
  };
}

/**
 * Calls made in a worker (exchange-worker.ts), so that taking in a large reply does not hold up the
 * page; on this thread where no worker can be made; and on this thread, keepalive, once the page
 * is going (untilPageHides).
 */
function offMainThread(): Exchange {
  const here = fetchExchange(window.fetch.bind(window));
  const leaving = fetchExchange(window.fetch.bind(window), { keepalive: true });
  let shown: Exchange;
  try {
    shown = workerExchange(new Worker(new URL('./exchange-worker.ts', import.meta.url), { type: 'module', name: 'api calls' }), here);
  } catch {
    shown = here;
  }
  return untilPageHides(shown, leaving, window);
}

const chosen = choose();

export const api: ApiClient = createApiClient(chosen.transport);
export const connection: Connection = chosen.connection;
