// What every tool card shows, whatever the dialect: the run of argument fragments (each a button
// that selects the event that carried it; a long run drawn in part, around the selection) and the
// joined arguments pretty-printed when they are JSON, or where and why they are not.

import { useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ArgumentsCheck } from '../../../shared/dialects/kit/arguments.ts';
import { describeArgumentsError } from '../../../shared/dialects/kit/arguments.ts';
import { formatCount } from '../../components/format.ts';
import { FRAGMENT_LIMIT, fragmentOf, fragmentWindow } from './fragment-window.ts';
import './panels.css';

interface FragmentRunProps {
  readonly fragments: readonly { readonly event: number; readonly text: string }[];
  /** What the run is of, for its accessible name: `tool_calls[1]`, `output[1]`. */
  readonly where: string;
  /** No more fragments will come (the call or the stream ended). */
  readonly complete: boolean;
  readonly selected: number | null;
  readonly onSelect: (event: number | null) => void;
}

export function FragmentRun({ fragments, where, complete, selected, onSelect }: FragmentRunProps) {
  const [limit, setLimit] = useState(FRAGMENT_LIMIT);
  const focus = selected === null ? -1 : fragmentOf(fragments, selected);
  const spans = fragmentWindow(fragments.length, limit, focus === -1 ? null : focus);
  // One tab stop for the whole run of fragments; the arrow keys move between them.
  const tabStop = focus === -1 ? 0 : focus;
  if (fragments.length === 0) return <p className="panel-muted">No argument fragments{complete ? '.' : ' yet.'}</p>;
  return (
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
  );
}

/** The joined arguments: pretty JSON, or the text with where it stops being JSON (`complete`: it will not grow, so that is a fault). */
export function ArgumentsResult({ text, check, complete }: { readonly text: string; readonly check: ArgumentsCheck; readonly complete: boolean }) {
  const pretty = useMemo(() => (check.valid ? JSON.stringify(check.value, null, 2) : null), [check]);
  if (pretty !== null) {
    return (
      <pre className="panel-text panel-code tool-json" data-testid="tool-arguments">
        {pretty}
      </pre>
    );
  }
  if (check.valid) return null;
  return (
    <>
      {text !== '' && <ArgumentsWithError text={text} at={check.position} />}
      <p className={complete ? 'panel-bad' : 'panel-note'} data-testid="tool-arguments-error">
        {complete ? 'Not JSON at ' : 'Not complete JSON yet, at '}
        {describeArgumentsError(check)}
      </p>
    </>
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
