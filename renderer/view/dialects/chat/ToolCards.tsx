// Chat Completions' tool calls, one card per call (per choice and index): id, type and name, the
// arguments as they grew fragment by fragment (each fragment a button that selects the event that
// carried it), and the joined arguments pretty-printed when they are JSON, or where and why they
// are not.

import { useId, useMemo } from 'react';
import type { ToolCallState } from '../../../../shared/dialects/chat/accumulate.ts';
import { toolCallsOf } from '../../../../shared/dialects/chat/message.ts';
import { checkArguments } from '../../../../shared/dialects/kit/arguments.ts';
import { formatCount } from '../../../components/format.ts';
import { ArgumentsResult, FragmentRun } from '../../panels/ToolFragments.tsx';
import type { ToolCardsProps } from '../types.ts';
import '../../panels/panels.css';

export function ChatToolCards({ live, viewed, selected, onSelect }: ToolCardsProps) {
  // The state is the fold's own, changed in place as events arrive: read afresh on every render.
  const choices = [...viewed.state.choices.values()].sort((a, b) => a.index - b.index);
  const several = choices.length > 1;
  const cards = choices.flatMap((choice) => toolCallsOf(choice).map((call) => ({ choice: choice.index, finishReason: choice.finishReason, call })));
  if (cards.length === 0) return <p className="panel-empty">{viewed.asOf ? 'No tool calls as of this event.' : live ? 'No tool calls yet.' : 'No tool calls in this stream.'}</p>;
  return (
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
  const text = call.arguments;
  const check = useMemo(() => checkArguments(text), [text]);
  const { fragments } = call;
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
      <FragmentRun fragments={fragments} where={where} complete={complete} selected={selected} onSelect={onSelect} />
      <h4>Arguments</h4>
      <ArgumentsResult text={text} check={check} complete={complete} />
    </article>
  );
}
