// The recording side of the capture proxy, run on a thread of its own (worker.ts) so that the
// relay's thread only stamps, writes and posts each read (docs/performance.md, "Capture proxy").
// Per exchange: the echoed keys masked, a gzip/deflate/br body decoded (--keep-encoding), the
// analysis, the store's writer; at the end, the outcome settled and the log's figures sent back.

import type { Transform } from 'node:stream';
import type { CaptureInfo } from '../../../../shared/capture/types.ts';
import type { Analysis, AnalyzedEvent, RecordedEnd } from '../../../../shared/index.ts';
import { inflationCapError, MAX_INFLATED_BYTES } from '../../import/decode.ts';
import { decoderFor } from '../../recorder/exchange.ts';
import { beginLiveRecording } from '../../recorder/live-recording.ts';
import type { LiveRecording } from '../../recorder/live-recording.ts';
import type { Store } from '../../store/index.ts';
import { unpackWrites } from '../write-stamps.ts';
import type { ExchangeFigures, FromRecorder, ToRecorder } from './messages.ts';
import { forEachRead } from './read-batch.ts';

/**
 * How often a captured stream's reads and events are committed. Each commit rewrites a page of the
 * reads' and the events' indexes per recording under way, so at the store's default (40 ms) a
 * hundred streams cost ~1 s of commits in ten (docs/performance.md, "Capture proxy: relay cost");
 * the recording view asks for a live recording every 250 ms, so a fifth of a second is not seen.
 */
export const CAPTURE_FLUSH_INTERVAL_MS = 200;

/** Terminal events after which a client that hangs up has simply finished (an SDK closing right after `[DONE]`). */
const FINAL_TYPES = /"type"\s*:\s*"(?:response\.completed|response\.incomplete|response\.failed|message_stop)"/;
const FINAL_NAMES = new Set(['response.completed', 'response.incomplete', 'response.failed', 'message_stop']);

export function isFinal(event: AnalyzedEvent): boolean {
  const { data, event: name } = event.sse;
  if (data === '[DONE]') return true;
  if (name !== null && FINAL_NAMES.has(name)) return true;
  return data !== null && data.length < 4096 && FINAL_TYPES.test(data);
}

export function figures(analysis: Analysis): ExchangeFigures {
  const codes = [...new Set(analysis.diagnostics.map((found) => found.code))].sort();
  return {
    ttftMs: analysis.metrics?.ttft_ms ?? null,
    events: analysis.events.length,
    findings: {
      errors: analysis.diagnostics.filter((found) => found.severity === 'error').length,
      warnings: analysis.diagnostics.filter((found) => found.severity === 'warning').length,
      codes,
    },
  };
}

interface Exchange {
  live: LiveRecording;
  readonly capture: CaptureInfo;
  readonly keepRecording: boolean;
  /** Whether the stream's final event (`[DONE]`, `response.completed`, `message_stop` …) has come. */
  sawFinal: boolean;
  decoder: Transform | undefined;
  decoding: Promise<void>;
  /** The arrival time of the encoded read the decoder works on: its output is stamped with it. */
  lastRawT: number;
  /** Why the recording broke (its store, its analysis); the relay is not concerned. */
  failed: string | null;
  /** The store's last failed write (it retries them). */
  storeError: string | null;
}

export interface Recorder {
  handle(message: ToRecorder): void;
}

/**
 * `store`: the recording thread's own connection to the relay's store file (or the relay's store, when
 * recording on its thread); `reply` posts back to the relay's thread; `onClose`, once every recording
 * ended after a `close`, closes what the caller owns.
 */
