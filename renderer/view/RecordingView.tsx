// One recording, live or saved: the timeline across the top, the events and the selected one's
// bytes beneath it, then the message, tool calls, usage and diagnostics as a client would have
// held them at the selected event (or at the end). The view keeps the selection; every panel is
// given the same analysis, selection and scrubbed state (./types.ts).

import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { dialectOf } from '../../shared/analysis/analyze.ts';
import { createScrubber } from '../../shared/analysis/scrub.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage, formatCount } from '../components/format.ts';
import { HOME, navigate } from '../route.ts';
import { lastSelection, rememberSelection } from '../shell/remember.ts';
import { BEFORE_ANY } from './dialects/kit/typed.ts';
import { dialectView } from './dialects/registry.ts';
import { EventsTable } from './events/EventsTable.tsx';
import { EventInspector } from './inspector/EventInspector.tsx';
import { RecordingHeader } from './RecordingHeader.tsx';
import type { LiveRegistry } from './model/live-registry.ts';
import { useRecording } from './model/use-recording.ts';
import { CapturePanel } from './panels/CapturePanel.tsx';
import { DiagnosticsPanel } from './panels/DiagnosticsPanel.tsx';
import { MessagePanel } from './panels/MessagePanel.tsx';
import { ToolCallsPanel } from './panels/ToolCallsPanel.tsx';
import { UsagePanel } from './panels/UsagePanel.tsx';
import { BEFORE_FIRST } from './replay/playback.ts';
import { ReplayBar } from './replay/ReplayBar.tsx';
import { Timeline } from './timeline/Timeline.tsx';
import type { PanelProps, ScrubbedState } from './types.ts';
import './view.css';

/**
 * Mounted once per recording and finding (App keys it by both): it opens with nothing selected, or
 * with the event selected when the app last showed it, or, opened on a finding, that finding's
 * evidence marked and its first event selected.
 */
