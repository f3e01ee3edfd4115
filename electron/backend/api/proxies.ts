// Capture proxies started from the UI (docs/capture.md): the user's app pointed at a loopback
// proxy that relays to the real upstream and records each stream into the store. Each exchange is
// pushed as `captureExchange` when it starts and when it ends, and kept in the proxy's log (the
// newest CAPTURE_LOG_LIMIT), so that a page opened late still shows what came through.

import type { CaptureExchange } from '../../../shared/capture/types.ts';
import { CAPTURE_LOG_LIMIT } from '../../../shared/capture/types.ts';
import { planRoutes } from '../../../shared/capture/routes.ts';
import { captureSnippets, isAnthropicUpstream } from '../../../shared/capture/snippets.ts';
import type { ProxyInfo, StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { startCaptureProxy } from '../proxy/index.ts';
import type { CaptureProxy } from '../proxy/index.ts';
import { captureUpstreams } from '../recorder/profiles.ts';
import type { Store } from '../store/index.ts';
import type { PushHub } from './pushes.ts';
import type { SimulatorHost } from './simulator.ts';

type ProxyCalls = Pick<StreamscopeApi, 'startProxy' | 'stopProxy' | 'listProxies' | 'proxyLog'>;

export interface Proxies extends ProxyCalls {
  stopAll(): Promise<void>;
}

interface Running {
  readonly proxy: CaptureProxy;
  readonly info: Omit<ProxyInfo, 'exchanges' | 'cassettes'> & { readonly cassettes: { readonly dir: string; readonly mode: 'record' | 'replay' | 'auto' } | null };
  seen: number;
}

export function createProxies(store: Store, pushes: PushHub, simulator: SimulatorHost): Proxies {
  const running = new Map<number, Running>();
  let next = 0;
  let stopped = false;

  const infoOf = ({ proxy, info, seen }: Running): ProxyInfo => ({
    ...info,
    cassettes: info.cassettes ? { ...info.cassettes, count: proxy.cassetteCount } : null,
    exchanges: seen,
  });

  return {
    async startProxy({ upstreams = [], profiles = [], port = 0, keepEncoding = false, allowOrigins = [], cassettes, tags }) {
      const simulatorUrl = profiles.some((name) => name.toLowerCase() === 'simulator') ? await simulator.url() : undefined;
      const specs = captureUpstreams(profiles, upstreams, simulatorUrl);
      if (typeof specs === 'string') throw new ApiError('invalid-argument', `startProxy: ${specs}`);
      const routing = planRoutes(specs, specs.length > 1 || profiles.length > 0);
      if (!routing.ok) throw new ApiError('invalid-argument', `startProxy: ${routing.error}`);
      if (stopped) throw new ApiError('unavailable', 'startProxy: the backend is closed');
      const id = ++next;
      const push = (exchange: CaptureExchange): void => pushes.emit('captureExchange', { proxy: id, exchange });
      let proxy: CaptureProxy;
      try {
        proxy = await startCaptureProxy({
          routes: routing.routes,
          port,
          store,
          tags,
          keepEncoding,
          allowOrigins,
          ...(cassettes ? { cassettes } : {}),
          onExchange(exchange) {
            const entry = running.get(id);
            if (entry) entry.seen = Math.max(entry.seen, exchange.id);
            push(exchange);
          },
          onExchangeEnd(exchange) {
            const entry = running.get(id);
            if (entry) entry.seen = Math.max(entry.seen, exchange.id);
            push(exchange);
          },
        });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE' || code === 'EACCES') throw new ApiError('unavailable', `startProxy: port ${port} cannot be used (${code === 'EADDRINUSE' ? 'in use' : 'permission denied'})`);
        throw new ApiError('invalid-argument', `startProxy: ${(error as Error).message}`);
      }
      const bases = proxy.bases.map(({ route, baseUrl }) => ({
        prefix: route.prefix,
        upstream: redactUrl(route.upstream),
        baseUrl,
        snippets: captureSnippets(baseUrl, isAnthropicUpstream(route.upstream), route.upstream),
      }));
      const entry: Running = { proxy, info: { id, session: proxy.session, origin: proxy.origin, port: proxy.port, bases, keepEncoding, cassettes: cassettes ?? null }, seen: 0 };
      running.set(id, entry);
      return infoOf(entry);
    },
    async stopProxy({ id }) {
      const entry = running.get(id);
      if (!entry) return false;
      running.delete(id);
      await entry.proxy.close();
      return true;
    },
    listProxies: async () => [...running.values()].map(infoOf),
    async proxyLog({ id }) {
      const entry = running.get(id);
      if (!entry) return null;
      return [...entry.proxy.exchanges, ...entry.proxy.openExchanges].sort((a, b) => b.id - a.id).slice(0, CAPTURE_LOG_LIMIT);
    },
    async stopAll() {
      stopped = true;
      const all = [...running.values()];
      running.clear();
      await Promise.all(all.map(({ proxy }) => proxy.close()));
    },
  };
}
