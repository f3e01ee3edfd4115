// What the analysis left out to stay within its memory bounds (issue 17, "Many tiny events";
// issue 27, the live recorder's byte bound): said as a note about the analysis, never as a claim
// about the stream.

import { MAX_ANALYSED_EVENTS } from '../fold.ts';
import { finding } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import type { AnalysisLimit, DiagnosticContext } from './context.ts';

export function bounds({ events, stats, limit }: DiagnosticContext): Diagnostic[] {
  const found: Diagnostic[] = [];
  if (limit !== null) found.push(analysisLimited(limit));
  if (stats.events <= events.length) return found;
  const total = stats.events.toLocaleString('en-US');
  const kept = MAX_ANALYSED_EVENTS.toLocaleString('en-US');
  found.push(
    finding(
      'events-not-analysed',
      `The body holds ${total} events; the analysis keeps the first ${kept} and counts the rest, so the end-of-stream checks (no-done, missing-finish-reason, tool calls, usage) are not made.`,
    ),
  );
  return found;
}

function analysisLimited({ maxBytes, analysedBytes, bodyBytes }: AnalysisLimit): Diagnostic {
  return finding(
    'analysis-limited',
    `Analysed the first ${mebibytes(maxBytes)} of ${bytes(bodyBytes)}: the analysis read ${bytes(analysedBytes)} (whole reads, up to its bound) and stopped, so nothing is said of the rest and the end-of-stream checks (partial-event, no-done, missing-finish-reason, tool calls, usage) are not made. Every byte is stored.`,
  );
}

function bytes(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'byte' : 'bytes'}`;
}

/** `64 MiB` for a whole number of MiB, else the bytes. */
function mebibytes(count: number): string {
  const mib = count / (1024 * 1024);
  return Number.isInteger(mib) && mib > 0 ? `${mib} MiB` : bytes(count);
}
