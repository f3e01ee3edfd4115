// Replay servers started from the UI: stored recordings answered on loopback, with faults
// (docs/replay.md). Each request served is pushed as `replayRequest` and kept in the server's log
// (the newest REPLAY_LOG_LIMIT), so that a page opened late still shows every request since the
// start; closing the backend stops every server.

import { REPLAY_LOG_LIMIT } from '../../../shared/api/contract.ts';
import type { ReplayInfo, ReplayLog, ReplayLogEntry, StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { replayProtocol } from '../../../shared/replay/dialect.ts';
import { checkFaults, describeFaults, startReplayServer } from '../replay/index.ts';
import type { ReplayServer, ReplaySource } from '../replay/index.ts';
import type { Store } from '../store/index.ts';
import type { PushHub } from './pushes.ts';

type ReplayCalls = Pick<StreamscopeApi, 'startReplay' | 'stopReplay' | 'listReplays' | 'replayLog'>;

export interface Replays extends ReplayCalls {
  stopAll(): Promise<void>;
}

interface Running {
  readonly server: ReplayServer;
  readonly info: Omit<ReplayInfo, 'requests'>;
  readonly log: RequestLog;
}

/** A server's requests in the order their responses ended, cut back to `limit` now and then. */
interface RequestLog {
  readonly lines: ReplayLogEntry[];
  served: number;
}

export function createReplays(store: Store, pushes: PushHub, limit = REPLAY_LOG_LIMIT): Replays {
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
      const log: RequestLog = { lines: [], served: 0 };
      const onRequest = (request: ReplayLogEntry): void => {
        log.served++;
        log.lines.push(request);
        // Cut back once it holds twice the limit: each request costs a constant time on average.
        if (log.lines.length >= 2 * limit) log.lines.splice(0, log.lines.length - limit);
        pushes.emit('replayRequest', { replay: id, request });
      };
      let server: ReplayServer;
      try {
        server = await startReplayServer({ sources, host: '127.0.0.1', port, speed, precise, faults, onRequest });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE' || code === 'EACCES') throw new ApiError('unavailable', `startReplay: port ${port} cannot be used (${code === 'EADDRINUSE' ? 'in use' : 'permission denied'})`);
        throw error;
      }
      // The drops in the words of the recordings' dialects (drop message_stop, …).
      const info = { id, baseUrl: server.baseUrl, recordings: [...recordings], speed, precise, faults: describeFaults(faults, sources.map((source) => replayProtocol(source.recording))) };
      running.set(id, { server, info, log });
      return { ...info, requests: 0 };
    },
    async stopReplay({ id }) {
      const replay = running.get(id);
      if (!replay) return false;
      running.delete(id);
      await replay.server.close();
      return true;
    },
    listReplays: async () => [...running.values()].map(({ info, log }) => ({ ...info, requests: log.served })),
    async replayLog({ id }) {
      const replay = running.get(id);
      return replay ? newestFirst(replay.log, limit) : null;
    },
    async stopAll() {
      stopped = true;
      const all = [...running.values()];
      running.clear();
      await Promise.all(all.map(({ server }) => server.close()));
    },
  };
}

/** The log as the page shows it: the newest `limit` lines by arrival (a long response ends after a short one that came later). */
function newestFirst(log: RequestLog, limit: number): ReplayLog {
  const entries = [...log.lines].sort((a, b) => b.id - a.id).slice(0, limit);
  return { entries, dropped: log.served - entries.length };
}