export function RecordingView({ id, finding = null, registry }: { readonly id: number; readonly finding?: string | null; readonly registry: LiveRegistry }) {
  const load = useRecording(id, registry);
  // The event selected when the app last showed this recording (shell/remember.ts).
  const [selected, setSelected] = useState<number | null>(() => lastSelection(id));
  useEffect(() => rememberSelection(id, selected), [id, selected]);
  const [highlighted, setHighlighted] = useState<readonly number[]>([]);
  // A replay on screen standing before its first event: nothing is selected, and the panels show
  // the empty state a client holds while it waits.
  const [waiting, setWaiting] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const analysis = load.status === 'ready' ? load.analysis : null;
  const events = analysis?.events ?? null;
  const protocol = analysis?.protocol ?? null;
  const dialect = dialectOf(protocol);
  // One scrubber per list of events, in the stream's dialect: a live recording's list grows in place and keeps its scrubber.
  const scrubber = useMemo(() => (events ? createScrubber(events, dialect) : null), [events, dialect]);
  const current = selected !== null && events !== null && selected < events.length ? selected : null;
  // The panels that rebuild the client state follow the selection at a lower priority: while the
  // user drags along the timeline or holds an arrow key, the timeline and the table keep up and
  // the panels catch up when there is time (React renders the deferred value in the background).
  // A replay on screen is the exception: its panels must move with it, so it is followed at once.
  const target = waiting && current === null ? BEFORE_FIRST : current;
  const deferred = useDeferredValue(target);
  const scrubbedAt = replaying ? target : deferred;
  const scrubbed = useMemo((): ScrubbedState | null => {
    if (scrubbedAt === BEFORE_FIRST) return BEFORE_ANY;
    if (scrubbedAt === null || !scrubber || events === null || scrubbedAt >= events.length) return null;
    const state = scrubber.at(scrubbedAt);
    // What the panels read as of the event, in the dialect's terms (Chat Completions' client state, another's final object).
    return dialectView(protocol).scrubbed(scrubbedAt, state);
    // The live analysis is a new object whenever events arrive: the state as of an event never
    // changes, but the scrubber's state object is reused, so this is worked out again per analysis.
  }, [scrubbedAt, scrubber, analysis]); // eslint-disable-line react-hooks/exhaustive-deps

  const onSelect = useCallback((event: number | null) => {
    setWaiting(false);
    setSelected(event);
  }, []);
  const onReplay = useCallback((position: number | null) => {
    setReplaying(position !== null);
    setWaiting(position === BEFORE_FIRST);
    if (position !== null) setSelected(position === BEFORE_FIRST ? null : position);
  }, []);
  const onHighlight = useCallback((found: readonly number[]) => setHighlighted(found), []);

  // Opened on a finding: once the stream has ended (the end-of-stream findings are in), its evidence
  // is selected as "Select evidence" would, once; the user's own clicks are theirs after that. Set
  // while rendering (React's "adjusting state when a prop changes"), so no frame shows it unselected.
  const [findingShown, setFindingShown] = useState(finding === null);
  if (!findingShown && load.status === 'ready' && !load.live) {
    setFindingShown(true);
    const evidence = load.analysis.diagnostics.find((diagnostic) => diagnostic.code === finding)?.events ?? [];
    if (evidence.length > 0) {
      setHighlighted(evidence);
      setSelected(evidence[0]!);
    }
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && !(event.target instanceof HTMLInputElement)) {
        setSelected(null);
        setWaiting(false);
        setHighlighted([]);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (load.status !== 'ready') {
    return (
      <main className="recording-view" aria-busy={load.status === 'loading'}>
        <nav className="crumbs">
          <a href="#/">← Recordings</a>
        </nav>
        {load.status === 'loading' && (
          <p className="view-state" role="status">
            Loading recording #{id}…
            {load.progress && load.progress.total > 0 && (
              <>
                {' '}
                <progress max={load.progress.total} value={load.progress.loaded} aria-label="Reads loaded" /> {formatCount(load.progress.loaded)} of {formatCount(load.progress.total)} reads
              </>
            )}
          </p>
        )}
        {load.status === 'missing' && (
          <p className="view-state" role="alert">
            There is no recording #{id}. It may have been deleted. <button onClick={() => navigate(HOME)}>Back to the recordings</button>
          </p>
        )}
        {load.status === 'error' && (
          <p className="view-state error" role="alert">
            Recording #{id} could not be loaded: {load.message}
          </p>
        )}
      </main>
    );
  }

  async function cancel(): Promise<void> {
    try {
      await api.cancelRecording({ id });
    } catch (failure) {
      setCancelError(errorMessage(failure));
    }
  }

  const props: PanelProps = { analysis: load.analysis, live: load.live, selected: current, onSelect, highlighted, onHighlight, scrubbed };
  // A live analysis is built from the reads alone: what the proxy says of its capture is the stored recording's.
  const capture = load.stored?.capture ?? load.analysis.recording.capture ?? null;
  return (
    <main className="recording-view" data-testid="recording-view" data-live={load.live}>
      <nav className="crumbs">
        <a href="#/">← Recordings</a>
      </nav>
      <RecordingHeader id={id} analysis={load.analysis} live={load.live} stored={load.stored} onCancel={() => void cancel()} />
      <ErrorLine message={cancelError} />
      {!load.live && <ReplayBar events={load.analysis.events} selected={current} onPosition={onReplay} />}
      <Timeline {...props} />
      <div className="view-events">
        <EventsTable {...props} replaying={replaying} />
        <EventInspector {...props} replaying={replaying} />
      </div>
      <div className="view-panels">
        <MessagePanel {...props} />
        <ToolCallsPanel {...props} />
        <UsagePanel {...props} />
        {capture && <CapturePanel capture={capture} live={load.live} />}
        <DiagnosticsPanel {...props} chosen={finding} settled={findingShown && scrubbedAt === target} />
      </div>
    </main>
  );
}
