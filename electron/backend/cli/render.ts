// The human-readable report of `streamscope inspect`.

import { styleText } from 'node:util';
import { relayMetrics } from '../../../shared/capture/relay-metrics.ts';
import type { CaptureInfo } from '../../../shared/capture/types.ts';
import { checkArguments, countsOf, describeUsage, toolCallsOf } from '../../../shared/index.ts';
import { describeArgumentsError } from '../../../shared/dialects/kit/arguments.ts';
import type { AnalyzedEvent, Analysis, EventKind, MessageObject, Metrics, Protocol, ResponseObject, Severity } from '../../../shared/index.ts';
import { METRIC_DEFINITIONS } from '../../../shared/analysis/metric-definitions.ts';
import type { RecordingSource } from '../../../shared/recording/types.ts';
import { indent, messageLines, responseLines } from './render-final.ts';
import { converseLines, converseUsageLine } from './render-bedrock.ts';
import { geminiLines, geminiUsageLine } from './render-gemini.ts';
import type { ConverseResponse } from '../../../shared/dialects/bedrock-converse/final.ts';
import type { GeminiResponse } from '../../../shared/dialects/gemini/final.ts';
import { clip, clipInline, joinWithin, MAX_LISTED_ITEMS, MAX_PRETTY_CHARS, moreItems } from './text-bounds.ts';
import { pushAll } from '../../../shared/push-all.ts';
import { descriptorOf } from '../../../shared/dialects/registry.ts';

type Style = Parameters<typeof styleText>[0];

export interface RenderOptions {
  /** The report's first line: the file's path, or what the recording is (`Recording #5 "tool.sse"`), never a bare id. */
  readonly file: string;
  readonly color: boolean;
  /** Print the event timeline (off for --summary). */
  readonly timeline: boolean;
}

const KIND_STYLE: Partial<Record<EventKind, Style>> = {
  role: 'blue',
  content: 'green',
  reasoning: 'magenta',
  refusal: 'yellow',
  tool: 'cyan',
  finish: 'blue',
  usage: 'gray',
  metadata: 'gray',
  done: 'bold',
  comment: 'dim',
  error: 'red',
  'invalid-json': 'red',
  malformed: 'red',
};
const SOURCE_WORDS: Readonly<Record<RecordingSource, string>> = {
  live: 'live recording',
  check: 'conformance check request',
  capture: 'captured by the proxy',
  ssrec: 'recording',
  sse: 'SSE body',
  har: 'HAR entry',
  curl: 'curl trace',
};

/**
 * How the report shows a dialect's final object and its usage: the CLI's own lines (render-final.ts
 * for the dialects that end in one object), keyed by Protocol so that the compiler asks a new
 * dialect for its own.
 */
interface FinalReport {
  final(analysis: Analysis, paint: Paint): string[];
  usage(analysis: Analysis, paint: Paint): string;
}

type Paint = (style: Style, text: string) => string;

const FINAL_REPORTS: Readonly<Record<Protocol, FinalReport>> = {
  'chat-completions': { final: (analysis, paint) => choiceLines(analysis.state, paint), usage: chatUsageLine },
  responses: { final: (analysis, paint) => responseLines(analysis.final as ResponseObject, paint), usage: dialectUsageLine },
  'anthropic-messages': { final: (analysis, paint) => messageLines(analysis.final as MessageObject, paint), usage: dialectUsageLine },
  gemini: { final: (analysis, paint) => geminiLines(analysis.final as GeminiResponse, paint), usage: (analysis, paint) => geminiUsageLine(analysis.usage, paint) },
  'bedrock-converse': { final: (analysis, paint) => converseLines(analysis.final as ConverseResponse, paint), usage: (analysis, paint) => converseUsageLine(analysis.usage, paint) },
};
const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'cyan' };

const METRIC_LABELS: readonly [keyof Metrics, string][] = METRIC_DEFINITIONS.map(({ key, label }) => [key, label]);

