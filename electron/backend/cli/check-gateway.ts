// `streamscope check --gateway URL …`: what a gateway changes in a stream that passes through it
// (issue 29, "Gateway mode"). Each simulator scenario is sent directly and through the gateway,
// both recorded, and the two compared (electron/backend/check/gateway.ts); a live line a
// scenario, then a table, or the report as JSON.

import { styleText } from 'node:util';
import { DELAY_ADDED_MS } from '../../../shared/conformance/gateway/catalogue.ts';
import type { GatewayReport, GatewayScenarioResult } from '../../../shared/conformance/gateway/report.ts';
import { gatewayRunFailed } from '../../../shared/conformance/gateway/report.ts';
import type { Severity } from '../../../shared/findings/finding.ts';
import { plural } from '../../../shared/findings/words.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { DEFAULT_CHECK_TIMEOUT_MS } from '../check/run.ts';
import { GATEWAY_SCENARIOS } from '../check/gateway-scenarios.ts';
import { GATEWAY_TIME_SCALE, UPSTREAM_PLACEHOLDER, runGatewayCheck } from '../check/gateway.ts';
import { defaultDbPath } from '../store/index.ts';
import { parseCommandArgs } from './args.ts';
import { CliError } from './errors.ts';
import { openStoreAt } from './open-store.ts';
import type { Output } from './output.ts';
import { protocolOfWord, protocolWordList } from './protocol-words.ts';
import { headersFrom } from './request-args.ts';

export const GATEWAY_USAGE = `Usage: streamscope check --gateway URL [options]

What does a gateway change in a stream that passes through it? Sends each
simulator scenario (${GATEWAY_SCENARIOS.join(', ')})
of each API directly to the upstream and through the gateway, records both, and
says per scenario what changed: bytes, ids, the end event, usage, delivery
(buffered, re-chunked, head held back), the ending (a reset made a clean end)
and the time added. docs/conformance.md, "Gateway mode", lists every change.

  --gateway URL            The gateway's base URL, up to /v1
  --gateway-header 'K: V'  Sent through the gateway only (repeatable); ${UPSTREAM_PLACEHOLDER} in
                           a value is the upstream's URL, e.g.
                           'x-portkey-custom-host: ${UPSTREAM_PLACEHOLDER}'. Stored redacted
  --upstream URL           A simulator already running (streamscope simulate),
                           up to /v1. Default: one is started, at real pace (time scale ${GATEWAY_TIME_SCALE})
  --api API                ${protocolWordList()}; repeatable. Default: all of them
  --only NAME,…            Only these scenarios
  --timeout-s N            Each request's whole time, in seconds (default ${DEFAULT_CHECK_TIMEOUT_MS / 1000})
  --delay-ms N             Time the gateway may add to the first byte or the end
                           before it is delay-added (default ${DELAY_ADDED_MS})
  --json                   Print the report as JSON instead of the table
  --fail-on LEVEL          error (default: exit 1 when a change is an error) or
                           warning (also when one is a warning)
  --db PATH                Database (default: $STREAMSCOPE_DB or ${defaultDbPath()})
  --no-store               Do not store the recordings

Exit codes: 0 no change of the failing level, 1 one, 2 bad arguments or a
gateway that could not be reached at all.`;

/** `check --gateway URL …` is gateway mode: the other options are its own. */
export function isGatewayCommand(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--gateway' || arg.startsWith('--gateway='));
}

export async function gatewayCommand(args: string[], out: Output): Promise<number> {
  const { values } = parseCommandArgs({
    args,
    options: {
      gateway: { type: 'string' },
      'gateway-header': { type: 'string', multiple: true },
      upstream: { type: 'string' },
      api: { type: 'string', multiple: true },
      only: { type: 'string' },
      'timeout-s': { type: 'string' },
      'delay-ms': { type: 'string' },
      json: { type: 'boolean' },
      'fail-on': { type: 'string' },
      db: { type: 'string' },
      'no-store': { type: 'boolean' },
    },
  });
  if (values.gateway === undefined) throw new CliError('give --gateway URL (see --help)');
  const gatewayUrl = httpUrl('--gateway', values.gateway);
  const upstreamUrl = values.upstream === undefined ? undefined : httpUrl('--upstream', values.upstream);
  const failOn = values['fail-on'] ?? 'error';
  if (failOn !== 'error' && failOn !== 'warning') throw new CliError(`--fail-on takes "error" or "warning", not "${failOn}"`);
  const timeoutMs = values['timeout-s'] === undefined ? DEFAULT_CHECK_TIMEOUT_MS : seconds(values['timeout-s']);
  const delayAddedMs = values['delay-ms'] === undefined ? undefined : milliseconds(values['delay-ms']);
  const protocols = protocolsOf(values.api ?? []);
  const scenarios = scenariosOf(values.only);
  const gatewayHeaders = gatewayHeadersFrom(values['gateway-header'] ?? []);

  const store = values['no-store'] ? undefined : openStoreAt(values.db ?? defaultDbPath());
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    if (!values.json) out.stdout(`check --gateway ${redactUrl(gatewayUrl)}  upstream ${upstreamUrl === undefined ? 'the simulator' : redactUrl(upstreamUrl)}\n`);
    const run = await runGatewayCheck({
      gatewayUrl,
      gatewayHeaders,
      ...(upstreamUrl === undefined ? {} : { upstreamUrl }),
      protocols,
      ...(scenarios === undefined ? {} : { scenarios }),
      timeoutMs,
      ...(delayAddedMs === undefined ? {} : { delayAddedMs }),
      ...(store ? { store } : {}),
      signal: abort.signal,
      onScenario: (result) => {
        if (!values.json) out.stdout(scenarioLine(result, out.color) + '\n');
      },
    });
    if (run.unreachable !== null) {
      out.stderr(`streamscope check: could not reach ${run.unreachable}\n`);
      return 2;
    }
    const report: GatewayReport = { gateway: run.gateway, upstream: run.upstream, scenarios: run.scenarios, counts: run.counts };
    if (values.json) out.stdout(JSON.stringify(report, null, 2) + '\n');
    else out.stdout('\n' + table(report) + '\n');
    return gatewayRunFailed(report, failOn) ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
    store?.close();
  }
}

