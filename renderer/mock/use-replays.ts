// The running replay servers, kept fresh (components/use-polled-list.ts); requests served arrive
// as pushes (./log-store.ts).

import type { ReplayInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { usePolledList } from '../components/use-polled-list.ts';

export interface Replays {
  /** Null until first answered. */
  readonly servers: readonly ReplayInfo[] | null;
  readonly error: string | null;
  refresh(): void;
}

const listReplays = (): Promise<ReplayInfo[]> => api.listReplays({});

export function useReplays(): Replays {
  const { items, error, refresh } = usePolledList(listReplays);
  return { servers: items, error, refresh };
}
