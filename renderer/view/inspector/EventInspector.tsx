// The selected event, all of it: its raw bytes and the reads they came in, its data as a JSON
// tree, the choice deltas and the operations the core read from them, the fields outside
// OpenAI's set, what is wrong with it, and what it changed in the state a client holds — each in
// its dialect's terms (../dialects/: a typed event is named by its data.type and the dialect's word
// for it).

import { useId, useMemo, useState } from 'react';
import { createEffectReader } from '../../../shared/analysis/event-effect.ts';
import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import { describeProblem } from '../../../shared/dialects/chat/annotate.ts';
import { formatMs } from '../../components/format.ts';
import { KindLabel } from '../events/KindLabel.tsx';
import type { PanelProps } from '../types.ts';
import { dialectView } from '../dialects/registry.ts';
import { framingView } from '../framing/registry.ts';
import { parseData } from './json-view.ts';
import { JsonTree } from './JsonTree.tsx';
import { RawBytes } from './RawBytes.tsx';
import { useOnScreen } from './use-on-screen.ts';
import './inspector.css';

export type EventInspectorProps = Pick<PanelProps, 'analysis' | 'selected'> & {
  /** A replay on screen is under way: the selection moves every frame, whether or not anyone sees the inspector. */
  readonly replaying?: boolean;
};

export function EventInspector({ analysis, selected, replaying = false }: EventInspectorProps) {
  const id = useId();
  const { events } = analysis;
  // One reader for the recording: stepping forward through events costs one event each.
  const reader = useMemo(() => createEffectReader(events), [events]);
  // Scrolled out of view during a replay (the reader watching the message below), the inspector
  // keeps the event it shows and catches up when it comes back: each event costs it a fold of
  // the client state and a redraw, for nobody.
  const [ref, onScreen] = useOnScreen<HTMLElement>();
  const follows = !replaying || onScreen;
  const [held, setHeld] = useState(selected);
  if (follows && held !== selected) setHeld(selected);
  const shown = follows ? selected : held;
  const event = shown !== null && shown >= 0 && shown < events.length ? events[shown]! : null;
  return (
    <section className="inspector" data-testid="inspector" aria-labelledby={`${id}-heading`} ref={ref}>
      <h2 id={`${id}-heading`}>Event inspector</h2>
      {event === null ? (
        <p className="inspector-empty">No event selected. Select one in the table or on the timeline to see its raw bytes, its JSON and what it changed.</p>
      ) : (
        // Not keyed by event: the next event is drawn in the same nodes, only what differs changes.
        <EventDetails event={event} analysis={analysis} reader={reader} />
      )}
    </section>
  );
}

interface DetailsProps {
  readonly event: AnalyzedEvent;
  readonly analysis: PanelProps['analysis'];
  readonly reader: ReturnType<typeof createEffectReader>;
}

function EventDetails({ event, analysis, reader }: DetailsProps) {
  const { sse, interpretation } = event;
  const index = sse.index;
  // What the event changed, its words and its operations, in the dialect's terms (its view's `inspector`).
  const { inspector } = dialectView(analysis.protocol);
  const effect = useMemo(() => inspector.effect(reader, event), [inspector, reader, event]);
  const parsed = useMemo(() => parseData(sse.data), [sse]);
  const words = useMemo(() => inspector.words(event), [inspector, event]);
  const ops = useMemo(() => inspector.ops(event), [inspector, event]);
  const deltas = parsed.type !== 'json' ? [] : inspector.deltas(parsed.value);
  const extensions = interpretation.unknownPaths;
  // The message as its framing cut it (SSE's fields, an event-stream frame's prelude, headers and CRCs).
  const framing = framingView(analysis.framing);
  const unknownFields = framing.unknownFields(sse);

  return (
    <>
      <p className="inspector-title">
        <span className="inspector-index">Event #{index}</span> <KindLabel kind={interpretation.kind} />{' '}
        {words && (
          <span className="inspector-type" data-testid="event-type">
            {words.type !== null && <code>{words.type}</code>} ({words.kind}
            {words.sequence !== null && `, sequence_number ${words.sequence}`})
          </span>
        )}{' '}
        <span className="inspector-when">{event.t === null ? 'untimed' : `at ${formatMs(event.t)}`}</span>
      </p>
      {words?.eventName != null && (
        <p className="inspector-warning">
          Its <code>event: {words.eventName}</code> line differs from its data.type: clients that dispatch on the event name see another event (event-name-mismatch).
        </p>
      )}
      <p className="inspector-annotation">{event.annotation}</p>

      <section aria-label="What this event changed">
        <h3>What it changed</h3>
        <div data-testid="event-effect" className="inspector-effect">
          <p>{effect.summary}</p>
          {effect.groups.map((group) => (
            <div key={group.title} className="effect-group">
              <h4>
                {group.title}
                {group.afterFinish && <span className="inspector-warning"> after its finish reason (delta-after-finish)</span>}
              </h4>
              <ul>
                {group.lines.map((line, i) => (
                  <li key={i}>
                    <code>{line}</code>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-label="Raw bytes">
        <h3>Raw bytes</h3>
        <RawBytes reads={analysis.reads} kept={analysis.recording.reads} sse={sse} />
      </section>

      <section aria-label="Parsed JSON">
        <h3>Parsed JSON</h3>
        {parsed.type === 'json' ? (
          <JsonTree value={parsed.value} label="The event's data as JSON" testId="json-tree" />
        ) : (
          <p className="inspector-note" data-testid="json-tree">
            {parsed.type === 'done'
              ? '[DONE] is not JSON: it marks the end of a complete stream.'
              : parsed.type === 'none'
                ? 'This event has no data line.'
                : `Not JSON: ${parsed.error}`}
          </p>
        )}
      </section>

      <section aria-label="Delta and operations">
        <h3>Delta</h3>
        {deltas.length === 0 ? (
          <p className="inspector-note">{parsed.type !== 'json' ? 'No delta: the data is not a chunk.' : inspector.noDelta}</p>
        ) : (
          deltas.map((delta) => <JsonTree key={delta.key} value={delta.value} label={delta.key} />)
        )}
        <h4>Operations the core read</h4>
        {ops.length === 0 ? (
          <p className="inspector-note">None.</p>
        ) : (
          <ol className="inspector-ops">
            {ops.map((op, i) => (
              <li key={i}>
                <code>{op}</code>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-label="Unknown fields">
        <h3>Unknown fields</h3>
        {extensions.length === 0 && unknownFields.length === 0 ? (
          <p className="inspector-note">{inspector.noUnknownFields}</p>
        ) : (
          <ul className="inspector-unknown">
            {extensions.map((path) => (
              <li key={path}>
                <code>{path}</code> (a chunk field outside OpenAI’s set: a provider extension)
              </li>
            ))}
            {unknownFields.map((field, i) => (
              <li key={`sse-${i}`}>
                <code>
                  {field.name}: {field.value}
                </code>{' '}
                ({framing.unknownNote})
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Problems">
        <h3>Problems</h3>
        {interpretation.problems.length === 0 ? (
          <p className="inspector-note">None.</p>
        ) : (
          <ul className="inspector-problems">
            {interpretation.problems.map((problem, i) => (
              <li key={i}>{describeProblem(problem)}</li>
            ))}
          </ul>
        )}
      </section>

      <framing.Section event={event} analysis={analysis} />
    </>
  );
}
