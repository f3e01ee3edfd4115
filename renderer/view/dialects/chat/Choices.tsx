// Chat Completions' message, per choice: role, reasoning, content and refusal as separate
// channels (reasoning first, as it arrives), the finish reason or why there is none. Recorded
// text is React text, never markup.

import { useId } from 'react';
import type { ChoiceMessage } from '../../../../shared/dialects/chat/message.ts';
import { formatCount } from '../../../components/format.ts';
import { incompleteChoice } from '../../panels/as-of.ts';
import type { ViewedState } from '../../panels/as-of.ts';
import { LongText } from '../../panels/LongText.tsx';
import type { MessageBodyProps } from '../types.ts';
import '../../panels/panels.css';

export function ChoicesBody({ live, viewed }: MessageBodyProps) {
  const id = useId();
  const { choices } = viewed;
  if (choices.length === 0) return <p className="panel-empty">{viewed.asOf || live ? 'No choice has received anything yet.' : 'No choice received anything: the stream carried no chunk with a choice.'}</p>;
  return choices.map((choice) => <ChoiceView key={choice.index} id={`${id}-choice-${choice.index}`} choice={choice} viewed={viewed} live={live} />);
}

function ChoiceView({ id, choice, viewed, live }: { readonly id: string; readonly choice: ChoiceMessage; readonly viewed: ViewedState; readonly live: boolean }) {
  const { message } = choice;
  const headingId = id;
  const incomplete = incompleteChoice(choice.finish_reason, viewed, live);
  const calls = message.tool_calls ?? [];
  return (
    <article className="message-choice" aria-labelledby={headingId} data-testid="choice" data-index={choice.index}>
      <h3 id={headingId}>Choice {choice.index}</h3>
      <dl className="panel-facts">
        <dt>role</dt>
        <dd>{message.role === null ? <span className="panel-bad">(none received)</span> : <code>{message.role}</code>}</dd>
        <dt>finish reason</dt>
        <dd>{choice.finish_reason === null ? <span className="panel-muted">(none)</span> : <code>{choice.finish_reason}</code>}</dd>
      </dl>
      {incomplete && (
        <p className={viewed.asOf || live ? 'panel-note' : 'panel-bad'} data-testid="incomplete">
          {incomplete}
        </p>
      )}
      {message.reasoning_content !== null && (
        <details className="message-reasoning" open data-testid="reasoning">
          <summary>Reasoning ({formatCount(message.reasoning_content.length)} characters)</summary>
          <LongText className="panel-text" text={message.reasoning_content} />
        </details>
      )}
      <h4>Content</h4>
      {message.content === null ? (
        <p className="panel-muted" data-testid="content">
          (no content: no content delta carried text)
        </p>
      ) : (
        <LongText className="panel-text message-content" testId="content" text={message.content} />
      )}
      {message.refusal !== null && (
        <div className="message-refusal" data-testid="refusal">
          <h4>
            <span aria-hidden="true">⚠ </span>Refusal
          </h4>
          <p className="message-refusal-why">The model refused. A client that reads only content shows an empty answer here.</p>
          <LongText className="panel-text" text={message.refusal} />
        </div>
      )}
      {calls.length > 0 && (
        <p className="panel-note">
          {calls.length === 1 ? '1 tool call' : `${calls.length} tool calls`}: {calls.map((call) => call.function.name ?? '(no name)').join(', ')} (see Tool calls).
        </p>
      )}
      {message.function_call && (
        <>
          <h4>
            function_call (deprecated): <code>{message.function_call.name ?? '(no name)'}</code>
          </h4>
          <div className="panel-text panel-code">{message.function_call.arguments}</div>
        </>
      )}
      {choice.logprobs && (
        <p className="panel-note">
          logprobs: {formatCount(choice.logprobs.content?.length ?? 0)} content tokens, {formatCount(choice.logprobs.refusal?.length ?? 0)} refusal tokens
        </p>
      )}
    </article>
  );
}