export function renderAnalysis(analysis: Analysis, options: RenderOptions): string {
  const paint = (style: Style, text: string): string => (options.color ? styleText(style, text) : text);
  const lines: string[] = [];
  const { recording, events, stats, identity } = analysis;
  const timed = analysis.metrics !== null;

  // Timed or not is the analysis's word (the reads' times), never the source's: a live recording, a
  // curl trace with --trace-time and an .ssrec file are timed; a .sse body or a HAR entry is not.
  const source = `${timed ? 'timed' : 'untimed'} ${SOURCE_WORDS[recording.source]}`;
  const { chunks } = countsOf(analysis);
  const report = analysis.protocol === null ? null : FINAL_REPORTS[analysis.protocol];
  lines.push(paint('bold', options.file), `${source}: ${count(stats.bytes, 'byte')} in ${count(stats.reads, 'read')}, ${count(events.length, 'event')} (${count(chunks, 'chunk')})`);
  lines.push(
    analysis.protocol === null
      ? `protocol: ${paint('yellow', 'could not tell the dialect')} (neither the request path nor the first events name one): events shown raw, transport diagnostics only`
      : `protocol: ${analysis.protocol} (${descriptorOf(analysis.protocol).name})`,
  );
  if (recording.request) lines.push(`request: ${recording.request.method} ${recording.request.url}`);
  if (recording.response) lines.push(`response: HTTP ${recording.response.status} ${recording.response.headers['content-type'] ?? ''}`.trimEnd());
  if (recording.end) lines.push(`ended: ${recording.end.outcome}${recording.end.error ? ` (${recording.end.error})` : ''}`);
  const idParts = [
    identity.id && `id ${clipInline(identity.id)}`,
    identity.model && `model ${clipInline(identity.model)}`,
    identity.system_fingerprint && `fingerprint ${clipInline(identity.system_fingerprint)}`,
  ].filter(Boolean);
  if (idParts.length > 0) lines.push(idParts.join('  '));

  if (options.timeline) {
    lines.push('', paint('bold', 'Events'));
    lines.push(paint('dim', EVENT_HEADER));
    let previous: number | null = null;
    for (const event of events) {
      // Each event's kind in its dialect's own word (a Chat Completions event is its own reading: the same word).
      lines.push(formatEventRow(event, previous, options.color, true));
      previous = event.t;
    }
    if (analysis.partial) {
      lines.push(paint('red', `${'…'.padStart(6)} ${'end'.padStart(10)} ${''.padStart(9)} ${''.padStart(5)}  ${'partial'.padEnd(12)} ${analysis.partial.end - analysis.partial.start} bytes ${analysis.framing === 'sse' ? 'never terminated by a blank line' : analysis.framing === 'json-array' ? 'of a JSON array the body left open' : 'of a frame the body ended inside'}`));
    }
  }

  // Appended one by one: a push(...) of 100,000 output items' lines overflowed the stack (issue 27).
  if (report) pushAll(lines, report.final(analysis, paint));

  // What comes after matters most (the findings): the timeline and the final object never crowd it out.
  const tail: string[] = [];

  tail.push('', paint('bold', 'Usage'));
  tail.push(report ? report.usage(analysis, paint) : '  (none)');

  tail.push('', paint('bold', 'Metrics'));
  if (!timed) tail.push('  (untimed source: no timing)');
  else {
    for (const [key, label] of METRIC_LABELS) {
      const value = analysis.metrics![key];
      if (value === null) continue;
      const unit = key.endsWith('_ms') ? ' ms' : '';
      tail.push(`  ${label.padEnd(30)} ${Number.isInteger(value) ? value : value.toFixed(2)}${unit}`);
    }
  }

  if (recording.capture) tail.push('', paint('bold', 'Capture'), ...captureLines(recording.capture));

  const bySeverity = (severity: Severity) => analysis.diagnostics.filter((diagnostic) => diagnostic.severity === severity);
  const tally = (['error', 'warning', 'info'] as const).map((severity) => count(bySeverity(severity).length, severity === 'info' ? 'note' : severity));
  tail.push('', paint('bold', `Diagnostics: ${tally.join(', ')}`));
  for (const diagnostic of analysis.diagnostics) {
    const evidence = diagnostic.events.length > 0 ? paint('dim', `  [events ${shortList(diagnostic.events)}]`) : '';
    tail.push(`  ${paint(SEVERITY_STYLE[diagnostic.severity], diagnostic.severity.padEnd(7))} ${paint('bold', diagnostic.code)}: ${diagnostic.message}${evidence}`);
    tail.push(paint('dim', `          fix: ${diagnostic.hint}`));
  }
  return `${joinWithin(lines)}\n${joinWithin(tail)}\n`;
}