function httpUrl(flag: string, text: string): string {
  let url: URL | null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new CliError(`${flag} must be an http or https URL, not ${redactUrl(text)}`);
  return text;
}

/** `--gateway-header` as `--header` reads it, its errors naming the flag given. */
function gatewayHeadersFrom(pairs: readonly string[]): Record<string, string> {
  try {
    return headersFrom(pairs);
  } catch (error) {
    if (error instanceof CliError) throw new CliError(error.message.replace(/^--header/, '--gateway-header'));
    throw error;
  }
}

function protocolsOf(words: readonly string[]): Protocol[] {
  if (words.length === 0) return [...PROTOCOLS];
  const protocols: Protocol[] = [];
  for (const word of words) {
    const asked = protocolOfWord(word);
    if (asked === undefined) throw new CliError(`--api takes ${protocolWordList()}, not "${word}"`);
    if (!protocols.includes(asked)) protocols.push(asked);
  }
  return protocols;
}

function scenariosOf(only: string | undefined): string[] | undefined {
  if (only === undefined) return undefined;
  const names = only.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !(GATEWAY_SCENARIOS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) throw new CliError(`--only: no scenario ${unknown.map((name) => `"${name}"`).join(', ') || '(none given)'} (the scenarios: ${GATEWAY_SCENARIOS.join(', ')})`);
  return names;
}

function seconds(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new CliError(`--timeout-s takes a number of seconds above 0, not "${text}"`);
  return value * 1000;
}

const SEVERITY_STYLE: Readonly<Record<Severity, Parameters<typeof styleText>[0]>> = { error: 'red', warning: 'yellow', info: 'dim' };

/** The worst severity of a scenario's changes, as its word in the live line. */
function verdictOf(result: GatewayScenarioResult): 'same' | Severity {
  for (const severity of ['error', 'warning', 'info'] as const) if (result.changes.some((found) => found.severity === severity)) return severity;
  return 'same';
}

/** One line a scenario, as it is compared: its worst change, its name, each change's code, and the two recordings. */
function scenarioLine(result: GatewayScenarioResult, color: boolean): string {
  const verdict = verdictOf(result);
  const word = verdict.padEnd(7);
  const shown = color && verdict !== 'same' ? styleText(SEVERITY_STYLE[verdict], word) : word;
  const changes = result.changes.length === 0 ? 'no change' : result.changes.map((found) => found.code).join(', ');
  const recordings = result.direct === null ? '' : `  (recordings ${result.direct} direct, ${result.via} via)`;
  return `${shown} ${`${result.api}.${result.id}`.padEnd(26)} ${changes}${recordings}`;
}

/** Each change in full, a scenario after another, then the counts. */
function table(report: GatewayReport): string {
  const rows = report.scenarios.flatMap((result) => result.changes.map((found) => `${`${result.api}.${result.id}`.padEnd(26)} ${found.severity.padEnd(8)} ${found.code.padEnd(15)} ${found.message}`));
  const { scenarios, unchanged, error, warning, info } = report.counts;
  const counts = `${plural(scenarios, 'scenario')}, ${unchanged} unchanged; changes: ${error} error, ${warning} warning, ${info} info`;
  return [...(rows.length === 0 ? ['No scenario changed through the gateway.'] : [`${'scenario'.padEnd(26)} ${'severity'.padEnd(8)} ${'change'.padEnd(15)} what`, ...rows]), '', counts].join('\n');
}

function milliseconds(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new CliError(`--delay-ms takes a whole number of milliseconds, not "${text}"`);
  return value;
}
