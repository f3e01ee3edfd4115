// The recording at a glance: what it is, whether it is still coming and how it ended, and the
// handful of figures a reader looks for first.

import type { Analysis } from '../../shared/analysis/analyze.ts';
import { CATALOGUE } from '../../shared/analysis/diagnostics/catalogue.ts';
import { groupBySeverity, SEVERITY_UNITS } from '../../shared/analysis/diagnostics/groups.ts';
import type { StoredRecording } from '../../shared/api/recordings.ts';
import { formatBytes, formatCount, formatMs } from '../components/format.ts';
import { dialectName } from '../components/dialect-names.ts';
import { endingOf } from './ending.ts';
import { RecordingActions } from './RecordingActions.tsx';

interface HeaderProps {
  readonly id: number;
  readonly analysis: Analysis;
  readonly live: boolean;
  readonly stored: StoredRecording | null;
  readonly onCancel: () => void;
}

export function RecordingHeader({ id, analysis, live, stored, onCancel }: HeaderProps) {
  const { recording, events, metrics, identity, diagnostics, stats } = analysis;
  const requested = recording.request?.body;
  const requestedModel = typeof requested === 'object' && requested !== null && 'model' in requested ? String(requested.model) : null;
  const title = stored?.name ?? identity.model ?? requestedModel ?? `Recording #${id}`;
  const end = live ? null : recording.end;
  const ending = end ? endingOf(end.outcome, diagnostics) : null;
  const groups = groupBySeverity(diagnostics).filter((group) => group.diagnostics.length > 0);
  // The worst finding's title stands where the eye lands; the diagnostics panel, far below, has them all.
  const worst = groups[0]?.severity === 'info' ? null : (groups[0]?.diagnostics[0] ?? null);
  // The capture proxy's recordings are the app's own streams: only the app (or the proxy's Stop) ends them.
  const captured = (stored?.source ?? recording.source) === 'capture';

  return (
    <header className="recording-header">
      <div className="recording-title">
        <h1>
          <span className="muted">#{id}</span> {title}
        </h1>
        <p className="recording-url muted">
          {recording.request ? `${recording.request.method} ${recording.request.url}` : `imported (${recording.source})`}
          {stored && stored.tags.length > 0 && <span className="tags"> · {stored.tags.join(', ')}</span>}
        </p>
        <RecordingActions id={id} live={live} request={recording.request} />
      </div>
      <p className="recording-status" data-testid="recording-status" role="status" aria-live="polite">
        {live ? (
          <>
            <span className="outcome outcome-recording">Recording…</span> {formatCount(events.length)} events so far
            {captured ? (
              <span className="muted"> (captured: it ends when the app’s stream ends)</span>
            ) : (
              <button type="button" className="cancel" onClick={onCancel}>
                Cancel
              </button>
            )}
          </>
        ) : end && ending ? (
          <>
            Ended: <span className={`outcome outcome-${ending.tone}`}>{ending.words}</span>
            {end.error ? ` — ${end.error}` : ''}
          </>
        ) : (
          <span className="muted">The file says nothing of how the exchange ended.</span>
        )}
      </p>
      <dl className="recording-figures">
        {/* Told by the request path or the first events: until one comes, not yet known. */}
        <Figure label="Dialect" value={events.length === 0 && analysis.protocol === null ? '–' : dialectName(analysis.protocol)} />
        <Figure label="HTTP" value={recording.response ? String(recording.response.status) : '–'} />
        <Figure label="Events" value={formatCount(events.length)} />
        <Figure label="Reads" value={formatCount(stats.reads)} />
        <Figure label="Body" value={formatBytes(stats.bytes)} />
        <Figure label="First token" value={formatMs(metrics?.ttft_ms ?? null)} />
        <Figure label="Duration" value={formatMs(metrics?.duration_ms ?? null)} />
        <Figure label="Tokens/s" value={metrics?.tokens_per_s != null ? metrics.tokens_per_s.toFixed(1) : '–'} />
        <div>
          <dt>Findings</dt>
          <dd className="finding-counts">
            {groups.length === 0 ? (
              'none'
            ) : (
              <button type="button" className="finding-counts-link" onClick={showFindings} title="Go to the diagnostics">
                {groups.map(({ severity, diagnostics: found }) => (
                  <span key={severity} className={`severity severity-${severity}`}>
                    {found.length} {SEVERITY_UNITS[severity][found.length === 1 ? 0 : 1]}
                  </span>
                ))}
              </button>
            )}
          </dd>
        </div>
      </dl>
      {worst && (
        <p className={`worst-finding diagnostic-${worst.severity}`} data-testid="worst-finding">
          <span className="diagnostic-severity">{worst.severity}</span> <code>{worst.code}</code> {CATALOGUE[worst.code].title}: {worst.message}{' '}
          {diagnostics.length > 1 && (
            <button type="button" className="link-button" onClick={showFindings}>
              all {formatCount(diagnostics.length)} findings
            </button>
          )}
        </p>
      )}
      {!metrics && events.length > 0 && !live && <p className="muted">This recording carries no per-read times (an imported body or HAR): timings are not known, events are shown in order.</p>}
    </header>
  );
}

/** Brings the diagnostics panel into view and moves the focus to it. */
function showFindings(): void {
  const panel = document.querySelector<HTMLElement>('[data-testid="diagnostics-panel"]');
  if (!panel) return;
  panel.scrollIntoView({ block: 'start' });
  panel.querySelector<HTMLElement>('h2')?.focus();
}

function Figure({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
