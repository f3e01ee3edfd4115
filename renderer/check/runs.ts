// The past runs as the Check view lists them: counts in words, and which two may be compared (two
// runs of one endpoint, the older one first: what it had is "before").

import type { CheckRunSummary } from '../../shared/api/checks.ts';

/** `12 pass · 1 warn · 2 fail · 0 skip`: every status named, so the line reads the same without colour. */
export function countsText(counts: CheckRunSummary['counts']): string {
  return `${counts.pass} pass · ${counts.warn} warn · ${counts.fail} fail · ${counts.skip} skip`;
}

export const STATE_WORDS: Readonly<Record<CheckRunSummary['state'], string>> = { running: 'running', done: 'done', cancelled: 'cancelled', unreachable: 'unreachable' };

/**
 * Which endpoint a run checked. A run of the built-in simulator (no model: each check asked for its
 * own scenario) gets a simulator of its own on a new port each time, so its base URL never repeats:
 * all such runs are of one endpoint, the simulator.
 */
export function endpointOf(run: Pick<CheckRunSummary, 'baseUrl' | 'model'>): string {
  return run.model === null ? 'the built-in simulator' : run.baseUrl;
}

export type ComparePick = { readonly ok: true; readonly before: number; readonly after: number } | { readonly ok: false; readonly why: string };

/** The two picked runs, older first, or why they cannot be compared. */
export function comparePick(runs: readonly CheckRunSummary[], picked: readonly number[]): ComparePick {
  const chosen = runs.filter((run) => picked.includes(run.id));
  if (chosen.length !== 2) return { ok: false, why: 'Pick two runs of the same endpoint to compare them.' };
  const [a, b] = chosen as [CheckRunSummary, CheckRunSummary];
  if (endpointOf(a) !== endpointOf(b)) return { ok: false, why: 'These runs checked different endpoints: pick two of the same one.' };
  const older = a.startedAt < b.startedAt || (a.startedAt === b.startedAt && a.id < b.id) ? [a, b] : [b, a];
  return { ok: true, before: older[0]!.id, after: older[1]!.id };
}

/** A pick toggled, at most two kept: a third drops the one picked first. */
export function togglePick(picked: readonly number[], id: number): number[] {
  if (picked.includes(id)) return picked.filter((each) => each !== id);
  return [...picked, id].slice(-2);
}

/** The other runs of the same endpoint, newest first: what a run can be compared with. */
export function sameEndpoint(runs: readonly CheckRunSummary[], run: Pick<CheckRunSummary, 'id' | 'baseUrl' | 'model'>): CheckRunSummary[] {
  return runs.filter((each) => each.id !== run.id && endpointOf(each) === endpointOf(run));
}
