// One client run, followed while it is judged: the pushes listened to first, then the run asked
// for (./client-run-state.ts merges the two), so that no verdict falls between.

import { useEffect, useState } from 'react';
import type { StoredClientRun } from '../../shared/api/client-checks.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';
import { NO_CLIENT_RUN, withClientAnswer, withClientFinishedPush, withClientResultPush } from './client-run-state.ts';
import type { HeldClientRun } from './client-run-state.ts';

export type ClientRunLoad = { readonly status: 'loading' } | { readonly status: 'missing' } | { readonly status: 'error'; readonly message: string } | { readonly status: 'ready'; readonly run: StoredClientRun };

/** Follows client run `id` for as long as the component lives: key it by the id. */
export function useClientRun(id: number): ClientRunLoad {
  const [held, setHeld] = useState<HeldClientRun>(NO_CLIENT_RUN);
  const [failure, setFailure] = useState<'missing' | string | null>(null);

  useEffect(() => {
    let current = true;
    const stopResults = api.on('clientCaseResult', (push) => setHeld((was) => withClientResultPush(was, id, push)));
    const stopFinished = api.on('clientCheckFinished', (push) => setHeld((was) => withClientFinishedPush(was, id, push)));
    api.getClientRun({ id }).then(
      (run) => {
        if (!current) return;
        if (run === null) setFailure('missing');
        else setHeld((was) => withClientAnswer(was, run));
      },
      (error: unknown) => current && setFailure(errorMessage(error)),
    );
    return () => {
      current = false;
      stopResults();
      stopFinished();
    };
  }, [id]);

  if (failure === 'missing') return { status: 'missing' };
  if (failure !== null) return { status: 'error', message: failure };
  return held.run === null ? { status: 'loading' } : { status: 'ready', run: held.run };
}
