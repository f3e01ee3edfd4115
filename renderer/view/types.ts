// What every panel of the recording view is given (issue 6). The view owns one analysis (a saved
// recording's, or a live one's as of the latest frame), the selected event, the events a
// diagnostic points at, and the client state as of the selected event (the scrubber's). Panels
// decide nothing about streams themselves: everything they show comes from shared/.

import type { Analysis } from '../../shared/analysis/analyze.ts';
import type { StreamState } from '../../shared/dialects/chat/accumulate.ts';
import type { ChoiceMessage } from '../../shared/dialects/chat/message.ts';

/** The client state as it stood after one event (what a client held at that moment). */
export interface ScrubbedState {
  /**
   * Index into `analysis.events` (equal to the event's `sse.index`), or -1 (replay/playback.ts
   * BEFORE_FIRST): a replay on screen waiting for the first event, with the empty state.
   */
  readonly event: number;
  /** Chat Completions' state (empty for another dialect). */
  readonly state: StreamState;
  readonly choices: readonly ChoiceMessage[];
  /** Another dialect's final object as of the event (the Responses `response`, the Anthropic `message`). */
  readonly final?: unknown;
}

export interface PanelProps {
  readonly analysis: Analysis;
  /** Still recording: more events will come, and end-of-stream checks wait. */
  readonly live: boolean;
  /** The selected event's index, or null. */
  readonly selected: number | null;
  readonly onSelect: (event: number | null) => void;
  /** Events to mark (a diagnostic's evidence); empty when none. */
  readonly highlighted: readonly number[];
  readonly onHighlight: (events: readonly number[]) => void;
  /** The state as of the selected event; null when nothing is selected (panels then show the end state). */
  readonly scrubbed: ScrubbedState | null;
}
