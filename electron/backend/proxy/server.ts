// `streamscope proxy`: a loopback reverse proxy that records the user's own app (docs/capture.md). Each request is checked (loopback
// Host, no foreign web page), routed to its upstream, then forwarded (forward.ts) or answered from
// a cassette (cassettes.ts). Every exchange is logged; those that stream are stored as recordings.

import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { proxyBaseUrl, routeRequest } from '../../../shared/capture/routes.ts';
import { CAPTURE_LOG_LIMIT } from '../../../shared/capture/types.ts';
import type { CaptureExchange } from '../../../shared/capture/types.ts';
import { redactRecording, redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { summarizeRequest } from '../../../shared/replay/match.ts';
import { planReplay } from '../../../shared/replay/plan.ts';
import { baseUrl as originOf, closeServer, listen } from '../http/serve.ts';
import { playPlan } from '../replay/play.ts';
import { readBody } from '../serve/request-body.ts';
import type { PlayProgress } from '../replay/play.ts';
import { sendProxyError } from './answers.ts';
import { cassetteKey, cassetteName, CassetteShelf, loadCassettes, writeCassette } from './cassettes.ts';
import { bodyValue, forward } from './forward.ts';
import type { ForwardProgress } from './forward.ts';
import { refusal } from './guards.ts';
import { createRecordingThread } from './recording-thread/thread.ts';
import type { CaptureProxy, CaptureProxyOptions } from './types.ts';

/** A request body past this is refused (413): a chat request with images stays far below it. */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;
export const DEFAULT_BUFFER_BOUND = 1024 * 1024;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export async function startCaptureProxy(options: CaptureProxyOptions): Promise<CaptureProxy> {
  const host = '127.0.0.1';
  if (options.store && (options.store.path === ':memory:' || options.store.path === '')) {
    throw new TypeError('the capture proxy needs its store in a file: its recording thread opens the file too');
  }
  const cassettes = options.cassettes;
  const loaded = cassettes && cassettes.mode !== 'record' ? await loadCassettes(cassettes.dir) : { cassettes: [], problems: [] };
  if (loaded.problems.length > 0) throw new Error(`cannot read the cassettes in ${cassettes!.dir}: ${loaded.problems.join('; ')}`);
  const shelf = new CassetteShelf(loaded.cassettes);
  const written = new Map<string, number>();
  /** Exchanges relayed to their end whose cassette is still being made (auto mode), by cassette key. */
  const shelving = new Map<string, Promise<void>>();
  const exchanges: CaptureExchange[] = [];
  // Exchanges under way, by id: the log shows them too, so a page opened mid-stream sees the stream.
  const open = new Map<number, CaptureExchange>();
  const running = new Map<AbortController, Promise<void>>();
  let closing: Promise<void> | null = null;
  let count = 0;
  let session = options.session ?? '';
  // The recordings (key masking, analysis, the store's writes) are made on a thread of their own, so
  // that the relay's thread only stamps, writes and copies each read (docs/performance.md, "Capture proxy").
  const recorder = createRecordingThread(options.store, undefined, options.recordingThreadIdleMs === undefined ? {} : { idleExitMs: options.recordingThreadIdleMs });

  const log = (exchange: CaptureExchange, ended: boolean): void => {
    if (ended) {
      open.delete(exchange.id);
      exchanges.push(exchange);
      if (exchanges.length >= 2 * CAPTURE_LOG_LIMIT) exchanges.splice(0, exchanges.length - CAPTURE_LOG_LIMIT);
      options.onExchangeEnd?.(exchange);
    } else {
      open.set(exchange.id, exchange);
      options.onExchange?.(exchange);
    }
  };

  const server = createServer({ noDelay: true }, (req, res) => {
    // Transparent: no Date of our own beside (or instead of) the upstream's.
    res.sendDate = false;
    const controller = new AbortController();
    const done = handle(req, res, controller.signal).catch((error: unknown) => {
      if (!res.headersSent) sendProxyError(res, 500, 'proxy_failure', (error as Error).message);
      else res.destroy();
    });
    const settled = done.finally(() => running.delete(controller));
    running.set(controller, settled);
    res.once('close', () => controller.abort());
  });

  async function handle(req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const arrived = performance.now();
    const entry: Mutable<CaptureExchange> = {
      id: ++count,
      time: new Date().toISOString(),
      method: req.method ?? 'GET',
      path: redactPath(req.url ?? '/'),
      model: null,
      client: req.headers['user-agent'] ?? `${req.socket.remoteAddress ?? '?'}:${req.socket.remotePort ?? '?'}`,
      servedBy: 'proxy',
      stream: false,
      recording: null,
      cassette: null,
      status: null,
      state: 'open',
      outcome: null,
      error: null,
      ttftMs: null,
      durationMs: null,
      events: 0,
      findings: { errors: 0, warnings: 0, codes: [] },
      bytes: 0,
    };
    const end = (changes: Partial<CaptureExchange>): void => {
      Object.assign(entry, changes, { state: 'done', durationMs: entry.durationMs ?? performance.now() - arrived });
      log({ ...entry }, true);
    };
    const refuse = (status: number, code: Parameters<typeof sendProxyError>[2], message: string, extra?: Record<string, unknown>): void => {
      const bytes = sendProxyError(res, status, code, message, extra);
      end({ servedBy: 'refused', status, bytes, outcome: 'eof', error: message });
    };

    try {
      const refused = refusal(req, options.allowOrigins ?? []);
      if (refused) return refuse(refused.status, refused.code, refused.message);
      const target = routeRequest(options.routes, req.url ?? '/');
      if (!target) {
        const prefixes = options.routes.map((route) => `${route.prefix}/… → ${route.origin}`).join(', ');
        return refuse(404, 'no_route', `no upstream for ${entry.path}: this proxy forwards ${prefixes}`);
      }
      const read = await readBody(req, MAX_REQUEST_BYTES);
      if (!read.ok) return refuse(413, 'request_too_large', `the request body is larger than ${MAX_REQUEST_BYTES} bytes`);
      // A client gone before its request was read through is not forwarded: no tokens burn for nobody.
      const body = read.bytes;
      if (signal.aborted) return end({ outcome: 'aborted', error: 'the client closed the connection before the request was forwarded' });
      const json = bodyValue(body);
      entry.model = summarizeRequest(json).model;
      // What a cassette of this exchange is found by: the method, the path with its query redacted, the body.
      const key = cassettes ? cassetteKey(entry.method, redactUrl(target.url), json) : '';

      if (cassettes && cassettes.mode !== 'record') {
        let cassette = shelf.next(key);
        // The same request relayed to its end a moment ago, its cassette still being made: answered from it, not forwarded again.
        if (!cassette && shelving.has(key)) {
          await shelving.get(key);
          cassette = shelf.next(key);
        }
        if (cassette) {
          entry.servedBy = 'cassette';
          entry.cassette = cassette.file;
          log({ ...entry }, false);
          const progress: PlayProgress = { status: null, bytes: 0, cut: false };
          try {
            await playPlan(res, planReplay(cassette.recording, { speed: cassettes.speed ?? 1, faults: cassettes.faults ?? {} }), progress, signal, false);
            // The last bytes are handed to the socket after playPlan returns: the end is known once they are out (or the client left).
            if (!progress.cut) await settledResponse(res);
          } catch (error) {
            // The client hung up while the cassette played: its waits reject with the abort.
            if (!signal.aborted) throw error;
          }
          const outcome = progress.cut ? 'error' : res.writableFinished ? 'eof' : 'aborted';
          const error = { eof: null, error: 'the cassette cut the connection (as the recorded exchange broke, or by a fault)', aborted: 'the client closed the connection before the cassette was played to its end' }[outcome];
          return end({ status: progress.status, bytes: progress.bytes, outcome, error });
        }
        if (cassettes.mode === 'replay') {
          const held = shelf.files;
          return refuse(404, 'no_cassette', `no cassette in ${cassettes.dir} matches ${entry.method} ${pathAndQuery(redactUrl(target.url))}${entry.model ? ` (model ${JSON.stringify(entry.model)})` : ''}: a cassette answers the same method, path, query and body. The folder holds ${held.length === 0 ? 'no cassette' : `${held.length}: ${held.slice(0, 20).join(', ')}${held.length > 20 ? ', …' : ''}`}. Record it with --mode record or --mode auto.`, { cassettes: held.length });
        }
      }

      let shelved = (): void => {};
      const progress: ForwardProgress = { stream: false, recording: null, status: null, bytes: 0 };
      if (cassettes?.mode === 'auto') {
        progress.onRelayed = () => {
          const made = new Promise<void>((resolve) => (shelved = resolve));
          shelving.set(key, made);
          void made.then(() => shelving.get(key) === made && shelving.delete(key));
        };
      }
      const started = forward(req, res, body, json, target, {
        session,
        recorder,
        tags: options.tags,
        keepEncoding: options.keepEncoding ?? false,
        bufferBound: options.bufferBound ?? DEFAULT_BUFFER_BOUND,
        keepAll: cassettes !== undefined,
        ...(options.maxRecordingBytes === undefined ? {} : { maxRecordingBytes: options.maxRecordingBytes }),
        ...(options.secretHeaders ? { secretHeaders: options.secretHeaders } : {}),
      }, progress);
      // The log learns whether it streams, and its recording, as soon as the forwarder knows.
      queueMicrotask(() => log({ ...entry, stream: progress.stream, recording: progress.recording }, false));
      const { end: how, result } = await started;
      let cassette: string | null = null;
      if (cassettes && result?.recording && (how.outcome === 'eof' || how.outcome === 'error')) {
        const index = written.get(key) ?? 0;
        written.set(key, index + 1);
        // On the shelf at once (a client asking again right away is answered from it), then on disk.
        // A cassette is a file people commit: random-looking values under unknown names are redacted too (shared/recording/secrets/high-entropy.ts),
        // unless the user says their headers are harmless; names that are secrets stay redacted whatever they say.
        const recording = redactRecording(result.recording, { secretHeaders: options.secretHeaders ?? [], randomValues: options.keepHighEntropyHeaders !== true });
        if (cassettes.mode === 'auto') shelf.add({ file: cassetteName(key, index), key, recording });
        shelved();
        cassette = await writeCassette(cassettes.dir, recording, index);
      }
      shelved();
      end({
        stream: progress.stream,
        recording: progress.stream ? progress.recording : null,
        cassette,
        status: progress.status,
        bytes: progress.bytes,
        outcome: how.outcome === 'recording' || how.outcome === 'interrupted' ? 'error' : how.outcome,
        error: how.error ?? null,
        ...(result?.figures && progress.stream ? result.figures : {}),
        ...(result?.error ? { error: how.error ? `${how.error}; ${result.error}` : result.error } : {}),
      });
    } catch (error) {
      // Whatever failed (the client left while sending its body, a cassette could not be written), the log line ends.
      if (entry.state === 'open') end({ outcome: signal.aborted ? 'aborted' : 'error', error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  const port = await listen(server, options.port ?? 0, host);
  const origin = originOf(host, port).replace(/\/v1$/, '');
  session ||= `${new Date().toISOString().slice(0, 19)}Z :${port}`;
  return {
    origin,
    port,
    session,
    bases: options.routes.map((route) => ({ route, baseUrl: proxyBaseUrl(origin, route) })),
    get exchanges() {
      return exchanges;
    },
    get openExchanges() {
      return [...open.values()];
    },
    get cassetteCount() {
      return shelf.size;
    },
    close() {
      closing ??= closeServer(server, running).then(() => recorder.close());
      return closing;
    },
  };
}

function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Resolves once the response has been flushed to the end, or its connection closed. */
function settledResponse(res: ServerResponse): Promise<void> {
  if (res.writableFinished || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    res.once('finish', resolve);
    res.once('close', resolve);
  });
}

/** A path and query as logged: secret query parameters (`?key=…`) redacted. */
function redactPath(pathAndQuery: string): string {
  const redacted = redactUrl(`http://proxy${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`);
  return redacted.replace(/^http:\/\/proxy/, '');
}
