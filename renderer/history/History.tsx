// The history: every stored recording, newest first, searched and filtered through the store
// (ListQuery), fetched a page at a time as it is scrolled and drawn row by visible row, so ten
// thousand recordings scroll like ten. Rename, tag, delete with undo; select many (shift-click
// for a range, or all matching) to tag or delete them at once. A keyboard grid: arrows move the
// row focus, Enter opens, Delete deletes, F2 renames, Space selects.
//
// Each of those is its own part: the filters (useFilters), the rows (useRecordings), deletion with
// undo (useDeletions), the selection (useSelection), the grid and its keys (useGrid), renaming and
// tagging in place (useRowEdits), acting on the selected (useBulk); this component puts them together.

import { useEffect, useId, useMemo, useState } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { compareRoute } from '../compare/sides.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { formatCount } from '../components/format.ts';
import { navigate } from '../route.ts';
import { BulkBar } from './BulkBar.tsx';
import { COLUMNS, HistoryHead } from './HistoryHead.tsx';
import { HistoryFilters } from './HistoryFilters.tsx';
import { HistoryRow, ROW_HEIGHT } from './HistoryRow.tsx';
import type { RowCommand } from './keys.ts';
import { wantsMore } from './pages.ts';
import { activeFilters, countWords, NO_FILTERS } from './query.ts';
import { UndoOffers } from './UndoOffers.tsx';
import { useBulk } from './useBulk.ts';
import { useDeletions } from './useDeletions.ts';
import { useFilterChoices, useFilters } from './useFilters.ts';
import { useGrid } from './useGrid.ts';
import { useRecordings } from './useRecordings.ts';
import { useRowEdits } from './useRowEdits.ts';
import { useSelection } from './useSelection.ts';
import { emptyWords } from './words.ts';
import './history.css';

export function History({ refresh = 0 }: { readonly refresh?: number }) {
  const id = useId();
  const { filters, setFilters, asked, key, filtered } = useFilters();
  const recordings = useRecordings(key, refresh);
  const { loaded, allTotal } = recordings;
  // One error line and one notice for every action, a deletion carried out when its undo window closed among them.
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const deletions = useDeletions(recordings, key, setError);
  const { rows, matching } = deletions;
  const order = useMemo(() => rows.map((row) => row.id), [rows]);
  const selection = useSelection(key, order, matching);
  const choices = useFilterChoices(loaded.rows, filters.session);
  const { gridRef, bodyRef, ...grid } = useGrid(rows, order);
  useEffect(() => {
    if (!recordings.loading && wantsMore(loaded, rows.length, grid.lastDrawn)) recordings.loadMore();
  }, [recordings, loaded, rows.length, grid.lastDrawn]);

  function deleteRows(doomed: readonly RecordingSummary[]): void {
    if (doomed.length === 0) return;
    setError(null);
    setNotice(null);
    const gone = deletions.remove(doomed, key);
    selection.drop(gone);
    grid.skip(gone);
  }

  const edits = useRowEdits({ rows, recordings, setError, refocus: grid.focusGrid });
  const bulk = useBulk({
    chosen: () => selection.chosen(rows, deletions.hidden),
    remove: (chosen) => {
      deleteRows(chosen);
      selection.clear();
    },
    setError,
    setNotice,
    refresh: recordings.refresh,
  });

  function run(command: RowCommand, focused: RecordingSummary | undefined): void {
    if (command === 'select-all') return selection.selectAll();
    if (command === 'clear-selection') return selection.clear();
    if (!focused) return;
    if (command === 'open') navigate({ view: 'recording', id: focused.id });
    else if (command === 'rename') edits.handlers.onStartRename(focused.id);
    else if (command === 'toggle') selection.toggle(focused.id);
    else if (selection.count > 0 && selection.has(focused.id)) void bulk.delete();
    else deleteRows([focused]);
  }

  const rowId = (recording: number): string => `${id}-recording-${recording}`;
  const firstLoad = allTotal === null && recordings.error === null;

  return (
    <section className="history" aria-labelledby={`${id}-heading`} data-testid="history">
      <div className="history-top">
        <h2 id={`${id}-heading`}>Recordings</h2>
        <p className="history-summary" data-testid="history-count" aria-live="polite">
          {firstLoad ? 'Loading recordings…' : countWords(matching, deletions.everything ?? 0, filtered)}
          {activeFilters(asked).map((active) => (
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
      <HistoryFilters id={id} filters={filters} onChange={setFilters} models={choices.models} hosts={choices.hosts} sessions={choices.sessions} />
      {selection.count > 0 && (
        <BulkBar
          count={selection.count}
          busy={bulk.busy}
          onTag={(tags, remove) => void bulk.tag(tags, remove)}
          onDelete={() => void bulk.delete()}
          onClear={selection.clear}
          compare={selection.selection.all ? null : compareRoute(selection.selection.ids)}
        />
      )}
      {selection.count > 0 && !selection.selection.all && selection.count < matching && (
        <p className="history-select-all">
          <button type="button" className="history-link" onClick={selection.selectAll}>
            Select all {formatCount(matching)} matching
          </button>
        </p>
      )}
      <ErrorLine message={recordings.error ?? error} />
      {recordings.error !== null && (
        <button type="button" className="history-quiet" onClick={recordings.refresh}>
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
        aria-colcount={COLUMNS}
        aria-multiselectable
        aria-busy={recordings.loading}
        aria-activedescendant={grid.focusShown ? rowId(order[grid.focusIndex]!) : undefined}
        tabIndex={0}
        onKeyDown={(event) => grid.onKeyDown(event, { extend: selection.extend, run })}
        onFocus={grid.onFocus}
      >
        <HistoryHead matching={matching} checked={selection.everyOne} some={selection.count > 0 && !selection.everyOne} onToggle={selection.count > 0 ? selection.clear : selection.selectAll} />
        <div className="history-body" role="rowgroup" ref={bodyRef} data-testid="history-rows" style={rows.length > 0 ? { height: rows.length * ROW_HEIGHT } : undefined}>
          {rows.length === 0 ? (
            <p className="history-empty" role="row">
              <span role="gridcell">{emptyWords({ loading: firstLoad || (recordings.loading && loaded.rows.length === 0), failed: recordings.error !== null, filtered })}</span>
            </p>
          ) : (
            <div style={{ height: grid.height, position: 'relative' }}>
              {grid.items.map((item) => {
                const row = rows[item.index]!;
                return (
                  <HistoryRow
                    key={row.id}
                    {...edits.handlers}
                    onCheck={selection.check}
                    onFocusRow={grid.focus}
                    onDelete={(recording) => deleteRows(rows.filter((candidate) => candidate.id === recording))}
                    row={row}
                    domId={rowId(row.id)}
                    index={item.index}
                    top={item.start}
                    focused={item.index === grid.focusIndex}
                    selected={selection.has(row.id)}
                    renaming={edits.renaming === row.id}
                    tagging={edits.tagging === row.id}
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
      <UndoOffers pending={deletions.pending} onUndo={deletions.undo} onDismiss={deletions.flush} />
    </section>
  );
}
