// One exchange through the capture proxy (docs/capture.md):
// the client's request forwarded unchanged but for Host, hop-by-hop headers and (by default)
// Accept-Encoding; the answer relayed read by read as it arrives, never buffered; and, when it
// streams, kept as a live recording on a copy, off the relay path. Two clocks: each upstream read
// is stamped on arrival (the recording's reads), each write to the client when issued and when
// the socket took it (the relay's timing).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { Target } from '../../../shared/capture/routes.ts';
import { endToEnd, headerObject, headerPairs } from '../../../shared/capture/hop-by-hop.ts';
import type { HeaderPair } from '../../../shared/capture/hop-by-hop.ts';
import type { CaptureInfo } from '../../../shared/capture/types.ts';
import { streamFramingNamedBy } from '../../../shared/framing/registry.ts';
import type { RecordedEnd, RecordedRequest } from '../../../shared/index.ts';
import { secretsToMask } from '../../../shared/recording/secrets/echoes.ts';
import { redactHeaders, redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { drained, writeChunk } from '../http/write-chunk.ts';
import { describeError } from '../recorder/exchange.ts';
import { sendProxyError } from './answers.ts';
import { watchLoopLag } from './loop-lag.ts';
import type { RecordingEnd, RecordingThread, RemoteRecording } from './recording-thread/thread.ts';
import { WriteStamps } from './write-stamps.ts';

export interface ForwardContext {
  readonly session: string;
  /** Where the recordings are made, off the relay's thread. */
  readonly recorder: RecordingThread;
  readonly tags: readonly string[] | undefined;
  readonly keepEncoding: boolean;
  readonly bufferBound: number;
  /** Keep exchanges that do not stream too (in memory, not stored): cassettes need them. */
  readonly keepAll: boolean;
  /** Body bytes a recording keeps; the recorder's default when absent. */
  readonly maxRecordingBytes?: number;
  /** More header names that are secrets (`--redact-header`). */
  readonly secretHeaders?: readonly string[];
}

/** What the log learns of an exchange as it goes. */
export interface ForwardProgress {
  stream: boolean;
  recording: number | null;
  status: number | null;
  bytes: number;
  /** Called once the client has had the whole exchange (or it broke), before its recording ends. */
  onRelayed?: () => void;
}

export interface Forwarded {
  readonly end: RecordedEnd;
  /** The exchange as kept (a stream, or any exchange when `keepAll`); null when nothing was kept. */
  readonly result: RecordingEnd | null;
}

/** The request body as the recording keeps it: its JSON, else its text (else null when empty). */
export function bodyValue(body: Buffer): unknown {
  if (body.length === 0) return null;
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `json`: the body as the recording keeps it (bodyValue), read once by the caller. */
export function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, json: unknown, target: Target, context: ForwardContext, progress: ForwardProgress): Promise<Forwarded> {
  const url = new URL(target.url);
  const startedAt = new Date().toISOString();
  const changed: string[] = [];
  const pairs: HeaderPair[] = [];
  let sawHost = false;
  for (const [name, value] of endToEnd(headerPairs(req.rawHeaders))) {
    const lower = name.toLowerCase();
    if (lower === 'host') {
      // The upstream's host, where the client's Host was (its name's case kept); a second Host is dropped.
      if (!sawHost) pairs.push([name, url.host]);
      sawHost = true;
      continue;
    }
    if (lower === 'accept-encoding' && !context.keepEncoding) {
      // Identity keeps the stored bytes the bytes sent, and a compressing upstream from buffering (docs/capture.md, "Transparent").
      if (value.trim().toLowerCase() !== 'identity') changed.push(`accept-encoding: ${value} → identity`);
      pairs.push([name, 'identity']);
      continue;
    }
    pairs.push([name, value]);
  }
  if (!sawHost) pairs.unshift(['host', url.host]);
  if (body.length > 0 && !pairs.some(([name]) => name.toLowerCase() === 'content-length')) pairs.push(['content-length', String(body.length)]);
  // As a flat list, Node sends the headers in this order, their names' case and repeats kept (an
  // object would merge `X-A` and `x-a`, and put Host first).
  const headers = pairs.flat();

  const askedStream = typeof json === 'object' && json !== null && (json as { stream?: unknown }).stream === true;
  const sentHeaders = headerObject(pairs);
  const request: RecordedRequest = { method: req.method ?? 'GET', url: redactUrl(target.url), headers: redactHeaders(sentHeaders, context.secretHeaders), body: json };
  const secrets = secretsToMask(target.url, sentHeaders, context.secretHeaders);
  const capture: Omit<CaptureInfo, 'relay'> = {
    session: context.session,
    upstream: redactUrl(target.route.upstream),
    client: { address: `${req.socket.remoteAddress ?? '?'}:${req.socket.remotePort ?? '?'}`, userAgent: req.headers['user-agent'] ?? null },
    changed,
    servedBy: 'proxy',
  };

  const t0 = performance.now();
  const now = (): number => performance.now() - t0;
  const writes = new WriteStamps(now);
  // The relay's own stalls while this exchange is in flight: reads coalesced by them are not the upstream's doing.
  const lag = watchLoopLag(t0);
  const paused: [number, number][] = [];
  /** When the upstream was paused for a client that is not reading; null while it is read. */
  let pausedSince: number | null = null;
  let maxBuffered = 0;
  let live: RemoteRecording | null = null;
  const begin = (stored: boolean): void => {
    live = context.recorder.begin({
      startedAt,
      request,
      secrets,
      ...(context.secretHeaders ? { secretHeaders: context.secretHeaders } : {}),
      tags: context.tags,
      capture: { ...capture, relay: null },
      stored,
      keepRecording: context.keepAll,
      ...(context.maxRecordingBytes === undefined ? {} : { maxRecordingBytes: context.maxRecordingBytes }),
    });
    progress.recording = live.id;
  };
  if (askedStream) {
    progress.stream = true;
    begin(true);
  }

  return new Promise<Forwarded>((resolve) => {
    let settled = false;
    let upstreamEnded = false;
    let headSent = false;

    /** `clientLeft`: the client hung up (a normal end if the final event had come, which the recording thread knows). */
    const finish = async (end: RecordedEnd, clientLeft = false): Promise<void> => {
      if (settled) return;
      settled = true;
      // Once the response is complete its socket went back to the pool for the next request.
      if (!upstreamEnded) upstream?.destroy();
      // A pause the client never ended (it went away without reading) lasted to the end.
      if (pausedSince !== null) {
        paused.push([pausedSince, end.t ?? now()]);
        pausedSince = null;
      }
      progress.onRelayed?.();
      const stalls = lag.stop();
      const recording = live as RemoteRecording | null;
      if (!recording) return resolve({ end, result: null });
      const result = await recording.finish(end, { writes: writes.packed(), writesDropped: writes.dropped, paused, maxBufferedBytes: maxBuffered, bufferBound: context.bufferBound, lag: stalls }, clientLeft);
      resolve({ end: result.end, result });
    };

    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let upstream: ClientRequest | undefined;
    try {
      upstream = send(url, { method: req.method, headers });
    } catch (error) {
      // Node refuses a header it cannot send by throwing: the client gets a 502 that says so.
      const why = `cannot send the request to ${url.origin}: ${error instanceof Error ? describeError(error) : String(error)}`;
      progress.status = 502;
      progress.bytes = sendProxyError(res, 502, 'upstream_unreachable', why);
      void finish({ t: 0, outcome: 'error', error: why });
      return;
    }
    upstream.on('socket', (socket) => socket.setNoDelay(true));

    upstream.on('response', (up) => {
      const t = now();
      const responsePairs = endToEnd(headerPairs(up.rawHeaders));
      const responseHeaders = headerObject(responsePairs);
      // A stream in any event-stream framing: text/event-stream, or Bedrock's application/vnd.amazon.eventstream (whose request has no stream member); a JSON body is none.
      const eventStream = streamFramingNamedBy(responseHeaders['content-type']) !== null;
      if (eventStream) progress.stream = true;
      if (!live && (eventStream || context.keepAll)) begin(eventStream);
      const kept = live as RemoteRecording | null;
      // The head as it came; the recording thread masks any key in it (and decodes a --keep-encoding body for its copy).
      kept?.response({ t, status: up.statusCode ?? 0, httpVersion: up.httpVersion, headers: responseHeaders });
      progress.status = up.statusCode ?? 0;

      res.socket?.setNoDelay(true);
      res.writeHead(up.statusCode ?? 502, up.statusMessage, responsePairs.flat());
      res.flushHeaders();
      headSent = true;

      up.on('data', (bytes: Buffer) => {
        const arrived = now();
        // The client first; the recording thread gets a copy.
        writes.issued(arrived);
        writeChunk(res, bytes, writes.taken);
        progress.bytes += bytes.length;
        kept?.read(arrived, bytes);
        if (res.writableLength > maxBuffered) maxBuffered = res.writableLength;
        // A client that does not read: stop reading the upstream past the bound (memory stays bounded),
        // until drained() says it can take more (the response's 'drain' alone may never come).
        if (res.writableLength > context.bufferBound && pausedSince === null) {
          pausedSince = now();
          up.pause();
          void drained(res).then(() => {
            if (pausedSince === null) return;
            paused.push([pausedSince, now()]);
            pausedSince = null;
            up.resume();
          });
        }
      });
      up.on('end', () => {
        upstreamEnded = true;
        res.end(() => void finish({ t: now(), outcome: 'eof' }));
      });
      up.on('aborted', () => broken('the upstream connection closed before the response was complete'));
      up.on('error', (error) => broken(describeError(error)));
      up.on('close', () => {
        if (!up.complete) broken('the upstream connection closed before the response was complete');
      });
    });

    /** After the head: the client sees a broken stream, as it would without the proxy. */
    const broken = (why: string): void => {
      if (settled || upstreamEnded) return;
      res.destroy();
      void finish({ t: now(), outcome: 'error', error: why });
    };

    upstream.on('error', (error) => {
      if (settled) return;
      const why = describeError(error);
      if (headSent) return broken(why);
      progress.status = 502;
      progress.bytes = sendProxyError(res, 502, 'upstream_unreachable', `the upstream ${url.origin} failed before answering: ${why}`);
      void finish({ t: now(), outcome: 'error', error: why });
    });

    res.on('close', () => {
      if (settled) return;
      if (upstreamEnded) return void finish({ t: now(), outcome: 'eof' });
      // The client hung up: abort the upstream at once (no tokens burn for nobody). After the final event it had all it wanted.
      void finish({ t: now(), outcome: 'aborted', error: 'the client closed the connection before the stream ended; the upstream request was aborted' }, true);
    });

    upstream.end(body);
  });
}
