// Two recordings side by side (`#/compare/A/B`): their timelines on one time axis, the
// reassembled messages diffed word by word (within a dialect: ./messages.ts), the metrics and
// the diagnostics in two columns. Each side loads as the recording view loads one (a live one is
// followed); each shows its own loading, missing or error state, and the parts that need both wait
// for both.

import type { StoredRecording } from '../../shared/api/recordings.ts';
import { formatCount, formatTime } from '../components/format.ts';
import { titleOf } from '../history/words.ts';
import { navigate, routeHash } from '../route.ts';
import type { LiveRegistry } from '../view/model/live-registry.ts';
import { useRecording } from '../view/model/use-recording.ts';
import type { RecordingLoad } from '../view/model/use-recording.ts';
import { CompareTimelines } from './CompareTimelines.tsx';
import { DiagnosticsColumns } from './DiagnosticsColumns.tsx';
import { MessageDiff } from './MessageDiff.tsx';
import { MetricsColumns } from './MetricsColumns.tsx';
import type { SideName } from './sides.ts';
import './compare.css';

interface CompareViewProps {
  readonly a: number;
  readonly b: number;
  readonly registry: LiveRegistry;
}

export function CompareView({ a, b, registry }: CompareViewProps) {
  const loadA = useRecording(a, registry);
  const loadB = useRecording(b, registry);
  const readyA = loadA.status === 'ready' ? loadA : null;
  const readyB = loadB.status === 'ready' ? loadB : null;

  return (
    <main className="compare-view" data-testid="compare-view">
      <nav className="compare-crumbs">
        <a href="#/">← Recordings</a>
      </nav>
      <header className="compare-header">
        <h1>
          Compare <span className="muted">#{a}</span> with <span className="muted">#{b}</span>
        </h1>
        <button type="button" className="secondary" onClick={() => navigate({ view: 'compare', a: b, b: a })} title="Put B on the left and A on the right">
          Swap A and B
        </button>
      </header>
      {a === b && <p className="muted">Both sides are the same recording: everything below is the same.</p>}
      <div className="compare-heads">
        <SideHead side="A" id={a} load={loadA} />
        <SideHead side="B" id={b} load={loadB} />
      </div>

      <section aria-labelledby="compare-timelines-title">
        <h2 id="compare-timelines-title">Timelines</h2>
        <CompareTimelines
          sides={[
            { name: 'A', title: sideTitle(a, loadA), analysis: readyA?.analysis ?? null, waiting: WAITING[loadA.status] },
            { name: 'B', title: sideTitle(b, loadB), analysis: readyB?.analysis ?? null, waiting: WAITING[loadB.status] },
          ]}
        />
      </section>

      {readyA && readyB ? (
        <>
          <section aria-labelledby="compare-messages-title">
            <h2 id="compare-messages-title">Messages</h2>
            {readyA.analysis.protocol === readyB.analysis.protocol && (
              <p className="compare-key muted">
                What B has that A lacks is <ins>inserted</ins>; what A has that B lacks is <del>deleted</del>.
              </p>
            )}
            <MessageDiff a={readyA.analysis} b={readyB.analysis} />
          </section>
          <div className="compare-columns">
            <section aria-labelledby="compare-metrics-title">
              <h2 id="compare-metrics-title">Metrics</h2>
              <MetricsColumns a={readyA.analysis} b={readyB.analysis} />
            </section>
            <section aria-labelledby="compare-diagnostics-title">
              <h2 id="compare-diagnostics-title">Diagnostics</h2>
              <DiagnosticsColumns a={readyA.analysis.diagnostics} b={readyB.analysis.diagnostics} sameDialect={readyA.analysis.protocol === readyB.analysis.protocol} />
            </section>
          </div>
        </>
      ) : (
        <p className="compare-waiting muted">The messages, metrics and diagnostics are compared once both recordings are loaded.</p>
      )}
    </main>
  );
}

/** What a timeline row says while its recording is not there. */
const WAITING: Readonly<Record<RecordingLoad['status'], string>> = {
  loading: 'Loading…',
  missing: 'No such recording: nothing to draw.',
  error: 'The recording could not be loaded (the error is above).',
  ready: '',
};

function sideTitle(id: number, load: RecordingLoad): string {
  return load.status === 'ready' && load.stored ? titleOf(load.stored.summary) : `Recording #${id}`;
}

/** One side's recording at a glance, or why it is not there. */
function SideHead({ side, id, load }: { readonly side: SideName; readonly id: number; readonly load: RecordingLoad }) {
  return (
    <div className={`compare-head compare-head-${side.toLowerCase()}`} data-testid={`compare-head-${side}`} aria-busy={load.status === 'loading'}>
      <span className={`compare-side compare-side-${side.toLowerCase()}`} aria-label={`Side ${side}`}>
        {side}
      </span>
      <div className="compare-head-body">
        {load.status === 'loading' && (
          <p role="status">
            Loading recording #{id}…
            {load.progress && load.progress.total > 0 && ` ${formatCount(load.progress.loaded)} of ${formatCount(load.progress.total)} reads`}
          </p>
        )}
        {load.status === 'missing' && (
          <p role="alert">
            There is no recording #{id}: it may have been deleted. <a href="#/">Pick another from the recordings</a>.
          </p>
        )}
        {load.status === 'error' && (
          <p className="error" role="alert">
            Recording #{id} could not be loaded: {load.message}
          </p>
        )}
        {load.status === 'ready' && <Glance id={id} stored={load.stored} live={load.live} fallback={load.analysis.identity.model} />}
      </div>
    </div>
  );
}

function Glance({ id, stored, live, fallback }: { readonly id: number; readonly stored: StoredRecording | null; readonly live: boolean; readonly fallback: string | null }) {
  const summary = stored?.summary;
  const facts = [summary?.model ?? fallback, summary?.host, summary ? formatTime(summary.createdAt) : null, live ? 'still recording' : null].filter((fact) => fact);
  return (
    <>
      <p className="compare-head-title">
        <a href={routeHash({ view: 'recording', id })}>
          <span className="muted">#{id}</span> {summary ? titleOf(summary) : (fallback ?? `Recording #${id}`)}
        </a>
      </p>
      <p className="muted compare-head-facts">{facts.join(' · ')}</p>
    </>
  );
}
