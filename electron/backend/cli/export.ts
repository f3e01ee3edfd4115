// `streamscope export RECORDING --format F [--out PATH] [--db PATH]`

import { writeFile } from 'node:fs/promises';
import { exporterFor, exporters } from '../../../shared/export/registry.ts';
import { utf8OrNull } from '../../../shared/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError, describeFileError } from './errors.ts';
import type { Output } from './output.ts';
import { loadRecordingArg } from './recording-arg.ts';
import { count } from './render.ts';

export function exportUsage(): string {
  const formats = exporters()
    .map((exporter) => `  ${exporter.format.padEnd(13)} ${exporter.description} (${exporter.extension})`)
    .join('\n');
  return `Usage: streamscope export RECORDING --format FORMAT [options]

Writes a recording in another format. RECORDING is a stored id (as
"streamscope list" shows it) or a file (.sse, .ssrec.jsonl, .har, curl trace).
No export holds a secret: keys and cookies are redacted, and the curl command
reads the key from an environment variable.

Formats:
${formats}

Options:
  --format FORMAT          One of the formats above (required)
  --out PATH               Write to PATH and say what was written (default:
                           standard output; a body that is not text is not
                           written to a terminal)
  --db PATH                Database for a stored ID (default: $STREAMSCOPE_DB or
                           the data folder)
  -h, --help               Show this help

Exit codes: 0 written, 2 an unknown recording or format, an unreadable file, or
bad arguments.`;
}

/** Where binary output goes: standard output as bytes, and whether it is a terminal. */
export interface ByteSink {
  write(bytes: Uint8Array): void;
  readonly isTerminal: boolean;
}

const processSink: ByteSink = {
  write: (bytes) => void process.stdout.write(bytes),
  get isTerminal() {
    return process.stdout.isTTY === true;
  },
};

export async function exportCommand(args: string[], out: Output, sink: ByteSink = processSink): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string' }, out: { type: 'string' }, db: { type: 'string' } },
  });
  if (positionals.length !== 1) throw new CliError(positionals.length === 0 ? 'missing RECORDING (see --help)' : `one RECORDING at a time, got ${positionals.length}`);
  const names = exporters().map((exporter) => exporter.format);
  if (values.format === undefined) throw new CliError(`missing --format (one of ${names.join(', ')})`);
  const exporter = exporterFor(values.format);
  if (!exporter) throw new CliError(`unknown format "${values.format}" (one of ${names.join(', ')})`);

  const { recording, name, id, label } = await loadRecordingArg(positionals[0]!, values.db);
  let content: string | Uint8Array;
  try {
    content = exporter.export(recording, { name, id });
  } catch (error) {
    throw new CliError(`cannot export as ${exporter.format}: ${error instanceof Error ? error.message : String(error)}`);
  }

  if (values.out !== undefined) {
    try {
      await writeFile(values.out, content);
    } catch (error) {
      throw new CliError(`cannot write ${values.out}: ${describeFileError(error)}`);
    }
    // Standard output is free when the export goes to a file: say what landed where, as import does.
    const bytes = typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    out.stdout(`Wrote ${count(bytes, 'byte')} to ${values.out} (${exporter.format} export of ${label})\n`);
    return 0;
  }
  if (typeof content === 'string') {
    out.stdout(content);
    return 0;
  }
  const text = utf8OrNull(content);
  if (text === null && sink.isTerminal) throw new CliError(`the ${exporter.format} export is not text (the body is not UTF-8): use --out FILE or redirect the output`);
  sink.write(content);
  return 0;
}
