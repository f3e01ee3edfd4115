// The wire replay: a loopback endpoint that answers `POST …/chat/completions`,
// `POST …/responses` and `POST …/v1/messages` with a recorded exchange of that
// dialect, byte- and time-exact, faults applied (docs/replay.md). The plan of each response is made once, by
// the pure core (shared/replay/plan.ts); this file only carries it out: each
// planned write is one chunk (write-chunk.ts) on a socket with Nagle off, at
// its moment on the monotonic clock (clock.ts).

import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { REPLAY_LOG_LIMIT } from '../../../shared/api/contract.ts';
import type { ReplayLogEntry } from '../../../shared/api/contract.ts';
import { redactRecording } from '../../../shared/recording/secrets/redact.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { protocolFromPath } from '../../../shared/dialects/detect.ts';
import { replayProtocol } from '../../../shared/replay/dialect.ts';
import { descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/replay/dialect.ts';
import { errorBody, invalidRequest } from '../../../shared/replay/errors.ts';
import type { ReplayError } from '../../../shared/replay/errors.ts';
import type { ReplayFaults } from '../../../shared/replay/faults.ts';
import { abbreviate, matchRecording, requestMembers, summarizeRecording, summarizeRequest } from '../../../shared/replay/match.ts';
import { isObject } from '../../../shared/is-object.ts';
import type { RequestSummary } from '../../../shared/replay/match.ts';
import { planReplay } from '../../../shared/replay/plan.ts';
import type { ReplayPlan } from '../../../shared/replay/plan.ts';
import { baseUrl, closeServer, listen } from '../http/serve.ts';
import { foreignRequest } from '../serve/security.ts';
import { invalidUrl } from '../simulator/errors.ts';
import { answeredHosts } from './hosts.ts';
import { playPlan } from './play.ts';

export interface ReplaySource {
  /** How logs and errors name it: a file path, `#12 "name"`. */
  readonly label: string;
  readonly recording: Recording;
}

/** `cut`: the replay destroyed the connection (a cut fault, or a recording that ended in error); `server-closed`: close() ended it. */
export type ReplayOutcome = ReplayLogEntry['outcome'];

/** One request, once its response is over: the API's `replayRequest` push carries it as it is. */
export type ReplayRequestLog = ReplayLogEntry;

export interface ReplayServerOptions {
  readonly sources: readonly ReplaySource[];
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  /** 1 recorded pace (default), 2 twice as fast, 0 as fast as possible. */
  readonly speed?: number;
  /** Precise timing: every wait spent awake, not asleep, at the cost of a busy core while a stream plays (clock.ts). Default false. */
  readonly precise?: boolean;
  readonly faults?: ReplayFaults;
  /** Pause between the events of an untimed source (a plain .sse); 0 none. Default 20. */
  readonly untimedIntervalMs?: number;
  readonly onRequest?: (log: ReplayRequestLog) => void;
  /** How many of the latest requests `requests` keeps at least; older ones go in batches. Default REPLAY_LOG_LIMIT (10,000). */
  readonly keepRequests?: number;
}

export interface ReplayServer {
  /** `http://127.0.0.1:PORT/v1`: what an OpenAI client takes as its base URL (an Anthropic client takes it without `/v1`). */
  readonly baseUrl: string;
  readonly host: string;
  readonly port: number;
  /** The requests served so far, in the order their responses ended: the newest `keepRequests` at least (a server may run for days). */
  readonly requests: readonly ReplayRequestLog[];
  /** Stops listening and ends every open connection, streams in flight included. */
  close(): Promise<void>;
}

/** A loaded source, ready to answer: redacted, its dialect told, planned once, summarised for messages. */
interface Loaded {
  readonly label: string;
  readonly recording: Recording;
  readonly protocol: Protocol;
  readonly plan: ReplayPlan;
  readonly summary: RequestSummary;
}

/** What the log says of a request, filled in as it is handled. */
interface Progress {
  model: string | null;
  matched: string | null;
  status: number | null;
  bytes: number;
  cut: boolean;
  faults: readonly string[];
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const host = options.host ?? '127.0.0.1';
  const planOptions = { speed: options.speed ?? 1, faults: options.faults ?? {}, untimedIntervalMs: options.untimedIntervalMs };
  // Nothing recorded leaves without passing through redaction (docs/architecture.md, "Data model").
  const loaded: Loaded[] = options.sources.map(({ label, recording }) => {
    const redacted = redactRecording(recording);
    const protocol = replayProtocol(redacted);
    return { label, recording: redacted, protocol, plan: planReplay(redacted, { ...planOptions, protocol }), summary: summarizeRecording(redacted) };
  });
  const requests: ReplayRequestLog[] = [];
  const keepRequests = options.keepRequests ?? REPLAY_LOG_LIMIT;
  const running = new Map<AbortController, Promise<void>>();
  let closing: Promise<void> | null = null;
  let count = 0;
  let hosts: ReadonlySet<string> = new Set();

  const server = createServer({ noDelay: true }, (req, res) => {
    const id = ++count;
    const arrived = performance.now();
    const time = new Date().toISOString();
    const controller = new AbortController();
    const progress: Progress = { model: null, matched: null, status: null, bytes: 0, cut: false, faults: [] };
    const closed = new Promise<void>((resolve) =>
      res.once('close', () => {
        controller.abort();
        running.delete(controller);
        const outcome: ReplayOutcome = progress.cut ? 'cut' : res.writableFinished ? 'complete' : closing ? 'server-closed' : 'client-closed';
        const { cut: _cut, ...logged } = progress;
        const log: ReplayRequestLog = { id, time, method: req.method ?? '', path: req.url ?? '', ...logged, outcome, ms: performance.now() - arrived };
        requests.push(log);
        // Trimmed once it holds twice what it keeps: amortised, the copy costs one move per request.
        if (requests.length >= 2 * keepRequests) requests.splice(0, requests.length - keepRequests);
        options.onRequest?.(log);
        resolve();
      }),
    );
    running.set(controller, closed);
    // What is loaded (its models, first messages, answers) is for the user's own clients: not for a
    // web page reaching loopback through DNS rebinding, nor another site's page (serve mode's guards).
    const refused = foreignRequest(req, hosts);
    if (refused !== null) {
      req.resume();
      return sendError(res, progress, protocolFromPath(req.url ?? '/'), 403, { message: `Streamscope replay ${refused}`, type: 'permission_error', param: null, code: 'request_refused' });
    }
    answer(req.method ?? 'GET', req.url ?? '/', () => readBody(req), res, loaded, progress, controller.signal, options.precise ?? false).catch((error: unknown) => {
      if (controller.signal.aborted || res.destroyed) return;
      if (res.headersSent) res.destroy();
      else sendError(res, progress, protocolFromPath(req.url ?? '/'), 500, { message: `Replay failure: ${(error as Error).message}`, type: 'server_error', param: null, code: null });
    });
  });

  const port = await listen(server, options.port ?? 0, host);
  hosts = answeredHosts(host, port);
  return {
    baseUrl: baseUrl(host, port),
    host,
    port,
    requests,
    close() {
      closing ??= closeServer(server, running);
      return closing;
    },
  };
}

async function answer(
  method: string,
  url: string,
  body: () => Promise<string | null>,
  res: ServerResponse,
  loaded: readonly Loaded[],
  progress: Progress,
  signal: AbortSignal,
  precise: boolean,
): Promise<void> {
  const path = url.split('?')[0]!;
  // The path tells the dialect, as it does for the analysis (…/chat/completions, …/responses, …/messages).
  const protocol = protocolFromPath(path);
  if (protocol === null) return sendError(res, progress, null, 404, invalidUrl(method, path));
  if (method !== 'POST') {
    res.setHeader('allow', 'POST');
    return sendError(res, progress, protocol, 405, invalidRequest(`Method ${method} is not allowed on ${path}: the replay answers POST only.`));
  }
  const text = await body();
  if (text === null) return sendError(res, progress, protocol, 413, invalidRequest(`The request body is larger than ${MAX_BODY_BYTES} bytes.`));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return sendError(res, progress, protocol, 400, invalidRequest(descriptorOf(protocol).errors.badJson));
  }
  const asked = summarizeRequest(isObject(json) ? requestMembers(protocol, path, json) : json);
  progress.model = asked.model;
  const source = matchRecording(loaded, json, protocol, path);
  if (!source) return sendError(res, progress, protocol, 404, noMatch(asked, protocol, loaded));
  progress.matched = source.label;
  progress.faults = source.plan.applied;
  await playPlan(res, source.plan, progress, signal, precise);
}

