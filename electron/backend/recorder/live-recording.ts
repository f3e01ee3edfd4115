// One recording kept as its exchange happens, whoever performs the exchange (`record`, the
// capture proxy): each read stored and fed to the core's analysis as it arrives, a key the server
// sends back masked first, and the analysis bounded in memory however long the body grows; the
// recording itself is bounded too (an endless upstream filled 3.35 GB in 15 s, issue 27): past its
// cap it keeps nothing more and its end says so.

import { createStreamAnalyzer, finishAnalysis } from '../../../shared/index.ts';
import type { AnalyzedEvent, Analysis, RecordedEnd, RecordedRead, RecordedRequest, RecordedResponse, Recording, RecordingSource, StreamAnalyzer } from '../../../shared/index.ts';
import type { CaptureInfo } from '../../../shared/capture/types.ts';
import { createEchoMasker, maskHeaders } from '../../../shared/recording/secrets/echoes.ts';
import { header } from '../../../shared/recording/types.ts';
import type { SecretsMasked, TruncationCause } from '../../../shared/recording/types.ts';
import { redactHeaders } from '../../../shared/recording/secrets/redact.ts';
import { MAX_INPUT_BYTES } from '../import/read-input.ts';
import type { RecordingWriter, Store } from '../store/index.ts';

/** Far beyond any model's answer; what a 1 GB stream keeps in memory is bounded by it. */
export const DEFAULT_MAX_ANALYSIS_BYTES = 64 * 1024 * 1024;

/** The import's limit: a recording kept is one Streamscope can read back whole (export, import, inspect). */
export const DEFAULT_MAX_RECORDING_BYTES = MAX_INPUT_BYTES;

export interface LiveRecordingOptions {
  readonly startedAt: string;
  /** Already redacted. */
  readonly request: RecordedRequest;
  /** The keys the request carried (secretsToMask): masked wherever the response sends them back. */
  readonly secrets: readonly string[];
  /** More header names that are secrets (`--redact-header`): the response's are redacted like the known ones. */
  readonly secretHeaders?: readonly string[];
  readonly store?: Store;
  /** A row another connection of the store's file reserved for this recording (Store.reserveRecording): written to instead of a new one. */
  readonly reserved?: number;
  readonly name?: string;
  /** Default 'live'. */
  readonly source?: RecordingSource;
  readonly capture?: CaptureInfo;
  readonly tags?: readonly string[];
  /** Body bytes analysed in memory; past this the store keeps recording but the analysis stops. */
  readonly maxAnalysisBytes?: number;
  /** Body bytes kept (DEFAULT_MAX_RECORDING_BYTES by default); the read that crosses it is cut there, the rest only counted, and the end carries `truncated`. */
  readonly maxRecordingBytes?: number;
  /** The store's flush interval for this recording (BeginRecordingOptions.flushIntervalMs); the store's default when absent. */
  readonly flushIntervalMs?: number;
  /** A write the store failed (it retries; past a bound it gives up): by default a process warning. */
  readonly onStoreError?: (error: Error) => void;
  /**
   * With a store: neither the reads nor the analysed events are held while the recording runs (the
   * events are still analysed and stored as they come); its end analyses the stored reads, one
   * recording at a time. What the capture proxy's hundreds of streams at once need: in memory,
   * a 512 KiB stream held its reads and ~1.5 MB of events until it ended (docs/performance.md,
   * "Capture proxy: memory"). The analysis, and the recording returned, are the same.
   */
  readonly analyseAtEnd?: boolean;
  readonly onRead?: (t: number | null, bytes: Uint8Array) => void;
  readonly onEvent?: (event: AnalyzedEvent) => void;
}

export interface LiveRecordingResult {
  /** Null when no store was given. */
  readonly id: number | null;
  readonly recording: Recording;
  readonly analysis: Analysis;
  /** False when the body outgrew `maxAnalysisBytes`: the analysis covers its beginning only. */
  readonly analysedWholeBody: boolean;
  /** False when the store could not keep it all (onStoreError said why); true without a store. */
  readonly stored: boolean;
}

