// The request logs of the page's replay servers: `replayLog` once per server, then the
// `replayRequest` pushes (components/server-logs.ts).

import { api } from '../api/index.ts';
import { createServerLogs } from '../components/server-logs.ts';
import { withBackendLog, withoutServer, withRequest } from './log.ts';
import type { ReplayLogs } from './log.ts';

const replayLogs = createServerLogs({
  empty: new Map() as ReplayLogs,
  push: 'replayRequest',
  withPush: withRequest,
  fetch: (id) => api.replayLog({ id }),
  withBackendLog,
  without: withoutServer,
});

export const useReplayLogs = replayLogs.use;
export const loadReplayLogs = replayLogs.load;
export const forgetReplay = replayLogs.forget;
