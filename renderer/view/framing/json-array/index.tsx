// Gemini's JSON-array body (`streamGenerateContent` without `alt=sse`) as the events table and the
// inspector show it: each event is one element of the array, so the row says so (the body is no
// event stream: not-event-stream tells why), and the inspector gives the element's place in the
// array and in the body. An element has no fields beside its JSON: none is listed as unknown.

import { formatCount } from '../../../components/format.ts';
import type { FramingSectionProps, FramingView, RowChip } from '../types.ts';

const NONE: readonly never[] = [];

function chips(message: FramingSectionProps['event']['sse']): readonly RowChip[] {
  return [{ text: `[${message.index}]`, title: 'An element of the body’s JSON array, not an SSE event: a client reading SSE sees none of it', bad: false }];
}

function ArrayElement({ event }: FramingSectionProps) {
  const { sse } = event;
  return (
    <section aria-label="Array element" data-testid="array-element">
      <h3>Array element</h3>
      <p>
        Element {formatCount(sse.index)} of the body’s JSON array: bytes {formatCount(sse.start)}–{formatCount(sse.end)} ({formatCount(sse.end - sse.start)} bytes), complete in read{' '}
        {formatCount(sse.read)}.
      </p>
    </section>
  );
}

export const jsonArrayView: FramingView = {
  extensions: () => NONE,
  chips,
  unknownFields: () => NONE,
  unknownNote: 'a field outside the JSON array element',
  Section: ArrayElement,
};
