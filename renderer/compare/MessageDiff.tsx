// The reassembled messages of A and B, diffed word by word (./message-diff.ts): per choice, each
// field with what B adds inserted and what it lacks deleted. Screen readers hear the change as
// words ("inserted", "deleted"), since most do not announce <ins> and <del> by themselves.

import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { ChoiceMessage } from '../../shared/chunks/message.ts';
import { formatCount } from '../components/format.ts';
import { diffMessages, messagesIdentical } from './message-diff.ts';
import type { FieldDiff, Segment } from './message-diff.ts';

export function MessageDiff({ a, b }: { readonly a: readonly ChoiceMessage[]; readonly b: readonly ChoiceMessage[] }) {
  const choices = useMemo(() => diffMessages(a, b), [a, b]);
  if (choices.length === 0) {
    return <p className="muted">Neither recording reassembled a message: no choice arrived in either.</p>;
  }
  const several = choices.length > 1;
  return (
    <div className="compare-messages" data-testid="compare-messages">
      {messagesIdentical(choices) && (
        <p className="compare-identical" data-testid="compare-identical">
          Identical: both recordings reassemble the same {several ? 'messages' : 'message'}, field for field.
        </p>
      )}
      {choices.map((choice) => (
        <div key={choice.index} className="compare-choice" data-testid={`compare-choice-${choice.index}`}>
          {(several || choice.onlyIn) && (
            <h3>
              Choice {choice.index}
              {choice.onlyIn && <span className="compare-only"> only in {choice.onlyIn.toUpperCase()}</span>}
            </h3>
          )}
          {choice.fields.map((field) => (
            <Field key={field.label} field={field} />
          ))}
        </div>
      ))}
    </div>
  );
}

function Field({ field }: { readonly field: FieldDiff }) {
  const { diff, label } = field;
  return (
    <div className="compare-field" data-field={label}>
      <h4>
        {label} <FieldTally field={field} />
      </h4>
      {diff.kind === 'identical' ? (
        <Text label={`${label}, the same in both`}>{diff.text === '' ? <span className="muted">(empty in both)</span> : diff.text}</Text>
      ) : diff.kind === 'changed' ? (
        <Text label={`${label}, A against B`}>
          {diff.segments.map((segment, position) => (
            <Piece key={position} segment={segment} />
          ))}
        </Text>
      ) : (
        <div className="compare-apart">
          <Text label={`${label} in A`}>{diff.a}</Text>
          <Text label={`${label} in B`}>{diff.b}</Text>
        </div>
      )}
    </div>
  );
}

function FieldTally({ field: { diff } }: { readonly field: FieldDiff }) {
  if (diff.kind === 'identical') return <span className="compare-tally compare-tally-same">identical</span>;
  if (diff.kind === 'too-different') return <span className="compare-tally">too different to diff word by word: both shown whole</span>;
  return (
    <span className="compare-tally">
      {diff.inserted > 0 && <span className="compare-tally-ins">+{formatCount(diff.inserted)}</span>} {diff.deleted > 0 && <span className="compare-tally-del">−{formatCount(diff.deleted)}</span>}
      <span className="visually-hidden"> characters</span>
    </span>
  );
}

/** A text block; a long one scrolls, so it takes the focus (the arrows scroll it) and has a name. */
function Text({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <pre className="compare-text" tabIndex={0} role="group" aria-label={label}>
      {children}
    </pre>
  );
}

function Piece({ segment }: { readonly segment: Segment }) {
  if (segment.kind === 'same') return <>{segment.text}</>;
  const Tag = segment.kind === 'inserted' ? 'ins' : 'del';
  return (
    <Tag>
      <span className="visually-hidden">[{segment.kind}: </span>
      {segment.text}
      <span className="visually-hidden">]</span>
    </Tag>
  );
}
