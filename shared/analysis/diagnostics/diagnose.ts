import { MAX_TAIL_CHARS } from '../../dialects/types.ts';
import type { DialectEventView, DialectInterpretation, UnframedTail } from '../../dialects/types.ts';
import { bodyBytes } from '../body-bytes.ts';
import { CATALOGUE, SEVERITY_ORDER } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import type { Check, DiagnosticContext } from './context.ts';
import { pushAll } from '../../push-all.ts';
import { bounds } from './bounds.ts';
import { buffering } from './buffering.ts';
import { payload } from './payload.ts';
import { framingOf } from '../../framing/registry.ts';
import { idle } from './idle.ts';
import { transport } from './transport.ts';

/**
 * The checks, for every dialect: the analysis's bounds, the body's framing's own, the payloads', the
 * dialect's own checks (docs/architecture.md, "Dialects"; Chat Completions' chunk checks among
 * them), and the timing checks. The order is the order findings of one severity are listed in.
 */
const CHECKS: readonly Check[] = [bounds, framingChecks, payload, dialectChecks, buffering, idle];

/** The checks of the framing the body was read in (SSE's partial event and line endings, the event stream's CRCs…); its partial and figures are its own. */
function framingChecks(context: DiagnosticContext): Diagnostic[] {
  return framingOf(context.framing).check(context);
}

/** What the body's end left unframed, as text, for the dialect to read (a JSON error after Gemini's events). */
function unframedTail({ partial, ended, reads, recording }: DiagnosticContext): UnframedTail | null {
  if (partial === null || !ended || partial.end <= partial.start) return null;
  const end = Math.min(partial.end, partial.start + MAX_TAIL_CHARS * 4);
  const { bytes, first, last } = bodyBytes(reads, recording.reads, partial.start, end);
  const text = new TextDecoder().decode(bytes).slice(0, MAX_TAIL_CHARS);
  return { text, start: partial.start, end: partial.end, reads: first === -1 ? [] : Array.from({ length: last - first + 1 }, (_, i) => first + i) };
}

function dialectChecks(diagnostic: DiagnosticContext): Diagnostic[] {
  const { dialect, recording, events, dialectState, ended } = diagnostic;
  // The dialect's checks may read its own interpretation of the events; most read only the state,
  // so the list is made when asked for (half a million events would be as many objects).
  let views: readonly DialectEventView<DialectInterpretation>[] | null = null;
  const context = {
    recording,
    state: dialectState,
    ended,
    tail: unframedTail(diagnostic),
    get events() {
      // Where an event is its own dialect reading (Chat Completions' compact events, kit/kept.ts),
      // the events are their own views: no copy of a hundred thousand of them.
      const own = events.length === 0 || (events[0]!.interpretation as unknown) === events[0]!.dialectInterpretation;
      return (views ??= own ? (events as unknown as readonly DialectEventView<DialectInterpretation>[]) : events.map((event) => ({ sse: event.sse, tokens: event.tokens, interpretation: event.dialectInterpretation })));
    },
  };
  // A dialect's codes are its catalogue's (dialects/<name>/catalogue.ts), which CATALOGUE joins.
  return dialect.diagnose(context);
}

/**
 * The findings of one code listed in full; past it one more finding counts the rest. A stream
 * with 130,000 choices would otherwise list 130,000 `missing-finish-reason`s (issue 17).
 */
export const MAX_FINDINGS_PER_CODE = 100;

/**
 * Runs every check. A non-2xx response's body is an error message, not a
 * stream, so only the transport findings are made for it.
 */
export function diagnose(context: DiagnosticContext): Diagnostic[] {
  const found = transport(context);
  const status = context.recording.response?.status;
  const errorBody = status !== undefined && (status < 200 || status > 299);
  // A body that is not an event stream and holds no event (the server ignored stream: true) is said once.
  const notAStream = found.some((diagnostic) => diagnostic.code === 'not-event-stream') && context.events.length === 0;
  if (!errorBody && !notAStream) {
    // Not a spread: 130,000 findings (one per choice) overflow the stack as arguments.
    for (const check of CHECKS) pushAll(found, check(context));
  }
  return bounded(found)
    .map((diagnostic, order) => ({ diagnostic, order }))
    .sort((a, b) => SEVERITY_ORDER[a.diagnostic.severity] - SEVERITY_ORDER[b.diagnostic.severity] || a.order - b.order)
    .map(({ diagnostic }) => diagnostic);
}

/** The first MAX_FINDINGS_PER_CODE findings of each code, and for a code with more, one after them that counts the rest. */
function bounded(found: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Map<Diagnostic['code'], number>();
  // Where each code's count goes: the place of its first finding not listed.
  const countAt = new Map<Diagnostic['code'], number>();
  const kept: Diagnostic[] = [];
  for (const diagnostic of found) {
    const count = (seen.get(diagnostic.code) ?? 0) + 1;
    seen.set(diagnostic.code, count);
    if (count <= MAX_FINDINGS_PER_CODE) kept.push(diagnostic);
    else if (count === MAX_FINDINGS_PER_CODE + 1) countAt.set(diagnostic.code, kept.push(diagnostic) - 1);
  }
  for (const [code, at] of countAt) {
    const more = seen.get(code)! - MAX_FINDINGS_PER_CODE;
    // The fix is the one the listed findings give, in their dialect's terms.
    const message = `${more.toLocaleString('en-US')} more ${more === 1 ? 'finding' : 'findings'} of this kind, not listed: the analysis lists the first ${MAX_FINDINGS_PER_CODE} of each code.`;
    kept[at] = { code, severity: CATALOGUE[code].severity, message, hint: kept[at]!.hint, events: [] };
  }
  return kept;
}
