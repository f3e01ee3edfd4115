// The exchanges a proxy saw, newest first, as they come: each from the moment it begins (a live
// marker while it streams) to its end, with its findings; a stream opens in the recording view,
// live while it streams. A long log is virtualised (only the rows in view are drawn). A row is
// one line but for its findings and a refusal's reason, which wrap: they are the point of the line.

import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CaptureExchange } from '../../shared/capture/types.ts';
import { formatBytes, formatCount } from '../components/format.ts';
import { routeHash } from '../route.ts';
import { exchangeRow } from './exchange-log.ts';
import type { ExchangeTone, ProxyLog } from './exchange-log.ts';

/** A row of one line: the virtualiser's first guess, before it measures. */
const ROW_HEIGHT = 32;
const COLUMNS = ['Time', 'Request', 'Model', 'Status', 'TTFT', 'Took', 'Events', 'Findings', 'State', 'Recording'] as const;
/** What a column's short name stands for. */
const COLUMN_TITLES: Partial<Record<(typeof COLUMNS)[number], string>> = { TTFT: 'Time to the first token', Took: 'From the request’s arrival to the end of the response' };

const TONES: Readonly<Record<ExchangeTone, string>> = { good: 'mock-good', bad: 'mock-bad', live: 'capture-live-text', muted: 'muted' };

export function ExchangeLog({ log, unseen, label }: { readonly log: ProxyLog; readonly unseen: number; readonly label: string }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  // Sizes are kept by exchange, not by place: a new exchange goes on top and moves every row down one.
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's methods are read during render on purpose; nothing here is memoised on them
  const virtualizer = useVirtualizer({ count: log.length, getScrollElement: () => bodyRef.current, estimateSize: () => ROW_HEIGHT, getItemKey: (index) => log[index]!.id, overscan: 10 });

  return (
    <div className="mock-log-wrap">
      {log.length === 0 ? (
        <p className="muted mock-log-empty" data-testid="capture-log-empty">
          No exchange yet. Point your app at a base URL above: each request shows here as it begins, and each stream opens in the recording view while it arrives.
        </p>
      ) : (
        <div className="mock-log capture-log" role="table" aria-label={label} aria-rowcount={log.length + 1}>
          <div role="rowgroup">
            <div className="mock-log-row capture-log-row mock-log-head" role="row" aria-rowindex={1}>
              {COLUMNS.map((column) => (
                <span key={column} role="columnheader" title={COLUMN_TITLES[column]}>
                  {column}
                </span>
              ))}
            </div>
          </div>
          {/* Scrolled with the keyboard too: it takes the focus. */}
          <div className="mock-log-body" ref={bodyRef} role="rowgroup" tabIndex={0} aria-label={`${label}, newest first`}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => (
                <ExchangeLine key={log[item.index]!.id} exchange={log[item.index]!} index={item.index} top={item.start} measure={virtualizer.measureElement} />
              ))}
            </div>
          </div>
        </div>
      )}
      {unseen > 0 && (
        <p className="muted mock-log-note">
          {formatCount(unseen)} earlier {unseen === 1 ? 'exchange is' : 'exchanges are'} not shown (let go: the log keeps the newest).
        </p>
      )}
    </div>
  );
}

interface LineProps {
  readonly exchange: CaptureExchange;
  readonly index: number;
  readonly top: number;
  readonly measure: (element: HTMLElement | null) => void;
}

function ExchangeLine({ exchange, index, top, measure }: LineProps) {
  const row = exchangeRow(exchange);
  const open = exchange.state === 'open';
  return (
    <div
      className="mock-log-row capture-log-row"
      role="row"
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      data-testid="capture-exchange"
      data-id={exchange.id}
      data-state={exchange.state}
      data-status={exchange.status ?? ''}
      data-served-by={exchange.servedBy}
      data-recording={exchange.recording ?? ''}
      style={{ position: 'absolute', top, left: 0, right: 0, minHeight: ROW_HEIGHT }}
    >
      <span role="cell" className="mock-mono">
        {row.time}
      </span>
      <span role="cell" className="mock-mono" title={`${row.request}\nfrom ${exchange.client}`}>
        {row.request}
      </span>
      <span role="cell" title={row.model}>
        {row.model}
      </span>
      <span role="cell" className={TONES[row.statusTone]}>
        {row.status}
      </span>
      <span role="cell" className="mock-number">
        {row.ttft}
      </span>
      <span role="cell" className="mock-number" title={exchange.state === 'done' ? `${formatBytes(exchange.bytes)} relayed` : undefined}>
        {row.duration}
      </span>
      <span role="cell" className="mock-number">
        {row.events}
      </span>
      <span role="cell" className="capture-findings">
        {row.problem !== null && (
          <span className={exchange.servedBy === 'refused' || exchange.outcome !== 'aborted' ? 'mock-bad capture-problem' : 'muted capture-problem'} data-testid="capture-problem">
            {row.problem}
          </span>
        )}
        {row.findings.map((finding) => (
          <span key={finding.code} className="capture-code" data-severity={finding.severity} title={finding.severity}>
            {finding.code}
          </span>
        ))}
        {row.problem === null && row.findings.length === 0 && (open || !exchange.stream ? '–' : <span className="mock-good">none</span>)}
      </span>
      <span role="cell" className={TONES[row.stateTone]} data-testid="capture-state">
        {open && <span className="capture-live-dot" aria-hidden="true" />}
        {row.state}
      </span>
      <span role="cell">
        {exchange.recording !== null && exchange.stream ? (
          <a href={routeHash({ view: 'recording', id: exchange.recording })} aria-label={`Open recording #${exchange.recording}${open ? ', live' : ''}`}>
            #{exchange.recording}
            {open ? ' live' : ''}
          </a>
        ) : (
          '–'
        )}
      </span>
    </div>
  );
}
