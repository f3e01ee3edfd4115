// `streamscope check …`: judges a whole endpoint with the server battery of every dialect it
// serves (shared/conformance/server/), one streamed request a check (or N at once), each exchange
// stored as a recording and the run stored too (electron/backend/check/stored-run.ts);
// `check --runs` and `check --compare` read the stored runs (./check-runs.ts).

import { writeFileSync } from 'node:fs';
import { renderCheckReport } from '../../../shared/conformance/server/html.ts';
import { checkReport, runFailed } from '../../../shared/conformance/server/report.ts';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { headerValueProblem } from '../../../shared/recording/header-field.ts';
import { redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { DEFAULT_CHECK_RUN_TIMEOUT_MS, DEFAULT_CHECK_TIMEOUT_MS, MAX_CHECK_CONCURRENCY, runChecks } from '../check/run.ts';
import type { CheckRun, CheckRunOptions } from '../check/run.ts';
import { startStoredRun } from '../check/stored-run.ts';
import { endpointUrl, findProfile, keyAuthFor, keyHeader, PROFILES, protocolFor } from '../recorder/profiles.ts';
import type { Profile } from '../recorder/profiles.ts';
import { simulatorModelOf, startSimulator } from '../simulator/index.ts';
import { defaultDbPath } from '../store/index.ts';
import { parseCommandArgs } from './args.ts';
import { CHECK_RUNS_USAGE, checkRunsCommand, isCheckRunsCommand } from './check-runs.ts';
import { GATEWAY_USAGE, gatewayCommand, isGatewayCommand } from './check-gateway.ts';
import { CliError, describeFileError } from './errors.ts';
import { resultLine, table } from './check-lines.ts';
import { openStoreAt } from './open-store.ts';
import type { Output } from './output.ts';
import { protocolOfWord, protocolWord, protocolWordList } from './protocol-words.ts';
import { apiKey, headersFrom } from './request-args.ts';

export const CHECK_USAGE = `Usage: streamscope check [options]

Judges a whole endpoint: sends the server battery of every dialect it serves
(a streamed request a check), records each exchange, and says of each check
pass, warn, fail or skip, with the rule it broke and the recording behind it.
docs/conformance.md lists every check, what it sends and why it expects what
it does.

Where to send it:
  --profile NAME           ${PROFILES.map((profile) => profile.name).join(', ')}
                           ("simulator" starts the built-in simulator)
  --base-url URL           Base URL up to /v1 (each API's path goes after it)
  --api API                ${protocolWordList()}; repeatable. Default: the
                           profile's, else all of them. An API the server
                           answers 404 for is skipped, not failed
  --model M                Model every check asks for (default: the profile's)
  --header 'NAME: VALUE'   Extra header (repeatable)
Key (never echoed, stored redacted; sent as the profile sends it):
  --api-key-env VAR        Read the key from this environment variable
  --api-key-file FILE      Read the key from a file
  --api-key KEY            The key itself (visible to other users in ps)
Which checks:
  --only ID,…              Only these checks (e.g. chat.text,chat.usage)
  --timeout-s N            Each request's whole time, in seconds (default ${DEFAULT_CHECK_TIMEOUT_MS / 1000})
  --total-timeout-s N      The whole run's time, in seconds (default ${DEFAULT_CHECK_RUN_TIMEOUT_MS / 1000}): past
                           it nothing more is sent, and a request under way fails
  --concurrency N          Requests at once, 1 to ${MAX_CHECK_CONCURRENCY} (default 1: a rate-limited
                           server is not flooded); verdicts print as they finish
Output:
  --json                   Print the report as JSON instead of the table
  --out FILE.html          Also write the report as one self-contained HTML page: a
                           matrix of checks by API, each check's rules and stream
  --fail-on LEVEL          error (default: exit 1 when a check fails) or
                           warning (also when one warns)
  --db PATH                Database (default: $STREAMSCOPE_DB or ${defaultDbPath()})
  --no-store               Do not store the run nor its recordings (each run is
                           stored, its recordings tagged check-run:ID; --json's
                           report carries its "runId")

Exit codes: 0 no check failed, 1 one did, 2 bad arguments or an endpoint that
could not be reached at all.

${CHECK_RUNS_USAGE}

${GATEWAY_USAGE}`;

export async function checkCommand(args: string[], out: Output): Promise<number> {
  if (isCheckRunsCommand(args)) return checkRunsCommand(args, out);
  if (isGatewayCommand(args)) return gatewayCommand(args, out);
  const { values } = parseCommandArgs({
    args,
    options: {
      profile: { type: 'string' },
      'base-url': { type: 'string' },
      api: { type: 'string', multiple: true },
      model: { type: 'string' },
      header: { type: 'string', multiple: true },
      'api-key-env': { type: 'string' },
      'api-key-file': { type: 'string' },
      'api-key': { type: 'string' },
      only: { type: 'string' },
      'timeout-s': { type: 'string' },
      'total-timeout-s': { type: 'string' },
      concurrency: { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      'fail-on': { type: 'string' },
      db: { type: 'string' },
      'no-store': { type: 'boolean' },
    },
  });
  const profile = values.profile === undefined ? undefined : findProfile(values.profile);
  if (values.profile !== undefined && !profile) throw new CliError(`unknown profile "${values.profile}" (one of ${PROFILES.map((p) => p.name).join(', ')})`);
  const failOn = values['fail-on'] ?? 'error';
  if (failOn !== 'error' && failOn !== 'warning') throw new CliError(`--fail-on takes "error" or "warning", not "${failOn}"`);
  const timeoutMs = values['timeout-s'] === undefined ? DEFAULT_CHECK_TIMEOUT_MS : seconds('--timeout-s', values['timeout-s']);
  const runTimeoutMs = values['total-timeout-s'] === undefined ? DEFAULT_CHECK_RUN_TIMEOUT_MS : seconds('--total-timeout-s', values['total-timeout-s']);
  const concurrency = values.concurrency === undefined ? 1 : requestsAtOnce(values.concurrency);
  const protocols = protocolsOf(values.api ?? [], profile);
  const checks = chosenChecks(protocols, values.only);
  const simulated = profile?.name === 'simulator' && values['base-url'] === undefined;
  const model = values.model ?? (simulated ? null : profile?.defaultModel) ?? null;
  if (model === null && !simulated) throw new CliError('give --model M');
  const headers = headersFrom(values.header ?? []);
  const key = apiKey(values, profile);
  if (key !== null) {
    const problem = headerValueProblem(key);
    if (problem !== null) throw new CliError(`the API key ${problem} (it is sent in a header)`);
  }

  const simulator = simulated ? await startSimulator({ port: 0, timeScale: 0 }) : undefined;
  const baseUrl = values['base-url'] ?? simulator?.url ?? profile?.baseUrl ?? null;
  if (baseUrl === null) {
    await simulator?.close();
    throw new CliError(profile?.note ? `profile ${profile.name}: ${profile.note}` : 'give --profile NAME or --base-url URL (see --help)');
  }
  const url = endpointUrl(baseUrl, protocols[0]!, '');
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    await simulator?.close();
    throw new CliError(`--base-url must be an http or https URL, not ${redactUrl(baseUrl)}`);
  }
  const store = values['no-store'] ? undefined : openStoreAt(values.db ?? defaultDbPath());
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    if (!values.json) out.stdout(`check ${redactUrl(baseUrl)}  ${model === null ? "each check's simulator scenario" : `model ${model}`}  ${checks.length} checks\n`);
    const options: CheckRunOptions = {
      baseUrl,
      checks,
      // The simulator answers by the scenario its model names: each check gets the one a faithful server would answer with.
      model: model ?? ((check) => simulatorModelOf(check.id)),
      // The key goes the way each dialect's SDK sends it (or the profile's), so it is added per request.
      headers,
      keyHeaders: key === null ? undefined : (protocol) => keyHeader(keyAuthFor(profile, protocol), key),
      timeoutMs,
      runTimeoutMs,
      concurrency,
      signal: abort.signal,
      onResult: (result) => {
        if (!values.json) out.stdout(resultLine(result, out.color) + '\n');
      },
    };
    let runId: number | null = null;
    let run: CheckRun;
    if (store) {
      const stored = startStoredRun({ ...options, store, target: { model, profile: profile?.name ?? null, protocols } });
      runId = stored.begun.id;
      run = (await stored.finished).run;
    } else {
      run = await runChecks(options);
    }
    const report = checkReport({ baseUrl: redactUrl(baseUrl), model }, protocols, run.results);
    if (values.json) out.stdout(JSON.stringify({ runId, ...report }, null, 2) + '\n');
    else out.stdout('\n' + table(report) + '\n' + (runId === null ? '' : `\nstored as run ${runId} (streamscope check --run ${runId} shows it again, --compare ${runId} LATER compares a later one)\n`));
    if (values.out !== undefined) writeReport(values.out, renderCheckReport(report, run.recordings));
    if (run.unreachable) {
      out.stderr(`streamscope check: could not reach ${redactUrl(baseUrl)}: ${run.results[0]?.summary ?? 'no answer'}\n`);
      return 2;
    }
    return runFailed(report, failOn) ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
    store?.close();
    await simulator?.close();
  }
}

