// The Gemini dialect's findings, read from the accumulated state alone: the fold gathered the
// evidence on its way. The end of a Gemini stream is the body's end after a candidate with a
// finishReason (there is no [DONE]). A JSON error after the events, outside SSE's framing, is read
// from what the framing left unframed (the context's tail, error-tail.ts): SSE's partial-event says
// the bytes are unframed, stream-error what they say. A body without `alt=sse` (one JSON array) is
// the framing's and the transport's to tell.

import { few, plural, quote } from '../../findings/words.ts';
import type { Finding } from '../../findings/finding.ts';
import { header } from '../../recording/types.ts';
import type { DialectContext, DialectDiagnostic } from '../types.ts';
import type { CandidateState, GeminiState, StreamedCall, UsageDrop } from './accumulator.ts';
import { finding } from './catalogue.ts';
import type { GEMINI_CODES } from './catalogue.ts';
import type { GeminiInterpretation } from './interpret.ts';
import { errorTail } from './error-tail.ts';
import type { ErrorTail } from './error-tail.ts';
import { assembleArgs } from './partial-args.ts';

/** The finish reasons of @google/genai's FinishReason that say a filter stopped the answer, and Vertex's MODEL_ARMOR. */
export const SAFETY_REASONS: ReadonlySet<string> = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'IMAGE_PROHIBITED_CONTENT', 'IMAGE_RECITATION', 'MODEL_ARMOR']);

type GeminiFinding = Finding<keyof typeof GEMINI_CODES>;

const FIELD_WORDS: Readonly<Record<UsageDrop['field'], string>> = { promptTokenCount: 'prompt', candidatesTokenCount: 'candidate' };

export function diagnoseGemini({ state, ended, recording, tail }: DialectContext<GeminiInterpretation, GeminiState>): DialectDiagnostic[] {
  const found: GeminiFinding[] = [];
  const raw = errorTail(tail);
  const candidates = [...state.candidates.values()].sort((a, b) => a.index - b.index);
  // A 200 event stream that holds no event at all did not finish either (its one event, dropped or never sent).
  // (An imported body, with no response, is a stream by what it is.)
  const { response } = recording;
  const streamed = state.lastEvent !== -1 || response === null || (response.status === 200 && /event-stream/i.test(header(response.headers, 'content-type') ?? ''));
  if (ended && streamed && state.blocked.length === 0) missingFinish(state, candidates, recording.end?.outcome, raw, found);
  for (const blocked of state.blocked) {
    const message = typeof blocked.message === 'string' ? ` (${quote(blocked.message, 120)})` : '';
    found.push(finding('prompt-blocked', `The prompt was blocked: promptFeedback.blockReason ${JSON.stringify(blocked.reason)} at event ${blocked.event}${message}. No candidate answers it.`, [blocked.event]));
  }
  for (const candidate of candidates) {
    const reason = candidate.finishReason;
    const which = `Candidate ${candidate.index} finished with ${JSON.stringify(reason)} (event ${candidate.finishAt})`;
    const said = typeof candidate.fields.finishMessage === 'string' ? `: ${quote(candidate.fields.finishMessage, 160)}` : '';
    if (reason === null || reason === 'STOP') {
      // A normal end.
    } else if (reason === 'MAX_TOKENS') found.push(finding('finish-max-tokens', `${which}: the output was cut at the token limit.`, [candidate.finishAt]));
    else if (SAFETY_REASONS.has(reason)) found.push(finding('finish-safety', `${which}: a filter stopped the answer${said}.`, [candidate.finishAt]));
    else found.push(finding('finish-abnormal', `${which}${said}.`, [candidate.finishAt]));
    candidate.parts.forEach((part) => {
      if (part.kind !== 'streamed') return;
      const name = `Candidate ${candidate.index}'s streamed function call ${JSON.stringify(part.call.name)} (event ${part.at})`;
      if (ended && part.endAt === -1) found.push(finding('function-call-unfinished', `${name} was never closed: no functionCall {} and no last partialArgs without willContinue.`, evidenceOf(part)));
      const { skipped } = assembleArgs(part.fragments);
      if (skipped.length > 0) {
        const first = skipped[0]!;
        found.push(finding('malformed-chunk', `${name}: ${plural(skipped.length, 'argument fragment')} could not be placed in its args; the first, ${JSON.stringify(first.fragment.jsonPath)}: ${first.why}.`, evidenceOf(part)));
      }
    });
  }
  for (const field of ['promptTokenCount', 'candidatesTokenCount'] as const) {
    const drops = state.usageDrops.filter((drop) => drop.field === field);
    if (drops.length === 0) continue;
    const first = drops[0]!;
    const events = [...new Set(drops.flatMap((drop) => [drop.fromAt, drop.at]))].sort((a, b) => a - b);
    found.push(
      finding(
        'usage-not-monotonic',
        `usageMetadata.${field} went down ${plural(drops.length, 'time')}: from ${first.from} (event ${first.fromAt}) to ${first.to} (event ${first.at}). The last usageMetadata is the count; fewer ${FIELD_WORDS[field]} tokens later is what Gemini sends, not a fault.`,
        events,
      ),
    );
  }
  for (const error of state.errors) {
    const what = [error.code, error.status].filter((value) => value !== null).join(' ');
    found.push(finding('stream-error', `Event ${error.event} is an error object${what === '' ? '' : ` (${what})`}: ${quote(error.message, 160)}. @google/genai throws it.`, [error.event]));
  }
  if (raw !== null) found.push(tailError(raw, state.lastEvent));
  if (state.malformed.count > 0) {
    found.push(finding('malformed-chunk', `${plural(state.malformed.count, 'event')} malformed: ${few([...state.malformedPaths], 3, state.malformedPaths.size)}.`, state.malformed.events));
  }
  return found as unknown as DialectDiagnostic[];
}

