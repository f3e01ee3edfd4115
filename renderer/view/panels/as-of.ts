// Which client state a panel shows: the one as of the selected event (the scrubber's) or the one
// at the end, and how the panels word where a choice stands. Pure: the panels' components only
// draw what these return.

import type { Analysis } from '../../../shared/analysis/analyze.ts';
import type { StreamState } from '../../../shared/dialects/chat/accumulate.ts';
import type { ChoiceMessage } from '../../../shared/dialects/chat/message.ts';
import { formatMs } from '../../components/format.ts';
import type { ScrubbedState } from '../types.ts';

/** With an event selected, the reader picks: the state as of that event, or at the end. */
export type AsOfMode = 'selected' | 'end';

export interface ViewedState {
  readonly state: StreamState;
  readonly choices: readonly ChoiceMessage[];
  /** The event the state is as of; null for the end state. */
  readonly asOf: { readonly event: number; readonly t: number | null } | null;
}

export function viewedState(analysis: Analysis, scrubbed: ScrubbedState | null, mode: AsOfMode): ViewedState {
  if (scrubbed === null || mode === 'end') return { state: analysis.state, choices: analysis.choices, asOf: null };
  return { state: scrubbed.state, choices: scrubbed.choices, asOf: { event: scrubbed.event, t: analysis.events[scrubbed.event]?.t ?? null } };
}

/** `as of event #12, 340 ms`; `as of event #12` when the recording is untimed. */
export function describeAsOf(asOf: NonNullable<ViewedState['asOf']>): string {
  if (asOf.event < 0) return 'before the first event';
  return `as of event #${asOf.event}${asOf.t === null ? '' : `, ${formatMs(asOf.t)}`}`;
}

/** Where the panel's state stands: the end of a finished stream, so far in a live one, or an event. */
export function describeViewed(viewed: ViewedState, live: boolean): string {
  if (viewed.asOf) return describeAsOf(viewed.asOf);
  return live ? 'so far (still recording)' : 'at the end of the stream';
}

/**
 * Why a choice is not complete, in one line; null when it has its finish reason. A choice without
 * one did not complete (docs/architecture.md, "The stream"), unless it is still coming.
 */
export function incompleteChoice(finishReason: string | null, viewed: ViewedState, live: boolean): string | null {
  if (finishReason !== null) return null;
  if (viewed.asOf) return 'Incomplete as of this event: no finish reason yet.';
  if (live) return 'Incomplete: no finish reason yet (still streaming).';
  return 'Incomplete: the stream ended without a finish reason for this choice.';
}
