// The history's rows: the first page when the filters change, the next pages as the list is
// scrolled, all loaded pages again (keeping the reader's place) when a live recording finishes,
// a capture proxy's stream begins or ends, or the page asks for a refresh. Answers to an
// outdated question are dropped.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListQuery, RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';
import { hasMore, NOTHING_LOADED, PAGE_SIZE, refreshLimit, withoutRows, withPage, withRow } from './pages.ts';
import type { Loaded } from './pages.ts';
import { onImported } from '../import/imported.ts';

export interface Recordings {
  readonly loaded: Loaded;
  /** Every stored recording, filters aside; null until known. */
  readonly allTotal: number | null;
  readonly loading: boolean;
  readonly error: string | null;
  loadMore(): void;
  /** Fetches what is loaded again. */
  refresh(): void;
  changeRow(id: number, change: (row: RecordingSummary) => RecordingSummary): void;
  /** Takes rows deleted for good out. */
  dropRows(ids: ReadonlySet<number>): void;
}

/** How long the list waits after a captured stream began or ended before it asks again (gathering the others meanwhile). */
const CAPTURE_REFRESH_MS = 500;

/** `filtersKey` (./query.ts) names the filters; `refreshToken` changing asks for a refresh. */
export function useRecordings(filtersKey: string, refreshToken: number): Recordings {
  const [loaded, setLoaded] = useState<Loaded>(NOTHING_LOADED);
  const [allTotal, setAllTotal] = useState<number | null>(null);
  // The question being asked, and the last one answered: loading is their difference.
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState(0);
  const [retries, setRetries] = useState(0);
  const request = `${filtersKey} ${refreshToken} ${finished} ${retries}`;
  const [answered, setAnswered] = useState<string | null>(null);
  // Each question gets a number; an answer to any but the latest is dropped.
  const question = useRef(0);
  const loadedRef = useRef(loaded);
  const askedFor = useRef<string | null>(null);
  const fetchingMore = useRef(false);

  useEffect(() => {
    loadedRef.current = loaded;
  }, [loaded]);

  useEffect(() => api.on('finished', () => setFinished((count) => count + 1)), []);
  // A capture proxy's streams are not pushed as `finished`: its exchanges say when one began and
  // ended. A busy proxy ends many a second, so the list asks again at most once per CAPTURE_REFRESH_MS.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = api.on('captureExchange', ({ exchange }) => {
      if (exchange.recording === null || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        setFinished((count) => count + 1);
      }, CAPTURE_REFRESH_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  // Imported recordings are new rows too.
  useEffect(() => onImported(() => setFinished((count) => count + 1)), []);

  useEffect(() => {
    const asked = JSON.parse(filtersKey) as ListQuery;
    const filtered = Object.keys(asked).length > 0;
    // New filters start from the top; a refresh fetches as many rows as the reader has seen.
    const limit = askedFor.current === filtersKey ? refreshLimit(loadedRef.current) : PAGE_SIZE;
    askedFor.current = filtersKey;
    const asking = ++question.current;
    fetchingMore.current = false;
    Promise.all([api.listRecordings({ ...asked, limit, offset: 0 }), filtered ? api.listRecordings({ limit: 1 }) : null]).then(
      ([page, all]) => {
        if (asking !== question.current) return;
        setLoaded((previous) => withPage(previous, page, 0));
        setAllTotal(all?.total ?? page.total);
        setError(null);
        setAnswered(request);
      },
      (failure: unknown) => {
        if (asking !== question.current) return;
        setError(errorMessage(failure));
        setAnswered(request);
      },
    );
    // `request` names filtersKey, refreshToken, finished and retries: any of them changing asks again.
  }, [filtersKey, request]);

  const loadMore = useCallback(() => {
    const current = loadedRef.current;
    if (fetchingMore.current || !hasMore(current) || askedFor.current === null) return;
    fetchingMore.current = true;
    const asking = question.current;
    const asked = JSON.parse(askedFor.current) as ListQuery;
    api.listRecordings({ ...asked, limit: PAGE_SIZE, offset: current.offset }).then(
      (page) => {
        if (asking !== question.current) return;
        fetchingMore.current = false;
        setLoaded((previous) => withPage(previous, page, current.offset));
      },
      (failure: unknown) => {
        if (asking !== question.current) return;
        fetchingMore.current = false;
        setError(errorMessage(failure));
      },
    );
  }, []);

  const refresh = useCallback(() => setRetries((count) => count + 1), []);
  const changeRow = useCallback((id: number, change: (row: RecordingSummary) => RecordingSummary) => setLoaded((previous) => withRow(previous, id, change)), []);
  const dropRows = useCallback((ids: ReadonlySet<number>) => {
    setLoaded((previous) => withoutRows(previous, ids));
    setAllTotal((total) => (total === null ? null : Math.max(0, total - ids.size)));
  }, []);

  return { loaded, allTotal, loading: answered !== request, error, loadMore, refresh, changeRow, dropRows };
}

/** Every recording matching `filtersKey`, newest first (a bulk action on "all matching"). */
export async function fetchMatching(filtersKey: string): Promise<RecordingSummary[]> {
  const asked = JSON.parse(filtersKey) as ListQuery;
  const rows: RecordingSummary[] = [];
  const seen = new Set<number>();
  for (let offset = 0; ; offset += FETCH_ALL_LIMIT) {
    const page = await api.listRecordings({ ...asked, limit: FETCH_ALL_LIMIT, offset });
    for (const row of page.items) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
    if (page.items.length === 0 || offset + page.items.length >= page.total) return rows;
  }
}

const FETCH_ALL_LIMIT = 2_000;
