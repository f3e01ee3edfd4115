// `streamscope check-client … -- COMMAND [ARGS…]` (issue 30): runs the user's client once per
// case against a loopback mock serving that case's stream (electron/backend/check-client/), and
// says of each case survived, detected, wrong, crashed, hung or no-request, with the recording of
// the stream it was served. docs/client-conformance.md lists every case.

import { writeFileSync } from 'node:fs';
import { styleText } from 'node:util';
import { renderClientReport } from '../../../shared/conformance/client/html.ts';
import { PASSING } from '../../../shared/conformance/client/judge.ts';
import type { ClientVerdict } from '../../../shared/conformance/client/judge.ts';
import { CLIENT_CASES } from '../../../shared/conformance/client/registry.ts';
import { clientReport, clientRunFailed, commandLine } from '../../../shared/conformance/client/report.ts';
import type { ClientCaseResult, ClientReport } from '../../../shared/conformance/client/report.ts';
import type { ClientCase } from '../../../shared/conformance/client/types.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { CommandNotStarted, DEFAULT_CASE_TIMEOUT_MS, runClientCases } from '../check-client/run.ts';
import { defaultDbPath } from '../store/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError, describeFileError } from './errors.ts';
import { openStoreAt } from './open-store.ts';
import type { Output } from './output.ts';
import { protocolOfWord, protocolWord } from './protocol-words.ts';

const BUILT = PROTOCOLS.filter((protocol) => CLIENT_CASES[protocol] !== null);

/** The usage's note on dialects registered without client cases yet; none when every one has them. */
function unbuiltNote(): string {
  const unbuilt = PROTOCOLS.filter((protocol) => !BUILT.includes(protocol));
  return unbuilt.length === 0 ? '' : `\n                           (the cases of ${unbuilt.map(protocolWord).join(' and ')} are not built yet)`;
}

export const CHECK_CLIENT_USAGE = `Usage: streamscope check-client [options] -- COMMAND [ARGS…]

Runs your client against what real servers send: for each case, serves that
case's stream on a loopback mock (every request gets it) and runs COMMAND once
with OPENAI_BASE_URL=http://127.0.0.1:PORT/v1, ANTHROPIC_BASE_URL and
GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:PORT, STREAMSCOPE_BASE_URL (the /v1
one), STREAMSCOPE_CASE=ID and placeholder OPENAI_API_KEY, ANTHROPIC_API_KEY and
GEMINI_API_KEY. COMMAND prints what it
assembled: the text alone, or one JSON object
  {"text": …, "toolCalls": [{"name": …, "arguments": <object or JSON string>}]}
A valid stream must be survived (exit 0, the same text and tool calls), a
broken one detected (a non-zero exit, or {"error": …} printed). Verdicts:
survived, detected (both pass); wrong (exit 0 with another answer, or a broken
stream taken as complete), crashed, hung, no-request (it never called the mock).
docs/client-conformance.md lists every case, what it serves and why.

Which cases:
  --api API                ${BUILT.map(protocolWord).join(', ')} (repeatable; default chat)${unbuiltNote()}
  --only ID,…              Only these cases (e.g. clean,cut-before-done)
  --timeout-s N            Each case's whole time, in seconds (default ${DEFAULT_CASE_TIMEOUT_MS / 1000}); the
                           command's process group is killed at the end of each case
Output:
  --json                   Print the report as JSON instead of the table
  --out FILE.html          Also write the report as one self-contained HTML page
  --db PATH                Database (default: $STREAMSCOPE_DB or ${defaultDbPath()})
  --no-store               Do not store the cases' streams as recordings

Exit codes: 0 every case passed, 1 one did not, 2 bad arguments or a command
that cannot start.`;

export async function checkClientCommand(args: string[], out: Output): Promise<number> {
  const split = args.indexOf('--');
  if (split === -1 || split === args.length - 1) throw new CliError('give the command to check after --, e.g. streamscope check-client -- node client.mjs');
  const argv = args.slice(split + 1);
  const { values } = parseCommandArgs({
    args: args.slice(0, split),
    options: {
      api: { type: 'string', multiple: true },
      only: { type: 'string' },
      'timeout-s': { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      db: { type: 'string' },
      'no-store': { type: 'boolean' },
    },
  });
  const protocols = protocolsOf(values.api ?? []);
  const cases = chosenCases(protocols, values.only);
  const timeoutMs = values['timeout-s'] === undefined ? DEFAULT_CASE_TIMEOUT_MS : seconds(values['timeout-s']);
  const command = commandLine(argv);
  const store = values['no-store'] ? undefined : openStoreAt(values.db ?? defaultDbPath());
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    if (!values.json) out.stdout(`check-client ${command}  ${cases.length} cases (${protocols.map(protocolWord).join(', ')})\n`);
    const run = await runClientCases({
      argv,
      cases,
      timeoutMs,
      ...(store ? { store } : {}),
      signal: abort.signal,
      onResult: (result) => {
        if (!values.json) out.stdout(resultLine(result, out.color) + '\n');
      },
    }).catch((error: unknown) => {
      if (error instanceof CommandNotStarted) throw new CliError(`cannot start the command: ${error.message}`);
      throw error;
    });
    const report = clientReport(command, run.results);
    if (values.json) out.stdout(JSON.stringify(report, null, 2) + '\n');
    else out.stdout('\n' + table(report) + '\n\n' + closing(report, out.color) + '\n');
    if (values.out !== undefined) writeReport(values.out, renderClientReport(report, run.recordings));
    return clientRunFailed(report) ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
    store?.close();
  }
}