/** Chat Completions' choices, from its client state: each one's role, reasoning, content, refusal and tool calls. */
function choiceLines(state: Analysis['state'], paint: Paint): string[] {
  const lines: string[] = [];
  let choicesShown = 0;
  for (const choice of state.choices.values()) {
    if (choicesShown++ === MAX_LISTED_ITEMS) {
      lines.push('', moreItems(state.choices.size, MAX_LISTED_ITEMS, 'choices'));
      break;
    }
    const finish = choice.finishReason === null ? paint('red', 'no finish_reason') : `finish_reason ${clipInline(JSON.stringify(choice.finishReason))}`;
    lines.push('', paint('bold', `Message (choice ${choice.index}, ${finish})`));
    lines.push(`  role: ${choice.role === null ? paint('red', '(none)') : clipInline(choice.role)}`);
    if (choice.reasoning !== null) lines.push('  reasoning:', indent(clip(choice.reasoning)));
    lines.push(choice.content === null ? '  content: (none)' : '  content:', ...(choice.content === null ? [] : [indent(clip(choice.content))]));
    if (choice.refusal !== null) lines.push(`  ${paint('yellow', 'refusal:')}`, indent(clip(choice.refusal)));
    const calls = toolCallsOf(choice);
    for (const call of calls.slice(0, MAX_LISTED_ITEMS)) {
      lines.push(`  ${paint('cyan', `tool_calls[${call.index}]`)} ${call.name === null ? paint('red', '(no name)') : clipInline(call.name)}  id ${call.id === null ? paint('red', '(none)') : clipInline(call.id)}  ${count(call.fragments.length, 'argument fragment')}`);
      const check = checkArguments(call.arguments);
      if (check.valid) lines.push(indent(call.arguments.length <= MAX_PRETTY_CHARS ? JSON.stringify(check.value, null, 2) : clip(call.arguments), 4));
      else {
        lines.push(indent(call.arguments === '' ? '(empty)' : clip(call.arguments), 4));
        lines.push(`    ${paint('red', `not JSON at ${describeArgumentsError(check)}`)}`);
      }
    }
    if (calls.length > MAX_LISTED_ITEMS) lines.push(`  ${moreItems(calls.length, MAX_LISTED_ITEMS, 'tool calls')}`);
  }
  return lines;
}

/** Chat Completions' usage, from its client state: in words, then as sent. */
function chatUsageLine({ state }: Analysis, paint: Paint): string {
  return state.usage ? `  ${describeUsage(state.usage)}  ${paint('dim', clip(JSON.stringify(state.usage)))}` : '  (none)';
}

/** Another dialect's usage as the provider sent it: in words, then as sent. */
function dialectUsageLine(analysis: Analysis, paint: Paint): string {
  return analysis.usage === null ? '  (none)' : `  ${describeDialectUsage(analysis.usage)}  ${paint('dim', clip(JSON.stringify(analysis.usage)))}`;
}

/** An annotation is worded short already; this bounds one of an event that changes 100,000 things at once. */
const MAX_ANNOTATION_CHARS = 500;