export function createRecorder(store: Store | undefined, reply: (message: FromRecorder) => void, onClose: () => void): Recorder {
  const exchanges = new Map<number, Exchange>();
  const finishing = new Set<Promise<void>>();

  const fail = (exchange: Exchange, error: unknown): void => {
    exchange.failed ??= error instanceof Error ? error.message : String(error);
    exchange.live.fail(error);
  };

  async function finish(key: number, exchange: Exchange, message: Extract<ToRecorder, { type: 'finish' }>): Promise<void> {
    const { decoder } = exchange;
    if (decoder) {
      decoder.end();
      await exchange.decoding;
    }
    // The relay kept its last reads from this thread (it had fallen behind): the recording ends where they began.
    if (message.notRecorded !== undefined && exchange.failed === null) exchange.live.lost(message.notRecorded);
    // After the final event, a client that hangs up had all it wanted.
    const end: RecordedEnd = message.clientLeft && exchange.sawFinal ? { t: message.end.t, outcome: 'eof' } : message.end;
    exchanges.delete(key);
    if (exchange.failed !== null) return reply({ type: 'failed', key, end, error: exchange.failed });
    try {
      const result = exchange.live.finish(end, { ...exchange.capture, relay: { ...message.relay, writes: unpackWrites(message.relay.writes) } });
      if (!result.stored) return reply({ type: 'failed', key, end, error: `the store could not keep it: ${exchange.storeError ?? 'a write failed'}` });
      reply({ type: 'finished', key, end, figures: figures(result.analysis), recording: exchange.keepRecording ? result.recording : null });
    } catch (error) {
      fail(exchange, error);
      reply({ type: 'failed', key, end, error: exchange.failed! });
    }
  }

  function open(message: Extract<ToRecorder, { type: 'begin' }>): Exchange {
    const exchange: Exchange = { live: null!, capture: message.capture, keepRecording: message.keepRecording, sawFinal: false, decoder: undefined, decoding: Promise.resolve(), lastRawT: 0, failed: null, storeError: null };
    const begin = (stored: boolean): LiveRecording =>
      beginLiveRecording({
        startedAt: message.startedAt,
        request: message.request,
        secrets: message.secrets,
        ...(message.secretHeaders ? { secretHeaders: message.secretHeaders } : {}),
        ...(stored && message.id !== null && store ? { store, reserved: message.id } : {}),
        source: 'capture',
        flushIntervalMs: CAPTURE_FLUSH_INTERVAL_MS,
        // Hundreds of streams at once: each holds nothing of its body here once stored (docs/performance.md, "Capture proxy: memory").
        analyseAtEnd: true,
        tags: message.tags,
        capture: message.capture,
        ...(message.maxRecordingBytes === undefined ? {} : { maxRecordingBytes: message.maxRecordingBytes }),
        onEvent(event) {
          if (!exchange.sawFinal && isFinal(event)) exchange.sawFinal = true;
        },
        onStoreError(error) {
          exchange.storeError = error.message;
        },
      });
    try {
      exchange.live = begin(true);
    } catch (error) {
      // The store refused it: the relay goes on, and the log says why the recording is missing.
      exchange.failed = error instanceof Error ? error.message : String(error);
      exchange.live = begin(false);
    }
    return exchange;
  }

  return {
    handle(message) {
      if (message.type === 'close') {
        void Promise.all(finishing).then(() => {
          reply({ type: 'closed' });
          onClose();
        });
        return;
      }
      if (message.type === 'begin') {
        exchanges.set(message.key, open(message));
        return;
      }
      if (message.type === 'reads') {
        forEachRead(message, read);
        reply({ type: 'processed', bytes: message.bytes.length });
        return;
      }
      const exchange = exchanges.get(message.key);
      if (!exchange) return;
      if (message.type === 'finish') {
        const done = finish(message.key, exchange, message).finally(() => finishing.delete(done));
        finishing.add(done);
        return;
      }
      if (exchange.failed !== null) return;
      try {
        exchange.live.response(message.head);
        exchange.decoder = decode(exchange, message.head.headers['content-encoding']);
      } catch (error) {
        fail(exchange, error);
      }
    },
  };

  function read(key: number, t: number, bytes: Uint8Array): void {
    const exchange = exchanges.get(key);
    if (!exchange || exchange.failed !== null) return;
    try {
      if (exchange.decoder) {
        exchange.lastRawT = t;
        exchange.decoder.write(bytes);
      } else exchange.live.read(t, exchange.live.keepsReads ? bytes.slice() : bytes);
    } catch (error) {
      fail(exchange, error);
    }
  }
}

/** With --keep-encoding the client gets the encoded bytes; the recording keeps a decoded copy, as `record` does. */
function decode(exchange: Exchange, encoding: string | undefined): Transform | undefined {
  const decoder = encoding === undefined ? undefined : decoderFor(encoding);
  if (!decoder) return undefined;
  let inflated = 0;
  exchange.decoding = new Promise<void>((done) => {
    decoder.on('end', done);
    decoder.on('close', done);
    decoder.on('error', () => done());
  });
  decoder.on('data', (piece: Buffer) => {
    inflated += piece.length;
    if (inflated > MAX_INFLATED_BYTES) {
      decoder.destroy(new Error(inflationCapError(encoding!)));
      return;
    }
    try {
      exchange.live.read(exchange.lastRawT, piece);
    } catch (error) {
      exchange.failed ??= error instanceof Error ? error.message : String(error);
    }
  });
  return decoder;
}
