// What the analysis left out to stay within its memory bound (issue 17, "Many tiny events").

import { MAX_ANALYSED_EVENTS } from '../fold.ts';
import { finding } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import type { DiagnosticContext } from './context.ts';

export function bounds({ events, stats }: DiagnosticContext): Diagnostic[] {
  if (stats.events <= events.length) return [];
  const total = stats.events.toLocaleString('en-US');
  const kept = MAX_ANALYSED_EVENTS.toLocaleString('en-US');
  return [
    finding(
      'events-not-analysed',
      `The body holds ${total} events; the analysis keeps the first ${kept} and counts the rest, so the end-of-stream checks (no-done, missing-finish-reason, tool calls, usage) are not made.`,
    ),
  ];
}