export const EVENT_HEADER = `${'#'.padStart(6)} ${'time ms'.padStart(10)} ${'gap ms'.padStart(9)} ${'read'.padStart(5)}  ${'kind'.padEnd(12)} annotation`;

/**
 * One line of the event timeline: index, arrival time, gap since the event before, read, kind and
 * annotation. `ownKind`: the dialect's own word for the kind (Responses, Anthropic Messages), coloured as its nearest Chat kind.
 */
export function formatEventRow(event: AnalyzedEvent, previousT: number | null, color: boolean, ownKind = false): string {
  const { t } = event;
  const time = t === null ? '—' : t.toFixed(1);
  const gap = t === null || previousT === null ? '—' : (t - previousT).toFixed(1);
  const kind = ownKind ? event.dialectInterpretation.kind : event.interpretation.kind;
  const style = KIND_STYLE[event.interpretation.kind];
  const kindText = kind.padEnd(12);
  return `${String(event.sse.index).padStart(6)} ${time.padStart(10)} ${gap.padStart(9)} ${String(event.sse.read).padStart(5)}  ${style && color ? styleText(style, kindText) : kindText} ${clipInline(event.annotation, MAX_ANNOTATION_CHARS)}`;
}

/** `1 read`, `1,600 reads`. */
export function count(value: number, unit: string): string {
  return `${value.toLocaleString('en-US')} ${unit}${value === 1 ? '' : 's'}`;
}

/** Responses' and Anthropic's usage: input and output tokens (the cache and reasoning counts are in the JSON beside). */
function describeDialectUsage(usage: Readonly<Record<string, unknown>>): string {
  const { input_tokens: input, output_tokens: output } = usage;
  if (typeof input !== 'number' && typeof output !== 'number') return '';
  const details = usage.output_tokens_details;
  const reasoning = typeof details === 'object' && details !== null ? (details as Record<string, unknown>).reasoning_tokens : undefined;
  return `input ${input ?? '?'}, output ${output ?? '?'}${typeof reasoning === 'number' && reasoning > 0 ? ` (reasoning ${reasoning})` : ''} tokens`;
}

function shortList(values: readonly number[]): string {
  return values.length > 8 ? `${values.slice(0, 8).join(', ')} … +${values.length - 8}` : values.join(', ');
}

/** Where a captured exchange came from and the delay the proxy added, apart from the client's backpressure. */
function captureLines(capture: CaptureInfo): string[] {
  const lines = [
    `  session                        ${capture.session}`,
    `  upstream                       ${capture.upstream}${capture.servedBy === 'cassette' ? ' (answered from a cassette)' : ''}`,
    `  client                         ${capture.client.userAgent ?? '(no User-Agent)'} from ${capture.client.address}`,
    `  request changed                ${capture.changed.length > 0 ? capture.changed.join('; ') : 'nothing'}`,
  ];
  if (capture.relay) {
    const relay = relayMetrics(capture.relay);
    const spread = ({ p50, p99, max }: { p50: number | null; p99: number | null; max: number | null }): string =>
      p50 === null ? '(no writes)' : `p50 ${p50.toFixed(3)} ms, p99 ${p99!.toFixed(3)} ms, max ${max!.toFixed(3)} ms`;
    lines.push(
      `  delay added by the capture     ${spread(relay.addedMs)} over ${count(relay.writes, 'write')}`,
      `  client socket took each write  ${spread(relay.flushMs)}`,
      `  client backpressure            ${relay.pauses === 0 ? 'none' : `${relay.backpressureMs.toFixed(1)} ms in ${count(relay.pauses, 'pause')} (the upstream was not read meanwhile)`}, at most ${count(relay.maxBufferedBytes, 'byte')} waiting`,
    );
    if (relay.unflushed > 0) lines.push(`  never taken by the client      ${count(relay.unflushed, 'write')} (it went away)`);
  }
  return lines;
}
