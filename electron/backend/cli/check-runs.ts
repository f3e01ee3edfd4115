// `streamscope check --runs | --run ID | --compare A B`: the conformance runs `check` stored, read
// back: listed newest first (those of one endpoint with --base-url), one shown again, or two
// compared check by check (shared/conformance/server/compare.ts): exit 1 when the later one broke
// a check the earlier passed, so that a CI job can gate on it.

import { existsSync } from 'node:fs';
import { styleText } from 'node:util';
import type { CheckRunSummary, StoredCheckRun } from '../../../shared/api/checks.ts';
import { compareRuns, somethingBroke } from '../../../shared/conformance/server/compare.ts';
import type { CheckChange, CheckComparison, RunComparison } from '../../../shared/conformance/server/compare.ts';
import { checkReport } from '../../../shared/conformance/server/report.ts';
import { defaultDbPath, openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { parseCommandArgs } from './args.ts';
import { resultLine, table } from './check-lines.ts';
import { CliError } from './errors.ts';
import type { Output } from './output.ts';

export const CHECK_RUNS_USAGE = `Stored runs:
  streamscope check --runs [--base-url URL] [--limit N] [--json] [--db PATH]
                           The stored runs, newest first (those of one endpoint
                           with --base-url; default limit 50)
  streamscope check --run ID [--json] [--db PATH]
                           One run again: its verdicts and counts
  streamscope check --compare A B [--json] [--db PATH]
                           Run B against the earlier run A, check by check:
                           broke (pass → warn or fail), fixed (the reverse),
                           changed, added, removed, same. Exit 1 when one broke`;

const MODES = ['--runs', '--run', '--compare'];

/** Whether the arguments ask for the stored runs rather than a new run. */
export function isCheckRunsCommand(args: readonly string[]): boolean {
  return args.some((arg) => MODES.includes(arg) || MODES.some((mode) => arg.startsWith(`${mode}=`)));
}

export async function checkRunsCommand(args: string[], out: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      runs: { type: 'boolean' },
      run: { type: 'string' },
      compare: { type: 'boolean' },
      'base-url': { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      db: { type: 'string' },
    },
  });
  const modes = [values.runs && '--runs', values.run !== undefined && '--run', values.compare && '--compare'].filter(Boolean);
  if (modes.length > 1) throw new CliError(`give one of --runs, --run ID and --compare A B, not ${modes.join(' and ')}`);
  if (!values.runs && (values['base-url'] !== undefined || values.limit !== undefined)) throw new CliError('--base-url and --limit go with --runs');
  if (values.compare) {
    if (positionals.length !== 2) throw new CliError(`--compare takes two run ids, the earlier first (got ${positionals.length})`);
  } else if (positionals.length > 0) throw new CliError(`unexpected argument "${positionals[0]}" (see --help)`);
  const json = values.json === true;

  const store = openRuns(values.db, env);
  if (store === null) {
    // No database yet: no run either.
    if (values.runs) return print(out, json, [], 'No stored check runs yet.\n');
    throw new CliError(`no check run ${values.run ?? positionals[0]} (no database yet)`);
  }
  try {
    if (values.runs) {
      const runs = store.listCheckRuns({ ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}), limit: wholeNumber('--limit', values.limit ?? '50') });
      return print(out, json, runs, renderRuns(runs, out.color));
    }
    if (values.run !== undefined) {
      const run = runOf(store, values.run);
      return print(out, json, run, renderRun(run, out.color));
    }
    const [before, after] = positionals.map((id) => runOf(store, id)) as [StoredCheckRun, StoredCheckRun];
    const comparison = compareRuns(before.results, after.results);
    if (before.baseUrl !== after.baseUrl) out.stderr(`streamscope check: note: run ${before.id} checked ${before.baseUrl}, run ${after.id} ${after.baseUrl}\n`);
    print(out, json, { before: summaryOf(before), after: summaryOf(after), ...comparison }, renderComparison(before, after, comparison, out.color));
    return somethingBroke(comparison) ? 1 : 0;
  } finally {
    store.close();
  }
}

