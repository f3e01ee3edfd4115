// The backend's pushes, fanned out to whoever listens: the Electron main process (one window),
// the serve-mode bridge (its event log), the tests. A listener that throws is its own problem:
// it must not stop the others, nor the recording that pushed.

import type { ApiPush, ApiPushes } from '../../../shared/api/contract.ts';

export type PushListener = (push: ApiPush, payload: unknown) => void;

export interface PushHub {
  emit<P extends ApiPush>(push: P, payload: ApiPushes[P]): void;
  subscribe(listener: PushListener): () => void;
}

export function createPushHub(onListenerError: (error: unknown) => void = reportListenerError): PushHub {
  const listeners = new Set<PushListener>();
  return {
    emit(push, payload) {
      for (const listener of [...listeners]) {
        try {
          listener(push, payload);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      // A wrapper per subscription: the same function subscribed twice is unsubscribed once per call.
      const own: PushListener = (push, payload) => listener(push, payload);
      listeners.add(own);
      return () => void listeners.delete(own);
    },
  };
}

function reportListenerError(error: unknown): void {
  process.emitWarning(`Streamscope push listener failed: ${error instanceof Error ? error.message : String(error)}`, { code: 'STREAMSCOPE_PUSH' });
}
