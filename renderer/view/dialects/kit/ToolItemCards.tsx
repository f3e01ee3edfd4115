// The tool calls of a dialect whose calls are items or blocks of its final object, one card per
// call — a Responses function_call item (by output index, with its call_id and item id), an
// Anthropic tool_use block (by index, with its id): the arguments or input as they grew, each
// fragment a button that selects the event that carried it, and what they join to, parsed
// (./tool-items.ts reads them from the events; the dialect gives its reading and its words).

import { useId, useMemo } from 'react';
import type { FunctionComponent } from 'react';
import { formatCount } from '../../../components/format.ts';
import { ArgumentsResult, FragmentRun } from '../../panels/ToolFragments.tsx';
import type { PanelProps } from '../../types.ts';
import type { ToolCardsProps } from '../types.ts';
import { toolCallsAsOf, toolItemsOf } from './tool-items.ts';
import type { ToolCallAsOf, ToolItemReading } from './tool-items.ts';
import '../../panels/panels.css';

/** A dialect's words for its tool calls. */
export interface ToolItemWords {
  /** What there is none of: `No function call`, `No tool_use block`. */
  readonly none: string;
  /** The event that closes a call: `response.output_item.done`, `content_block_stop`. */
  readonly closing: string;
  /** The member a tool result answers to: `call_id`, `id`. */
  readonly callId: string;
  /** Whether calls have an item id of their own that deltas name. */
  readonly itemIds: boolean;
  /** Said of a call with no fragment, or null when there is nothing to say. */
  readonly noFragments: string | null;
}

/** The Tool calls panel's cards of a dialect, from its reading and its words. */
export function toolItemCards(reading: ToolItemReading, words: ToolItemWords): FunctionComponent<ToolCardsProps> {
  return function ToolItemCards({ analysis, live, viewed, selected, onSelect }: ToolCardsProps) {
    const { events } = analysis;
    const asOf = viewed.asOf?.event ?? null;
    // The reader is read on whenever the analysis is new (a live one grows its events in place).
    const calls = useMemo(() => toolCallsAsOf(toolItemsOf(events, reading), asOf), [events, asOf, analysis]); // eslint-disable-line react-hooks/exhaustive-deps -- `analysis` marks the events' growth
    const ended = asOf === null && !live;
    if (calls.length === 0) {
      const what = words.none;
      return <p className="panel-empty">{asOf !== null ? `${what} as of this event.` : live ? `${what} yet.` : `${what} in this stream.`}</p>;
    }
    return (
      <div className="tool-cards">
        {calls.map((shown) => (
          <ToolItemCard key={`${shown.call.where}@${shown.call.openedAt}`} shown={shown} words={words} ended={ended} selected={selected} onSelect={onSelect} />
        ))}
      </div>
    );
  };
}

interface CardProps extends Pick<PanelProps, 'selected' | 'onSelect'> {
  readonly shown: ToolCallAsOf;
  readonly words: ToolItemWords;
  /** The stream ended: nothing more will come for any call. */
  readonly ended: boolean;
}

function ToolItemCard({ shown, words, ended, selected, onSelect }: CardProps) {
  const headingId = useId();
  const { call, fragments, closed, text, check } = shown;
  const complete = closed || ended;
  const { closing } = words;
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
        <dt>{words.callId}</dt>
        <dd data-testid="tool-call-id">{call.callId === null ? <span className="panel-bad">(none)</span> : <code>{call.callId}</code>}</dd>
        {words.itemIds && (
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
      {words.noFragments !== null && fragments.length === 0 && <p className="panel-note">{words.noFragments}</p>}
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
