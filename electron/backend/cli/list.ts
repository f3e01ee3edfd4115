// `streamscope list [--db PATH] [--search TEXT] [--model M] [--host H] [--outcome O] [--code C] [--limit N] [--offset N] [--json]`

import { existsSync } from 'node:fs';
import { styleText } from 'node:util';
import { CATALOGUE, OUTCOMES } from '../../../shared/index.ts';
import type { Outcome, Severity } from '../../../shared/index.ts';
import { defaultDbPath, openStore } from '../store/index.ts';
import type { ListQuery, ListResult, RecordingSummary } from '../store/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import type { Output } from './output.ts';
import { count } from './render.ts';

export const LIST_USAGE = `Usage: streamscope list [options]

Lists the stored recordings, newest first.

Options:
  --db PATH                The database (default: $STREAMSCOPE_DB, else
                           streamscope/streamscope.db in the user's data folder)
  --search TEXT            Recordings whose name, URL, model or a tag contains TEXT
  --model MODEL            Recordings of this model
  --host HOST              Recordings sent to this host (host:port when the URL had a port)
  --outcome OUTCOME        eof, error, aborted, timeout, recording or interrupted
  --code CODE              Recordings with a finding of this diagnostic code
  --limit N                At most N recordings (default 50)
  --offset N               Skip the first N recordings
  --json                   Print {"items": [...], "total": N} as JSON
  -h, --help               Show this help

Exit codes: 0 listed (even when nothing matches), 2 bad arguments or no database.`;

const SEVERITY_STYLE: Record<Severity, Parameters<typeof styleText>[0]> = { error: 'red', warning: 'yellow', info: 'cyan' };

export async function listCommand(args: string[], out: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parse(args);
  if (positionals.length > 0) throw new CliError(`list takes no FILE, got "${positionals[0]}" (see --help)`);
  const query = toQuery(values);

  let path: string;
  if (values.db !== undefined) {
    path = values.db;
    if (!existsSync(path)) throw new CliError(`no database at ${path}`);
  } else {
    path = defaultDbPath(env);
    if (!existsSync(path)) return print(out, { items: [], total: 0 }, query, values.json === true, path);
  }

  let result: ListResult;
  try {
    const store = openStore(path, { mustExist: true });
    try {
      result = store.list(query);
    } finally {
      store.close();
    }
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  return print(out, result, query, values.json === true, path);
}

function print(out: Output, result: ListResult, query: ListQuery, json: boolean, path: string): number {
  if (json) out.stdout(JSON.stringify(result, null, 2) + '\n');
  else out.stdout(renderList(result, query, { color: out.color, path }));
  return 0;
}

type Values = ReturnType<typeof parse>['values'];

function toQuery(values: Values): ListQuery {
  const outcome = values.outcome;
  if (outcome !== undefined && !OUTCOMES.includes(outcome as Outcome)) throw new CliError(`--outcome takes one of ${OUTCOMES.join(', ')}, not "${outcome}"`);
  const code = values.code;
  if (code !== undefined && !(code in CATALOGUE)) throw new CliError(`unknown diagnostic code "${code}" (see docs/diagnostics.md)`);
  return {
    ...(values.search !== undefined ? { text: values.search } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(outcome !== undefined ? { outcome: outcome as Outcome } : {}),
    ...(code !== undefined ? { code } : {}),
    limit: integerOption('--limit', values.limit, 50, 1),
    offset: integerOption('--offset', values.offset, 0, 0),
  };
}

function integerOption(option: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) throw new CliError(`${option} takes a whole number${min > 0 ? ` of ${min} or more` : ''}, not "${value}"`);
  return n;
}

/** The table of recordings, for people. */
export function renderList(result: ListResult, query: ListQuery, options: { color: boolean; path: string }): string {
  const { items, total } = result;
  const offset = query.offset ?? 0;
  if (items.length === 0) {
    if (total === 0) return Object.keys(query).some((key) => key !== 'limit' && key !== 'offset') ? 'No recording matches.\n' : `No recordings yet in ${options.path}.\n`;
    return `No recordings past ${offset} (${count(total, 'recording')} match).\n`;
  }
  const header = ['ID', 'CREATED', 'NAME / MODEL', 'HOST', 'STATUS', 'EVENTS', 'DURATION', 'FINDINGS'];
  const right = [true, false, false, false, false, true, true, false];
  const rows = items.map((item) => [
    String(item.id),
    formatDate(item.createdAt),
    clip(title(item), 40),
    clip(item.host ?? '—', 28),
    `${item.status ?? '—'} ${item.outcome ?? '—'}`,
    item.eventCount.toLocaleString('en-US'),
    formatDuration(item.durationMs),
    findings(item),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[], paint?: (cell: string, column: number) => string) =>
    cells
      .map((cell, column) => {
        const padded = right[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!);
        return paint ? paint(padded, column) : padded;
      })
      .join('  ')
      .trimEnd();
  const lines = [line(header, (cell) => (options.color ? styleText('bold', cell) : cell))];
  rows.forEach((row, i) => {
    const severity = items[i]!.worstSeverity;
    lines.push(line(row, (cell, column) => (options.color && column === 7 && severity ? styleText(SEVERITY_STYLE[severity], cell) : cell)));
  });
  const last = offset + items.length;
  const more = last < total ? ` (--offset ${last} for more)` : '';
  lines.push('', `${offset + 1}–${last} of ${count(total, 'recording')}${more}`);
  return lines.join('\n') + '\n';
}

function title(item: RecordingSummary): string {
  if (item.name && item.model) return `${item.name} (${item.model})`;
  return item.name ?? item.model ?? '—';
}

function findings(item: RecordingSummary): string {
  if (item.worstSeverity) return `${item.worstSeverity} (${item.codes.length})`;
  return item.outcome === 'recording' || item.outcome === 'interrupted' ? '—' : 'clean';
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : text.slice(0, width - 1) + '…';
}

function parse(args: string[]) {
  return parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      search: { type: 'string' },
      model: { type: 'string' },
      host: { type: 'string' },
      outcome: { type: 'string' },
      code: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
}
