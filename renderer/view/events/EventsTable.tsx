// The events table: every event of the recording with its time, the gap before it, the read
// that completed it, its kind and the core's annotation of it; filtered by kind and by text or
// regex; a keyboard grid whose selection is the view's. Virtualised: only the rows on screen are
// drawn and worded, so a hundred thousand events scroll as smoothly as ten.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { KIND_LABELS } from '../../../shared/analysis/timeline-layout.ts';
import type { ViewKind } from '../../../shared/dialects/kit/view.ts';
import { formatCount } from '../../components/format.ts';
import type { PanelProps } from '../types.ts';
import { compileQuery, createFilterer, eventAt, rowOf } from './filter.ts';
import type { FilteredEvents } from './filter.ts';
import { followsTail, isAtBottom, isMoveKey, moveRow, scrollToShow } from './keys.ts';
import { EventRow } from './EventRow.tsx';
import { KindLabel } from './KindLabel.tsx';
import './events.css';

export type EventsTableProps = Pick<PanelProps, 'analysis' | 'live' | 'selected' | 'onSelect' | 'highlighted'> & {
  /**
   * A replay on screen is under way: the selection, not the reader, scrolls the table, and a
   * frame's jump is often longer than the window, so rows drawn ahead of a scroll (overscan)
   * would be thrown away unseen.
   */
  readonly replaying?: boolean;
};

/** Every row is this tall (events.css agrees): fixed heights keep the virtualiser exact. */
const ROW_HEIGHT = 26;
const KINDS = Object.keys(KIND_LABELS) as ViewKind[];

