// The request logs of the page's replay servers: each server's log as the backend keeps it
// (`replayLog`, asked once per server), then the `replayRequest` pushes. It lives as long as the
// page, not the view: a user who opens a recording and comes back still sees the requests served
// meanwhile. The pushes are listened to before any log is asked for, so none falls between.

import { useSyncExternalStore } from 'react';
import { api } from '../api/index.ts';
import { withBackendLog, withoutServer, withRequest } from './log.ts';
import type { ReplayLogs } from './log.ts';

let logs: ReplayLogs = new Map();
const listeners = new Set<() => void>();
let listening = false;
/** Servers whose backend log was asked for (or has come). */
const asked = new Set<number>();

function changed(next: ReplayLogs): void {
  if (next === logs) return;
  logs = next;
  for (const listener of listeners) listener();
}

function listen(): void {
  if (listening) return;
  listening = true;
  api.on('replayRequest', (push) => changed(withRequest(logs, push)));
}

function subscribe(listener: () => void): () => void {
  listen();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useReplayLogs(): ReplayLogs {
  return useSyncExternalStore(subscribe, () => logs);
}

/**
 * Asks the backend for the log of each running server not asked for yet: the requests it served
 * before the page listened. One that fails is asked again the next time the servers are listed.
 */
export function loadReplayLogs(ids: readonly number[]): void {
  listen();
  for (const id of ids) {
    if (asked.has(id)) continue;
    asked.add(id);
    api.replayLog({ id }).then(
      (log) => {
        if (log && asked.has(id)) changed(withBackendLog(logs, id, log));
      },
      () => asked.delete(id),
    );
  }
}

/** A server stopped from this page: its lines go with it. */
export function forgetReplay(id: number): void {
  asked.delete(id);
  changed(withoutServer(logs, id));
}
