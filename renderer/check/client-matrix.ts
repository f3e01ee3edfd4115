// A client run's verdicts as the Client tab lays them out: a row per case id (`clean`,
// `cut-before-done`), a column per dialect, each cell that dialect's case: its verdict, or waiting
// for it, or none (a case the dialect's battery does not have). The same grid as the server
// checks' (./CheckMatrix.tsx draws both); a cell's id is the dialect's word, a dot, the case id
// (`chat.clean`), as the server checks' ids read.

import type { ClientCaseResult, ClientVerdict, StoredClientRun } from '../../shared/api/client-checks.ts';
import { PASSING } from '../../shared/conformance/client/judge.ts';
import { PROTOCOLS } from '../../shared/dialects/registry.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { routeHash } from '../route.ts';
import type { Grid } from './CheckMatrix.tsx';
import { dialectWord } from './matrix.ts';

export type ClientCellState = ClientVerdict | 'waiting';

export interface ClientCell {
  /** `chat.cut-before-done`. */
  readonly id: string;
  readonly state: ClientCellState;
  readonly result: ClientCaseResult | null;
  /** The recording of the stream the case served; null before the verdict, or when none was stored. */
  readonly href: string | null;
}

/** A case as one id across dialects: `chat.clean`, `messages.clean`. */
export function caseKey(kase: { readonly protocol: Protocol; readonly id: string }): string {
  return `${dialectWord(kase.protocol)}.${kase.id}`;
}

export function clientEvidenceHref(result: ClientCaseResult): string | null {
  return result.recordingId === null ? null : routeHash({ view: 'recording', id: result.recordingId });
}

/** Columns in the registry's order; rows in the order the cases are listed, a later dialect's new ids after. */
export function buildClientMatrix(run: Pick<StoredClientRun, 'protocols' | 'cases' | 'results'>): Grid<ClientCell> {
  const columns = PROTOCOLS.filter((protocol) => run.protocols.includes(protocol));
  const results = new Map(run.results.map((result) => [caseKey(result), result]));
  // A verdict of a case the run did not list (a battery since changed) still shows.
  const cases: { protocol: Protocol; id: string }[] = [...run.cases];
  for (const result of run.results) if (!run.cases.some((kase) => caseKey(kase) === caseKey(result))) cases.push(result);

  const names: string[] = [];
  const byCell = new Map<string, ClientCell>();
  for (const kase of cases) {
    if (!columns.includes(kase.protocol)) continue;
    if (!names.includes(kase.id)) names.push(kase.id);
    const result = results.get(caseKey(kase)) ?? null;
    byCell.set(caseKey(kase), { id: caseKey(kase), state: result?.verdict ?? 'waiting', result, href: result === null ? null : clientEvidenceHref(result) });
  }
  return { columns, rows: names.map((name) => ({ name, cells: columns.map((protocol) => byCell.get(caseKey({ protocol, id: name })) ?? null) })) };
}

/** What a verdict means, in a few words: `wrong` says it is the worst, since it is the one that hides. */
export const VERDICT_MEANS: Readonly<Record<ClientCellState, string>> = {
  survived: 'passes: a valid stream, the same answer',
  detected: 'passes: a broken stream, reported',
  wrong: 'the worst: another answer, or a broken stream taken as complete, and no error',
  crashed: 'fails: a valid stream made it fail',
  hung: 'fails: still running at the timeout',
  'no-request': 'fails: it never called the mock',
  waiting: 'not judged yet',
};

/** How a cell reads to a screen reader and in its tooltip: the case, its verdict and what it means, and its one line. */
export function clientCellLabel(cell: ClientCell): string {
  const state = cell.state === 'waiting' ? VERDICT_MEANS.waiting : `${cell.state} (${VERDICT_MEANS[cell.state]})`;
  return cell.result === null ? `${cell.id}: ${state}` : `${cell.id}: ${state}. ${cell.result.summary}`;
}

export function passes(verdict: ClientVerdict): boolean {
  return PASSING.has(verdict);
}
