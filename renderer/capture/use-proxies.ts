// The running capture proxies, kept fresh (components/use-polled-list.ts); exchanges arrive as
// pushes (./log-store.ts).

import type { ProxyInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { usePolledList } from '../components/use-polled-list.ts';

export interface Proxies {
  /** Null until first answered. */
  readonly proxies: readonly ProxyInfo[] | null;
  readonly error: string | null;
  refresh(): void;
}

const listProxies = (): Promise<ProxyInfo[]> => api.listProxies({});

export function useProxies(): Proxies {
  const { items, error, refresh } = usePolledList(listProxies);
  return { proxies: items, error, refresh };
}
