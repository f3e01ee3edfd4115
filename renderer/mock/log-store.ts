// The request logs of the page's replay servers, filled from `replayRequest` pushes. It lives as
// long as the page, not the view: a user who opens a recording and comes back still sees the
// requests served meanwhile. The backend keeps no log a page can ask for, so the subscription
// starts with the first view that reads it and stays.

import { useSyncExternalStore } from 'react';
import { api } from '../api/index.ts';
import { withoutServer, withRequest } from './log.ts';
import type { ReplayLogs } from './log.ts';

let logs: ReplayLogs = new Map();
const listeners = new Set<() => void>();
let listening = false;

function changed(next: ReplayLogs): void {
  if (next === logs) return;
  logs = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (!listening) {
    listening = true;
    api.on('replayRequest', (push) => changed(withRequest(logs, push)));
  }
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useReplayLogs(): ReplayLogs {
  return useSyncExternalStore(subscribe, () => logs);
}

/** A server stopped from this page: its lines go with it. */
export function forgetReplay(id: number): void {
  changed(withoutServer(logs, id));
}
