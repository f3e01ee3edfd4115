// The requests a server answered, newest first, as they come; a long log is virtualised (only
// the rows in view are drawn). A row is one line but for its faults, which wrap: what a fault did
// (`cut after event 3 (byte 1187)`) is the point of the line.

import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReplayLogEntry } from '../../shared/api/contract.ts';
import { formatBytes, formatCount, formatMs } from '../components/format.ts';
import { logRow } from './log.ts';
import type { ServerLog } from './log.ts';

/** A row of one line: the virtualiser's first guess, before it measures. */
const ROW_HEIGHT = 32;
const COLUMNS = ['Time', 'Request', 'Model', 'Answered by', 'Status', 'Bytes', 'Outcome', 'Faults', 'Took'] as const;

export function RequestLog({ log, unseen, label }: { readonly log: ServerLog; readonly unseen: number; readonly label: string }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's methods are read during render on purpose; nothing here is memoised on them
  const virtualizer = useVirtualizer({ count: log.entries.length, getScrollElement: () => bodyRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const earlier = unseen + log.dropped;

  return (
    <div className="mock-log-wrap">
      {log.entries.length === 0 ? (
        <p className="muted mock-log-empty" data-testid="mock-log-empty">
          No request yet. Run a snippet above, or point your client at the base URL: each request shows here when its response is over.
        </p>
      ) : (
        <div className="mock-log" role="table" aria-label={label} aria-rowcount={log.entries.length + 1}>
          <div role="rowgroup">
            <div className="mock-log-row mock-log-head" role="row" aria-rowindex={1}>
              {COLUMNS.map((column) => (
                <span key={column} role="columnheader">
                  {column}
                </span>
              ))}
            </div>
          </div>
          {/* Scrolled with the keyboard too: it takes the focus. */}
          <div className="mock-log-body" ref={bodyRef} role="rowgroup" tabIndex={0} aria-label={`${label}, newest first`}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => (
                <LogLine key={log.entries[item.index]!.id} entry={log.entries[item.index]!} index={item.index} top={item.start} measure={virtualizer.measureElement} />
              ))}
            </div>
          </div>
        </div>
      )}
      {earlier > 0 && (
        <p className="muted mock-log-note">
          {formatCount(earlier)} earlier {earlier === 1 ? 'request is' : 'requests are'} not shown ({unseen > 0 ? 'served before this page was opened, still loading' : 'the log keeps the newest'}).
        </p>
      )}
    </div>
  );
}

interface LineProps {
  readonly entry: ReplayLogEntry;
  readonly index: number;
  readonly top: number;
  readonly measure: (element: HTMLElement | null) => void;
}

function LogLine({ entry, index, top, measure }: LineProps) {
  const row = logRow(entry);
  const failed = entry.status === null || entry.status >= 400;
  return (
    <div
      className="mock-log-row"
      role="row"
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      data-testid="mock-log-row"
      data-status={entry.status ?? ''}
      data-outcome={entry.outcome}
      style={{ position: 'absolute', top, left: 0, right: 0, minHeight: ROW_HEIGHT }}
    >
      <span role="cell" className="mock-mono">{row.time}</span>
      <span role="cell" className="mock-mono" title={row.request}>{row.request}</span>
      <span role="cell" title={row.model}>{row.model}</span>
      <span role="cell" className={entry.matched === null ? 'muted' : undefined} title={row.matched}>{row.matched}</span>
      <span role="cell" className={failed ? 'mock-bad' : 'mock-good'}>{row.status}</span>
      <span role="cell" className="mock-number">{formatBytes(entry.bytes)}</span>
      <span role="cell" className={entry.outcome === 'complete' ? 'mock-good' : 'mock-bad'}>{row.outcome}</span>
      <span role="cell" className="mock-log-faults">
        {row.faults || '–'}
      </span>
      <span role="cell" className="mock-number">{formatMs(entry.ms)}</span>
    </div>
  );
}
