// How a recording ended, said for the client: the connection's outcome alone ("the server closed
// the body") reads as "all is well" beside a stream that ended on an error event or before its
// terminal event, so those findings name the ending, and the worst finding gives its colour.

import type { Diagnostic, Severity } from '../../shared/analysis/diagnostics/catalogue.ts';

/** Findings that say the stream itself ended on an error: the server's own error event or failed response. */
const ERROR_ENDINGS: ReadonlySet<string> = new Set(['stream-error', 'response-failed']);
/** Findings that say the stream stopped before its dialect's last word ([DONE], response.completed, message_stop). */
const CUT_ENDINGS: ReadonlySet<string> = new Set(['no-done', 'missing-terminal-event', 'missing-message-stop']);

export interface Ending {
  readonly words: string;
  /** The class suffix of its colour: the outcome's own, or the worst finding's severity. */
  readonly tone: string;
}

export function endingOf(outcome: string, diagnostics: readonly Diagnostic[]): Ending {
  const words = outcome === 'eof' ? eofWords(diagnostics) : OUTCOME_WORDS[outcome] ?? outcome;
  if (outcome !== 'eof') return { words, tone: outcome };
  const worst = worstSeverity(diagnostics);
  return { words, tone: worst === 'error' || worst === 'warning' ? worst : 'eof' };
}

function eofWords(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.some((diagnostic) => ERROR_ENDINGS.has(diagnostic.code))) return 'on an error event (then the server closed the body)';
  if (diagnostics.some((diagnostic) => CUT_ENDINGS.has(diagnostic.code))) return 'before its terminal event (the server closed the body early)';
  return 'cleanly (the server closed the body)';
}

function worstSeverity(diagnostics: readonly Diagnostic[]): Severity | null {
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return 'error';
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'warning')) return 'warning';
  return diagnostics.length > 0 ? 'info' : null;
}

const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  error: 'with a connection error',
  aborted: 'cancelled (what arrived is kept)',
  timeout: 'by a timeout',
  interrupted: 'interrupted (the recorder stopped mid-stream)',
};
