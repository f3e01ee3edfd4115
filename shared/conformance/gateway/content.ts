// What a gateway changed in what the stream says (gateway mode's bytes, ids, terminal event,
// usage and error events), from the two recordings' events lined up (events.ts). Which events
// end a stream is the dialect's to say (its descriptor's terminalKinds); everything else is read
// the same in every dialect: data, SSE names, the views' kinds.

import type { Analysis } from '../../analysis/analyze.ts';
import type { AnalyzedEvent } from '../../analysis/stream.ts';
import { descriptorOf } from '../../dialects/registry.ts';
import { plural } from '../../findings/words.ts';
import { change } from './catalogue.ts';
import type { GatewayChange } from './catalogue.ts';
import { alignEvents, differences, isIdPath, isUsagePath, jsonOf } from './events.ts';
import type { Alignment, ValueDifference } from './events.ts';
import { sseStats } from '../../analysis/sse-body.ts';

/** How many examples a message quotes. */
const EXAMPLES = 3;

const isKeepAlive = (event: AnalyzedEvent): boolean => event.interpretation.kind === 'comment';
const isError = (event: AnalyzedEvent): boolean => event.interpretation.kind === 'error';

function isTerminal(analysis: Analysis, event: AnalyzedEvent): boolean {
  return analysis.protocol !== null && descriptorOf(analysis.protocol).terminalKinds.includes(event.dialectInterpretation.kind);
}

export function contentChanges(direct: Analysis, via: Analysis): GatewayChange[] {
  const alignment = alignEvents(direct.events, via.events);
  const values = pairedDifferences(alignment);
  return [
    ...bytesChanged(direct, via, alignment, values),
    ...idsChanged(values),
    ...doneDropped(direct, alignment),
    ...usageChanged(direct, via, values),
    ...errorLost(alignment),
  ];
}

interface PairedDifferences {
  /** Pairs whose data differ only in how the JSON is written. */
  readonly reserialised: readonly (readonly [AnalyzedEvent, AnalyzedEvent])[];
  /** Each differing pair's differences, by kind. */
  readonly changed: readonly { readonly direct: AnalyzedEvent; readonly ids: ValueDifference[]; readonly usage: ValueDifference[]; readonly other: ValueDifference[] }[];
}

function pairedDifferences(alignment: Alignment): PairedDifferences {
  const reserialised: (readonly [AnalyzedEvent, AnalyzedEvent])[] = [];
  const changed: PairedDifferences['changed'][number][] = [];
  for (const pair of alignment.pairs) {
    const [a, b] = pair;
    if (a.sse.data === b.sse.data) continue;
    const [ja, jb] = [jsonOf(a.sse.data), jsonOf(b.sse.data)];
    const found = ja === undefined || jb === undefined ? [{ path: '(the whole event)', direct: a.sse.data, via: b.sse.data }] : differences(ja, jb);
    if (found.length === 0) {
      reserialised.push(pair);
      continue;
    }
    changed.push({ direct: a, ids: found.filter((d) => isIdPath(d.path)), usage: found.filter((d) => isUsagePath(d.path)), other: found.filter((d) => !isIdPath(d.path) && !isUsagePath(d.path)) });
  }
  return { reserialised, changed };
}

function bytesChanged(direct: Analysis, via: Analysis, alignment: Alignment, values: PairedDifferences): GatewayChange[] {
  const errors: string[] = [];
  const valueChanged = values.changed.filter((pair) => pair.other.length > 0);
  if (valueChanged.length > 0) {
    const examples = valueChanged.slice(0, EXAMPLES).map(({ direct: event, other }) => `event ${event.sse.index}: ${other.slice(0, EXAMPLES).map(quoteDifference).join(', ')}`);
    errors.push(`values changed in ${plural(valueChanged.length, 'event')} (${examples.join('; ')})`);
  }
  // The terminal and error events have codes of their own (done-dropped, error-lost), keep-alives the line below.
  const dropped = alignment.dropped.filter((event) => !isTerminal(direct, event) && !isError(event) && !isKeepAlive(event));
  if (dropped.length > 0) errors.push(`${plural(dropped.length, 'event')} dropped (${dropped.slice(0, EXAMPLES).map(quoteEvent).join(', ')})`);
  const added = alignment.added.filter((event) => !isKeepAlive(event));
  if (added.length > 0) errors.push(`${plural(added.length, 'event')} added (${added.slice(0, EXAMPLES).map(quoteEvent).join(', ')})`);

  const warnings: string[] = [];
  const [aliveDirect, aliveVia] = [direct.events.filter(isKeepAlive).length, via.events.filter(isKeepAlive).length];
  if (aliveDirect !== aliveVia) warnings.push(`keep-alives: ${aliveDirect} sent, ${aliveVia} passed on`);
  const [endingsDirect, endingsVia] = [lineEndings(direct), lineEndings(via)];
  if (endingsDirect !== endingsVia) warnings.push(`line endings ${endingsDirect} became ${endingsVia}`);

  const notes: string[] = [];
  if (values.reserialised.length > 0) {
    const [a, b] = values.reserialised[0]!;
    notes.push(`${plural(values.reserialised.length, 'event')} re-serialised, the same values (event ${a.sse.index}: ${quoteData(a.sse.data)} became ${quoteData(b.sse.data)})`);
  }
  const all = [...errors, ...warnings, ...notes];
  if (all.length === 0) return [];
  const severity = errors.length > 0 ? 'error' : warnings.length > 0 ? 'warning' : 'info';
  return [change('bytes-changed', sentence(all), severity)];
}

