// The backend behind the one API (shared/api/contract.ts): every call answered from the store,
// the recorder, the profiles and keys, the simulator, the import/export formats, the replay
// servers and the conformance runs (of servers and of clients), plus the pushes of live recordings and of replayed requests. The Electron main process binds it to IPC, serve mode to loopback
// HTTP, the tests call it directly; each puts `createApiDispatcher(backend.api)` in front of it,
// which validates every argument before it gets here.

import type { ApiPush, StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { openStore } from '../store/index.ts';
import { createChecks } from './checks.ts';
import { createClientChecks } from './client-checks.ts';
import type { StoreOptions } from '../store/index.ts';
import type { KeyVault } from './keys.ts';
import { createLive } from './live.ts';
import type { LiveBatchOptions } from './live-batch.ts';
import { createProfiles } from './profiles.ts';
import { createPushHub } from './pushes.ts';
import { recordingCalls } from './recordings.ts';
import { createProxies } from './proxies.ts';
import { createReplays } from './replays.ts';
import { lazySimulator, scenarioInfos } from './simulator.ts';
import { transferCalls } from './transfer.ts';

export type { KeyVault } from './keys.ts';
export { memoryKeyVault } from './keys.ts';

export interface Backend {
  readonly api: StreamscopeApi;
  /** Every push (name, payload) until the returned function is called. */
  subscribe(listener: (push: ApiPush, payload: unknown) => void): () => void;
  /** Cancels live recordings and replays, closes the store. */
  close(): Promise<void>;
}

export interface BackendOptions {
  readonly dbPath: string;
  readonly keys: KeyVault;
  /** For profile keys from environment variables; default process.env. */
  readonly env?: Record<string, string | undefined>;
  /** Passed to openStore (the Electron app gives its own build of better-sqlite3 as nativeBinding). */
  readonly store?: StoreOptions;
  /** How live pushes are batched (tests make the interval visible). */
  readonly liveBatch?: LiveBatchOptions;
}

export function createBackend(options: BackendOptions): Backend {
  const store = openStore(options.dbPath, options.store);
  const pushes = createPushHub();
  const simulator = lazySimulator();
  const profiles = createProfiles(options.keys, options.env ?? process.env);
  const live = createLive({ store, profiles, simulator, pushes, ...(options.liveBatch ? { batch: options.liveBatch } : {}) });
  const replays = createReplays(store, pushes);
  const proxies = createProxies(store, pushes, simulator);
  const checks = createChecks(store, profiles, pushes);
  const clientChecks = createClientChecks(store, pushes);
  const { profile: _profile, keyFor: _keyFor, ...profileCalls } = profiles;

  const calls: StreamscopeApi = {
    ...recordingCalls(store, live.isLive),
    startRecording: live.startRecording,
    cancelRecording: live.cancelRecording,
    ...profileCalls,
    listScenarios: async (input) => scenarioInfos(input.protocol),
    ...transferCalls(store),
    startReplay: replays.startReplay,
    stopReplay: replays.stopReplay,
    listReplays: replays.listReplays,
    replayLog: replays.replayLog,
    startProxy: proxies.startProxy,
    stopProxy: proxies.stopProxy,
    listProxies: proxies.listProxies,
    proxyLog: proxies.proxyLog,
    listChecks: checks.listChecks,
    startCheck: checks.startCheck,
    cancelCheck: checks.cancelCheck,
    listCheckRuns: checks.listCheckRuns,
    getCheckRun: checks.getCheckRun,
    deleteCheckRun: checks.deleteCheckRun,
    listClientCases: clientChecks.listClientCases,
    startClientCheck: clientChecks.startClientCheck,
    cancelClientCheck: clientChecks.cancelClientCheck,
    listClientRuns: clientChecks.listClientRuns,
    getClientRun: clientChecks.getClientRun,
    deleteClientRun: clientChecks.deleteClientRun,
  };

  let closing: Promise<void> | null = null;
  // After close, every call says so instead of reaching a closed database.
  const api = Object.fromEntries(
    Object.entries(calls).map(([name, call]) => [
      name,
      (input: never) => {
        if (closing) return Promise.reject(new ApiError('unavailable', `${name}: the backend is closed`));
        return (call as (input: never) => Promise<unknown>)(input);
      },
    ]),
  ) as unknown as StreamscopeApi;

  return {
    api,
    subscribe: pushes.subscribe,
    close() {
      closing ??= (async () => {
        await Promise.all([live.cancelAll(), replays.stopAll(), proxies.stopAll(), checks.stopAll(), clientChecks.stopAll()]);
        await simulator.close();
        store.close();
      })();
      return closing;
    },
  };
}
