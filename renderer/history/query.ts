// The history's filter form, and the store's ListQuery it asks for (shared/api/recordings.ts).
// Empty fields ask for nothing; every field is trimmed, since a stray space would match no model.

import { RECORDING_ORIGINS } from '../../shared/api/recordings.ts';
import type { ListQuery, RecordingOrigin, RecordingSummary } from '../../shared/api/recordings.ts';
import { CATALOGUE } from '../../shared/analysis/diagnostics/catalogue.ts';
import type { DiagnosticCode } from '../../shared/analysis/diagnostics/catalogue.ts';
import { OUTCOMES } from '../../shared/recording/types.ts';
import type { Outcome } from '../../shared/recording/types.ts';
import { formatCount } from '../components/format.ts';

export interface Filters {
  /** Part of a name, URL, model or tag. */
  readonly text: string;
  /** A whole model name (the store matches it exactly, ignoring case). */
  readonly model: string;
  /** A whole host, with its port when the URL had one. */
  readonly host: string;
  readonly outcome: Outcome | '';
  readonly code: DiagnosticCode | '';
  /** Sent by Streamscope, captured by its proxy, or imported from a file. */
  readonly origin: RecordingOrigin | '';
  /** A capture session (a proxy's run), as its recordings carry it. */
  readonly session: string;
}

export const NO_FILTERS: Filters = { text: '', model: '', host: '', outcome: '', code: '', origin: '', session: '' };

/** How each source reads in the filter. */
export const ORIGIN_WORDS: Readonly<Record<RecordingOrigin, string>> = { sent: 'Sent', captured: 'Captured', imported: 'Imported' };

export { RECORDING_ORIGINS };

/** The diagnostic codes a recording can be filtered by, in the catalogue's order. */
export const CODES = Object.keys(CATALOGUE) as DiagnosticCode[];

/** How each outcome reads in the filter and the rows. */
export const OUTCOME_WORDS: Readonly<Record<Outcome, string>> = {
  eof: 'ended',
  error: 'connection error',
  aborted: 'cancelled',
  timeout: 'timed out',
  recording: 'recording',
  interrupted: 'interrupted',
};

export { OUTCOMES };

/** What the store is asked: the text fields as they were when typing paused (`settled`), the menus as they are. */
export function askedFilters(settled: Filters, filters: Filters): Filters {
  return { ...settled, outcome: filters.outcome, code: filters.code, origin: filters.origin, session: filters.session };
}

/** The query for the rows matching `filters`, from `offset`, `limit` at a time. */
export function listQuery(filters: Filters, limit: number, offset = 0): ListQuery {
  const text = filters.text.trim();
  const model = filters.model.trim();
  const host = filters.host.trim();
  return {
    ...(text !== '' && { text }),
    ...(model !== '' && { model }),
    ...(host !== '' && { host }),
    ...(filters.outcome !== '' && { outcome: filters.outcome }),
    ...(filters.code !== '' && { code: filters.code }),
    ...(filters.origin !== '' && { origin: filters.origin }),
    ...(filters.session !== '' && { captureSession: filters.session }),
    limit,
    offset,
  };
}

/** A key naming what the filters ask for: equal keys, equal rows (whitespace aside). */
export function filtersKey(filters: Filters): string {
  const { limit: _limit, offset: _offset, ...asked } = listQuery(filters, 1);
  return JSON.stringify(asked);
}

export function isFiltered(filters: Filters): boolean {
  return filtersKey(filters) !== filtersKey(NO_FILTERS);
}

/** "12 of 340 recordings" while filtered, else "340 recordings". */
export function countWords(matching: number, all: number, filtered: boolean): string {
  const noun = all === 1 ? 'recording' : 'recordings';
  return filtered ? `${formatCount(matching)} of ${formatCount(all)} ${noun}` : `${formatCount(all)} ${noun}`;
}

/** The filters in force, in words, each with the field that clears it. */
export function activeFilters(filters: Filters): { readonly field: keyof Filters; readonly words: string }[] {
  const active: { field: keyof Filters; words: string }[] = [];
  if (filters.text.trim() !== '') active.push({ field: 'text', words: `text “${filters.text.trim()}”` });
  if (filters.model.trim() !== '') active.push({ field: 'model', words: `model ${filters.model.trim()}` });
  if (filters.host.trim() !== '') active.push({ field: 'host', words: `host ${filters.host.trim()}` });
  if (filters.outcome !== '') active.push({ field: 'outcome', words: `outcome ${OUTCOME_WORDS[filters.outcome]}` });
  if (filters.code !== '') active.push({ field: 'code', words: `finding ${filters.code}` });
  if (filters.origin !== '') active.push({ field: 'origin', words: `source ${ORIGIN_WORDS[filters.origin].toLowerCase()}` });
  if (filters.session !== '') active.push({ field: 'session', words: `session ${filters.session}` });
  return active;
}

/**
 * The capture sessions the session filter offers: those of the running proxies, those of the rows
 * seen, and the one chosen (a session whose rows are all deleted still shows as chosen), newest
 * first: a session names its start time, so the names sort by it.
 */
export function sessionChoices(seen: Iterable<string | null>, running: Iterable<string>, chosen: string): string[] {
  const sessions = new Set<string>();
  for (const session of [...seen, ...running, chosen]) if (session) sessions.add(session);
  return [...sessions].sort((a, b) => b.localeCompare(a));
}

/** The models and hosts the text fields suggest: those of `rows` (the rows loaded), each once, sorted. */
export function suggestionsOf(rows: readonly RecordingSummary[]): { models: string[]; hosts: string[] } {
  const models = new Set<string>();
  const hosts = new Set<string>();
  for (const row of rows) {
    if (row.model !== null) models.add(row.model);
    if (row.host !== null) hosts.add(row.host);
  }
  return { models: [...models].sort(), hosts: [...hosts].sort() };
}
