// One card per tool call (per choice and index): id, type and name, the arguments as they grew
// fragment by fragment (each fragment a button that selects the event that carried it), and the
// joined arguments pretty-printed when they are JSON, or where and why they are not.

import { useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ToolCallState } from '../../../shared/chunks/accumulate.ts';
import { checkArguments, describeArgumentsError, toolCallsOf } from '../../../shared/chunks/message.ts';
import { formatCount } from '../../components/format.ts';
import type { PanelProps } from '../types.ts';
import { AsOfBar, useAsOf } from './AsOf.tsx';
import { FRAGMENT_LIMIT, fragmentOf, fragmentWindow } from './fragment-window.ts';
import './panels.css';

export type ToolCallsPanelProps = Pick<PanelProps, 'analysis' | 'live' | 'selected' | 'onSelect' | 'scrubbed'>;

export function ToolCallsPanel({ analysis, live, selected, onSelect, scrubbed }: ToolCallsPanelProps) {
  const id = useId();
  const asOf = useAsOf(analysis, scrubbed);
  const { viewed } = asOf;
  // The state is the fold's own, changed in place as events arrive: read afresh on every render.
  const choices = [...viewed.state.choices.values()].sort((a, b) => a.index - b.index);
  const several = choices.length > 1;
  const cards = choices.flatMap((choice) => toolCallsOf(choice).map((call) => ({ choice: choice.index, finishReason: choice.finishReason, call })));
  return (
    <section className="panel tool-calls-panel" aria-labelledby={id} data-testid="tool-calls-panel">
      <h2 id={id}>Tool calls</h2>
      <AsOfBar asOf={asOf} live={live} scrubbed={scrubbed} />
      {analysis.protocol !== 'chat-completions' ? (
        // Another dialect's calls are output items / content blocks of its final object (the message panel) until their cards come.
        <p className="panel-empty">{analysis.protocol === null ? 'The dialect of this stream could not be told: no tool call is read from it.' : `The ${analysis.protocol === 'responses' ? 'function calls are output items of the response' : 'tool_use blocks are content blocks of the message'}: see the ${analysis.protocol === 'responses' ? 'Response' : 'Message'} panel.`}</p>
      ) : cards.length === 0 ? (
        <p className="panel-empty">{viewed.asOf ? 'No tool calls as of this event.' : live ? 'No tool calls yet.' : 'No tool calls in this stream.'}</p>
      ) : (
        <div className="tool-cards">
          {cards.map(({ choice, finishReason, call }) => (
            <ToolCard
              key={`${choice}:${call.index}`}
              call={call}
              choice={several || choice !== 0 ? choice : null}
              complete={finishReason !== null || (!live && viewed.asOf === null)}
              selected={selected}
              onSelect={onSelect}
            />
          ))}
        </div>
      )}
    </section>
  );
}

interface ToolCardProps {
  readonly call: ToolCallState;
  /** The choice's index when the card must say it (several choices, or not choice 0). */
  readonly choice: number | null;
  /** The choice finished, or the stream ended: the arguments will not grow any more. */
  readonly complete: boolean;
  readonly selected: number | null;
  readonly onSelect: (event: number | null) => void;
}

