// The running capture proxies, kept fresh: asked on opening, after each start and stop, and every
// few seconds for proxies started or stopped elsewhere (another window, a test). Exchanges arrive
// as pushes (./log-store.ts), so a busy proxy does not make the page ask more often.

import { useCallback, useEffect, useState } from 'react';
import type { ProxyInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';

const POLL_MS = 3_000;

export interface Proxies {
  /** Null until first answered. */
  readonly proxies: readonly ProxyInfo[] | null;
  readonly error: string | null;
  refresh(): void;
}

export function useProxies(): Proxies {
  const [proxies, setProxies] = useState<readonly ProxyInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asks, setAsks] = useState(0);
  const refresh = useCallback(() => setAsks((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    api.listProxies({}).then(
      (list) => {
        if (!current) return;
        setProxies(list);
        setError(null);
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    const timer = setTimeout(refresh, POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [asks, refresh]);

  return { proxies, error, refresh };
}