function idsChanged(values: PairedDifferences): GatewayChange[] {
  const renamed = new Map<string, number>();
  for (const pair of values.changed) {
    for (const d of pair.ids) {
      const what = quoteDifference(d);
      renamed.set(what, (renamed.get(what) ?? 0) + 1);
    }
  }
  if (renamed.size === 0) return [];
  const listed = [...renamed].slice(0, EXAMPLES).map(([what, count]) => `${what} (${plural(count, 'event')})`);
  return [change('ids-changed', sentence([`${plural(renamed.size, 'id')} changed: ${listed.join('; ')}${renamed.size > EXAMPLES ? '; …' : ''}`]))];
}

function doneDropped(direct: Analysis, alignment: Alignment): GatewayChange[] {
  const lost = alignment.dropped.filter((event) => isTerminal(direct, event));
  if (lost.length === 0) return [];
  return [change('done-dropped', sentence([`the upstream ended with ${lost.map(quoteEvent).join(', ')}; through the gateway the stream has no such event`]))];
}

function usageChanged(direct: Analysis, via: Analysis, values: PairedDifferences): GatewayChange[] {
  if (differences(direct.usage, via.usage).length > 0) {
    const what = via.usage === null ? `the usage ${quote(direct.usage)} is lost` : direct.usage === null ? `a usage ${quote(via.usage)} appeared` : `the usage ${quote(direct.usage)} became ${quote(via.usage)}`;
    return [change('usage-changed', sentence([what]))];
  }
  const moved = values.changed.filter((pair) => pair.usage.length > 0);
  if (moved.length === 0) return [];
  return [change('usage-changed', sentence([`the same usage in the end, but ${plural(moved.length, 'event')} carry it differently (event ${moved[0]!.direct.sse.index}: ${moved[0]!.usage.slice(0, EXAMPLES).map(quoteDifference).join(', ')})`]))];
}

function errorLost(alignment: Alignment): GatewayChange[] {
  const lost = alignment.dropped.filter(isError);
  if (lost.length === 0) return [];
  return [change('error-lost', sentence([`the upstream sent ${lost.map(quoteEvent).join(', ')}; through the gateway no error arrived in its place`]))];
}

/** The line endings of a body read as SSE; another framing has none. */
function lineEndings(analysis: Analysis): string {
  const stats = sseStats(analysis);
  if (stats === null) return 'none';
  const { lf, cr, crlf } = stats.lineEndings;
  const used = [crlf > 0 ? 'CRLF' : '', lf > 0 ? 'LF' : '', cr > 0 ? 'CR' : ''].filter((word) => word !== '');
  return used.length === 0 ? 'none' : used.join(' and ');
}

/** A value as JSON (an absent one in words), cut at 80 characters. */
function quote(value: unknown): string {
  return value === undefined ? 'absent' : cut(JSON.stringify(value));
}

/** An event's data as it was sent, cut at 80 characters. */
function quoteData(data: string | null): string {
  return data === null ? 'no data' : cut(data);
}

function cut(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function quoteDifference(d: ValueDifference): string {
  return `${d.path} ${quote(d.direct)} became ${quote(d.via)}`;
}

function quoteEvent(event: AnalyzedEvent): string {
  return `event ${event.sse.index} ${event.sse.event === null ? '' : `(${event.sse.event}) `}${event.sse.data === null ? `: ${cut(event.sse.comments.join(' '))}` : quoteData(event.sse.data)}`;
}

function sentence(parts: readonly string[]): string {
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
