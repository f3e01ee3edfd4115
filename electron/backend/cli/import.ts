// `streamscope import FILE… [--name N] [--tag T]… [--db PATH] [--json]`

import { isTimed } from '../../../shared/index.ts';
import { defaultDbPath, openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { ImportError, importFiles } from '../import/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import type { Output } from './output.ts';
import { count } from './render.ts';

export const IMPORT_USAGE = `Usage: streamscope import FILE… [options]

Stores recordings from files: plain SSE bodies (.sse, as curl -N saves them),
timed recordings (.ssrec.jsonl), HAR files (a browser's network export: one
recording per streamed entry, untimed) and curl traces (curl --trace FILE
--trace-time: every byte, and the time of every read; --trace-ascii keeps ASCII
bodies only). The format is told by the file's name, else by its content; a
file with no SSE event is refused unless it is named .sse. Prints one line per
recording made, starting with its id. All or nothing: when a file cannot be
read, nothing is stored.

Options:
  --name NAME              Name the recordings (default: the file's name)
  --tag TAG                Tag the recordings (repeatable)
  --db PATH                Database (default: $STREAMSCOPE_DB or the data folder)
  --json                   Print [{"id", "file", "part", "source", "timed",
                           "model", "events", "reads"}] as JSON
  -h, --help               Show this help

Exit codes: 0 imported, 2 an unreadable or malformed file, or bad arguments.`;

export async function importCommand(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      tag: { type: 'string', multiple: true },
      db: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  if (positionals.length === 0) throw new CliError('missing FILE (see --help)');
  const path = values.db ?? defaultDbPath();
  let store: Store;
  try {
    store = openStore(path);
  } catch (error) {
    throw new CliError(`cannot open the database ${path}: ${(error as Error).message}`);
  }
  try {
    const imported = await importFiles(store, positionals, { name: values.name ?? null, tags: values.tag ?? [] });
    const rows = imported.map((item) => ({ id: item.id, file: item.file, part: item.part, source: item.recording.source, timed: isTimed(item.recording), summary: store.summary(item.id)! }));
    if (values.json) {
      out.stdout(JSON.stringify(rows.map(({ summary, ...row }) => ({ ...row, model: summary.model, events: summary.eventCount, reads: summary.readCount })), null, 2) + '\n');
    } else {
      for (const { id, file, part, timed, summary } of rows) {
        const what = [summary.model, count(summary.eventCount, 'event'), timed ? count(summary.readCount, 'timed read') : 'untimed'].filter(Boolean).join(', ');
        out.stdout(`${id}  ${file}${part ? ` (${part})` : ''}  ${what}\n`);
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof ImportError) throw new CliError(error.message);
    throw error;
  } finally {
    store.close();
  }
}
