// What the inspector says of a ConverseStream event: its event type is its frame's `:event-type`
// header (`:exception-type` for an exception, `:error-code` for an error), not a member of its
// payload, so it is named from the frame; the rest is a typed event's (../kit/typed.ts).

import type { AnalyzedEvent } from '../../../../shared/analysis/stream.ts';
import type { DialectView } from '../types.ts';
import { TYPED_INSPECTOR } from '../kit/typed.ts';
import { typedEventWords } from '../kit/typed-event-words.ts';
import type { TypedEventWords } from '../kit/typed-event-words.ts';

export function converseEventWords(event: AnalyzedEvent): TypedEventWords {
  return { ...typedEventWords(event), type: event.sse.event };
}

export const CONVERSE_INSPECTOR: DialectView['inspector'] = {
  ...TYPED_INSPECTOR,
  words: converseEventWords,
  noUnknownFields: 'None: the frame’s headers are listed under Frame.',
};