function ToolCard({ call, choice, complete, selected, onSelect }: ToolCardProps) {
  const [limit, setLimit] = useState(FRAGMENT_LIMIT);
  const text = call.arguments;
  const check = useMemo(() => checkArguments(text), [text]);
  const pretty = useMemo(() => (check.valid ? JSON.stringify(check.value, null, 2) : null), [check]);
  const { fragments } = call;
  const focus = selected === null ? -1 : fragmentOf(fragments, selected);
  const spans = fragmentWindow(fragments.length, limit, focus === -1 ? null : focus);
  // One tab stop for the whole run of fragments; the arrow keys move between them.
  const tabStop = focus === -1 ? 0 : focus;
  const headingId = useId();
  const where = choice === null ? `tool_calls[${call.index}]` : `choices[${choice}].tool_calls[${call.index}]`;

  return (
    <article className="tool-card" aria-labelledby={headingId} data-testid="tool-card" data-index={call.index} data-choice={choice ?? 0}>
      <h3 id={headingId}>
        <code>{where}</code> {call.name === null ? <span className="panel-bad">(no name)</span> : <code className="tool-name">{call.name}</code>}
      </h3>
      <dl className="panel-facts">
        <dt>id</dt>
        <dd>{call.id === null ? <span className="panel-bad">(none)</span> : <code>{call.id}</code>}</dd>
        <dt>type</dt>
        <dd>{call.type === null ? <span className="panel-bad">(none)</span> : <code>{call.type}</code>}</dd>
        <dt>arguments</dt>
        <dd>
          {formatCount(fragments.length)} {fragments.length === 1 ? 'fragment' : 'fragments'}, {formatCount(text.length)} characters
        </dd>
      </dl>
      {call.indexAssigned && <p className="panel-note">Index assigned: the provider sent this call without an index; it is placed by order of arrival.</p>}
      <h4>Fragments</h4>
      {fragments.length === 0 ? (
        <p className="panel-muted">No argument fragments{complete ? '.' : ' yet.'}</p>
      ) : (
        <div className="tool-fragments panel-text panel-code" role="group" aria-label={`Argument fragments of ${where}`} onKeyDown={moveBetweenFragments}>
          {spans.map((span) =>
            span.hidden ? (
              <button key={`hidden-${span.from}`} type="button" className="tool-fragments-hidden" onClick={() => setLimit((previous) => previous * 2)}>
                … {formatCount(span.to - span.from)} fragments not shown: show more
              </button>
            ) : (
              fragments.slice(span.from, span.to).map((fragment, offset) => {
                const index = span.from + offset;
                const label = `Fragment ${index + 1}, event #${fragment.event}`;
                return (
                  <button
                    key={index}
                    type="button"
                    className={`tool-fragment${index % 2 === 1 ? ' tool-fragment-odd' : ''}`}
                    data-testid="tool-fragment"
                    data-event={fragment.event}
                    data-fragment={index}
                    aria-label={label}
                    aria-current={fragment.event === selected ? 'true' : undefined}
                    title={label}
                    tabIndex={index === tabStop ? 0 : -1}
                    onClick={() => onSelect(fragment.event)}
                  >
                    {fragment.text}
                  </button>
                );
              })
            ),
          )}
        </div>
      )}
      <h4>Arguments</h4>
      {pretty !== null ? (
        <pre className="panel-text panel-code tool-json" data-testid="tool-arguments">
          {pretty}
        </pre>
      ) : check.valid ? null : (
        <>
          {text !== '' && <ArgumentsWithError text={text} at={check.position} />}
          <p className={complete ? 'panel-bad' : 'panel-note'} data-testid="tool-arguments-error">
            {complete ? 'Not JSON at ' : 'Not complete JSON yet, at '}
            {describeArgumentsError(check)}
          </p>
        </>
      )}
    </article>
  );
}

/** The joined arguments with the character where they stop being JSON marked. */
function ArgumentsWithError({ text, at }: { readonly text: string; readonly at: number }) {
  return (
    <pre className="panel-text panel-code tool-json">
      {text.slice(0, at)}
      <mark className="tool-json-error">
        <span className="visually-hidden">(JSON fails here, at character {at}:) </span>
        {at < text.length ? text[at] : ' '}
      </mark>
      {text.slice(at + 1)}
    </pre>
  );
}

function moveBetweenFragments(event: KeyboardEvent<HTMLDivElement>): void {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity }[event.key];
  if (step === undefined) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-fragment]')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at === -1) return;
  event.preventDefault();
  const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + step))]!;
  for (const button of buttons) button.tabIndex = button === next ? 0 : -1;
  next.focus();
}
