// The reading of a stream whose dialect could not be told (docs/architecture.md, "Telling the dialect": "an unknown stream still
// shows every SSE event raw with the transport diagnostics, and says it could not tell the
// dialect"): each event is what its data is — a comment, no data, [DONE], JSON or not — and
// nothing accumulates. A dialect like the others, so that the fold, the scrubber and the views
// need no case of their own for it.

import { quote } from '../findings/words.ts';
import { NOTHING, parseData } from './kit/common.ts';
import type { TransportKind } from './kit/common.ts';
import type { Dialect, DialectAccumulator, DialectInterpretation, DialectProblem } from './types.ts';

export interface RawInterpretation extends DialectInterpretation {
  /** `data`: a JSON object, of a dialect not told. */
  readonly kind: TransportKind | 'data';
  readonly ops: readonly never[];
  readonly problems: readonly DialectProblem[];
}

const DATA: RawInterpretation = Object.freeze({ kind: 'data', ops: NOTHING, problems: NOTHING });

const NO_STATE: DialectAccumulator<RawInterpretation, null> = Object.freeze({
  apply: () => {},
  state: null,
  fork: () => NO_STATE,
});

export const raw: Dialect<RawInterpretation, null, null> = {
  protocol: null,
  interpret(event) {
    const parsed = parseData(event);
    return parsed.ok ? DATA : { kind: parsed.kind, ops: NOTHING, problems: parsed.problems };
  },
  annotate(event, interpretation, options = {}) {
    const max = options.maxText ?? 80;
    switch (interpretation.kind) {
      case 'comment':
        return `comment ${event.comments.map((comment) => quote(':' + comment, max)).join(', ')}`;
      case 'done':
        return '[DONE]';
      case 'no-data':
        return event.event === null ? 'no data' : `no data (event: ${event.event})`;
      case 'invalid-json': {
        const problem = interpretation.problems[0];
        return problem?.code === 'json-too-deep' ? `JSON not read: ${quote(event.data ?? '', max)} (${problem.message})` : `not JSON: ${quote(event.data ?? '', max)}`;
      }
      default:
        return `${event.event === null ? '' : `event: ${event.event}; `}data: ${quote(event.data ?? '', max)}`;
    }
  },
  tokens: () => 0,
  createAccumulator: () => NO_STATE,
  final: () => null,
  usage: () => null,
  diagnose: () => [],
  // The raw reading has no checks of its own: only the stream's (analysis/diagnostics/catalogue.ts).
  catalogue: {},
  // A JSON payload of a dialect not told says something, but nothing the views can read of it.
  viewKinds: { data: 'metadata' },
};
