// The message a client holds, per choice: role, reasoning, content and refusal as separate
// channels (reasoning first, as it arrives), the finish reason or why there is none; then the
// request that produced it. Recorded text is React text, never markup. A Responses or Anthropic
// Messages stream shows its final object's output items / content blocks (DialectMessage.tsx).

import { descriptorOf } from '../../../shared/dialects/registry.ts';
import { useId } from 'react';
import type { ChoiceMessage } from '../../../shared/dialects/chat/message.ts';
import { formatCount } from '../../components/format.ts';
import type { PanelProps } from '../types.ts';
import { incompleteChoice } from './as-of.ts';
import type { ViewedState } from './as-of.ts';
import { AsOfBar, useAsOf } from './AsOf.tsx';
import { DialectMessage } from './DialectMessage.tsx';
import { RequestView } from './RequestView.tsx';
import './panels.css';
import { LongText } from './LongText.tsx';

export type MessagePanelProps = Pick<PanelProps, 'analysis' | 'live' | 'scrubbed'>;

export function MessagePanel({ analysis, live, scrubbed }: MessagePanelProps) {
  const id = useId();
  const asOf = useAsOf(analysis, scrubbed);
  const { choices } = asOf.viewed;
  if (analysis.protocol !== 'chat-completions') {
    return (
      <section className="panel message-panel" aria-labelledby={`${id}-heading`} data-testid="message-panel">
        <h2 id={`${id}-heading`}>{analysis.protocol === null ? 'Message' : descriptorOf(analysis.protocol).final.title}</h2>
        <AsOfBar asOf={asOf} live={live} scrubbed={scrubbed} />
        {analysis.protocol === null ? (
          <p className="panel-empty">Streamscope could not tell the dialect of this stream (neither the request path nor the first events name one): its events are shown raw, with the transport diagnostics only.</p>
        ) : (
          <DialectMessage protocol={analysis.protocol} final={asOf.viewed.asOf ? scrubbed?.final : analysis.final} moment={{ asOf: asOf.viewed.asOf !== null, live }} />
        )}
        <RequestView request={analysis.recording.request} protocol={analysis.protocol} />
      </section>
    );
  }
  return (
    <section className="panel message-panel" aria-labelledby={`${id}-heading`} data-testid="message-panel">
      <h2 id={`${id}-heading`}>Message</h2>
      <AsOfBar asOf={asOf} live={live} scrubbed={scrubbed} />
      {choices.length === 0 ? (
        <p className="panel-empty">{asOf.viewed.asOf || live ? 'No choice has received anything yet.' : 'No choice received anything: the stream carried no chunk with a choice.'}</p>
      ) : (
        choices.map((choice) => <ChoiceView key={choice.index} id={`${id}-choice-${choice.index}`} choice={choice} viewed={asOf.viewed} live={live} />)
      )}
      <RequestView request={analysis.recording.request} />
    </section>
  );
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
