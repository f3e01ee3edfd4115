// The analysis contract (DESIGN.md, "Analysis contract"): what
// `streamscope inspect FILE --json` prints, and what fixtures are compared with.

import { relayMetrics } from '../capture/relay-metrics.ts';
import type { RelayMetrics } from '../capture/relay-metrics.ts';
import type { CaptureInfo } from '../capture/types.ts';
import type { ChoiceMessage } from '../chunks/message.ts';
import type { Analysis } from './analyze.ts';
import type { Severity } from './diagnostics/catalogue.ts';
import type { Metrics } from './metrics.ts';

export interface AnalysisContract {
  id: string | null;
  model: string | null;
  created: number | null;
  system_fingerprint: string | null;
  choices: ChoiceMessage[];
  usage: Record<string, unknown> | null;
  counts: { events: number; chunks: number; reads: number; bytes: number };
  metrics: Metrics | null;
  diagnostics: { code: string; severity: Severity; message: string; hint: string; events: number[]; reads?: number[] }[];
  /** A recording the capture proxy made: where it came from, what the proxy changed, and the delay it added (relay-metrics.ts). */
  capture?: CaptureContract;
}

export interface CaptureContract {
  session: string;
  upstream: string;
  client: CaptureInfo['client'];
  changed: readonly string[];
  served_by: CaptureInfo['servedBy'];
  relay: RelayMetrics | null;
}

export function captureContract(capture: CaptureInfo): CaptureContract {
  return {
    session: capture.session,
    upstream: capture.upstream,
    client: capture.client,
    changed: capture.changed,
    served_by: capture.servedBy,
    relay: capture.relay ? relayMetrics(capture.relay) : null,
  };
}

/**
 * The counts every recording has: events (comments included, those past the analysis bound too),
 * chunks (analysed events whose data is a JSON chunk), reads, body bytes.
 */
export function countsOf({ events, stats }: Pick<Analysis, 'events' | 'stats'>): AnalysisContract['counts'] {
  return { events: stats.events, chunks: events.filter((event) => event.interpretation.meta !== null).length, reads: stats.reads, bytes: stats.bytes };
}

export function toContract(analysis: Analysis): AnalysisContract {
  const { identity } = analysis;
  return {
    ...identity,
    choices: analysis.choices,
    usage: analysis.state.usage ? { ...analysis.state.usage } : null,
    counts: countsOf(analysis),
    metrics: analysis.metrics,
    diagnostics: analysis.diagnostics.map((diagnostic) => ({
      code: diagnostic.code,
      severity: diagnostic.severity,
      message: diagnostic.message,
      hint: diagnostic.hint,
      events: [...diagnostic.events],
      ...(diagnostic.reads ? { reads: [...diagnostic.reads] } : {}),
    })),
    ...(analysis.recording.capture ? { capture: captureContract(analysis.recording.capture) } : {}),
  };
}
