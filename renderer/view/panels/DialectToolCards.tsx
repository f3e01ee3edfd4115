// The tool calls of a Responses or Anthropic Messages stream, one card per function_call item (by
// output index, with its call_id and item id) or tool_use block (by index, with its id): the
// arguments or input as they grew, each fragment a button that selects the event that carried it,
// and what they join to, parsed (../model/dialect-tools.ts reads them from the events).

import { useId, useMemo } from 'react';
import { formatCount } from '../../components/format.ts';
import { dialectToolCalls, toolCallsAsOf } from '../model/dialect-tools.ts';
import type { ToolCallAsOf } from '../model/dialect-tools.ts';
import type { DialectProtocol } from '../model/final-view.ts';
import type { PanelProps } from '../types.ts';
import { ArgumentsResult, FragmentRun } from './ToolFragments.tsx';
import './panels.css';

interface DialectToolCardsProps extends Pick<PanelProps, 'analysis' | 'live' | 'selected' | 'onSelect'> {
  readonly protocol: DialectProtocol;
  /** The event the panel shows the calls as of; null for the end (or so far, live). */
  readonly asOf: number | null;
}

export function DialectToolCards({ protocol, analysis, live, asOf, selected, onSelect }: DialectToolCardsProps) {
  const { events } = analysis;
  // The reader is read on whenever the analysis is new (a live one grows its events in place).
  const calls = useMemo(() => toolCallsAsOf(dialectToolCalls(events, protocol), asOf), [events, protocol, asOf, analysis]); // eslint-disable-line react-hooks/exhaustive-deps -- `analysis` marks the events' growth
  const ended = asOf === null && !live;
  if (calls.length === 0) {
    const what = protocol === 'responses' ? 'No function call' : 'No tool_use block';
    return <p className="panel-empty">{asOf !== null ? `${what} as of this event.` : live ? `${what} yet.` : `${what} in this stream.`}</p>;
  }
  return (
    <div className="tool-cards">
      {calls.map((shown) => (
        <DialectToolCard key={`${shown.call.where}@${shown.call.openedAt}`} shown={shown} protocol={protocol} ended={ended} selected={selected} onSelect={onSelect} />
      ))}
    </div>
  );
}

interface CardProps extends Pick<PanelProps, 'selected' | 'onSelect'> {
  readonly shown: ToolCallAsOf;
  readonly protocol: DialectProtocol;
  /** The stream ended: nothing more will come for any call. */
  readonly ended: boolean;
}

function DialectToolCard({ shown, protocol, ended, selected, onSelect }: CardProps) {
  const headingId = useId();
  const { call, fragments, closed, text, check } = shown;
  const complete = closed || ended;
  const closing = protocol === 'responses' ? 'response.output_item.done' : 'content_block_stop';
  return (
    <article className="tool-card" aria-labelledby={headingId} data-testid="tool-card" data-where={call.where} data-closed={closed}>
      <h3 id={headingId}>
        <code>{call.where}</code> {call.name === null ? <span className="panel-bad">(no name)</span> : <code className="tool-name">{call.name}</code>}
      </h3>
      <dl className="panel-facts">
        <dt>type</dt>
        <dd>
          <code>{call.type}</code>
        </dd>
        <dt>{protocol === 'responses' ? 'call_id' : 'id'}</dt>
        <dd data-testid="tool-call-id">{call.callId === null ? <span className="panel-bad">(none)</span> : <code>{call.callId}</code>}</dd>
        {protocol === 'responses' && (
          <>
            <dt>item id</dt>
            <dd>{call.itemId === null ? <span className="panel-muted">(none: deltas find it by output_index)</span> : <code>{call.itemId}</code>}</dd>
          </>
        )}
        <dt>{call.member}</dt>
        <dd>
          {formatCount(fragments.length)} {fragments.length === 1 ? 'fragment' : 'fragments'}, {formatCount(text.length)} characters
        </dd>
        <dt>events</dt>
        <dd>
          <button type="button" className="tool-event" aria-label={`Select event #${call.openedAt}, which opened ${call.where}`} aria-current={call.openedAt === selected ? 'true' : undefined} onClick={() => onSelect(call.openedAt)}>
            #{call.openedAt}
          </button>{' '}
          opened it;{' '}
          {closed ? (
            <>
              <button type="button" className="tool-event" aria-label={`Select event #${call.closedAt}, which closed ${call.where}`} aria-current={call.closedAt === selected ? 'true' : undefined} onClick={() => onSelect(call.closedAt)}>
                #{call.closedAt}
              </button>{' '}
              closed it (<code>{closing}</code>)
            </>
          ) : (
            <span className={ended ? 'panel-bad' : 'panel-muted'}>
              {ended ? 'never closed' : 'not closed yet'} (no <code>{closing}</code>)
            </span>
          )}
        </dd>
      </dl>
      <h4>Fragments</h4>
      <FragmentRun fragments={fragments} where={call.where} complete={complete} selected={selected} onSelect={onSelect} />
      {protocol === 'anthropic-messages' && fragments.length === 0 && <p className="panel-note">No input_json_delta: the input is the block’s own, as content_block_start sent it.</p>}
      <h4>{call.member === 'input' ? 'Input' : call.member === 'code' ? 'Code' : 'Arguments'}</h4>
      {check === null ? (
        <pre className="panel-text panel-code tool-json" data-testid="tool-arguments">
          {text}
        </pre>
      ) : (
        <ArgumentsResult text={text} check={check} complete={complete} />
      )}
    </article>
  );
}
