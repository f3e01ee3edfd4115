// The reassembled messages of A and B, diffed word by word (./messages.ts): per choice, output
// item or content block, each field with what B adds inserted and what it lacks deleted. Screen
// readers hear the change as words ("inserted", "deleted"), since most do not announce <ins> and
// <del> by themselves. Two recordings of different dialects are said to be so, not diffed.

import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Analysis } from '../../shared/analysis/analyze.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { formatCount } from '../components/format.ts';
import { dialectName } from '../components/dialect-names.ts';
import { dialectView } from '../view/dialects/registry.ts';
import { compareMessages, comparisonIdentical } from './messages.ts';
import type { FieldDiff, Segment } from './message-diff.ts';

export function MessageDiff({ a, b }: { readonly a: Analysis; readonly b: Analysis }) {
  // The final objects and choices stand for the analyses' messages (a live side's change with them).
  const comparison = useMemo(() => compareMessages(a, b), [a.protocol, b.protocol, a.final, b.final]); // eslint-disable-line react-hooks/exhaustive-deps
  if (comparison.kind === 'different-dialects') {
    return (
      <p className="compare-dialects" data-testid="compare-dialects">
        A is {streamOf(comparison.a)} and B {streamOf(comparison.b)}: their messages are of different dialects, so they are not diffed. Their timing and metrics compare as usual; of the diagnostics, those every dialect reports (the transport’s and the timing’s) are set side by side.
      </p>
    );
  }
  if (comparison.kind === 'no-dialect') {
    return <p className="muted">The dialect of neither stream could be told: neither has a message to compare.</p>;
  }
  const { groups, protocol } = comparison;
  if (groups.length === 0) {
    return <p className="muted">Neither recording reassembled a message: no choice arrived in either.</p>;
  }
  const { compare } = dialectView(protocol);
  return (
    <div className="compare-messages" data-testid="compare-messages" data-protocol={protocol}>
      {comparisonIdentical(comparison) && (
        <p className="compare-identical" data-testid="compare-identical">
          Identical: both recordings reassemble the same {compare.same(groups)}.
        </p>
      )}
      {groups.map((group) => (
        <div key={group.key} className="compare-choice" data-testid={compare.testIdOf(group)} data-where={group.key}>
          {group.titled && (
            <h3>
              {group.title}
              {group.onlyIn && <span className="compare-only"> only in {group.onlyIn.toUpperCase()}</span>}
            </h3>
          )}
          {group.fields.length === 0 ? (
            <p className="muted">No text to compare{group.onlyIn ? '' : ': the same in both'}.</p>
          ) : (
            group.fields.map((field) => <Field key={field.label} field={field} />)
          )}
        </div>
      ))}
    </div>
  );
}

/** `a Responses API stream`, `an Anthropic Messages stream`, `a stream of unknown dialect`. */
function streamOf(protocol: Protocol | null): string {
  if (protocol === null) return 'a stream of unknown dialect';
  const name = dialectName(protocol);
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} stream`;
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
