// The exchanges each capture proxy saw, as the page learns of them: the backend's log of the
// proxy (`proxyLog`, asked once: the exchanges that ended before the page listened), then the
// `captureExchange` pushes, one when an exchange begins (state `open`) and one when it ends
// (`done`). A long stream ends after short exchanges that began later, and a push may cross the
// backend's log on the way, so the log keeps one line per exchange id, newest first, and a line
// that ended is never taken back to open by a push that arrives late.

import { CATALOGUE } from '../../shared/analysis/diagnostics/catalogue.ts';
import type { Severity } from '../../shared/analysis/diagnostics/catalogue.ts';
import type { CaptureExchangePush, ProxyInfo } from '../../shared/api/contract.ts';
import { CAPTURE_LOG_LIMIT } from '../../shared/capture/types.ts';
import type { CaptureExchange } from '../../shared/capture/types.ts';
import { formatMs } from '../components/format.ts';
import { clockTime } from '../mock/log.ts';

export const LOG_LIMIT = CAPTURE_LOG_LIMIT;

/** A proxy's exchanges, newest first (by id: order of arrival at the proxy), at most LOG_LIMIT. */
export type ProxyLog = readonly CaptureExchange[];

export type ProxyLogs = ReadonlyMap<number, ProxyLog>;

export const EMPTY_LOG: ProxyLog = [];

/** The line that wins when one exchange is known twice: the one that ended, else the newer news. */
function later(kept: CaptureExchange, incoming: CaptureExchange): CaptureExchange {
  if (kept.state === 'done' && incoming.state === 'open') return kept;
  return incoming;
}

export function withExchange(logs: ProxyLogs, { proxy, exchange }: CaptureExchangePush, limit = LOG_LIMIT): ProxyLogs {
  const log = logs.get(proxy) ?? EMPTY_LOG;
  // Newest first: the place is after every entry with a higher id (binary search).
  let low = 0;
  let high = log.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (log[middle]!.id > exchange.id) low = middle + 1;
    else high = middle;
  }
  const kept = log[low];
  if (kept?.id === exchange.id) {
    const chosen = later(kept, exchange);
    if (chosen === kept) return logs;
    return withLog(logs, proxy, [...log.slice(0, low), chosen, ...log.slice(low + 1)]);
  }
  // Older than everything kept when the log is full: it would be let go at once.
  if (log.length >= limit && low === log.length) return logs;
  const next = [...log.slice(0, low), exchange, ...log.slice(low)];
  return withLog(logs, proxy, next.length > limit ? next.slice(0, limit) : next);
}

/**
 * The page's log of a proxy with the backend's log of it merged in: the backend's holds the
 * exchanges that ended before the page listened, the page's those pushed since, some in both.
 */
export function withBackendLog(logs: ProxyLogs, proxy: number, backend: readonly CaptureExchange[], limit = LOG_LIMIT): ProxyLogs {
  const byId = new Map<number, CaptureExchange>();
  for (const exchange of backend) byId.set(exchange.id, exchange);
  for (const exchange of logs.get(proxy) ?? EMPTY_LOG) {
    const kept = byId.get(exchange.id);
    byId.set(exchange.id, kept ? later(kept, exchange) : exchange);
  }
  const merged = [...byId.values()].sort((a, b) => b.id - a.id);
  return withLog(logs, proxy, merged.length > limit ? merged.slice(0, limit) : merged);
}

export function withoutProxy(logs: ProxyLogs, proxy: number): ProxyLogs {
  if (!logs.has(proxy)) return logs;
  const next = new Map(logs);
  next.delete(proxy);
  return next;
}

/** Exchanges the proxy has seen: ids count them from 1, so the newest line's id, or the count last listed, whichever is more. */
export function seenCount(info: Pick<ProxyInfo, 'exchanges'>, log: ProxyLog): number {
  return Math.max(info.exchanges, log[0]?.id ?? 0);
}

/** Exchanges seen that the page has no line for: under way since before the page listened, or let go past the limit. */
export function unseenCount(info: Pick<ProxyInfo, 'exchanges'>, log: ProxyLog): number {
  return Math.max(0, seenCount(info, log) - log.length);
}

/** Exchanges still streaming. */
export function openCount(log: ProxyLog): number {
  let open = 0;
  for (const exchange of log) if (exchange.state === 'open') open++;
  return open;
}

export type ExchangeTone = 'good' | 'bad' | 'live' | 'muted';

/** How a line reads, column by column. */
export interface ExchangeRow {
  readonly time: string;
  readonly request: string;
  readonly model: string;
  readonly status: string;
  readonly statusTone: ExchangeTone;
  readonly ttft: string;
  readonly duration: string;
  readonly events: string;
  /** The codes found, the most severe first, each with its severity. */
  readonly findings: readonly { readonly code: string; readonly severity: Severity }[];
  /** Why the exchange was refused or failed, in words (null when it went well). */
  readonly problem: string | null;
  readonly state: string;
  readonly stateTone: ExchangeTone;
}

const RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

function severityOf(code: string): Severity {
  return (CATALOGUE as Readonly<Record<string, { readonly severity: Severity } | undefined>>)[code]?.severity ?? 'info';
}

const ENDS: Readonly<Record<NonNullable<CaptureExchange['outcome']>, string>> = {
  eof: 'done',
  error: 'connection error',
  aborted: 'client hung up',
  timeout: 'timed out',
};

export function exchangeRow(exchange: CaptureExchange): ExchangeRow {
  const open = exchange.state === 'open';
  const refused = exchange.servedBy === 'refused';
  const findings = exchange.findings.codes
    .map((code) => ({ code, severity: severityOf(code) }))
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || a.code.localeCompare(b.code));
  const failed = exchange.status === null ? !open : exchange.status >= 400;
  let state: string;
  let stateTone: ExchangeTone;
  if (open) {
    state = exchange.stream ? 'streaming' : 'open';
    stateTone = 'live';
  } else if (refused) {
    state = 'refused';
    stateTone = 'bad';
  } else {
    state = exchange.outcome === null ? 'done' : ENDS[exchange.outcome];
    stateTone = exchange.outcome === 'eof' || exchange.outcome === null ? 'good' : exchange.outcome === 'aborted' ? 'muted' : 'bad';
  }
  if (exchange.servedBy === 'cassette') state += ' (cassette)';
  return {
    time: clockTime(exchange.time),
    request: `${exchange.method} ${exchange.path}`,
    model: exchange.model ?? '–',
    status: exchange.status === null ? (open ? '…' : 'no response') : String(exchange.status),
    statusTone: exchange.status === null && open ? 'muted' : failed ? 'bad' : 'good',
    ttft: exchange.stream ? (open && exchange.ttftMs === null ? '…' : formatMs(exchange.ttftMs)) : '–',
    duration: open ? '…' : formatMs(exchange.durationMs),
    events: exchange.stream ? (open ? '…' : String(exchange.events)) : '–',
    findings,
    problem: exchange.error,
    state,
    stateTone,
  };
}

function withLog(logs: ProxyLogs, proxy: number, log: ProxyLog): ProxyLogs {
  const next = new Map(logs);
  next.set(proxy, log);
  return next;
}
