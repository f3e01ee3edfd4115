// A list the backend holds (running replay servers, capture proxies), kept fresh: asked on opening,
// after each start and stop (`refresh`), and every few seconds for changes made elsewhere (another
// window, a test). What they serve arrives as pushes, so a busy server does not make the page ask
// more often.

import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './format.ts';

const POLL_MS = 3_000;

export interface PolledList<T> {
  /** Null until first answered. */
  readonly items: readonly T[] | null;
  readonly error: string | null;
  refresh(): void;
}

/** `ask` must be stable (a module-level function): a new one each render would ask each render. */
export function usePolledList<T>(ask: () => Promise<readonly T[]>): PolledList<T> {
  const [items, setItems] = useState<readonly T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asks, setAsks] = useState(0);
  const refresh = useCallback(() => setAsks((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    ask().then(
      (list) => {
        if (!current) return;
        setItems(list);
        setError(null);
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    const timer = setTimeout(refresh, POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [ask, asks, refresh]);

  return { items, error, refresh };
}
