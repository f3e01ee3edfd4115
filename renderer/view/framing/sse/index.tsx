// SSE's messages as the events table and the inspector show them: a field outside the standard
// (`error:`) marks the row and is listed as unknown, and the `event`, `id`, `retry` and comment
// lines are listed as SSE fields.

import type { FramingSectionProps, FramingView } from '../types.ts';

function SseFields({ event }: FramingSectionProps) {
  const { sse } = event;
  const fields = [sse.event !== null && `event: ${sse.event}`, sse.id !== null && `id: ${sse.id}`, sse.retry !== null && `retry: ${sse.retry}`, ...sse.comments.map((comment) => `:${comment}`)].filter(
    (field): field is string => field !== false,
  );
  if (fields.length === 0) return null;
  return (
    <section aria-label="SSE fields">
      <h3>SSE fields</h3>
      <ul className="inspector-fields">
        {fields.map((field, i) => (
          <li key={i}>
            <code>{field}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

const NONE: readonly never[] = [];

export const sseView: FramingView = {
  extensions: (message) => (message.unknownFields.length === 0 ? NONE : message.unknownFields.map((field) => `${field.name}:`)),
  chips: () => NONE,
  unknownFields: (message) => message.unknownFields,
  unknownNote: 'an SSE field the standard does not define: browsers ignore it',
  Section: SseFields,
};
