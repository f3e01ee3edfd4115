// Gateway mode's runner (issue 29, "Gateway mode"): sends each gateway scenario of each dialect
// to the upstream directly and through the gateway, one after the other, records both (stored as
// `gateway API.SCENARIO direct` and `… via` when a store is given) and compares them
// (shared/conformance/gateway/). The upstream is the simulator, started here at real pace
// (time scale 1) unless one is given, so that what a gateway does to delivery and timing shows
// in the read times. A gateway that nothing answers on is reported as such after its first try.

import { compareThroughGateway } from '../../../shared/conformance/gateway/compare.ts';
import type { GatewayComparison } from '../../../shared/conformance/gateway/compare.ts';
import { change } from '../../../shared/conformance/gateway/catalogue.ts';
import type { GatewayChange } from '../../../shared/conformance/gateway/catalogue.ts';
import { gatewayReport } from '../../../shared/conformance/gateway/report.ts';
import type { GatewayReport, GatewayScenarioResult } from '../../../shared/conformance/gateway/report.ts';
import { descriptorOf, PROTOCOLS } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { endpointUrl, withProtocolHeaders } from '../recorder/profiles.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Store } from '../store/index.ts';
import { cutWords, recordBounded } from './bounded-record.ts';
import type { BoundedRecording, BoundedRequest } from './bounded-record.ts';
import { DEFAULT_CHECK_MAX_BYTES, DEFAULT_CHECK_TIMEOUT_MS } from './run.ts';
import { gatewayScenarios } from './gateway-scenarios.ts';
import type { GatewayScenario } from './gateway-scenarios.ts';

/** The simulator's pace when gateway mode starts it: real time, so that a gateway's buffering and delay are in the read times. */
export const GATEWAY_TIME_SCALE = 1;

/** Written in a gateway header's value, replaced by the upstream's URL (`x-portkey-custom-host: {upstream}`). */
export const UPSTREAM_PLACEHOLDER = '{upstream}';

export interface GatewayCheckOptions {
  /** The gateway's base URL up to /v1: each dialect's path goes after it. */
  readonly gatewayUrl: string;
  /** Sent through the gateway only; `{upstream}` in a value is the upstream's URL. Their values are secrets: stored redacted. */
  readonly gatewayHeaders?: Readonly<Record<string, string>>;
  /** A simulator already running (its base URL up to /v1); none: one is started for the run. */
  readonly upstreamUrl?: string;
  /** The dialects (default every one). */
  readonly protocols?: readonly Protocol[];
  /** Only these scenarios (`text`, `crlf` …). */
  readonly scenarios?: readonly string[];
  /** Each request's whole time. */
  readonly timeoutMs?: number;
  readonly maxBodyBytes?: number;
  /** Time the gateway may add before it is `delay-added` (default DELAY_ADDED_MS). */
  readonly delayAddedMs?: number;
  /** The started simulator's time scale (default GATEWAY_TIME_SCALE). */
  readonly timeScale?: number;
  readonly store?: Store;
  readonly signal?: AbortSignal;
  /** Each scenario as it is compared. */
  readonly onScenario?: (result: GatewayScenarioResult) => void;
}

export interface GatewayRun extends GatewayReport {
  /** Which could not be reached at all, the gateway or the upstream given, and why (`the gateway URL: …`): its first request got no response; null when both answered. */
  readonly unreachable: string | null;
}

export async function runGatewayCheck(options: GatewayCheckOptions): Promise<GatewayRun> {
  const simulator = options.upstreamUrl === undefined ? await startSimulator({ port: 0, timeScale: options.timeScale ?? GATEWAY_TIME_SCALE }) : undefined;
  const upstream = options.upstreamUrl ?? simulator!.url;
  const report = (results: readonly GatewayScenarioResult[], unreachable: string | null): GatewayRun => ({ ...gatewayReport(redactUrl(options.gatewayUrl), redactUrl(upstream), results), unreachable });
  try {
    const results: GatewayScenarioResult[] = [];
    for (const scenario of gatewayScenarios(options.protocols ?? PROTOCOLS, options.scenarios)) {
      if (options.signal?.aborted) break;
      const outcome = await runScenario(scenario, upstream, options);
      // Nothing answered on the gateway's first request: the rest would only say so again.
      if ('unreachable' in outcome && results.length === 0) return report([], outcome.unreachable);
      const result = 'unreachable' in outcome ? outcome.result : outcome;
      results.push(result);
      options.onScenario?.(result);
    }
    return report(results, null);
  } finally {
    await simulator?.close();
  }
}

