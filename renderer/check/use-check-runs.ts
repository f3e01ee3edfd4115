// The past runs, newest first, kept fresh (components/use-polled-list.ts) and asked again at once
// when a run ends.

import type { CheckRunSummary } from '../../shared/api/checks.ts';
import { api } from '../api/index.ts';
import { usePolledList } from '../components/use-polled-list.ts';
import { useRunEnds } from './use-check-run.ts';

export interface CheckRuns {
  /** Null until first answered. */
  readonly runs: readonly CheckRunSummary[] | null;
  readonly error: string | null;
  refresh(): void;
}

const listCheckRuns = (): Promise<CheckRunSummary[]> => api.listCheckRuns({ limit: 200 });

export function useCheckRuns(): CheckRuns {
  const { items, error, refresh } = usePolledList(listCheckRuns);
  useRunEnds(refresh);
  return { runs: items, error, refresh };
}