/** The dialects asked for; one whose cases are not built yet is refused, never half run. */
function protocolsOf(words: readonly string[]): Protocol[] {
  if (words.length === 0) return ['chat-completions'];
  const protocols: Protocol[] = [];
  for (const word of words) {
    const asked = protocolOfWord(word);
    if (asked === undefined) throw new CliError(`--api takes ${PROTOCOLS.map(protocolWord).join(', ')}, not "${word}"`);
    if (CLIENT_CASES[asked] === null) throw new CliError(`--api ${word}: its client cases are not built yet (built: ${BUILT.map(protocolWord).join(', ')})`);
    if (!protocols.includes(asked)) protocols.push(asked);
  }
  return protocols;
}

function chosenCases(protocols: readonly Protocol[], only: string | undefined): ClientCase[] {
  const all = protocols.flatMap((protocol) => CLIENT_CASES[protocol]!());
  if (only === undefined) return all;
  const ids = only.split(',').map((id) => id.trim()).filter((id) => id !== '');
  const unknown = ids.filter((id) => !all.some((kase) => kase.id === id));
  if (unknown.length > 0) throw new CliError(`--only: no case ${unknown.map((id) => `"${id}"`).join(', ')} (the cases: ${[...new Set(all.map((kase) => kase.id))].join(', ')})`);
  return all.filter((kase) => ids.includes(kase.id));
}

function writeReport(path: string, page: string): void {
  try {
    writeFileSync(path, page);
  } catch (error) {
    throw new CliError(`cannot write --out ${path}: ${describeFileError(error)}`);
  }
}

function seconds(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new CliError(`--timeout-s takes a number of seconds above 0, not "${text}"`);
  return value * 1000;
}

const VERDICT_STYLE: Readonly<Record<ClientVerdict, Parameters<typeof styleText>[0]>> = {
  survived: 'green',
  detected: 'green',
  wrong: ['red', 'bold'],
  crashed: 'red',
  hung: 'yellow',
  'no-request': 'magenta',
};
const COLUMNS: readonly ClientVerdict[] = ['survived', 'detected', 'wrong', 'crashed', 'hung', 'no-request'];

/** One line a case, as it finishes: its verdict, its dialect and id, and why. */
function resultLine(result: ClientCaseResult, color: boolean): string {
  const verdict = result.verdict.padEnd(10);
  const recording = result.recordingId === null ? '' : `  (recording ${result.recordingId})`;
  return `${color ? styleText(VERDICT_STYLE[result.verdict], verdict) : verdict} ${`${protocolWord(result.protocol)} ${result.id}`.padEnd(33)} ${result.summary}${recording}`;
}

/** The verdicts by dialect, then in all. */
function table(report: ClientReport): string {
  const apis = [...new Set(report.cases.map((result) => result.api))];
  const rows = apis.map((api) => [api, ...COLUMNS.map((verdict) => report.cases.filter((result) => result.api === api && result.verdict === verdict).length)]);
  rows.push(['all', ...COLUMNS.map((verdict) => report.counts[verdict])]);
  const line = (cells: readonly (string | number)[]): string => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(10) : String(cell).padStart(11))).join('');
  return [line(['api', ...COLUMNS]), ...rows.map(line)].join('\n');
}

/** The last line: how many passed, and the wrong ones named, loudly. */
function closing(report: ClientReport, color: boolean): string {
  const passed = report.cases.filter((result) => PASSING.has(result.verdict)).length;
  const wrong = report.cases.filter((result) => result.verdict === 'wrong');
  const line = `${passed} of ${report.cases.length} cases pass.`;
  if (wrong.length === 0) return line;
  const loud = `WRONG (a clean exit with the wrong answer): ${wrong.map((result) => `${result.api} ${result.id}`).join(', ')}`;
  return `${line}\n${color ? styleText(['red', 'bold'], loud) : loud}`;
}
