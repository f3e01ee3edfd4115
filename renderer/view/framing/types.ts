// What the events table and the inspector show of a message as its framing cut it, beside the
// decoded event, behind one interface (docs/architecture.md, "The renderer"): SSE's fields, an
// event-stream frame's prelude, headers, payload and CRCs. Per framing, not per dialect (Bedrock's
// InvokeModel streams Anthropic's events in the same frames as ConverseStream's): ./registry.ts
// maps each FramingName to its view, and the analysis's `framing` picks it.

import type { FunctionComponent } from 'react';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import type { FramedMessage, MessageField } from '../../../shared/framing/types.ts';

/** A mark on an events table row: its text, and what it means (the title a pointer shows). */
export interface RowChip {
  readonly text: string;
  readonly title: string;
  /** A fault a reader must not miss (an exception frame). */
  readonly bad: boolean;
}

export interface FramingView {
  /** The message's fields outside its framing's standard, by name as the row marks them (SSE: `error:`): a provider's extension, which a conforming client ignores. */
  extensions(message: FramedMessage): readonly string[];
  /** What the row says of the frame itself (its length, a message type that is not an event's); none for SSE, whose fields are the message. */
  chips(message: FramedMessage): readonly RowChip[];
  /** The fields the inspector lists as unknown, with what a client does with one. */
  unknownFields(message: FramedMessage): readonly MessageField[];
  readonly unknownNote: string;
  /** The inspector's section on the message as framed. */
  readonly Section: FunctionComponent<FramingSectionProps>;
}

export interface FramingSectionProps {
  readonly event: AnalyzedEvent;
  readonly analysis: Pick<Analysis, 'reads' | 'recording'>;
}
