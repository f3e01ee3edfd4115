// The logs of the page's loopback servers (replay servers, capture proxies): each server's log as
// the backend keeps it (asked once per server), then its pushes. It lives as long as the page, not
// the view: a user who opens a recording and comes back still sees what was served meanwhile. The
// pushes are listened to before any log is asked for, so none falls between.

import { useSyncExternalStore } from 'react';
import type { ApiPush, ApiPushes } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';

export interface ServerLogsSpec<Logs, Log, P extends ApiPush> {
  readonly empty: Logs;
  /** The push that brings one line. */
  readonly push: P;
  readonly withPush: (logs: Logs, push: ApiPushes[P]) => Logs;
  /** The backend's log of one server; null when it is not running. */
  readonly fetch: (id: number) => Promise<Log | null>;
  readonly withBackendLog: (logs: Logs, id: number, log: Log) => Logs;
  readonly without: (logs: Logs, id: number) => Logs;
}

export interface ServerLogs<Logs> {
  use(): Logs;
  /**
   * Asks the backend for the log of each running server not asked for yet: what it served before
   * the page listened. One that fails is asked again the next time the servers are listed.
   */
  load(ids: readonly number[]): void;
  /** A server stopped from this page: its lines go with it. */
  forget(id: number): void;
}

export function createServerLogs<Logs, Log, P extends ApiPush>(spec: ServerLogsSpec<Logs, Log, P>): ServerLogs<Logs> {
  let logs = spec.empty;
  const listeners = new Set<() => void>();
  let listening = false;
  /** Servers whose backend log was asked for (or has come). */
  const asked = new Set<number>();

  const changed = (next: Logs): void => {
    if (next === logs) return;
    logs = next;
    for (const listener of listeners) listener();
  };
  const listen = (): void => {
    if (listening) return;
    listening = true;
    api.on(spec.push, (push) => changed(spec.withPush(logs, push)));
  };
  const subscribe = (listener: () => void): (() => void) => {
    listen();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  return {
    use: () => useSyncExternalStore(subscribe, () => logs),
    load(ids) {
      listen();
      for (const id of ids) {
        if (asked.has(id)) continue;
        asked.add(id);
        spec.fetch(id).then(
          (log) => {
            if (log && asked.has(id)) changed(spec.withBackendLog(logs, id, log));
          },
          () => asked.delete(id),
        );
      }
    },
    forget(id) {
      asked.delete(id);
      changed(spec.without(logs, id));
    },
  };
}
