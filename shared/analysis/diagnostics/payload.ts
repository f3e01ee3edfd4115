// Findings about the messages' payloads, whatever framed them: how the stream ends (the sentinel
// event), what is not JSON, padding. The framing's own findings (an unterminated event, comments,
// line endings) are the framing's (framing/sse/checks.ts).

import { few, plural, quote } from '../../findings/words.ts';
import { descriptorOf } from '../../dialects/registry.ts';
import { finding } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import { MAX_JSON_DEPTH } from '../../formats/json-depth.ts';
import type { DiagnosticContext } from './context.ts';
import { ssePartial } from '../sse-body.ts';

/**
 * The payload findings, for every dialect: no-done and after-done only where the dialect ends a
 * complete stream with a sentinel event (its descriptor's `sentinel`: Chat Completions' [DONE]);
 * obfuscation only finds what a dialect's interpretation counts as padding.
 */
export function payload(context: DiagnosticContext): Diagnostic[] {
  const { protocol } = context.dialect;
  const sentinel = protocol === null ? null : descriptorOf(protocol).sentinel;
  const end = sentinel === null ? [] : [...ending(context, sentinel), ...afterDone(context, sentinel)];
  return [...end, ...invalidJson(context), ...jsonTooDeep(context), ...obfuscation(context)];
}

/** The sentinel missing (`doneAt`: the first event whose data is the sentinel). */
function ending(context: DiagnosticContext, sentinel: string): Diagnostic[] {
  const { events, partial, doneAt, recording, ended } = context;
  const found: Diagnostic[] = [];
  // An unterminated `data: [DONE]` is reported once, as the partial event it is.
  if (doneAt === -1 && ssePartial({ framing: context.framing, partial })?.data !== sentinel && ended) {
    const last = events.length - 1;
    let message = `The body ended without data: ${sentinel}.`;
    if (events.length === 0) message = `The body holds no SSE event at all, and no data: ${sentinel}.`;
    else if (recording.end && recording.end.outcome !== 'eof') message = `The stream was cut (${recording.end.outcome}) before data: ${sentinel}.`;
    found.push(finding('no-done', message, last >= 0 ? [last] : []));
  }
  return found;
}

function afterDone({ events, doneAt }: DiagnosticContext, sentinel: string): Diagnostic[] {
  // A keep-alive comment after the sentinel loses nothing.
  const after = doneAt === -1 ? [] : events.slice(doneAt + 1).filter((event) => event.interpretation.kind !== 'comment').map((event) => event.sse.index);
  if (after.length === 0) return [];
  return [finding('after-done', `${plural(after.length, 'event')} came after data: ${sentinel} (event ${doneAt}): ${few(after)}.`, after)];
}

function invalidJson({ events }: DiagnosticContext): Diagnostic[] {
  const bad = events.filter((event) => event.interpretation.kind === 'invalid-json' && !isTooDeep(event));
  if (bad.length === 0) return [];
  const first = bad[0]!;
  const problem = first.interpretation.problems[0];
  const reason = problem?.code === 'invalid-json' ? ` (${problem.message})` : '';
  return [
    finding(
      'invalid-json',
      `${plural(bad.length, 'data payload')} ${bad.length === 1 ? 'is' : 'are'} not JSON; the first, event ${first.sse.index}: ${quote(first.sse.data ?? '', 60)}${reason}.`,
      bad.map((event) => event.sse.index),
    ),
  ];
}

/** An event read as unreadable because its JSON nests deeper than Streamscope walks (json-depth.ts). */
function isTooDeep(event: DiagnosticContext['events'][number]): boolean {
  return event.interpretation.problems[0]?.code === 'json-too-deep';
}

function jsonTooDeep({ events }: DiagnosticContext): Diagnostic[] {
  const deep = events.filter((event) => event.interpretation.kind === 'invalid-json' && isTooDeep(event));
  if (deep.length === 0) return [];
  const first = deep[0]!;
  return [
    finding(
      'json-too-deep',
      `${plural(deep.length, 'data payload')} ${deep.length === 1 ? 'nests' : 'nest'} arrays or objects more than ${MAX_JSON_DEPTH} levels deep and ${deep.length === 1 ? 'was' : 'were'} not read; the first, event ${first.sse.index}: ${quote(first.sse.data ?? '', 60)}.`,
      deep.map((event) => event.sse.index),
    ),
  ];
}

function obfuscation({ events, stats }: DiagnosticContext): Diagnostic[] {
  const padded = events.filter((event) => event.interpretation.obfuscationBytes > 0);
  if (padded.length === 0) return [];
  const bytes = padded.reduce((sum, event) => sum + event.interpretation.obfuscationBytes, 0);
  const share = stats.bytes > 0 ? ` (${((bytes / stats.bytes) * 100).toFixed(1)}% of the body)` : '';
  return [
    finding('obfuscation', `${plural(padded.length, 'event')} ${padded.length === 1 ? 'carries' : 'carry'} an obfuscation field: ${plural(bytes, 'byte')} of padding${share}.`, padded.map((event) => event.sse.index)),
  ];
}
