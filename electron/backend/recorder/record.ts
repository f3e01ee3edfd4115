// Records one streamed request, in whichever dialect its URL and body speak: performs the
// exchange and keeps it as a live recording (live-recording.ts: every read and event to the store and
// the analysis as it arrives). Secrets are redacted before anything is kept.

import { protocolFromPath } from '../../../shared/dialects/detect.ts';
import { descriptorOf } from '../../../shared/dialects/registry.ts';
import type { AnalyzedEvent, RecordedRequest, RecordedResponse, RecordingSource } from '../../../shared/index.ts';
import { secretsToMask } from '../../../shared/recording/secrets/echoes.ts';
import { redactHeaders, redactUrl } from '../../../shared/recording/secrets/redact.ts';
import type { Store } from '../store/index.ts';
import { performExchange } from './exchange.ts';
import type { ExchangeTimeouts } from './exchange.ts';
import { beginLiveRecording } from './live-recording.ts';
import { watchLoopLag } from '../proxy/loop-lag.ts';
import type { LiveRecordingResult } from './live-recording.ts';

export interface RecordOptions {
  /** The full endpoint URL (…/chat/completions, …/responses, …/messages): its path tells the analysis the dialect. */
  readonly url: string;
  /** Sent as given; stored redacted. */
  readonly headers: Readonly<Record<string, string>>;
  /** More header names that are secrets (`--redact-header`), in the request and the response. */
  readonly secretHeaders?: readonly string[];
  /** The JSON request body; `stream: true` is sent, but to a dialect whose endpoint streams by itself (its descriptor's `streamMember`, Bedrock's). */
  readonly body: Record<string, unknown>;
  readonly timeouts?: Partial<ExchangeTimeouts>;
  readonly signal?: AbortSignal;
  readonly name?: string;
  /** Default 'live'; 'check' for a conformance run's request. */
  readonly source?: RecordingSource;
  readonly tags?: readonly string[];
  /** Where to keep the recording as it arrives. */
  readonly store?: Store;
  /** Body bytes analysed in memory; past this the store keeps recording but the analysis stops (bounded memory). */
  readonly maxAnalysisBytes?: number;
  /** Body bytes kept (default DEFAULT_MAX_RECORDING_BYTES, the import's limit); past it the exchange goes on and the recording's end says it was truncated. */
  readonly maxRecordingBytes?: number;
  /** The `performance.now()` that t = 0 stands for (to line the stamps up with another clock); by default, when the request is sent. */
  readonly clockOrigin?: number;
  /** Called once, before the request is sent, with what will be stored of it (and its id in the store, when there is one). */
  readonly onStart?: (start: { readonly startedAt: string; readonly request: RecordedRequest; readonly id: number | null }) => void;
  readonly onResponse?: (response: RecordedResponse) => void;
  readonly onRead?: (t: number, bytes: Uint8Array) => void;
  readonly onEvent?: (event: AnalyzedEvent) => void;
}

export type RecordResult = LiveRecordingResult;

export const DEFAULT_TIMEOUTS: ExchangeTimeouts = { firstByteMs: 60_000, idleMs: 120_000 };

export async function recordStream(options: RecordOptions): Promise<RecordResult> {
  const startedAt = new Date().toISOString();
  const protocol = protocolFromPath(options.url);
  const body = protocol !== null && descriptorOf(protocol).streamMember === false ? { ...options.body } : { ...options.body, stream: true };
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream', ...options.headers };
  const request: RecordedRequest = { method: 'POST', url: redactUrl(options.url), headers: redactHeaders(headers, options.secretHeaders), body };

  const live = beginLiveRecording({
    startedAt,
    request,
    secrets: secretsToMask(options.url, headers, options.secretHeaders),
    ...(options.secretHeaders ? { secretHeaders: options.secretHeaders } : {}),
    store: options.store,
    name: options.name,
    ...(options.source ? { source: options.source } : {}),
    ...(options.tags ? { tags: options.tags } : {}),
    maxAnalysisBytes: options.maxAnalysisBytes,
    ...(options.maxRecordingBytes === undefined ? {} : { maxRecordingBytes: options.maxRecordingBytes }),
    onRead: options.onRead ? (t, bytes) => options.onRead!(t!, bytes) : undefined,
    onEvent: options.onEvent,
  });
  // Our own event loop blocked (a loaded machine, GC) gathers a fast stream's reads into one, stamped
  // when it comes back: a burst the buffering check would blame on the server. Watched on the
  // exchange's clock, the stalls go into the recording.
  const t0 = options.clockOrigin ?? performance.now();
  const lag = watchLoopLag(t0);
  // Whatever fails once the recording is begun, it ends (as an error) and can be deleted: never left 'recording'.
  try {
    options.onStart?.({ startedAt, request, id: live.id });
    const end = await performExchange(
      { method: 'POST', url: options.url, headers, body: JSON.stringify(body) },
      { ...DEFAULT_TIMEOUTS, ...options.timeouts },
      {
        response(res) {
          const kept = live.response(res);
          options.onResponse?.(kept);
        },
        read(t, bytes) {
          live.read(t, bytes);
        },
      },
      options.signal,
      t0,
    );
    return live.finish({ t: end.t, outcome: end.outcome, ...(end.error ? { error: end.error } : {}) }, undefined, lag.stop());
  } catch (caught) {
    live.fail(caught);
    throw caught;
  } finally {
    lag.stop();
  }
}