/** The error written raw after the events: what it says, where, and what @google/genai makes of it (its reads decide, df2df2b). */
function tailError(raw: ErrorTail, lastEvent: number): GeminiFinding {
  const what = [raw.code, raw.status].filter((value) => value !== null).join(' ');
  const after = lastEvent === -1 ? 'Before any event' : `After the last event (${lastEvent})`;
  const message = raw.message === null ? '' : `: ${quote(raw.message, 160)}`;
  return finding(
    'stream-error',
    `${after}, the body ends with a JSON error object written outside SSE's framing (bytes ${raw.start}–${raw.end}, no data: line)${what === '' ? '' : `, ${what}`}${message}. An SSE client skips it, so the cut answer looks complete; @google/genai throws it as an ApiError when it comes in a read of its own, else fails with "Incomplete JSON segment at the end".`,
    [],
    raw.reads,
  );
}

function missingFinish(state: GeminiState, candidates: readonly CandidateState[], outcome: string | undefined, raw: ErrorTail | null, found: GeminiFinding[]): void {
  let why = '';
  if (state.errors.length > 0) why = ` An error object came instead (event ${state.errors[0]!.event}).`;
  else if (raw !== null) why = ` A JSON error came after the events instead${raw.status === null ? '' : ` (${raw.status})`}.`;
  else if (outcome !== undefined && outcome !== 'eof' && outcome !== 'recording') why = ` The stream was cut (${outcome}).`;
  if (state.lastEvent === -1) {
    found.push(finding('missing-finish-reason', `The event stream ended holding no event: no candidate and no finishReason, the answer did not finish.${why}`, []));
    return;
  }
  if (candidates.length === 0) {
    found.push(finding('missing-finish-reason', `The body ended (its last event is ${state.lastEvent}) with no candidate and no finishReason: the answer did not finish.${why}`, [state.lastEvent]));
    return;
  }
  for (const candidate of candidates) {
    if (candidate.finishReason !== null) continue;
    found.push(finding('missing-finish-reason', `The body ended with no finishReason for candidate ${candidate.index} (its last event is ${candidate.lastAt}): the answer did not finish.${why}`, [candidate.lastAt]));
  }
}

function evidenceOf(call: StreamedCall): number[] {
  return [...new Set([call.at, ...call.events.events, ...(call.endAt === -1 ? [] : [call.endAt])])].sort((a, b) => a - b);
}
