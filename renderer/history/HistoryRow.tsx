// One recording in the history: select box, worst-finding badge, name (renamed in place),
// where it went, in which dialect, how it ended, its figures, findings, tags (added and removed in place), when.

import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { formatCount, formatMs } from '../components/format.ts';
import { routeHash } from '../route.ts';
import { TagEditor } from './TagEditor.tsx';
import { badgeOf, codesBySeverity, dialectWords, outcomeWords, recordedWords, statusWords, titleOf } from './words.ts';

export const ROW_HEIGHT = 52;
/** Tags shown in the row; the editor shows them all. */
const SHOWN_TAGS = 2;

export interface RowHandlers {
  readonly onCheck: (id: number, range: boolean) => void;
  readonly onFocusRow: (id: number) => void;
  readonly onStartRename: (id: number) => void;
  /** undefined: cancelled; null: the name cleared. */
  readonly onRename: (id: number, name: string | null | undefined) => void;
  readonly onStartTagging: (id: number) => void;
  readonly onTag: (id: number, tags: readonly string[]) => void;
  /** The tag editor closed; `refocus`: by a key or its button (not by focus moving elsewhere). */
  readonly onEndTagging: (refocus: boolean) => void;
  readonly onDelete: (id: number) => void;
}

interface HistoryRowProps extends RowHandlers {
  readonly row: RecordingSummary;
  readonly domId: string;
  /** Its place among the rows shown, from 0. */
  readonly index: number;
  readonly top: number;
  readonly focused: boolean;
  readonly selected: boolean;
  readonly renaming: boolean;
  readonly tagging: boolean;
}

const BADGE_WORDS = { error: 'Error', warning: 'Warning', info: 'Info', clean: 'Clean', live: 'Live' } as const;

export function HistoryRow(props: HistoryRowProps) {
  const { row, domId, index, top, focused, selected, renaming, tagging } = props;
  const title = titleOf(row);
  const badge = badgeOf(row);
  const recorded = recordedWords(row.createdAt);
  // Controls of rows other than the focused one stay out of the tab order: the grid is one stop.
  const tab = focused ? 0 : -1;
  return (
    <div
      id={domId}
      className="history-row"
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid={`recording-${row.id}`}
      data-focused={focused || undefined}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      onMouseDown={() => props.onFocusRow(row.id)}
    >
      <span role="gridcell" className="history-check">
        <input
          type="checkbox"
          tabIndex={tab}
          checked={selected}
          aria-label={`Select ${title}`}
          onClick={(event) => props.onCheck(row.id, event.shiftKey)}
          onChange={() => {}}
        />
      </span>
      <span role="gridcell">
        <span className="history-badge" data-severity={badge} title={badge === 'live' ? 'Still recording' : badge === 'clean' ? 'No finding' : `Worst finding: ${badge}`}>
          {BADGE_WORDS[badge]}
        </span>
      </span>
      <span role="gridcell" className="history-name">
        {renaming ? (
          <RenameField title={row.name ?? ''} placeholder={row.model ?? `Recording #${row.id}`} onDone={(name) => props.onRename(row.id, name)} />
        ) : (
          <a href={routeHash({ view: 'recording', id: row.id })} tabIndex={tab} title={title}>
            {title}
          </a>
        )}
        <span className="history-second">{row.name !== null && row.model !== null ? row.model : `#${row.id} · ${row.source}`}</span>
      </span>
      <span role="gridcell" className="history-host">
        <span title={row.url ?? undefined}>{row.host ?? '–'}</span>
        <span className="history-second">{row.method ?? ''}</span>
      </span>
      <span role="gridcell" className="history-dialect" data-testid="row-dialect">
        {dialectWords(row)}
      </span>
      <span role="gridcell">
        <span className={`outcome outcome-${row.outcome ?? 'none'}`}>{outcomeWords(row)}</span>
        <span className="history-second">{statusWords(row) || row.finishReasons.join(', ')}</span>
      </span>
      <span role="gridcell" className="history-number">
        {formatCount(row.eventCount)}
      </span>
      <span role="gridcell" className="history-number">
        {formatMs(row.durationMs)}
      </span>
      <span role="gridcell" className="history-number">
        {formatMs(row.ttftMs)}
      </span>
      <span role="gridcell" className="history-chips" title={codesBySeverity(row.codes).join(', ')} data-testid="row-codes">
        {row.codes.length === 0 ? (
          <span className="muted">–</span>
        ) : (
          <>
            <code>{codesBySeverity(row.codes)[0]}</code>
            {row.codes.length > 1 && <span className="history-more-codes">+{row.codes.length - 1}</span>}
          </>
        )}
      </span>
      <span role="gridcell" className="history-chips history-tags" title={row.tags.join(', ')}>
        <button type="button" className="history-add-tag" tabIndex={tab} aria-label={`Add a tag to ${title}`} title="Edit tags" onClick={() => props.onStartTagging(row.id)}>
          {row.tags.length === 0 ? '+ tag' : '+'}
        </button>
        {row.tags.slice(0, SHOWN_TAGS).map((tag) => (
          <span key={tag} className="history-tag">
            <span className="history-tag-text">{tag}</span>
          </span>
        ))}
        {row.tags.length > SHOWN_TAGS && <span className="history-more-codes">+{row.tags.length - SHOWN_TAGS}</span>}
      </span>
      <span role="gridcell" className="history-recorded">
        <time dateTime={row.createdAt}>{recorded.date}</time>
        <span className="history-second">{recorded.time}</span>
      </span>
      <span role="gridcell" className="history-actions">
        <button type="button" className="history-icon" tabIndex={tab} aria-label={`Rename ${title}`} title="Rename (F2)" onClick={() => props.onStartRename(row.id)}>
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M11.5 2.5l2 2L6 12l-3 1 1-3 7.5-7.5z" />
          </svg>
        </button>
        <button type="button" className="history-icon history-delete" tabIndex={tab} aria-label={`Delete ${title}`} title="Delete (Del)" onClick={() => props.onDelete(row.id)}>
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5" />
          </svg>
        </button>
      </span>
      {tagging && <TagEditor title={title} tags={row.tags} onChange={(tags) => props.onTag(row.id, tags)} onClose={props.onEndTagging} />}
    </div>
  );
}

/** Enter saves (an empty name clears it), Escape cancels, leaving the field saves. */
function RenameField({ title, placeholder, onDone }: { readonly title: string; readonly placeholder: string; readonly onDone: (name: string | null | undefined) => void }) {
  const [value, setValue] = useState(title);
  const done = useRef(false);
  function finish(name: string | null | undefined): void {
    if (done.current) return;
    done.current = true;
    onDone(name);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    event.stopPropagation();
    if (event.key === 'Enter') finish(value.trim() === '' ? null : value.trim());
    else if (event.key === 'Escape') finish(undefined);
  }
  return (
    <input
      className="field"
      aria-label="New name"
      autoFocus
      value={value}
      placeholder={placeholder}
      maxLength={500}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(value.trim() === '' ? null : value.trim())}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}
