// What the views of the dialects other than Chat Completions share (../raw.tsx among them): their
// events are typed and read in the dialect's own words, the client state the panels are given is
// the dialect's final object as of an event (Chat Completions' state left empty), and their usage
// is that object's.

import type { AnyDialect } from '../../../../shared/dialects/types.ts';
import { createAccumulator } from '../../../../shared/dialects/chat/accumulate.ts';
import { BEFORE_FIRST } from '../../replay/playback.ts';
import type { ScrubbedState } from '../../types.ts';
import type { DialectView } from '../types.ts';
import { usageOfFinal } from './final-view.ts';
import { deltaMemberOf, typedEventWords } from './typed-event-words.ts';

/** The client state before any event: what a replay on screen shows until the first one is due. */
export const BEFORE_ANY: ScrubbedState = { event: BEFORE_FIRST, state: createAccumulator().state, choices: [] };

/** The output token count's source in a dialect whose usage names it output_tokens (docs/metrics.md). */
export const OUTPUT_TOKENS_FROM_USAGE = 'output_tokens from usage (the last value sent); not guessed when the stream carried none.';

/** An event read in its dialect's words: what it changed is its annotation, its operations the dialect's. */
export const TYPED_INSPECTOR: DialectView['inspector'] = {
  effect: (_reader, event) => ({ summary: event.annotation, groups: [] }),
  words: typedEventWords,
  ops: (event) => typedEventWords(event).ops,
  deltas: deltaMemberOf,
  noDelta: 'No delta member in this event: what it changed is in its JSON above.',
  noUnknownFields: 'None among the SSE fields (the data’s own fields are checked in Chat Completions chunks only).',
};

/** The state and the live snapshot of a dialect whose panels read its final object. */
export function finalObjectState(dialect: AnyDialect): Pick<DialectView, 'scrubbed' | 'live'> {
  return {
    scrubbed: (event, state) => ({ ...BEFORE_ANY, event, final: dialect.final(state) }),
    live: (analyzer) => ({ choices: [], final: dialect.final(analyzer.dialectState) }),
  };
}

/** The usage of the final object: as of the event viewed, or at the end the analysis's. */
export const usageOfFinalObject: DialectView['usage']['of'] = (analysis, viewed, scrubbed) => (viewed.asOf ? usageOfFinal(scrubbed?.final) : analysis.usage);