function openRuns(db: string | undefined, env: NodeJS.ProcessEnv): Store | null {
  const path = db ?? defaultDbPath(env);
  if (!existsSync(path)) {
    if (db !== undefined) throw new CliError(`no database at ${path}`);
    return null;
  }
  try {
    return openStore(path, { mustExist: true });
  } catch (error) {
    throw new CliError(`cannot open the database ${path}: ${(error as Error).message}`);
  }
}

function runOf(store: Store, text: string): StoredCheckRun {
  const run = store.getCheckRun(wholeNumber('a run id', text));
  if (run === null) throw new CliError(`no check run ${text} (streamscope check --runs lists them)`);
  return run;
}

function wholeNumber(what: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) throw new CliError(`${what} is a whole number of 1 or more, not "${text}"`);
  return value;
}

function print(out: Output, json: boolean, value: unknown, text: string): number {
  out.stdout(json ? JSON.stringify(value, null, 2) + '\n' : text);
  return 0;
}

function summaryOf(run: StoredCheckRun): CheckRunSummary {
  const { checks: _checks, results: _results, ...summary } = run;
  return summary;
}

const when = (iso: string): string => iso.slice(0, 19).replace('T', ' ');
const target = (run: CheckRunSummary): string => `${run.baseUrl}  ${run.model === null ? "each check's simulator scenario" : `model ${run.model}`}${run.profile === null ? '' : ` (${run.profile})`}`;

function renderRuns(runs: readonly CheckRunSummary[], color: boolean): string {
  if (runs.length === 0) return 'No stored check runs match.\n';
  const header = ['ID', 'STARTED (UTC)', 'STATE', 'PASS', 'WARN', 'FAIL', 'SKIP', 'TARGET'];
  const rows = runs.map((run) => [String(run.id), when(run.startedAt), run.state, ...(['pass', 'warn', 'fail', 'skip'] as const).map((status) => String(run.counts[status])), target(run)]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const right = (column: number): boolean => column === 0 || (column >= 3 && column <= 6);
  const line = (cells: readonly string[]): string => cells.map((cell, column) => (right(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return [color ? styleText('bold', line(header)) : line(header), ...rows.map(line)].join('\n') + '\n';
}

function renderRun(run: StoredCheckRun, color: boolean): string {
  const head = `check run ${run.id}  ${when(run.startedAt)} UTC  ${run.state}  ${target(run)}  ${run.results.length} of ${run.checks.length} checks judged`;
  const report = checkReport({ baseUrl: run.baseUrl, model: run.model }, run.protocols, run.results);
  return [head, ...run.results.map((result) => resultLine(result, color)), '', table(report), ''].join('\n');
}

const CHANGE_STYLE: Readonly<Record<CheckChange, Parameters<typeof styleText>[0]>> = { broke: 'red', fixed: 'green', changed: 'yellow', added: 'cyan', removed: 'dim', same: 'dim' };

function renderComparison(before: StoredCheckRun, after: StoredCheckRun, comparison: RunComparison, color: boolean): string {
  const lines = [`compare run ${before.id} (${when(before.startedAt)}, ${before.state}) with run ${after.id} (${when(after.startedAt)}, ${after.state})  ${target(after)}`];
  // A check that stayed the same is counted, not listed.
  for (const check of comparison.checks) if (check.change !== 'same') lines.push(changeLine(check, color));
  const { counts } = comparison;
  lines.push('', `${counts.broke} broke, ${counts.fixed} fixed, ${counts.changed} changed, ${counts.added} added, ${counts.removed} removed, ${counts.same} the same`, '');
  return lines.join('\n');
}

function changeLine(check: CheckComparison, color: boolean): string {
  const change = check.change.padEnd(7);
  const statuses = `${check.before ?? '—'} → ${check.after ?? '—'}`.padEnd(13);
  const findings = [check.newFindings.length > 0 ? `new: ${check.newFindings.join(', ')}` : '', check.goneFindings.length > 0 ? `gone: ${check.goneFindings.join(', ')}` : ''].filter((part) => part !== '').join('; ');
  const recordings = `recordings ${check.recordings.before ?? '—'} → ${check.recordings.after ?? '—'}`;
  return `${color ? styleText(CHANGE_STYLE[check.change], change) : change}  ${check.id.padEnd(28)} ${statuses} ${findings === '' ? '' : `${findings}  `}(${recordings})`;
}
