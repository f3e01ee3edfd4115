// How a recording's row reads: its title, its dialect, how it ended, its worst finding, when it
// was made; and what the list says when it has no row to show.

import { CATALOGUE } from '../../shared/analysis/diagnostics/catalogue.ts';
import type { DiagnosticCode, Severity } from '../../shared/analysis/diagnostics/catalogue.ts';
import type { RecordingSummary } from '../../shared/api/recordings.ts';
import { descriptorOf } from '../../shared/dialects/registry.ts';
import { OUTCOME_WORDS } from './query.ts';

/** The name given, else the model, else the number. */
export function titleOf(row: RecordingSummary): string {
  return row.name ?? row.model ?? `Recording #${row.id}`;
}

/** The outcome in words, or "–" when the recording says nothing of its end (a plain .sse body). */
export function outcomeWords(row: RecordingSummary): string {
  return row.outcome === null ? '–' : OUTCOME_WORDS[row.outcome];
}

/** The dialect's short name (the column says what it is), or "–" when it could not be told. */
export function dialectWords(row: RecordingSummary): string {
  return row.protocol === null ? '–' : descriptorOf(row.protocol).shortName;
}

/** The HTTP status when it is not a plain 200 ("HTTP 429"), else nothing. */
export function statusWords(row: RecordingSummary): string {
  return row.status !== null && row.status !== 200 ? `HTTP ${row.status}` : '';
}

export type Badge = 'error' | 'warning' | 'info' | 'clean' | 'live';

/** The badge for the worst finding: none while recording (nothing is analysed yet), "clean" without any. */
export function badgeOf(row: RecordingSummary): Badge {
  if (row.outcome === 'recording') return 'live';
  return row.worstSeverity ?? 'clean';
}

const day = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The date and the time of day, apart (the row shows them on two lines). */
export function recordedWords(iso: string): { readonly date: string; readonly time: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { date: iso, time: '' };
  return { date: day.format(date), time: clock.format(date) };
}

const RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** The codes found, the most severe first (the row has room for the first few only). */
export function codesBySeverity(codes: readonly DiagnosticCode[]): DiagnosticCode[] {
  const rank = (code: DiagnosticCode): number => RANK[CATALOGUE[code]?.severity ?? 'info'];
  return [...codes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** What the list says with no row to show: still loading, could not list, nothing matches, nothing stored. */
export function emptyWords({ loading, failed, filtered }: { readonly loading: boolean; readonly failed: boolean; readonly filtered: boolean }): string {
  if (loading) return 'Loading recordings…';
  if (failed) return 'The recordings could not be listed.';
  return filtered ? 'No recording matches these filters.' : 'No recordings yet. Record one from the simulator above.';
}
