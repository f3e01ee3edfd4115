// A dialect's final object in the message panel — a Responses `response`, an Anthropic
// `message`: how it ended (status or stop reason, a refusal as a warning), the usage in a line,
// then each entry (output item / content block) in order under its index — the answer's text with
// its citations, reasoning and thinking apart from it, refusals as warnings, tool calls with their
// arguments — and the raw final object, folded. The layout is the dialect's (./final-view.ts);
// recorded text is React text, never markup.

import { useId, useMemo, useState } from 'react';
import type { FunctionComponent } from 'react';
import { formatCount } from '../../../components/format.ts';
import { LongText } from '../../panels/LongText.tsx';
import type { MessageBodyProps } from '../types.ts';
import type { Entry, Fact, FinalView, Moment, Part } from './final-entry.ts';
import '../../panels/panels.css';

export interface FinalObjectWords {
  readonly layout: (final: unknown, moment: Moment) => FinalView;
  /** The SDK call that ends with the object: `finalResponse()`. */
  readonly sdkCall: string;
  /** What its entries are called, as a heading: `Output items`, `Content blocks`. */
  readonly entries: string;
}

/** The message panel's body for a dialect that ends in a final object: the object as of the moment viewed. */
export function finalObjectBody({ layout, sdkCall, entries }: FinalObjectWords): FunctionComponent<MessageBodyProps> {
  return function FinalObjectBody({ analysis, live, scrubbed, viewed }: MessageBodyProps) {
    const asOf = viewed.asOf !== null;
    const final = asOf ? scrubbed?.final : analysis.final;
    const view = useMemo(() => layout(final, { asOf, live }), [final, asOf, live]);
    const { outcome } = view;
    return (
      <>
        <dl className="panel-facts" data-testid="final-outcome" data-tone={outcome.tone}>
          <dt>{outcome.label}</dt>
          <dd>{outcome.value === null ? <span className="panel-muted">(none)</span> : <code>{outcome.value}</code>}</dd>
          {view.facts.map((fact) => (
            <FactRow key={fact.label} fact={fact} />
          ))}
          <dt>usage</dt>
          <dd data-testid="final-usage">{view.usage === null ? <span className="panel-muted">(none{asOf || live ? ' yet' : ''})</span> : view.usage}</dd>
        </dl>
        {outcome.refusal ? (
          <div className="message-refusal" data-testid="refusal">
            <h4>
              <span aria-hidden="true">⚠ </span>Refusal
            </h4>
            <p className="message-refusal-why">{outcome.sentence}</p>
          </div>
        ) : (
          <p className={TONE_CLASS[outcome.tone]} data-testid="final-sentence">
            {outcome.sentence}
          </p>
        )}
        <h3>{entries}</h3>
        {view.empty !== null ? (
          <p className="panel-empty">{view.empty}</p>
        ) : (
          <ol className="final-entries" aria-label={`${entries}, in order`}>
            {view.entries.map((entry) => (
              <EntryView key={entry.where} entry={entry} />
            ))}
          </ol>
        )}
        <RawFinal final={final} helper={sdkCall} />
      </>
    );
  };
}

/** The final object whole, folded: written out only while open (a long answer is megabytes of JSON). */
function RawFinal({ final, helper }: { readonly final: unknown; readonly helper: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="final-raw" data-testid="final-raw" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Raw final object (JSON, as the SDK’s {helper} ends with it)</summary>
      {open && <LongText className="panel-text panel-code" testId="final-object" text={JSON.stringify(final ?? null, null, 2)} />}
    </details>
  );
}

const TONE_CLASS: Readonly<Record<Fact['tone'], string>> = { plain: 'panel-note', warn: 'final-warn', bad: 'panel-bad', muted: 'panel-muted' };

function FactRow({ fact }: { readonly fact: Fact }) {
  return (
    <>
      <dt>{fact.label}</dt>
      <dd className={fact.tone === 'plain' ? undefined : TONE_CLASS[fact.tone]}>{fact.tone === 'plain' ? <code>{fact.value}</code> : fact.value}</dd>
    </>
  );
}

function EntryView({ entry }: { readonly entry: Entry }) {
  const headingId = useId();
  return (
    <li className={`final-entry final-entry-${entry.kind}`} aria-labelledby={headingId} data-testid="final-entry" data-where={entry.where} data-type={entry.type} data-kind={entry.kind}>
      <h4 id={headingId} className="final-entry-heading">
        <code>{entry.where}</code> <span className="final-entry-type">{entry.type}</span>
        {entry.name !== null && (
          <>
            {' '}
            <code className="tool-name">{entry.name}</code>
          </>
        )}
        {entry.kind === 'tool' && <span className="panel-muted"> (see Tool calls)</span>}
      </h4>
      {entry.facts.length > 0 && (
        <dl className="panel-facts">
          {entry.facts.map((fact) => (
            <FactRow key={fact.label} fact={fact} />
          ))}
        </dl>
      )}
      {entry.parts.map((part) => (
        <PartView key={part.where} part={part} />
      ))}
    </li>
  );
}

/** What each kind of part is called above its text. */
const PART_NAMES: Readonly<Record<Part['kind'], string>> = {
  text: 'Text',
  refusal: 'Refusal',
  reasoning: 'Reasoning',
  summary: 'Reasoning summary',
  arguments: '',
  json: '',
};

function PartView({ part }: { readonly part: Part }) {
  const label = `${PART_NAMES[part.kind] || part.type}${part.where === part.type ? '' : ` · ${part.where}`}`;
  switch (part.kind) {
    case 'reasoning':
    case 'summary':
      return (
        <details className="message-reasoning" open data-testid="reasoning" data-where={part.where}>
          <summary>
            {label} ({formatCount(part.text.length)} characters)
          </summary>
          <LongText className="panel-text" text={part.text} />
        </details>
      );
    case 'refusal':
      return (
        <div className="message-refusal" data-testid="refusal" data-where={part.where}>
          <h5>
            <span aria-hidden="true">⚠ </span>
            {label}
          </h5>
          <p className="message-refusal-why">The model refused. A client that reads only output_text shows an empty answer here.</p>
          <LongText className="panel-text" text={part.text} />
        </div>
      );
    case 'text':
      return (
        <div className="final-part" data-where={part.where}>
          <h5>{label}</h5>
          <LongText className="panel-text message-content" testId="content" text={part.text} />
          {part.citations.length > 0 && (
            <>
              <h5>
                {part.citations.length === 1 ? '1 citation' : `${formatCount(part.citations.length)} citations`}
                {part.type === 'output_text' ? ' (annotations)' : ''}
              </h5>
              <ol className="final-citations" data-testid="citations">
                {part.citations.map((citation, index) => (
                  <li key={index}>
                    <code>{citation.type}</code> {citation.detail}
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      );
    default:
      return (
        <div className="final-part" data-where={part.where}>
          <h5>{label}</h5>
          <LongText className="panel-text panel-code tool-json" testId={part.kind === 'arguments' ? 'final-arguments' : 'final-json'} text={part.text} />
        </div>
      );
  }
}
