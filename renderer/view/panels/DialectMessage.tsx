// A Responses `response` or an Anthropic `message` in the message panel: how it ended (status or
// stop reason, a refusal as a warning), the usage in a line, then each output item / content
// block in order under its index — the answer's text with its citations, reasoning and thinking
// apart from it, refusals as warnings, tool calls with their arguments — and the raw final object,
// folded. The layout is ../model/final-view.ts's; recorded text is React text, never markup.

import { descriptorOf } from '../../../shared/dialects/registry.ts';
import { useId, useMemo, useState } from 'react';
import { formatCount } from '../../components/format.ts';
import { finalView } from '../model/final-view.ts';
import type { DialectProtocol, Entry, Fact, Moment, Part } from '../model/final-view.ts';
import { LongText } from './LongText.tsx';
import './panels.css';

interface DialectMessageProps {
  readonly protocol: DialectProtocol;
  readonly final: unknown;
  readonly moment: Moment;
}

export function DialectMessage({ protocol, final, moment }: DialectMessageProps) {
  const { asOf, live } = moment;
  const view = useMemo(() => finalView(protocol, final, { asOf, live }), [protocol, final, asOf, live]);
  const { outcome } = view;
  const helper = descriptorOf(protocol).final.sdkCall;
  return (
    <>
      <dl className="panel-facts" data-testid="final-outcome" data-tone={outcome.tone}>
        <dt>{outcome.label}</dt>
        <dd>{outcome.value === null ? <span className="panel-muted">(none)</span> : <code>{outcome.value}</code>}</dd>
        {view.facts.map((fact) => (
          <FactRow key={fact.label} fact={fact} />
        ))}
        <dt>usage</dt>
        <dd data-testid="final-usage">{view.usage === null ? <span className="panel-muted">(none{moment.asOf || moment.live ? ' yet' : ''})</span> : view.usage}</dd>
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
      <h3>{protocol === 'responses' ? 'Output items' : 'Content blocks'}</h3>
      {view.empty !== null ? (
        <p className="panel-empty">{view.empty}</p>
      ) : (
        <ol className="final-entries" aria-label={protocol === 'responses' ? 'Output items, in order' : 'Content blocks, in order'}>
          {view.entries.map((entry) => (
            <EntryView key={entry.where} entry={entry} />
          ))}
        </ol>
      )}
      <RawFinal final={final} helper={helper} />
    </>
  );
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
