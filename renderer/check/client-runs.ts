// Client runs as the Check view tells them: counts in words, the progress line, and the past runs
// of both kinds in one list, newest first.

import type { ClientRunSummary } from '../../shared/api/client-checks.ts';
import type { CheckRunSummary } from '../../shared/api/checks.ts';
import { CLIENT_VERDICTS } from '../../shared/conformance/client/judge.ts';

/** `3 survived · 1 detected · 1 wrong · 0 crashed · 0 hung · 0 no-request`: every verdict named, so it reads without colour. */
export function clientCountsText(counts: ClientRunSummary['counts']): string {
  return CLIENT_VERDICTS.map((verdict) => `${counts[verdict]} ${verdict}`).join(' · ');
}

function judged(run: Pick<ClientRunSummary, 'counts'>): number {
  return CLIENT_VERDICTS.reduce((sum, verdict) => sum + run.counts[verdict], 0);
}

/** The line the run's header announces as verdicts arrive. */
export function clientProgressLine(run: Pick<ClientRunSummary, 'state' | 'counts' | 'error'> & { readonly cases: readonly unknown[] }): string {
  const tally = clientCountsText(run.counts);
  const done = `${judged(run)} of ${run.cases.length} cases judged`;
  switch (run.state) {
    case 'running':
      return `Running: ${done} (${tally}).`;
    case 'done':
      return `Done: ${tally}.`;
    case 'cancelled':
      return `Cancelled: ${done} (${tally}).`;
    case 'unreachable': {
      const why = run.error === null ? '' : `: ${run.error}`;
      return `The command could not be started${why}${why.endsWith('.') ? '' : '.'}`;
    }
  }
}

/** Said loudly over a run with `wrong` verdicts: the client gave no sign of them. */
export function wrongAlert(counts: ClientRunSummary['counts']): string | null {
  const wrong = counts.wrong;
  if (wrong === 0) return null;
  return `${wrong === 1 ? '1 case is' : `${wrong} cases are`} wrong: the client exited 0 with another answer, or took a broken stream for a complete one, and said nothing. Your users would see it as an answer.`;
}

export type PastRun = { readonly kind: 'server'; readonly run: CheckRunSummary } | { readonly kind: 'client'; readonly run: ClientRunSummary };

/** Both kinds in one list, newest first (an equal start: the client run first, then by id). */
export function pastRuns(server: readonly CheckRunSummary[] | null, client: readonly ClientRunSummary[] | null): PastRun[] {
  const all: PastRun[] = [...(server ?? []).map((run) => ({ kind: 'server' as const, run })), ...(client ?? []).map((run) => ({ kind: 'client' as const, run }))];
  return all.sort((a, b) => (a.run.startedAt === b.run.startedAt ? (a.kind === b.kind ? b.run.id - a.run.id : a.kind === 'client' ? -1 : 1) : a.run.startedAt < b.run.startedAt ? 1 : -1));
}