export function EventsTable({ analysis, live, selected, onSelect, highlighted, replaying = false }: EventsTableProps) {
  const id = useId();
  const [hiddenKinds, setHiddenKinds] = useState<ReadonlySet<ViewKind>>(() => new Set());
  const [text, setText] = useState('');
  const [regex, setRegex] = useState(false);
  // Typing stays responsive while a text filter words a hundred thousand annotations.
  const deferredText = useDeferredValue(text);
  const query = useMemo(() => compileQuery(deferredText, regex), [deferredText, regex]);
  // One filterer per filter: while the recording grows, it looks at the new events only.
  const filterer = useMemo(() => createFilterer({ kinds: hiddenKinds.size === 0 ? null : new Set(KINDS.filter((kind) => !hiddenKinds.has(kind))), query }), [hiddenKinds, query]);
  const { events } = analysis;
  // A live analysis is a new object each frame over the same growing array of events.
  const filtered = useMemo(() => filterer.apply(events), [filterer, events, analysis]); // eslint-disable-line react-hooks/exhaustive-deps -- `analysis` marks the events' growth
  const highlightedSet = useMemo(() => new Set(highlighted), [highlighted]);

  const bodyRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's methods are read during render on purpose; nothing here is memoised on them
  const virtualizer = useVirtualizer({
    count: filtered.count,
    getScrollElement: () => bodyRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: replaying ? 0 : 12,
  });

  // Scroll the selection into view when it changes (a click on the timeline, a diagnostic's
  // link, the keys) or the filter does; not when rows merely arrive, which would fight the reader.
  const scrolledFor = useRef<{ selected: number | null; filterer: unknown }>({ selected: null, filterer: null });
  useEffect(() => {
    const last = scrolledFor.current;
    if (last.selected === selected && last.filterer === filterer) return;
    scrolledFor.current = { selected, filterer };
    if (selected === null) return;
    const { row, exact } = rowOf(filtered, selected);
    const body = bodyRef.current;
    // The virtualiser's own record of where the body is: reading the element would lay the page out.
    const to = exact && body ? scrollToShow(row, ROW_HEIGHT, virtualizer.scrollOffset ?? 0, virtualizer.scrollRect?.height ?? body.clientHeight) : null;
    if (to !== null) body!.scrollTop = to;
  }, [selected, filterer, filtered, virtualizer]);

  // Follow the tail while recording, only when the reader is at the bottom.
  const atBottom = useRef(true);
  const shownRows = useRef(filtered.count);
  useLayoutEffect(() => {
    const grew = filtered.count > shownRows.current;
    shownRows.current = filtered.count;
    // Through the virtualiser, which knows the rows' heights: reading scrollHeight here would make
    // the browser lay the page out at once, on every frame of a live stream.
    if (filtered.count > 0 && followsTail(live, atBottom.current, grew)) virtualizer.scrollToIndex(filtered.count - 1, { align: 'end' });
  }, [filtered.count, live, virtualizer]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (!isMoveKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const page = Math.floor((bodyRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1;
    const row = moveRow(event.key, selected === null ? null : rowOf(filtered, selected), filtered.count, page);
    event.preventDefault();
    if (row === null) return;
    const target = eventAt(filtered, row);
    if (target === selected) virtualizer.scrollToIndex(row, { align: 'auto' });
    else onSelect(target);
  }

  function toggleKind(kind: ViewKind): void {
    setHiddenKinds((hidden) => {
      const next = new Set(hidden);
      if (!next.delete(kind)) next.add(kind);
      return next;
    });
  }

  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const rowId = (event: number): string => `${id}-event-${event}`;
  const selectedShown = selected !== null && items.some((item) => eventAt(filtered, item.index) === selected);

  return (
    <section className="events-panel" data-testid="events-table" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Events</h2>
      <Filters
        id={id}
        filtered={filtered}
        hiddenKinds={hiddenKinds}
        onToggleKind={toggleKind}
        onShowAllKinds={() => setHiddenKinds(new Set())}
        text={text}
        onText={setText}
        regex={regex}
        onRegex={setRegex}
        error={query.error}
      />
      <p className="events-shown" aria-live="polite">
        {filtered.count === filtered.total ? `${formatCount(filtered.total)} events` : `${formatCount(filtered.count)} of ${formatCount(filtered.total)} events shown`}
        {live ? ' so far' : ''}
      </p>
      <div
        className="events-grid"
        role="grid"
        aria-labelledby={`${id}-heading`}
        aria-rowcount={filtered.count + 1}
        aria-colcount={6}
        aria-activedescendant={selectedShown ? rowId(selected) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <div role="rowgroup">
          <div className="events-row events-head" role="row" aria-rowindex={1}>
            <span role="columnheader" className="num">
              #
            </span>
            <span role="columnheader" className="num" title="Milliseconds since the request started">
              time ms
            </span>
            <span role="columnheader" className="num" title="Milliseconds since the event before">
              gap ms
            </span>
            <span role="columnheader" className="num" title="The network read that completed the event">
              read
            </span>
            <span role="columnheader">kind</span>
            <span role="columnheader">annotation</span>
          </div>
        </div>
        <div
          className="events-body"
          role="rowgroup"
          ref={bodyRef}
          onScroll={(event) => (atBottom.current = isAtBottom(event.currentTarget, ROW_HEIGHT / 2))}
        >
          {filtered.count === 0 ? (
            <p className="events-empty" role="row">
              <span role="gridcell">{filtered.total === 0 ? (live ? 'No events yet: waiting for the stream…' : 'The body holds no event.') : 'No event matches the filter.'}</span>
            </p>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => {
                const index = eventAt(filtered, item.index);
                return (
                  <EventRow
                    // While a replay jumps along (~170 events a frame at 10,000 events a second), a row
                    // is keyed by its place in the window: each keeps its elements, in order, and only
                    // its text changes, where keys by event would remove and create every row. When
                    // the reader scrolls, by event: rows are added and dropped at the edges only.
                    key={replaying ? item.index - first : index}
                    events={events}
                    framing={analysis.framing}
                    index={index}
                    row={item.index}
                    top={item.start}
                    height={ROW_HEIGHT}
                    selected={index === selected}
                    highlighted={highlightedSet.has(index)}
                    rowId={rowId(index)}
                    onSelect={onSelect}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

interface FiltersProps {
  readonly id: string;
  readonly filtered: FilteredEvents;
  readonly hiddenKinds: ReadonlySet<ViewKind>;
  readonly onToggleKind: (kind: ViewKind) => void;
  readonly onShowAllKinds: () => void;
  readonly text: string;
  readonly onText: (text: string) => void;
  readonly regex: boolean;
  readonly onRegex: (regex: boolean) => void;
  readonly error: string | null;
}

function Filters({ id, filtered, hiddenKinds, onToggleKind, onShowAllKinds, text, onText, regex, onRegex, error }: FiltersProps) {
  // The kinds this recording has, and any hidden one it no longer has (so it can be shown again).
  const kinds = KINDS.filter((kind) => (filtered.kinds[kind] ?? 0) > 0 || hiddenKinds.has(kind));
  return (
    <div className="events-filters">
      <fieldset className="events-kinds" role="group" aria-label="Filter by kind">
        {kinds.map((kind) => (
          <label key={kind}>
            <input type="checkbox" checked={!hiddenKinds.has(kind)} onChange={() => onToggleKind(kind)} />
            <KindLabel kind={kind} />
            <span className="kind-count">{formatCount(filtered.kinds[kind] ?? 0)}</span>
          </label>
        ))}
        {hiddenKinds.size > 0 && (
          <button type="button" onClick={onShowAllKinds}>
            Show all kinds
          </button>
        )}
      </fieldset>
      <div className="events-text">
        <input
          type="search"
          aria-label="Filter events"
          placeholder={regex ? 'Regular expression over annotations and data' : 'Text in annotations and data'}
          value={text}
          onChange={(event) => onText(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? `${id}-filter-error` : undefined}
          spellCheck={false}
        />
        <label>
          <input type="checkbox" checked={regex} onChange={(event) => onRegex(event.target.checked)} /> Regex
        </label>
      </div>
      {error !== null && (
        <p id={`${id}-filter-error`} className="events-filter-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
