// The exchange logs of the page's capture proxies: `proxyLog` once per proxy, then the
// `captureExchange` pushes (components/server-logs.ts).

import { api } from '../api/index.ts';
import { createServerLogs } from '../components/server-logs.ts';
import { withBackendLog, withExchange, withoutProxy } from './exchange-log.ts';
import type { ProxyLogs } from './exchange-log.ts';

const proxyLogs = createServerLogs({
  empty: new Map() as ProxyLogs,
  push: 'captureExchange',
  withPush: withExchange,
  fetch: (id) => api.proxyLog({ id }),
  withBackendLog,
  without: withoutProxy,
});

export const useProxyLogs = proxyLogs.use;
export const loadProxyLogs = proxyLogs.load;
export const forgetProxy = proxyLogs.forget;
