// The history's filters: the form's fields, what the store is asked (the text fields once typing
// pauses, the menus at once), and what the fields offer (the models, hosts and capture sessions seen).

import { useEffect, useMemo, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { askedFilters, filtersKey, isFiltered, NO_FILTERS, sessionChoices, suggestionsOf } from './query.ts';
import type { Filters } from './query.ts';
import { useDebounced } from './useDebounced.ts';

const TYPING_PAUSE_MS = 250;

// The filters survive a visit to a recording and back (not a reload).
let lastFilters: Filters = NO_FILTERS;
/** Capture sessions seen in the rows this page loaded: still offered while the filters show other rows. */
const seenSessions = new Set<string>();

export interface FilterState {
  /** As the form shows them. */
  readonly filters: Filters;
  readonly setFilters: Dispatch<SetStateAction<Filters>>;
  /** As the store is asked. */
  readonly asked: Filters;
  /** filtersKey of `asked`: equal keys, equal rows. */
  readonly key: string;
  readonly filtered: boolean;
}

export function useFilters(): FilterState {
  const [filters, setFilters] = useState(lastFilters);
  const asked = askedFilters(useDebounced(filters, TYPING_PAUSE_MS), filters);
  useEffect(() => {
    lastFilters = filters;
  }, [filters]);
  return { filters, setFilters, asked, key: filtersKey(asked), filtered: isFiltered(asked) };
}

export interface FilterChoices {
  readonly models: readonly string[];
  readonly hosts: readonly string[];
  readonly sessions: readonly string[];
}

/** What the fields offer, from the rows loaded (`rows`), the running proxies and the session chosen. */
export function useFilterChoices(rows: readonly RecordingSummary[], session: string): FilterChoices {
  const suggestions = useMemo(() => suggestionsOf(rows), [rows]);
  const running = useRunningSessions();
  const sessions = useMemo(() => {
    for (const row of rows) if (row.captureSession !== null) seenSessions.add(row.captureSession);
    return sessionChoices(seenSessions, running, session);
  }, [rows, running, session]);
  return { ...suggestions, sessions };
}

/** The sessions of the capture proxies running when the list opened (their recordings may not be loaded yet). */
function useRunningSessions(): readonly string[] {
  const [sessions, setSessions] = useState<readonly string[]>([]);
  useEffect(() => {
    let current = true;
    api.listProxies({}).then(
      (proxies) => current && setSessions(proxies.map((proxy) => proxy.session)),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return sessions;
}
