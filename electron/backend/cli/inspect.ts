// `streamscope inspect FILE [--json] [--fail-on warning|error]`

import { analyzeRecording, toContract, SEVERITY_ORDER } from '../../../shared/index.ts';
import type { Severity } from '../../../shared/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import type { Output } from './output.ts';
import { protocolOfWord, protocolWordList } from './protocol-words.ts';
import { loadRecordingArg } from './recording-arg.ts';
import { renderAnalysis } from './render.ts';
import { MAX_FIELD_CHARS, MAX_LISTED_ITEMS } from './text-bounds.ts';

export const INSPECT_USAGE = `Usage: streamscope inspect FILE|ID [options]

Analyses a recorded stream: a plain SSE body (.sse, as curl -N saves it), a
timed recording (.ssrec.jsonl), or a recording stored by "streamscope record"
(its number, as "streamscope list" shows it), in any of the three dialects
(Chat Completions, the Responses API, Anthropic Messages). Prints the annotated
events, the reassembled message (or response) and tool calls, usage, metrics
and diagnostics.

Options:
  --json                   Print the analysis as JSON (the analysis contract)
  --fail-on LEVEL          Exit 1 when a finding of LEVEL or worse is present
                           (LEVEL: warning or error)
  --idle-gap MS            Silence that counts as an idle gap (default 10000)
  --protocol DIALECT       Read the stream as this dialect: chat (Chat
                           Completions), responses (Responses API) or messages
                           (Anthropic Messages). Default: told by the request
                           path, else by the first events
  --summary                Leave out the event timeline
  --db PATH                Database for a stored ID (default: $STREAMSCOPE_DB or
                           the data folder)
  -h, --help               Show this help

The report lists the first ${MAX_LISTED_ITEMS.toLocaleString('en-US')} output items, content blocks, choices or tool
calls and the first ${MAX_FIELD_CHARS.toLocaleString('en-US')} characters of each text, and says what it left out;
--json keeps everything.

Exit codes: 0 analysed (whatever it found), 1 findings past --fail-on,
2 unreadable file, bad arguments or a crash (one line; STREAMSCOPE_DEBUG=1 for
the stack trace).`;


export async function inspectCommand(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(args);
  if (positionals.length !== 1) throw new CliError(positionals.length === 0 ? 'missing FILE (see --help)' : `one FILE at a time, got ${positionals.length}`);
  const file = positionals[0]!;

  const failOn = values['fail-on'];
  if (failOn !== undefined && failOn !== 'warning' && failOn !== 'error') throw new CliError(`--fail-on takes "warning" or "error", not "${failOn}"`);
  const idleGapMs = values['idle-gap'] === undefined ? undefined : Number(values['idle-gap']);
  if (idleGapMs !== undefined && !(Number.isFinite(idleGapMs) && idleGapMs > 0)) throw new CliError(`--idle-gap takes a positive number of milliseconds, not "${values['idle-gap']}"`);

  const given = values.protocol;
  const protocol = given !== undefined ? protocolOfWord(given) : undefined;
  if (given !== undefined && protocol === undefined) throw new CliError(`--protocol takes ${protocolWordList()}, not "${given}"`);

  const { recording, label, id } = await loadRecordingArg(file, values.db);
  const analysis = analyzeRecording(recording, { ...(idleGapMs === undefined ? {} : { idleGapMs }), ...(protocol ? { protocol } : {}) });
  if (values.json) out.stdout(JSON.stringify(toContract(analysis), null, 2) + '\n');
  else out.stdout(renderAnalysis(analysis, { file: id === null ? file : `Recording ${label}`, color: out.color, timeline: !values.summary }));

  if (failOn === undefined) return 0;
  const limit = SEVERITY_ORDER[failOn as Severity];
  return analysis.diagnostics.some((diagnostic) => SEVERITY_ORDER[diagnostic.severity] <= limit) ? 1 : 0;
}

function parse(args: string[]) {
  return parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      'fail-on': { type: 'string' },
      'idle-gap': { type: 'string' },
      protocol: { type: 'string' },
      summary: { type: 'boolean' },
      db: { type: 'string' },
    },
  });
}