function noMatch(asked: RequestSummary, protocol: Protocol, loaded: readonly Loaded[]): ReplayError {
  const { shortName: name, matchedOn, path } = descriptorOf(protocol);
  // Only recordings of the dialect with a request can be listed here: one without would have answered.
  const list = loaded.filter((source) => source.protocol === protocol).map(({ label, summary }) => `${label} (${describe(summary)})`);
  const others = loaded.length - list.length;
  const elsewhere = others > 0 ? ` (and ${others} of another dialect, answered on its own path)` : '';
  return invalidRequest(
    `No loaded recording matches this request (${describe(asked)}). ${/^[AEIOU]/.test(name) ? 'An' : 'A'} ${name} recording answers a request to …${path.replace(/^\/v1[a-z0-9]*/, '')} with the same ${words(matchedOn)}. Loaded: ${list.length > 0 ? list.join('; ') : 'nothing'}${elsewhere}.`,
    matchedOn[1]!,
    'no_matching_recording',
  );
}

/** "model, input and instructions". */
function words(list: readonly string[]): string {
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

function describe({ model, firstUserMessage }: RequestSummary): string {
  return `model ${model === null ? '(none)' : `"${model}"`}, first user message ${firstUserMessage === null ? '(none)' : `"${abbreviate(firstUserMessage)}"`}`;
}

/** Answers an error in the shape of the dialect asked (shared/replay/errors.ts): null, a path that names none. */
function sendError(res: ServerResponse, progress: Progress, protocol: Protocol | null, status: number, error: ReplayError): void {
  const body = errorBody(protocol, status, error);
  progress.status = status;
  progress.bytes = Buffer.byteLength(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': progress.bytes });
  res.end(body);
}

/** The request body as text, or null when it is larger than MAX_BODY_BYTES. */
async function readBody(req: AsyncIterable<Buffer>): Promise<string | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    size += part.length;
    if (size > MAX_BODY_BYTES) return null;
    parts.push(part);
  }
  return Buffer.concat(parts).toString('utf8');
}
