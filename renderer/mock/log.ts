// The requests each replay server answered, as the page learns of them: the backend's log of the
// server (`replayLog`, asked once), then one `replayRequest` push each, sent once its response is
// over. A long response ends after a short one that came later, so pushes arrive out of order; the
// log keeps them newest first by order of arrival at the server (the entry's id), and a line seen
// twice (in the backend's log and a push) counts once.

import { REPLAY_LOG_LIMIT } from '../../shared/api/contract.ts';
import type { ReplayInfo, ReplayLog, ReplayLogEntry, ReplayRequestPush } from '../../shared/api/contract.ts';

export const LOG_LIMIT = REPLAY_LOG_LIMIT;

/** Newest first; `dropped` counts the lines let go to keep LOG_LIMIT. */
export type ServerLog = ReplayLog;

export type ReplayLogs = ReadonlyMap<number, ServerLog>;

export const EMPTY_LOG: ServerLog = { entries: [], dropped: 0 };

export function withRequest(logs: ReplayLogs, { replay, request }: ReplayRequestPush, limit = LOG_LIMIT): ReplayLogs {
  const log = logs.get(replay) ?? EMPTY_LOG;
  const { entries } = log;
  // Newest first: the place is after every entry with a higher id (binary search).
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (entries[middle]!.id > request.id) low = middle + 1;
    else high = middle;
  }
  if (entries[low]?.id === request.id) return logs;
  // Older than everything kept when the log is full: it would be let go at once.
  if (entries.length >= limit && low === entries.length) return withLog(logs, replay, { entries, dropped: log.dropped + 1 });
  const next = [...entries.slice(0, low), request, ...entries.slice(low)];
  const over = Math.max(0, next.length - limit);
  return withLog(logs, replay, { entries: over > 0 ? next.slice(0, limit) : next, dropped: log.dropped + over });
}

/**
 * The page's log of a server with the backend's log of it merged in: the backend's holds every
 * request answered before the page listened, the page's those pushed since, some in both.
 */
export function withBackendLog(logs: ReplayLogs, replay: number, backend: ReplayLog, limit = LOG_LIMIT): ReplayLogs {
  const { entries: pushed } = logs.get(replay) ?? EMPTY_LOG;
  const known = new Set(backend.entries.map((entry) => entry.id));
  const onlyPushed = pushed.filter((entry) => !known.has(entry.id));
  const merged = [...backend.entries, ...onlyPushed].sort((a, b) => b.id - a.id);
  const served = backend.entries.length + backend.dropped + onlyPushed.length;
  const entries = merged.length > limit ? merged.slice(0, limit) : merged;
  return withLog(logs, replay, { entries, dropped: served - entries.length });
}

export function withoutServer(logs: ReplayLogs, replay: number): ReplayLogs {
  if (!logs.has(replay)) return logs;
  const next = new Map(logs);
  next.delete(replay);
  return next;
}

/** Requests the server has answered: its count as last listed, or the lines pushed since, whichever is newer. */
export function servedCount(info: ReplayInfo, log: ServerLog): number {
  return Math.max(info.requests, log.entries.length + log.dropped);
}

/** Requests the server answered that the page has no line for yet: served before the page listened, until the backend's log of them arrives. */
export function unseenRequests(info: ReplayInfo, log: ServerLog): number {
  return Math.max(0, info.requests - log.entries.length - log.dropped);
}

/** How a line reads, column by column. */
export interface LogRow {
  readonly time: string;
  readonly request: string;
  readonly model: string;
  readonly matched: string;
  readonly status: string;
  readonly outcome: string;
  readonly faults: string;
}

const OUTCOME_WORDS: Readonly<Record<ReplayLogEntry['outcome'], string>> = {
  complete: 'complete',
  cut: 'cut',
  'client-closed': 'client closed',
  'server-closed': 'server stopped',
};

export function logRow(entry: ReplayLogEntry): LogRow {
  return {
    time: clockTime(entry.time),
    request: `${entry.method} ${entry.path}`,
    model: entry.model ?? '–',
    matched: entry.matched ?? 'no match',
    status: entry.status === null ? 'no response' : String(entry.status),
    outcome: OUTCOME_WORDS[entry.outcome],
    faults: entry.faults.join('; '),
  };
}

/** The time of day to the millisecond (requests a few ms apart stay apart), in the page's time zone. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

function withLog(logs: ReplayLogs, replay: number, log: ServerLog): ReplayLogs {
  const next = new Map(logs);
  next.set(replay, log);
  return next;
}
