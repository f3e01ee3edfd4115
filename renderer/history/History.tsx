// The history: every stored recording, newest first, searched and filtered through the store
// (ListQuery), fetched a page at a time as it is scrolled and drawn row by visible row, so ten
// thousand recordings scroll like ten. Rename, tag, delete with undo; select many (shift-click
// for a range, or all matching) to tag or delete them at once. A keyboard grid: arrows move the
// row focus, Enter opens, Delete deletes, F2 renames, Space selects.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { api } from '../api/index.ts';
import { compareRoute } from '../compare/sides.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage, formatCount } from '../components/format.ts';
import { navigate } from '../route.ts';
import { isMoveKey, moveRow } from '../view/events/keys.ts';
import { BulkBar } from './BulkBar.tsx';
import { failureWords, runEach } from './each.ts';
import { HistoryFilters } from './HistoryFilters.tsx';
import { HistoryRow, ROW_HEIGHT } from './HistoryRow.tsx';
import type { RowHandlers } from './HistoryRow.tsx';
import { rowCommand } from './keys.ts';
import { wantsMore } from './pages.ts';
import { activeFilters, countWords, filtersKey, isFiltered, NO_FILTERS, sessionChoices } from './query.ts';
import type { Filters } from './query.ts';
import { isSelected, NOTHING_SELECTED, pickSelected, selectAll, selectedCount, selectRange, toggle, withoutIds } from './selection.ts';
import { sameTags, withoutTags, withTags } from './tags.ts';
import { createUndoQueue, hiddenIds, hiddenMatching } from './undo.ts';
import type { PendingDeletion } from './undo.ts';
import { UndoOffers } from './UndoOffers.tsx';
import { useDebounced } from './useDebounced.ts';
import { fetchMatching, useRecordings } from './useRecordings.ts';
import { titleOf } from './words.ts';
import './history.css';

/** How long a deletion can be undone. */
const UNDO_MS = 8_000;
const TYPING_PAUSE_MS = 250;

// The filters survive a visit to a recording and back (not a reload).
let lastFilters: Filters = NO_FILTERS;
/** Capture sessions seen in the rows this page loaded: still offered while the filters show other rows. */
const seenSessions = new Set<string>();

