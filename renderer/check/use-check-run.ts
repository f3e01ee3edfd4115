// One run, followed while it is judged: the pushes listened to first, then the run asked for
// (./run-state.ts merges the two), so that no verdict falls between.

import { useEffect, useState } from 'react';
import type { StoredCheckRun } from '../../shared/api/checks.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';
import { NOTHING_HELD, withAnswer, withFinishedPush, withResultPush } from './run-state.ts';
import type { HeldRun } from './run-state.ts';

export type RunLoad = { readonly status: 'loading' } | { readonly status: 'missing' } | { readonly status: 'error'; readonly message: string } | { readonly status: 'ready'; readonly run: StoredCheckRun };

/** Follows run `id` for as long as the component lives: key it by the id. */
export function useCheckRun(id: number): RunLoad {
  const [held, setHeld] = useState<HeldRun>(NOTHING_HELD);
  const [failure, setFailure] = useState<'missing' | string | null>(null);

  useEffect(() => {
    let current = true;
    const stopResults = api.on('checkResult', (push) => setHeld((was) => withResultPush(was, id, push)));
    const stopFinished = api.on('checkFinished', (push) => setHeld((was) => withFinishedPush(was, id, push)));
    api.getCheckRun({ id }).then(
      (run) => {
        if (!current) return;
        if (run === null) setFailure('missing');
        else setHeld((was) => withAnswer(was, run));
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

/** Calls `onEnd` whenever any run ends (the past runs list asks again then); `onEnd` must be stable. */
export function useRunEnds(onEnd: () => void): void {
  useEffect(() => api.on('checkFinished', () => onEnd()), [onEnd]);
}
