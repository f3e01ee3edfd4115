// The findings of the analysis, errors first: what each found, why it matters (the catalogue's
// title and fix hint), and the events that show it, which select and mark on the timeline and in
// the table.

import { useEffect, useId, useRef } from 'react';
import { CATALOGUE } from '../../../shared/analysis/diagnostics/catalogue.ts';
import type { Diagnostic } from '../../../shared/analysis/diagnostics/catalogue.ts';
import { evidenceOf, groupBySeverity, SEVERITY_UNITS } from '../../../shared/analysis/diagnostics/groups.ts';
import { formatCount } from '../../components/format.ts';
import { dialectView } from '../dialects/registry.ts';
import type { PanelProps } from '../types.ts';
import './panels.css';

export type DiagnosticsPanelProps = Pick<PanelProps, 'analysis' | 'live' | 'selected' | 'onSelect' | 'highlighted' | 'onHighlight'> & {
  /** The code of the finding the view was opened on (`#/recording/ID/finding/CODE`): its first diagnostic is marked and shown. */
  readonly chosen?: string | null;
  /** Whether the panels above have caught up with the selection the view opened on: the chosen finding is scrolled to then, once. */
  readonly settled?: boolean;
};

export function DiagnosticsPanel({ analysis, live, selected, onSelect, highlighted, onHighlight, chosen = null, settled = true }: DiagnosticsPanelProps) {
  const id = useId();
  const { diagnostics } = analysis;
  const chosenAt = chosen === null ? -1 : diagnostics.findIndex((diagnostic) => diagnostic.code === chosen);
  const groups = groupBySeverity(diagnostics);
  const tally = groups.map(({ severity, diagnostics: found }) => `${formatCount(found.length)} ${SEVERITY_UNITS[severity][found.length === 1 ? 0 : 1]}`).join(', ');
  return (
    <section className="panel diagnostics-panel" aria-labelledby={id} data-testid="diagnostics-panel">
      <h2 id={id} tabIndex={-1}>
        Diagnostics
      </h2>
      <p className="diagnostics-tally" data-testid="diagnostics-tally">
        {tally}
      </p>
      {chosen !== null && chosenAt === -1 && !live && (
        <p className="panel-note" data-testid="chosen-finding-note">
          <code>{chosen}</code> is not one of this stream’s diagnostics: it is a conformance check’s own rule, and the check’s verdict says how the stream broke it.
        </p>
      )}
      {live && <p className="panel-note">Still recording: the end-of-stream checks ({dialectView(analysis.protocol).endChecks}) wait for the end.</p>}
      {diagnostics.length === 0 ? (
        <p className="panel-empty">{live ? 'No findings so far.' : 'No findings: the stream looks like a correct one.'}</p>
      ) : (
        groups.map(({ severity, title, diagnostics: found }) =>
          found.length === 0 ? null : (
            <section key={severity} className="diagnostics-group" data-severity={severity} aria-labelledby={`${id}-${severity}`}>
              <h3 id={`${id}-${severity}`} className={`diagnostics-severity-${severity}`}>
                {title} ({formatCount(found.length)})
              </h3>
              {found.map((diagnostic, i) => (
                <Finding key={`${diagnostic.code}-${i}`} diagnostic={diagnostic} chosen={chosenAt !== -1 && diagnostics[chosenAt] === diagnostic} settled={settled} selected={selected} onSelect={onSelect} highlighted={highlighted} onHighlight={onHighlight} />
              ))}
            </section>
          ),
        )
      )}
    </section>
  );
}

interface FindingProps extends Pick<PanelProps, 'selected' | 'onSelect' | 'highlighted' | 'onHighlight'> {
  readonly diagnostic: Diagnostic;
  readonly chosen: boolean;
  readonly settled: boolean;
}

function Finding({ diagnostic, chosen, settled, selected, onSelect, highlighted, onHighlight }: FindingProps) {
  const article = useRef<HTMLElement>(null);
  const shown = useRef(false);
  // Opened on this finding: it is what the user came to see, wherever the panel is on the page. Once
  // the panels above have their height (they follow the selection a moment later), and only once.
  useEffect(() => {
    if (!chosen || !settled || shown.current) return;
    shown.current = true;
    return keepInView(article.current);
  }, [chosen, settled]);
  const { code, severity, message, hint, events, reads } = diagnostic;
  const entry = CATALOGUE[code];
  const shownEvents = evidenceOf(events);
  const shownReads = reads ? evidenceOf(reads) : null;
  // The view may hold a copy of the events it was given: compare them (only when the lengths agree).
  const marked = events.length > 0 && (highlighted === events || (highlighted.length === events.length && highlighted.every((event, i) => event === events[i])));
  return (
    <article
      ref={article}
      className={`diagnostic diagnostic-${severity}${chosen ? ' diagnostic-chosen' : ''}`}
      data-testid="diagnostic"
      data-code={code}
      data-severity={severity}
      data-chosen={chosen ? 'true' : undefined}
      aria-current={chosen ? 'true' : undefined}
      aria-label={`${severity}: ${entry.title}${chosen ? ' (the finding opened)' : ''}`}
    >
      <h4>
        <span className="diagnostic-severity">{severity}</span> <code>{code}</code> {entry.title}
      </h4>
      <p className="diagnostic-message">{message}</p>
      <p className="diagnostic-hint">
        <strong>Fix:</strong> {hint}
      </p>
      {events.length > 0 && (
        <div className="diagnostic-evidence" role="group" aria-label={`Evidence of ${code}`}>
          <button
            type="button"
            className="diagnostic-select-evidence"
            aria-pressed={marked}
            onClick={() => {
              onHighlight(events);
              onSelect(events[0]!);
            }}
          >
            Select evidence ({formatCount(events.length)} {events.length === 1 ? 'event' : 'events'})
          </button>{' '}
          {shownEvents.shown.map((event) => (
            <button key={event} type="button" className="diagnostic-event" aria-label={`Select event #${event}`} aria-current={event === selected ? 'true' : undefined} onClick={() => onSelect(event)}>
              #{event}
            </button>
          ))}
          {shownEvents.more > 0 && <span className="panel-muted"> and {formatCount(shownEvents.more)} more</span>}
        </div>
      )}
      {shownReads && shownReads.shown.length > 0 && (
        <p className="panel-muted">
          {reads!.length === 1 ? 'Read' : 'Reads'} {shownReads.shown.join(', ')}
          {shownReads.more > 0 ? ` and ${formatCount(shownReads.more)} more` : ''}
        </p>
      )}
    </article>
  );
}

/** How long a finding the view opened on is kept in view while the page settles. */
const KEEP_IN_VIEW_MS = 3000;

/**
 * Scrolls `element` to the middle of the view, and again whenever an ancestor's size changes in the
 * next KEEP_IN_VIEW_MS (panels that render later, a long table filling in, move it), until the user
 * scrolls, clicks or types: a single scroll made on a slow machine ended with the finding out of view.
 * Returns the clean-up.
 */
function keepInView(element: HTMLElement | null): (() => void) | undefined {
  if (element === null) return undefined;
  element.scrollIntoView({ block: 'center' });
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(() => element.scrollIntoView({ block: 'center' }));
  // What grows above the finding grows one of its ancestors, whichever of them scrolls.
  for (let at = element.parentElement; at !== null; at = at.parentElement) observer.observe(at);
  const stop = (): void => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, KEEP_IN_VIEW_MS);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
