// The exchange logs of the page's capture proxies: each proxy's log as the backend keeps it
// (`proxyLog`, asked once per proxy), then the `captureExchange` pushes. It lives as long as the
// page, not the view: a user who opens a captured recording and comes back still sees the
// exchanges that came through meanwhile. The pushes are listened to before any log is asked for,
// so none falls between.

import { useSyncExternalStore } from 'react';
import { api } from '../api/index.ts';
import { withBackendLog, withExchange, withoutProxy } from './exchange-log.ts';
import type { ProxyLogs } from './exchange-log.ts';

let logs: ProxyLogs = new Map();
const listeners = new Set<() => void>();
let listening = false;
/** Proxies whose backend log was asked for (or has come). */
const asked = new Set<number>();

function changed(next: ProxyLogs): void {
  if (next === logs) return;
  logs = next;
  for (const listener of listeners) listener();
}

function listen(): void {
  if (listening) return;
  listening = true;
  api.on('captureExchange', (push) => changed(withExchange(logs, push)));
}

function subscribe(listener: () => void): () => void {
  listen();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useProxyLogs(): ProxyLogs {
  return useSyncExternalStore(subscribe, () => logs);
}

/**
 * Asks the backend for the log of each running proxy not asked for yet: the exchanges that ended
 * before the page listened. One that fails is asked again the next time the proxies are listed.
 */
export function loadProxyLogs(ids: readonly number[]): void {
  listen();
  for (const id of ids) {
    if (asked.has(id)) continue;
    asked.add(id);
    api.proxyLog({ id }).then(
      (log) => {
        if (log && asked.has(id)) changed(withBackendLog(logs, id, log));
      },
      () => asked.delete(id),
    );
  }
}

/** A proxy stopped from this page: its lines go with it. */
export function forgetProxy(id: number): void {
  asked.delete(id);
  changed(withoutProxy(logs, id));
}
