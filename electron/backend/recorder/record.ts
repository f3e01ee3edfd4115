// Records one streamed chat completion: performs the exchange, analyses it
// live with the core (the fold over reads), and hands every read and event to
// the store as it arrives. Secrets are redacted before anything is kept.

import { createStreamAnalyzer, finishAnalysis } from '../../../shared/index.ts';
import type { AnalyzedEvent, Analysis, RecordedEnd, RecordedRead, RecordedRequest, RecordedResponse, Recording } from '../../../shared/index.ts';
import { createEchoMasker, maskHeaders, secretsToMask } from '../../../shared/recording/echoed-secrets.ts';
import type { SecretsMasked } from '../../../shared/recording/echoed-secrets.ts';
import { redactHeaders, redactUrl } from '../../../shared/recording/redact.ts';
import type { RecordingWriter, Store } from '../store/index.ts';
import { performExchange } from './exchange.ts';
import type { ExchangeTimeouts } from './exchange.ts';

export interface RecordOptions {
  /** The full endpoint URL (…/chat/completions). */
  readonly url: string;
  /** Sent as given; stored redacted. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON request body; `stream: true` is always sent. */
  readonly body: Record<string, unknown>;
  readonly timeouts?: Partial<ExchangeTimeouts>;
  readonly signal?: AbortSignal;
  readonly name?: string;
  /** Where to keep the recording as it arrives. */
  readonly store?: Store;
  /** Body bytes analysed in memory; past this the store keeps recording but the analysis stops (bounded memory). */
  readonly maxAnalysisBytes?: number;
  /** The `performance.now()` that t = 0 stands for (to line the stamps up with another clock); by default, when the request is sent. */
  readonly clockOrigin?: number;
  /** Called once, before the request is sent, with what will be stored of it (and its id in the store, when there is one). */
  readonly onStart?: (start: { readonly startedAt: string; readonly request: RecordedRequest; readonly id: number | null }) => void;
  readonly onResponse?: (response: RecordedResponse) => void;
  readonly onRead?: (t: number, bytes: Uint8Array) => void;
  readonly onEvent?: (event: AnalyzedEvent) => void;
}

export interface RecordResult {
  /** Null when no store was given. */
  readonly id: number | null;
  readonly recording: Recording;
  readonly analysis: Analysis;
  /** False when the body outgrew `maxAnalysisBytes`: the analysis covers its beginning only. */
  readonly analysedWholeBody: boolean;
}

export const DEFAULT_TIMEOUTS: ExchangeTimeouts = { firstByteMs: 60_000, idleMs: 120_000 };
/** Far beyond any model's answer; what a 1 GB stream keeps in memory is bounded by it. */
const DEFAULT_MAX_ANALYSIS_BYTES = 64 * 1024 * 1024;

export async function recordStream(options: RecordOptions): Promise<RecordResult> {
  const startedAt = new Date().toISOString();
  const body = { ...options.body, stream: true };
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream', ...options.headers };
  const request: RecordedRequest = { method: 'POST', url: redactUrl(options.url), headers: redactHeaders(headers), body };

  const writer: RecordingWriter | undefined = options.store?.beginRecording({ name: options.name, startedAt, source: 'live', request });
  // Whatever fails once the recording is begun, it ends (as an error) and can be deleted: never left 'recording'.
  try {
    options.onStart?.({ startedAt, request, id: writer?.id ?? null });
    const maxBytes = options.maxAnalysisBytes ?? DEFAULT_MAX_ANALYSIS_BYTES;
    const reads: RecordedRead[] = [];
    let analysedBytes = 0;
    let analysing = true;
    let response: RecordedResponse | null = null;

    const analyzer = createStreamAnalyzer({
      onEvent(event) {
        writer?.event(event);
        options.onEvent?.(event);
      },
    });
    // A key sent that the server sends back is masked before anything sees the response: store, analysis, console, file.
    const secrets = secretsToMask(options.url, headers);
    const masker = createEchoMasker(secrets);
    let maskedHeaders: string[] = [];
    const keep = (read: RecordedRead): void => {
      const { t, bytes } = read;
      writer?.read(t, bytes);
      options.onRead?.(t!, bytes);
      if (!analysing) return;
      if (analysedBytes + bytes.length > maxBytes) {
        analysing = false;
        return;
      }
      analysedBytes += bytes.length;
      reads.push(read);
      analyzer.feed(bytes, t);
    };

    const end = await performExchange(
      { method: 'POST', url: options.url, headers, body: JSON.stringify(body) },
      { ...DEFAULT_TIMEOUTS, ...options.timeouts },
      {
        response(res) {
          const masked = maskHeaders(res.headers, secrets);
          maskedHeaders = masked.masked;
          const head = { ...res, headers: masked.headers };
          response = head;
          writer?.response(head);
          options.onResponse?.(head);
        },
        read(t, bytes) {
          for (const read of masker.feed({ t, bytes })) keep(read);
        },
      },
      options.signal,
      options.clockOrigin,
    );
    for (const read of masker.end()) keep(read);
    const secretsMasked: SecretsMasked | undefined = maskedHeaders.length > 0 || masker.places > 0 ? { headers: maskedHeaders, bodyPlaces: masker.places } : undefined;

    const { partial, stats } = analyzer.end();
    const recordedEnd: RecordedEnd = { t: end.t, outcome: end.outcome, ...(end.error ? { error: end.error } : {}) };
    const recording: Recording = { source: 'live', startedAt, request, response, reads, end: recordedEnd, ...(secretsMasked ? { secretsMasked } : {}) };
    const analysis = finishAnalysis(recording, analyzer.events, analyzer.reads, partial, stats, analyzer.accumulator.state);
    writer?.finish(recordedEnd, analysis, secretsMasked);
    return { id: writer?.id ?? null, recording, analysis, analysedWholeBody: analysing };
  } catch (caught) {
    if (writer && !writer.finished) writer.finish({ t: null, outcome: 'error', error: `the recorder failed: ${caught instanceof Error ? caught.message : String(caught)}` });
    throw caught;
  }
}
