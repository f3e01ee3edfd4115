// The line above the message, tool-call and usage panels that says which moment they show, with
// the choice between the selected event and the end once an event is selected.

import { useMemo, useState } from 'react';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import type { ScrubbedState } from '../types.ts';
import { describeViewed, viewedState } from './as-of.ts';
import type { AsOfMode, ViewedState } from './as-of.ts';
import './panels.css';

export interface AsOf {
  readonly viewed: ViewedState;
  readonly mode: AsOfMode;
  readonly setMode: (mode: AsOfMode) => void;
}

/**
 * The state a panel shows, and the reader's choice of moment: the selected event unless they asked
 * for the end while that event was selected (selecting another event shows it again).
 */
export function useAsOf(analysis: Analysis, scrubbed: ScrubbedState | null): AsOf {
  const event = scrubbed?.event ?? null;
  const [picked, setPicked] = useState<{ readonly mode: AsOfMode; readonly event: number | null }>({ mode: 'selected', event: null });
  const mode: AsOfMode = picked.mode === 'end' && picked.event === event ? 'end' : 'selected';
  const viewed = useMemo(() => viewedState(analysis, scrubbed, mode), [analysis, scrubbed, mode]);
  return { viewed, mode, setMode: (next) => setPicked({ mode: next, event }) };
}

export function AsOfBar({ asOf, live, scrubbed }: { readonly asOf: AsOf; readonly live: boolean; readonly scrubbed: ScrubbedState | null }) {
  const { viewed, mode, setMode } = asOf;
  return (
    <div className="panel-as-of">
      <p className="panel-as-of-where" aria-live="polite" data-testid="as-of">
        Shown {describeViewed(viewed, live)}
      </p>
      {scrubbed !== null && (
        <div className="panel-toggle" role="group" aria-label="Show the state">
          <button type="button" aria-pressed={mode === 'selected'} onClick={() => setMode('selected')}>
            at selected event
          </button>
          <button type="button" aria-pressed={mode === 'end'} onClick={() => setMode('end')}>
            at end
          </button>
        </div>
      )}
    </div>
  );
}
