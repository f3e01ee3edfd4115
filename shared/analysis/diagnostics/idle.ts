// Silences long enough to trip idle timeouts: between the response headers
// and the first read, and between reads.

import { finding } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import { few } from '../../findings/words.ts';
import type { DiagnosticContext } from './context.ts';

export function idle({ recording, reads, events, options }: DiagnosticContext): Diagnostic[] {
  const gaps: { from: number; to: number; read: number }[] = [];
  let previous = recording.response?.t ?? null;
  reads.forEach((read, index) => {
    if (read.t === null) return;
    if (previous !== null && read.t - previous >= options.idleGapMs) gaps.push({ from: previous, to: read.t, read: index });
    previous = read.t;
  });
  if (gaps.length === 0) return [];
  const longest = gaps.reduce((a, b) => (b.to - b.from > a.to - a.from ? b : a));
  const gapReads = gaps.map((gap) => gap.read);
  // The events that arrived right after each silence.
  const after = events.filter((event) => gapReads.includes(event.sse.read)).map((event) => event.sse.index);
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  return [
    finding(
      'idle-gap',
      `${gaps.length === 1 ? 'A silence' : `${gaps.length} silences`} of ${seconds(options.idleGapMs)} or more between reads; the longest, ${seconds(longest.to - longest.from)}, from ${longest.from.toFixed(0)} ms to ${longest.to.toFixed(0)} ms (before read ${longest.read}). Reads after silences: ${few(gapReads)}.`,
      after,
      gapReads,
    ),
  ];
}