export function History({ refresh = 0 }: { readonly refresh?: number }) {
  const id = useId();
  const [filters, setFilters] = useState(lastFilters);
  const debounced = useDebounced(filters, TYPING_PAUSE_MS);
  // The text fields are asked for once typing pauses; the menus at once.
  const typed = useMemo(
    () => ({ ...debounced, outcome: filters.outcome, code: filters.code, origin: filters.origin, session: filters.session }),
    [debounced, filters.outcome, filters.code, filters.origin, filters.session],
  );
  const key = filtersKey(typed);
  const filtered = isFiltered(typed);
  const recordings = useRecordings(key, refresh);
  const { loaded, allTotal, changeRow, dropRows, refresh: reload } = recordings;

  const [selection, setSelection] = useState(NOTHING_SELECTED);
  const [selectionFor, setSelectionFor] = useState(key);
  if (selectionFor !== key) {
    // Other filters, other rows: a selection of rows no longer shown would act unseen.
    setSelectionFor(key);
    setSelection(NOTHING_SELECTED);
  }
  const [focusId, setFocusId] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [tagging, setTagging] = useState<number | null>(null);
  const tagSaves = useRef(new Map<number, Promise<unknown>>());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // Deletions wait out the undo window hidden, then are carried out (committing, still hidden).
  const [pending, setPending] = useState<readonly PendingDeletion[]>([]);
  const [committing, setCommitting] = useState<readonly PendingDeletion[]>([]);
  const commit = useCallback(
    async (deletion: PendingDeletion) => {
      setCommitting((list) => [...list, deletion]);
      const failures = await runEach(deletion.ids, (recording) => api.deleteRecording({ id: recording }));
      const failed = new Set(failures.map((failure) => failure.id));
      dropRows(new Set(deletion.ids.filter((recording) => !failed.has(recording))));
      setCommitting((list) => list.filter((entry) => entry !== deletion));
      if (failures.length > 0) setActionError(failureWords('delete', failures));
      reload();
    },
    [dropRows, reload],
  );
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);
  const [queue] = useState(() => createUndoQueue({ delayMs: UNDO_MS, commit: (deletion) => void commitRef.current(deletion), onChange: setPending }));
  useEffect(() => {
    // Leaving the list (opening a recording, closing the page) ends the undo windows: the deletions are done.
    window.addEventListener('pagehide', queue.flushAll);
    return () => {
      window.removeEventListener('pagehide', queue.flushAll);
      queue.flushAll();
    };
  }, [queue]);

  useEffect(() => {
    lastFilters = filters;
  }, [filters]);

  const hidden = useMemo(() => hiddenIds([...pending, ...committing]), [pending, committing]);
  const rows = useMemo(() => loaded.rows.filter((row) => !hidden.has(row.id)), [loaded.rows, hidden]);
  const order = useMemo(() => rows.map((row) => row.id), [rows]);
  const matching = useMemo(
    () => Math.max(0, loaded.total - hiddenMatching([...pending, ...committing], key, new Set(loaded.rows.map((row) => row.id)))),
    [loaded, pending, committing, key],
  );
  const everything = allTotal === null ? null : Math.max(0, allTotal - hidden.size);
  const selected = selectedCount(selection, matching);
  const focusIndex = focusId === null ? -1 : order.indexOf(focusId);
  const suggestions = useMemo(() => distinct(loaded.rows), [loaded.rows]);
  const running = useRunningSessions();
  const sessions = useMemo(() => {
    for (const row of loaded.rows) if (row.captureSession !== null) seenSessions.add(row.captureSession);
    return sessionChoices(seenSessions, running, filters.session);
  }, [loaded.rows, running, filters.session]);

  const gridRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's methods are read during render on purpose; nothing here is memoised on them
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => bodyRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const lastDrawn = items.length > 0 ? items[items.length - 1]!.index : -1;
  useEffect(() => {
    if (!recordings.loading && wantsMore(loaded, rows.length, lastDrawn)) recordings.loadMore();
  }, [recordings, loaded, rows.length, lastDrawn]);

  const focusGrid = (): void => gridRef.current?.focus({ preventScroll: true });
  const focusRow = (index: number): void => {
    const row = rows[index];
    if (!row) return;
    setFocusId(row.id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  function deleteRows(doomed: readonly RecordingSummary[]): void {
    if (doomed.length === 0) return;
    setActionError(null);
    setNotice(null);
    // A recording still recording is refused by the store: ask at once, so its error shows at once.
    const live = doomed.filter((row) => row.outcome === 'recording');
    const rest = doomed.filter((row) => row.outcome !== 'recording');
    if (live.length > 0) queue.schedule({ ids: live.map((row) => row.id), words: '', filtersKey: key }, 0);
    if (rest.length > 0) {
      const words = rest.length === 1 ? `Deleted “${titleOf(rest[0]!)}”` : `Deleted ${formatCount(rest.length)} recordings`;
      queue.schedule({ ids: rest.map((row) => row.id), words, filtersKey: key });
    }
    const gone = new Set(rest.map((row) => row.id));
    setSelection((current) => withoutIds(current, gone));
    // The focus moves on to the next row still shown.
    if (focusId !== null && gone.has(focusId)) setFocusId(order.slice(focusIndex + 1).find((next) => !gone.has(next)) ?? order.slice(0, focusIndex).reverse().find((next) => !gone.has(next)) ?? null);
  }

  /** The selected recordings: the rows picked, or every one matching (fetched) but the exceptions. */
  async function selectedRows(): Promise<RecordingSummary[]> {
    if (!selection.all) return pickSelected(selection, rows);
    return pickSelected(selection, await fetchMatching(key)).filter((row) => !hidden.has(row.id));
  }

  async function bulk(action: (rows: RecordingSummary[]) => Promise<void>): Promise<void> {
    setBusy(true);
    setActionError(null);
    setNotice(null);
    try {
      await action(await selectedRows());
    } catch (failure) {
      setActionError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const bulkTag = (tags: string[], remove: boolean): Promise<void> =>
    bulk(async (chosen) => {
      const changes = chosen.map((row) => ({ row, tags: remove ? withoutTags(row.tags, tags) : withTags(row.tags, tags) })).filter((change) => !sameTags(change.row.tags, change.tags));
      const byId = new Map(changes.map((change) => [change.row.id, change.tags]));
      const failures = await runEach([...byId.keys()], (recording) => api.tagRecording({ id: recording, tags: byId.get(recording)! }));
      const done = changes.length - failures.length;
      setNotice(`${remove ? 'Untagged' : 'Tagged'} ${formatCount(done)} ${done === 1 ? 'recording' : 'recordings'} ${tags.map((tag) => `“${tag}”`).join(', ')}`);
      setActionError(failureWords(remove ? 'untag' : 'tag', failures));
      reload();
    });

  const bulkDelete = (): Promise<void> =>
    bulk(async (chosen) => {
      deleteRows(chosen);
      setSelection(NOTHING_SELECTED);
    });

  const handlers: RowHandlers = {
    onCheck: (recording, range) => setSelection((current) => (range ? selectRange(current, order, recording) : toggle(current, recording))),
    onFocusRow: setFocusId,
    onStartRename: (recording) => {
      setTagging(null);
      setRenaming(recording);
    },
    onRename: (recording, name) => {
      setRenaming(null);
      focusGrid();
      const row = rows.find((candidate) => candidate.id === recording);
      if (name === undefined || !row || name === row.name) return;
      setActionError(null);
      api.renameRecording({ id: recording, name }).then(
        () => changeRow(recording, (current) => ({ ...current, name })),
        (failure: unknown) => setActionError(`Could not rename “${titleOf(row)}”: ${errorMessage(failure)}`),
      );
    },
    onStartTagging: (recording) => {
      setRenaming(null);
      setTagging(recording);
    },
    onTag: (recording, tags) => {
      const row = rows.find((candidate) => candidate.id === recording);
      if (!row || sameTags(tags, row.tags)) return;
      setActionError(null);
      // Shown at once, so that the next tag is added to this list; saved in order, one call after the other.
      changeRow(recording, (current) => ({ ...current, tags }));
      const previous = tagSaves.current.get(recording) ?? Promise.resolve();
      const saved = previous
        .then(() => api.tagRecording({ id: recording, tags }))
        .catch((failure: unknown) => {
          setActionError(`Could not tag “${titleOf(row)}”: ${errorMessage(failure)}`);
          reload();
        });
      tagSaves.current.set(recording, saved);
    },
    onEndTagging: (refocus) => {
      setTagging(null);
      if (refocus) focusGrid();
    },
    onDelete: (recording) => deleteRows(rows.filter((row) => row.id === recording)),
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    // Keys typed into a row's fields and buttons are theirs.
    if (event.target !== event.currentTarget && event.target !== bodyRef.current) return;
    const focused = rows[focusIndex];
    if (isMoveKey(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const page = Math.max(1, Math.floor((bodyRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
      const index = moveRow(event.key, focusIndex === -1 ? null : { row: focusIndex, exact: true }, rows.length, page);
      if (index === null) return;
      if (event.shiftKey && focused) {
        // Shift+arrows select as they go, from where the focus was.
        const to = rows[index]!.id;
        setSelection((current) => selectRange(current.anchor === null ? { ...current, anchor: focused.id } : current, order, to));
      }
      focusRow(index);
      return;
    }
    const command = rowCommand(event);
    if (command === null) return;
    event.preventDefault();
    if (command === 'select-all') return setSelection(selectAll());
    if (command === 'clear-selection') return setSelection(NOTHING_SELECTED);
    if (!focused) return;
    if (command === 'open') navigate({ view: 'recording', id: focused.id });
    else if (command === 'rename') handlers.onStartRename(focused.id);
    else if (command === 'toggle') setSelection((current) => toggle(current, focused.id));
    else if (selected > 0 && isSelected(selection, focused.id)) void bulkDelete();
    else deleteRows([focused]);
  }

  const allChecked = selection.all && selection.ids.size === 0 && matching > 0;
  const someChecked = selected > 0 && !allChecked;
  const rowId = (recording: number): string => `${id}-recording-${recording}`;
  const focusShown = focusIndex !== -1 && items.some((item) => item.index === focusIndex);
  const firstLoad = allTotal === null && recordings.error === null;

  return (
    <section className="history" aria-labelledby={`${id}-heading`} data-testid="history">
      <div className="history-top">
        <h2 id={`${id}-heading`}>Recordings</h2>
        <p className="history-summary" data-testid="history-count" aria-live="polite">
          {firstLoad ? 'Loading recordings…' : countWords(matching, everything ?? 0, filtered)}
          {activeFilters(typed).map((active) => (
            <button key={active.field} type="button" className="history-filter-chip" aria-label={`Clear the filter ${active.words}`} onClick={() => setFilters({ ...filters, [active.field]: '' })}>
              {active.words} <span aria-hidden="true">×</span>
            </button>
          ))}
          {filtered && (
            <button type="button" className="history-link" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </button>
          )}
        </p>
      </div>
      <HistoryFilters id={id} filters={filters} onChange={setFilters} models={suggestions.models} hosts={suggestions.hosts} sessions={sessions} />
      {selected > 0 && (
        <BulkBar count={selected} busy={busy} onTag={(tags, remove) => void bulkTag(tags, remove)} onDelete={() => void bulkDelete()} onClear={() => setSelection(NOTHING_SELECTED)} compare={selection.all ? null : compareRoute(selection.ids)} />
      )}
      {selected > 0 && !selection.all && selected < matching && (
        <p className="history-select-all">
          <button type="button" className="history-link" onClick={() => setSelection(selectAll())}>
            Select all {formatCount(matching)} matching
          </button>
        </p>
      )}
      <ErrorLine message={recordings.error ?? actionError} />
      {recordings.error !== null && (
        <button type="button" className="history-quiet" onClick={reload}>
          Try again
        </button>
      )}
      {notice !== null && (
        <p className="history-notice" role="status">
          {notice}
        </p>
      )}
      <div
        ref={gridRef}
        className="history-grid"
        role="grid"
        aria-labelledby={`${id}-heading`}
        aria-rowcount={matching + 1}
        aria-colcount={13}
        aria-multiselectable
        aria-busy={recordings.loading}
        aria-activedescendant={focusShown ? rowId(order[focusIndex]!) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.target === event.currentTarget && focusIndex === -1 && rows.length > 0 && setFocusId(rows[0]!.id)}
      >
        <div role="rowgroup">
          <div className="history-row history-head" role="row" aria-rowindex={1}>
            <span role="columnheader" className="history-check">
              <input
                type="checkbox"
                tabIndex={-1}
                aria-label={`Select all ${formatCount(matching)} matching`}
                checked={allChecked}
                ref={(box) => {
                  if (box) box.indeterminate = someChecked;
                }}
                disabled={matching === 0}
                onChange={() => setSelection(selected > 0 ? NOTHING_SELECTED : selectAll())}
              />
            </span>
            <span role="columnheader" title="The worst finding's severity">
              Worst
            </span>
            <span role="columnheader">Name / model</span>
            <span role="columnheader">Host</span>
            <span role="columnheader">Dialect</span>
            <span role="columnheader">Outcome</span>
            <span role="columnheader" className="history-number">
              Events
            </span>
            <span role="columnheader" className="history-number">
              Duration
            </span>
            <span role="columnheader" className="history-number" title="Time to the first token">
              TTFT
            </span>
            <span role="columnheader">Findings</span>
            <span role="columnheader">Tags</span>
            <span role="columnheader">Recorded</span>
            <span role="columnheader">
              <span className="visually-hidden">Actions</span>
            </span>
          </div>
        </div>
        <div className="history-body" role="rowgroup" ref={bodyRef} data-testid="history-rows" style={rows.length > 0 ? { height: rows.length * ROW_HEIGHT } : undefined}>
          {rows.length === 0 ? (
            <p className="history-empty" role="row">
              <span role="gridcell">
                {firstLoad || (recordings.loading && loaded.rows.length === 0)
                  ? 'Loading recordings…'
                  : recordings.error !== null
                    ? 'The recordings could not be listed.'
                    : filtered
                      ? 'No recording matches these filters.'
                      : 'No recordings yet. Record one from the simulator above.'}
              </span>
            </p>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => {
                const row = rows[item.index]!;
                return (
                  <HistoryRow
                    key={row.id}
                    {...handlers}
                    row={row}
                    domId={rowId(row.id)}
                    index={item.index}
                    top={item.start}
                    focused={item.index === focusIndex}
                    selected={isSelected(selection, row.id)}
                    renaming={renaming === row.id}
                    tagging={tagging === row.id}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
      {rows.length > 0 && rows.length < matching && (
        <p className="history-more muted" aria-hidden="true">
          {formatCount(rows.length)} loaded; more as you scroll
        </p>
      )}
      <UndoOffers pending={pending} onUndo={(entry) => queue.undo(entry)} onDismiss={(entry) => queue.flush(entry)} />
    </section>
  );
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

function distinct(rows: readonly RecordingSummary[]): { models: string[]; hosts: string[] } {
  const models = new Set<string>();
  const hosts = new Set<string>();
  for (const row of rows) {
    if (row.model !== null) models.add(row.model);
    if (row.host !== null) hosts.add(row.host);
  }
  return { models: [...models].sort(), hosts: [...hosts].sort() };
}
