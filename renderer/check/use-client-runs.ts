// The past client runs, newest first, kept fresh (components/use-polled-list.ts) and asked again
// at once when one ends.

import { useEffect } from 'react';
import type { ClientRunSummary } from '../../shared/api/client-checks.ts';
import { api } from '../api/index.ts';
import { usePolledList } from '../components/use-polled-list.ts';

export interface ClientRuns {
  /** Null until first answered. */
  readonly runs: readonly ClientRunSummary[] | null;
  readonly error: string | null;
  refresh(): void;
}

const listClientRuns = (): Promise<ClientRunSummary[]> => api.listClientRuns({ limit: 200 });

export function useClientRuns(): ClientRuns {
  const { items, error, refresh } = usePolledList(listClientRuns);
  useEffect(() => api.on('clientCheckFinished', () => refresh()), [refresh]);
  return { runs: items, error, refresh };
}
