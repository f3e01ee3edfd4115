// What the renderer shows of a stream that depends on its dialect, behind one interface
// (docs/architecture.md, "The renderer"): the message panel's body, the tool cards and the
// timeline's tool lanes, the usage's words, the request's conversation, the inspector's reading of
// an event, the scrubbed state and what the compare view diffs. One folder per dialect implements
// it (./chat/, ./responses/, ./anthropic/), ./raw.tsx for a stream whose dialect could not be
// told; ./registry.ts maps each protocol to its view, so no panel compares protocol names.

import type { FunctionComponent } from 'react';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import type { createEffectReader } from '../../../shared/analysis/event-effect.ts';
import type { AnalyzedEvent, StreamAnalyzer } from '../../../shared/analysis/stream.ts';
import type { ChoiceMessage } from '../../../shared/dialects/chat/message.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import type { GroupDiff } from '../../compare/message-diff.ts';
import type { EffectWords } from '../inspector/effect-words.ts';
import type { JsonEntry } from '../inspector/json-view.ts';
import type { ViewedState } from '../panels/as-of.ts';
import type { PanelProps, ScrubbedState } from '../types.ts';
import type { FinalView, Moment } from './kit/final-entry.ts';
import type { TypedEventWords } from './kit/typed-event-words.ts';

/** What the message panel's body is given: the panel's props and the moment it shows. */
export interface MessageBodyProps extends Pick<PanelProps, 'analysis' | 'live' | 'scrubbed'> {
  readonly viewed: ViewedState;
}

/** What the tool cards are given: the same, and the selection their events' buttons change. */
export interface ToolCardsProps extends MessageBodyProps, Pick<PanelProps, 'selected' | 'onSelect'> {}

/** One tool call's lane on the timeline: the events that carried its fragments. */
export interface ToolTrack {
  /** Unique in the stream: a call whose place is used again later is another track. */
  readonly key: string;
  readonly label: string;
  /** Which of the tool colours it is painted with (taken modulo their number). */
  readonly colour: number;
  /** Sort key among the tool lanes. */
  readonly order: readonly [number, number];
  /** How many fragments it has, and the event that carried each (in event order). */
  readonly count: number;
  eventOf(fragment: number): number;
}

export interface DialectView {
  readonly protocol: Protocol | null;

  /** The message panel: its heading and what it shows under it (the request is the panel's own). */
  readonly message: { readonly title: string; readonly Body: FunctionComponent<MessageBodyProps> };
  /** The final object laid out for a reader, for a dialect that ends in one (the Responses `response`, the Anthropic `message`). */
  readonly layout: ((final: unknown, moment: Moment) => FinalView) | null;

  /** The request view: the body in Chat Completions' shape for the summary, and what to say when it has no conversation. */
  readonly request: {
    chatShaped(body: unknown): unknown;
    /** Whether the request's `stream_options.include_usage` is worth a line. */
    readonly includeUsage: boolean;
    readonly noConversation: string;
  };

  /** The Tool calls panel's cards (or why there are none). */
  readonly ToolCards: FunctionComponent<ToolCardsProps>;
  /** The timeline's tool lanes, one per call. */
  toolTracks(analysis: Analysis): readonly ToolTrack[];

  readonly usage: {
    /** The usage shown at the moment viewed: as of the event, or at the end. */
    of(analysis: Analysis, viewed: ViewedState, scrubbed: ScrubbedState | null): Readonly<Record<string, unknown>> | null;
    /** The figures a reader looks for first: their dotted paths in usage, and what to call them. */
    readonly headline: readonly (readonly [path: string, label: string])[];
    /** The documented fields (anything else is a provider's own); null: usageFields' own `known`. */
    readonly documented: ReadonlySet<string> | null;
    /** Why there is no usage at the end of a stream: where it would have come. */
    readonly none: string;
    /** Where the output token count comes from, when not as the metric's definition says; null: as it says. */
    readonly outputTokens: string | null;
    /** The usage field the tokens-per-second rate needs. */
    readonly outputTokensField: string;
    /**
     * Optional: counts a platform reported beside the usage (Bedrock's invocation metrics on an
     * invoke stream), shown under their own heading, never merged into the usage.
     */
    readonly beside?: {
      readonly title: string;
      readonly note: string;
      /** Its fields as sent, or null when the stream carried none. */
      of(analysis: Analysis): Readonly<Record<string, unknown>> | null;
    };
  };

  /** What the diagnostics wait for the end of the stream to check. */
  readonly endChecks: string;

  /** The scrubbed state the panels are given, from the scrubber's state as of an event. */
  scrubbed(event: number, state: unknown): ScrubbedState;
  /** A live analysis's choices and final object, from the fold as it stands. */
  live(analyzer: StreamAnalyzer): { readonly choices: ChoiceMessage[]; readonly final: unknown };

  /** The event inspector. */
  readonly inspector: {
    /** What the event changed in the state a client holds. */
    effect(reader: ReturnType<typeof createEffectReader>, event: AnalyzedEvent): EffectWords;
    /** The dialect's words for a typed event (`data.type`, its kind, its sequence number); null where events have none. */
    words(event: AnalyzedEvent): TypedEventWords | null;
    /** The operations the core read from the event, in words. */
    ops(event: AnalyzedEvent): readonly string[];
    /** The members of the event's data that carry its change. */
    deltas(value: unknown): JsonEntry[];
    /** Said when the data is JSON and carries no delta. */
    readonly noDelta: string;
    /** Said when there is no unknown field. */
    readonly noUnknownFields: string;
  };

  /** The compare view, for two recordings of this dialect. */
  readonly compare: {
    diff(a: Analysis, b: Analysis): GroupDiff[];
    /** What two identical recordings reassemble alike: `the same message, field for field (ids aside)`. */
    same(groups: readonly GroupDiff[]): string;
    testIdOf(group: GroupDiff): string;
  };
}