/** The dialects asked for (`--api`, repeatable), which the profile must serve; else the profile's, else every one. */
function protocolsOf(words: readonly string[], profile: Profile | undefined): Protocol[] {
  if (words.length === 0) return [...(profile?.protocols ?? PROTOCOLS)];
  const protocols: Protocol[] = [];
  for (const word of words) {
    const asked = protocolOfWord(word);
    if (asked === undefined) throw new CliError(`--api takes ${protocolWordList()}, not "${word}"`);
    if (protocolFor(profile, asked) === null) throw new CliError(`profile ${profile!.name} serves --api ${profile!.protocols.map(protocolWord).join(' and ')} only, not ${word}`);
    if (!protocols.includes(asked)) protocols.push(asked);
  }
  return protocols;
}

function chosenChecks(protocols: readonly Protocol[], only: string | undefined) {
  const battery = protocols.flatMap((protocol) => SERVER_BATTERIES[protocol]);
  if (only === undefined) return battery;
  const ids = only.split(',').map((id) => id.trim()).filter((id) => id !== '');
  const known = new Set(PROTOCOLS.flatMap((protocol) => SERVER_BATTERIES[protocol]).map((check) => check.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new CliError(`--only: no check ${unknown.map((id) => `"${id}"`).join(', ')} (the checks: ${[...known].join(', ')})`);
  const chosen = battery.filter((check) => ids.includes(check.id));
  if (chosen.length === 0) throw new CliError(`--only names no check of --api ${protocols.map(protocolWord).join(', ')}`);
  return chosen;
}

function writeReport(path: string, page: string): void {
  try {
    writeFileSync(path, page);
  } catch (error) {
    throw new CliError(`cannot write --out ${path}: ${describeFileError(error)}`);
  }
}

function seconds(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new CliError(`${flag} takes a number of seconds above 0, not "${text}"`);
  return value * 1000;
}

function requestsAtOnce(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > MAX_CHECK_CONCURRENCY) throw new CliError(`--concurrency takes a whole number from 1 to ${MAX_CHECK_CONCURRENCY}, not "${text}"`);
  return value;
}