type Outcome = GatewayScenarioResult | { readonly unreachable: string; readonly result: GatewayScenarioResult };

async function runScenario(scenario: GatewayScenario, upstream: string, options: GatewayCheckOptions): Promise<Outcome> {
  const api = descriptorOf(scenario.protocol).word;
  const name = `gateway ${api}.${scenario.id}`;
  const bounds = { timeoutMs: options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS, maxBodyBytes: options.maxBodyBytes ?? DEFAULT_CHECK_MAX_BYTES, ...(options.store ? { store: options.store } : {}), ...(options.signal ? { signal: options.signal } : {}) };
  const gatewayHeaders = Object.fromEntries(Object.entries(options.gatewayHeaders ?? {}).map(([key, value]) => [key, value.replaceAll(UPSTREAM_PLACEHOLDER, upstream)]));
  const silent = (recording: BoundedRecording): boolean => recording.recorded.analysis.recording.response === null && recording.cut === null;
  const why = (recording: BoundedRecording): string => recording.recorded.analysis.recording.end?.error ?? 'no response';
  const direct = await recordBounded({ ...bounds, url: urlOf(upstream, scenario.protocol, scenario.model), headers: withProtocolHeaders(scenario.protocol), body: scenario.body, name: `${name} direct`, source: 'check' });
  // An upstream that does not answer leaves nothing to compare the gateway's stream with.
  if (silent(direct)) return { unreachable: `the upstream ${redactUrl(upstream)}: ${why(direct)}`, result: { id: scenario.id, api, direct: direct.recorded.id, via: null, changes: [change('cut-short', `Directly, no response came (${why(direct)}): nothing to compare.`)] } };
  const via = await recordBounded({
    ...bounds,
    url: urlOf(options.gatewayUrl, scenario.protocol, scenario.model),
    headers: withProtocolHeaders(scenario.protocol, gatewayHeaders),
    // What a gateway header carries (a key, a config naming one) is kept out of the store.
    secretHeaders: Object.keys(gatewayHeaders),
    body: scenario.body,
    name: `${name} via`,
    source: 'check',
  });
  const result: GatewayScenarioResult = { id: scenario.id, api, direct: direct.recorded.id, via: via.recorded.id, changes: changesOf(direct, via, bounds, options.delayAddedMs === undefined ? {} : { delayAddedMs: options.delayAddedMs }) };
  return silent(via) ? { unreachable: `the gateway ${redactUrl(options.gatewayUrl)}: ${why(via)}`, result } : result;
}

function changesOf(direct: BoundedRecording, via: BoundedRecording, bounds: Pick<BoundedRequest, 'timeoutMs' | 'maxBodyBytes'>, delay: GatewayComparison): GatewayChange[] {
  const cuts = [direct.cut === null ? null : `Directly, ${cutWords(direct.cut, bounds)}: the request was cut`, via.cut === null ? null : `Through the gateway, ${cutWords(via.cut, bounds)}: the request was cut`].filter((said) => said !== null);
  // A cut stream is compared no further: what came after the cut is unknown.
  if (cuts.length > 0) return [change('cut-short', `${cuts.join('; ')}.`)];
  return compareThroughGateway(direct.recorded.analysis, via.recorded.analysis, delay);
}

function urlOf(base: string, protocol: Protocol, model: string): string {
  const url = endpointUrl(base, protocol, model);
  if (url === null) throw new RangeError(`runGatewayCheck: ${JSON.stringify(redactUrl(base))} is not a URL`);
  return url.href;
}
