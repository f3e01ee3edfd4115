// Echo, a dialect for the tests only (docs/architecture.md, "Adding a dialect": the worked
// example). Its stream is SSE: `data: {"echo":"text"}` events, whose texts joined are the final
// object, then `data: {"end":true}`; a stream without the end is `missing-end`. It is not
// registered (registry.ts) and adds nothing to Protocol or DialectCodes, so the product's types
// stay those of its dialects: its protocol is null, as the raw reading's, and its findings are
// widened to DialectDiagnostic. Its folder's test runs the dialect suite over it.

import { quote } from '../../../findings/words.ts';
import type { MessageFields } from '../../../framing/types.ts';
import { annotateTransport, NOTHING, parseData, TextBuffer, wrongType } from '../../kit/common.ts';
import type { TransportKind } from '../../kit/common.ts';
import { describeDialectProblem } from '../../kit/problems.ts';
import { TOKEN_CONTENT } from '../../types.ts';
import type { Dialect, DialectAccumulator, DialectDiagnostic, DialectInterpretation, DialectProblem } from '../../types.ts';
import { ECHO_CODES, finding } from './catalogue.ts';

export type EchoOp = { readonly op: 'echo'; readonly text: string } | { readonly op: 'end' };

export interface EchoInterpretation extends DialectInterpretation {
  /** `unknown`: a JSON object that is neither an echo nor the end. */
  readonly kind: TransportKind | 'echo' | 'end' | 'unknown';
  readonly ops: readonly EchoOp[];
  readonly problems: readonly DialectProblem[];
}

export interface EchoState {
  readonly text: TextBuffer;
  /** The end event's number, or null while none came. */
  end: number | null;
}

const END: EchoInterpretation = Object.freeze({ kind: 'end', ops: Object.freeze([{ op: 'end' } as const]), problems: NOTHING });
const UNKNOWN: EchoInterpretation = Object.freeze({ kind: 'unknown', ops: NOTHING, problems: NOTHING });

function interpret(event: MessageFields): EchoInterpretation {
  const parsed = parseData(event);
  if (!parsed.ok) return { kind: parsed.kind, ops: NOTHING, problems: parsed.problems };
  const { json } = parsed;
  if ('echo' in json) return typeof json.echo === 'string' ? { kind: 'echo', ops: [{ op: 'echo', text: json.echo }], problems: NOTHING } : { kind: 'malformed', ops: NOTHING, problems: [wrongType('echo', 'string', json.echo)] };
  return json.end === true ? END : UNKNOWN;
}

function accumulator(state: EchoState): DialectAccumulator<EchoInterpretation, EchoState> {
  return {
    apply(event, interpretation) {
      for (const op of interpretation.ops) {
        if (op.op === 'echo') state.text.append(op.text);
        else if (state.end === null) state.end = event;
      }
    },
    state,
    fork: () => accumulator({ text: state.text.fork(), end: state.end }),
  };
}

export const echo: Dialect<EchoInterpretation, EchoState, string> = {
  protocol: null,
  interpret,
  annotate(event, interpretation, options = {}) {
    const max = options.maxText ?? 80;
    const transport = annotateTransport(event, interpretation, max);
    if (transport !== null) return transport;
    const op = interpretation.ops[0];
    if (op?.op === 'echo') return `text += ${quote(op.text, max)}`;
    if (interpretation.kind === 'end') return 'end';
    const problem = interpretation.problems[0];
    return problem ? `malformed: ${describeDialectProblem(problem)}` : `not echo: ${quote(event.data ?? '', max)}`;
  },
  tokens: (interpretation) => (interpretation.ops.some((op) => op.op === 'echo' && op.text !== '') ? TOKEN_CONTENT : 0),
  createAccumulator: () => accumulator({ text: new TextBuffer(), end: null }),
  final: (state) => state.text.value,
  usage: () => null,
  diagnose(context) {
    if (!context.ended || context.state.end !== null) return [];
    const last = context.events.at(-1);
    return [finding('missing-end', 'The stream ended without data: {"end":true}.', last ? [last.sse.index] : []) as unknown as DialectDiagnostic];
  },
  catalogue: ECHO_CODES,
  viewKinds: { echo: 'content', end: 'finish', unknown: 'empty' },
};
