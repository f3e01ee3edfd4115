// The running replay servers, kept fresh: asked on opening, after each start and stop, and every
// few seconds for servers started or stopped elsewhere (another window, a test). Requests served
// arrive as pushes (./log-store.ts), so a busy server does not make the page ask more often.

import { useCallback, useEffect, useState } from 'react';
import type { ReplayInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';

const POLL_MS = 3_000;

export interface Replays {
  /** Null until first answered. */
  readonly servers: readonly ReplayInfo[] | null;
  readonly error: string | null;
  refresh(): void;
}

export function useReplays(): Replays {
  const [servers, setServers] = useState<readonly ReplayInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asks, setAsks] = useState(0);
  const refresh = useCallback(() => setAsks((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    api.listReplays({}).then(
      (list) => {
        if (!current) return;
        setServers(list);
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

  return { servers, error, refresh };
}