export interface LiveRecording {
  readonly id: number | null;
  /** Whether it holds on to the bytes `read` is given (until its end): false when analysed at its end, which copies what it stores. */
  readonly keepsReads: boolean;
  /** The response head, its echoed keys masked and its secret headers redacted: what is kept of it, returned. */
  response(head: RecordedResponse): RecordedResponse;
  read(t: number, bytes: Uint8Array): void;
  /**
   * `byteCount` more bytes of the body came that the recording never got (the capture proxy's
   * recorder fell behind): it keeps what it had and nothing after, and its end says truncated.
   */
  lost(byteCount: number): void;
  /**
   * Ends the recording; `capture` replaces the one given at the start (it carries the relay's clock);
   * `recorderLag`, the recording process's own stalls, goes into the recording before its analysis,
   * so the verdict now and a re-analysis of the stored recording agree.
   */
  finish(end: RecordedEnd, capture?: CaptureInfo, recorderLag?: Recording['recorderLag']): LiveRecordingResult;
  /** Ends it as an error when something failed before finish (never left 'recording'); nothing when finished. */
  fail(error: unknown): void;
}

export function beginLiveRecording(options: LiveRecordingOptions): LiveRecording {
  const { startedAt, request } = options;
  const source = options.source ?? 'live';
  const begin = { name: options.name, startedAt, source, request, tags: options.tags, ...(options.capture ? { capture: options.capture } : {}), ...(options.onStoreError ? { onError: options.onStoreError } : {}), ...(options.flushIntervalMs === undefined ? {} : { flushIntervalMs: options.flushIntervalMs }) };
  const { store, reserved } = options;
  const writer: RecordingWriter | undefined = store && (reserved === undefined ? store.beginRecording(begin) : store.resumeRecording(reserved, begin));
  const maxBytes = options.maxAnalysisBytes ?? DEFAULT_MAX_ANALYSIS_BYTES;
  const maxRecordingBytes = options.maxRecordingBytes ?? DEFAULT_MAX_RECORDING_BYTES;
  const atEnd = options.analyseAtEnd === true && writer !== undefined;
  const reads: RecordedRead[] = [];
  let analysedBytes = 0;
  let keptBytes = 0;
  /** Bytes past the cap; null while under it. */
  let droppedBytes: number | null = null;
  // Why the body stopped being kept: whichever came first.
  let cause: TruncationCause = 'size-cap';
  let analysing = true;
  let head: RecordedResponse | null = null;
  let maskedHeaders: string[] = [];
  let finished = false;

  // The request path tells the dialect (chat/completions, responses, messages).
  const analyzer = createStreamAnalyzer({
    url: request.url,
    ...(atEnd ? { keepEvents: false } : { keptReads: reads }),
    // The head comes before the body's first byte: its content-type tells the framing when the path does not.
    contentType: () => (head ? (header(head.headers, 'content-type') ?? null) : null),
    onEvent(event) {
      writer?.event(event);
      options.onEvent?.(event);
    },
  });
  // A key sent that the server sends back is masked before anything sees the response: store, analysis, console, file.
  const masker = createEchoMasker(options.secrets);
  const keep = (whole: RecordedRead): void => {
    if (droppedBytes !== null) {
      droppedBytes += whole.bytes.length;
      return;
    }
    const room = maxRecordingBytes - keptBytes;
    const read = whole.bytes.length <= room ? whole : { t: whole.t, bytes: whole.bytes.subarray(0, room) };
    if (read !== whole) droppedBytes = whole.bytes.length - room;
    keptBytes += read.bytes.length;
    if (read.bytes.length === 0) return;
    const { t, bytes } = read;
    writer?.read(t, bytes);
    options.onRead?.(t, bytes);
    if (!analysing) return;
    if (analysedBytes + bytes.length > maxBytes) {
      analysing = false;
      return;
    }
    analysedBytes += bytes.length;
    if (!atEnd) reads.push(read);
    analyzer.feed(bytes, t);
  };

  return {
    id: writer?.id ?? null,
    keepsReads: !atEnd,
    response(received) {
      const masked = maskHeaders(received.headers, options.secrets, options.secretHeaders);
      maskedHeaders = masked.masked;
      const kept: RecordedResponse = { ...received, headers: redactHeaders(masked.headers, options.secretHeaders) };
      head = kept;
      writer?.response(kept);
      return kept;
    },
    read(t, bytes) {
      // Past the cap nothing is kept: the bytes are counted, not masked.
      if (droppedBytes !== null) droppedBytes += bytes.length;
      else for (const read of masker.feed({ t, bytes })) keep(read);
    },
    lost(byteCount) {
      // The bytes the masker holds back could begin an echoed key whose rest is lost: counted, never kept.
      let held = 0;
      for (const read of masker.end()) held += read.bytes.length;
      if (droppedBytes === null) cause = 'recorder-behind';
      droppedBytes = (droppedBytes ?? 0) + held + byteCount;
    },
    finish(given, capture = options.capture, recorderLag) {
      finished = true;
      for (const read of masker.end()) keep(read);
      const end: RecordedEnd = droppedBytes === null ? given : { ...given, truncated: { atBytes: keptBytes, droppedBytes, cause } };
      const secretsMasked: SecretsMasked | undefined = maskedHeaders.length > 0 || masker.places > 0 ? { headers: maskedHeaders, bodyPlaces: masker.places } : undefined;
      const ended = analyzer.end();
      const recording: Recording = { source, startedAt, request, response: head, reads: atEnd ? storedReads(writer!, store!, analysedBytes) : reads, end, ...(secretsMasked ? { secretsMasked } : {}), ...(capture ? { capture } : {}), ...(recorderLag && recorderLag.length > 0 ? { recorderLag } : {}) };
      const limit = analysing ? null : { maxBytes, analysedBytes, bodyBytes: keptBytes };
      const fold = atEnd ? refold(recording) : { analyzer, ended };
      const analysis = finishAnalysis(recording, fold.analyzer, fold.ended, {}, limit);
      const stored = writer ? writer.finish(end, analysis, { secretsMasked, capture, recorderLag }) : true;
      return { id: writer?.id ?? null, recording, analysis, analysedWholeBody: analysing, stored };
    },
    fail(caught) {
      if (finished) return;
      finished = true;
      if (writer && !writer.finished) writer.finish({ t: null, outcome: 'error', error: `the recorder failed: ${caught instanceof Error ? caught.message : String(caught)}` });
    },
  };
}

/**
 * The reads a recording analysed at its end analysed, as its writer stored them: the first
 * `analysedBytes` of the body (the analysis's bound). Its own connection wrote them, so a flush
 * makes them readable; one the store lost (its writer gave up) is analysed as far as it was kept.
 */
function storedReads(writer: RecordingWriter, store: Store, analysedBytes: number): RecordedRead[] {
  writer.flush();
  const reads: RecordedRead[] = [];
  let bytes = 0;
  for (const read of store.get(writer.id)?.reads ?? []) {
    if (bytes + read.bytes.length > analysedBytes) break;
    bytes += read.bytes.length;
    reads.push(read);
  }
  return reads;
}

/** The recording's reads folded again, whole: the live fold kept none of its events. */
function refold(recording: Recording): { readonly analyzer: StreamAnalyzer; readonly ended: ReturnType<StreamAnalyzer['end']> } {
  const analyzer = createStreamAnalyzer({ url: recording.request?.url ?? null, keptReads: recording.reads });
  for (const read of recording.reads) analyzer.feed(read.bytes, read.t);
  return { analyzer, ended: analyzer.end() };
}
