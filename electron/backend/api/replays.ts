// Replay servers started from the UI: stored recordings answered on loopback, with faults
// (docs/replay.md). Each request served is pushed as `replayRequest`; closing the backend stops
// every server.

import type { ReplayInfo, StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { checkFaults, describeFaults, startReplayServer } from '../replay/index.ts';
import type { ReplayServer, ReplaySource } from '../replay/index.ts';
import type { Store } from '../store/index.ts';
import type { PushHub } from './pushes.ts';

type ReplayCalls = Pick<StreamscopeApi, 'startReplay' | 'stopReplay' | 'listReplays'>;

export interface Replays extends ReplayCalls {
  stopAll(): Promise<void>;
}

interface Running {
  readonly server: ReplayServer;
  readonly info: Omit<ReplayInfo, 'requests'>;
}

export function createReplays(store: Store, pushes: PushHub): Replays {
  const running = new Map<number, Running>();
  let next = 0;
  let stopped = false;

  return {
    async startReplay({ recordings, speed = 1, precise = false, faults = {}, port = 0 }) {
      try {
        checkFaults(faults);
      } catch (error) {
        throw new ApiError('invalid-argument', `startReplay: faults: ${(error as Error).message}`);
      }
      const sources: ReplaySource[] = recordings.map((id) => {
        const recording = store.get(id);
        if (!recording) throw new ApiError('not-found', `no recording ${id}`);
        return { label: `#${id}${recording.name ? ` ${JSON.stringify(recording.name)}` : ''}`, recording };
      });
      if (stopped) throw new ApiError('unavailable', 'startReplay: the backend is closed');
      const id = ++next;
      let server: ReplayServer;
      try {
        server = await startReplayServer({ sources, host: '127.0.0.1', port, speed, precise, faults, onRequest: (log) => pushes.emit('replayRequest', { replay: id, request: log }) });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE' || code === 'EACCES') throw new ApiError('unavailable', `startReplay: port ${port} cannot be used (${code === 'EADDRINUSE' ? 'in use' : 'permission denied'})`);
        throw error;
      }
      const info = { id, baseUrl: server.baseUrl, recordings: [...recordings], speed, precise, faults: describeFaults(faults) };
      running.set(id, { server, info });
      return { ...info, requests: 0 };
    },
    async stopReplay({ id }) {
      const replay = running.get(id);
      if (!replay) return false;
      running.delete(id);
      await replay.server.close();
      return true;
    },
    listReplays: async () => [...running.values()].map(({ server, info }) => ({ ...info, requests: server.requests.length })),
    async stopAll() {
      stopped = true;
      const all = [...running.values()];
      running.clear();
      await Promise.all(all.map(({ server }) => server.close()));
    },
  };
}
