// The simulator's HTTP server: on loopback, each registered dialect at its
// request path (dialects.ts) — OpenAI-compatible chat completions, the
// Responses API, Anthropic Messages — playing the scripted scenarios with
// realistic timing, and OpenAI's model list. Each event
// goes out in its own res.write on a socket with Nagle off, so a recorder on
// loopback sees one event per read; every write can be logged with the moment
// it was made.

import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { baseUrl, closeServer, listen } from '../http/serve.ts';
import { drained, writeChunk } from '../http/write-chunk.ts';
import { simulatorDialectAt } from './dialects.ts';
import { findServedScenario, refusalFor } from './defects.ts';
import { errorJson, invalidUrl, modelNotFound } from './errors.ts';
import type { OpenAiError } from './errors.ts';
import type { Endpoint, HttpAnswer, Plan } from './plan.ts';
import { findScenario, modelsOf } from './scenarios.ts';

/** One res.write of a response body. */
export interface SimulatorWrite {
  /** performance.now() taken immediately before the res.write. */
  readonly t: number;
  readonly bytes: number;
  readonly requestId: string;
  /** The scenario's name, or "" for a response outside the scenarios (an error, the model list). */
  readonly scenario: string;
}

/** One request, once its response has ended (or its connection closed). */
export interface SimulatorRequestLog {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly model: string | null;
  readonly status: number;
  readonly stream: boolean;
  /** Whether the whole response went out (false when the client left or the scenario dropped the connection). */
  readonly finished: boolean;
  readonly ms: number;
}

export interface SimulatorOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  /** 1 realistic (default), 0 no waits at all, 0.01 a hundred times faster. */
  readonly timeScale?: number;
  /** Seed of every random choice (default 1); a request's `seed` or `sim.seed` overrides it. */
  readonly seed?: number;
  readonly onWrite?: (info: SimulatorWrite) => void;
  readonly onRequest?: (info: SimulatorRequestLog) => void;
}

export interface Simulator {
  /** Base URL, ending in /v1. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops listening and ends every open connection, streams in flight included. */
  close(): Promise<void>;
}

export const DEFAULT_SEED = 1;
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** `created` of the model list: fixed, so the list is the same every time. */
const MODELS_CREATED = 1_770_000_000;
/** `GET /v1/models` is OpenAI's: it lists the Chat Completions scenarios. */
const CHAT_MODELS: readonly string[] = modelsOf('chat-completions');

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const host = options.host ?? '127.0.0.1';
  const timeScale = options.timeScale ?? 1;
  if (!(Number.isFinite(timeScale) && timeScale >= 0)) throw new RangeError(`timeScale must be a number >= 0, not ${timeScale}`);
  const seed = options.seed ?? DEFAULT_SEED;
  /** Each response under way: how to stop it, and when it has closed. */
  const running = new Map<AbortController, Promise<void>>();
  let requests = 0;

  const server = createServer({ noDelay: true }, (req, res) => {
    const requestId = `req_sim_${(++requests).toString().padStart(6, '0')}`;
    const controller = new AbortController();
    const started = performance.now();
    const log = { model: null as string | null, stream: false };
    running.set(
      controller,
      new Promise<void>((resolve) =>
        res.once('close', () => {
          controller.abort();
          running.delete(controller);
          options.onRequest?.({ requestId, method: req.method ?? '', path: req.url ?? '', model: log.model, status: res.statusCode, stream: log.stream, finished: res.writableFinished, ms: performance.now() - started });
          resolve();
        }),
      ),
    );
    const context: RequestContext = { req, res, requestId, signal: controller.signal, log, timeScale, seed, onWrite: options.onWrite };
    handle(context).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      if (!res.headersSent) sendJson(context, 500, { 'content-type': 'application/json' }, errorJson({ message: `Simulator failure: ${(error as Error).message}`, type: 'server_error', param: null, code: null }), '');
      else res.destroy();
    });
  });

  const port = await listen(server, options.port ?? 0, host);
  let closing: Promise<void> | null = null;

  return {
    url: baseUrl(host, port),
    host,
    port,
    close() {
      closing ??= closeServer(server, running);
      return closing;
    },
  };
}

interface RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly requestId: string;
  readonly signal: AbortSignal;
  readonly log: { model: string | null; stream: boolean };
  readonly timeScale: number;
  readonly seed: number;
  readonly onWrite: SimulatorOptions['onWrite'];
}

async function handle(context: RequestContext): Promise<void> {
  const { req } = context;
  context.res.setHeader('x-request-id', context.requestId);
  const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';

  const endpoint = method === 'POST' ? simulatorDialectAt(path) : undefined;
  if (endpoint) return scenarioRequest(context, endpoint);
  if (method === 'GET' && (path === '/v1/models' || path === '/models')) {
    return sendJson(context, 200, { 'content-type': 'application/json' }, JSON.stringify({ object: 'list', data: CHAT_MODELS.map(modelObject) }), '');
  }
  const modelPath = /^(?:\/v1)?\/models\/(.+)$/.exec(path);
  if (method === 'GET' && modelPath) {
    const id = decodeURIComponent(modelPath[1]!);
    if (findScenario('chat-completions', id)) return sendJson(context, 200, { 'content-type': 'application/json' }, JSON.stringify(modelObject(id)), '');
    return sendError(context, 404, modelNotFound(id, CHAT_MODELS));
  }
  return sendError(context, 404, invalidUrl(method, path));
}

function modelObject(id: string) {
  return { id, object: 'model', created: MODELS_CREATED, owned_by: 'streamscope-simulator' };
}

/** A request to a dialect's path: the dialect reads it and plans its scenario. */
async function scenarioRequest(context: RequestContext, endpoint: Endpoint): Promise<void> {
  const { requestId } = context;
  for (const [name, value] of Object.entries(endpoint.headers(requestId))) context.res.setHeader(name, value);
  const text = await readBody(context);
  if (text === null) return sendAnswer(context, endpoint.tooLarge(MAX_BODY_BYTES, requestId), '');
  const path = (context.req.url ?? '/').split('?')[0]!;
  const parsed = endpoint.read(text, requestId, path);
  if (!parsed.ok) return sendAnswer(context, refusalFor(endpoint.protocol, text, parsed.answer, path), '');
  const { request } = parsed.value;
  context.log.model = request.model;
  context.log.stream = request.stream;
  const scenario = findServedScenario(endpoint.protocol, request.model);
  if (!scenario) return sendAnswer(context, endpoint.notFound(request.model, requestId), '');
  return perform(context, scenario.name, parsed.value.plan(scenario, context.seed, requestId), request.sim.time_scale ?? context.timeScale);
}

function sendAnswer(context: RequestContext, answer: HttpAnswer, scenario: string): void {
  if (answer.kind === 'drop') context.res.socket?.destroy();
  else sendJson(context, answer.status, answer.headers, answer.body, scenario);
}

async function perform(context: RequestContext, scenario: string, plan: Plan, timeScale: number): Promise<void> {
  const { res, signal } = context;
  const start = performance.now();
  if (plan.kind === 'response') {
    await waitUntil(start + plan.delayMs * timeScale, timeScale, signal);
    return sendJson(context, plan.status, plan.headers, plan.body, scenario);
  }
  if (plan.kind === 'drop') {
    await waitUntil(start + plan.delayMs * timeScale, timeScale, signal);
    res.socket?.destroy();
    return;
  }

  res.socket?.setNoDelay(true);
  res.writeHead(200, { 'content-type': plan.contentType ?? 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
  let due = start;
  const held: Buffer[] = [];
  let flushed: Promise<void> = Promise.resolve();
  for (const action of plan.actions) {
    due += action.delayMs * timeScale;
    await waitUntil(due, timeScale, signal);
    if (action.kind === 'drop') {
      // Let what was written reach the socket first: the client gets the chunks, then nothing.
      await flushed;
      res.socket?.destroy();
      return;
    }
    const chunk = 'bytes' in action ? Buffer.from(action.bytes.buffer, action.bytes.byteOffset, action.bytes.byteLength) : Buffer.from(action.text);
    if (plan.buffered) held.push(chunk);
    else flushed = (await write(context, scenario, chunk)).flushed;
  }
  if (held.length > 0) await write(context, scenario, Buffer.concat(held));
  if (!signal.aborted) res.end();
}

/**
 * One write, a chunk of its own, with its time taken just before; waits for the socket to
 * drain when the client reads slower than the stream goes. `flushed` settles
 * when the bytes have reached the socket.
 */
async function write(context: RequestContext, scenario: string, chunk: Buffer): Promise<{ flushed: Promise<void> }> {
  const { res, signal } = context;
  signal.throwIfAborted();
  let done!: () => void;
  const flushed = new Promise<void>((resolve) => (done = resolve));
  const t = performance.now();
  const more = writeChunk(res, chunk, () => done());
  context.onWrite?.({ t, bytes: chunk.byteLength, requestId: context.requestId, scenario });
  if (!more) await drained(res, signal);
  return { flushed };
}

/**
 * Waits until `due` (a performance.now() time): a timer for the bulk, then
 * yields to the event loop until the moment comes (timers are only as fine as a
 * millisecond). Always yields at least once, so each write is flushed on its
 * own; at time scale 0 it does not wait at all.
 */
async function waitUntil(due: number, timeScale: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  if (timeScale === 0) return;
  const wait = due - performance.now();
  if (wait >= 1) await sleep(wait, undefined, { signal });
  do {
    await new Promise<void>((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
  } while (performance.now() < due);
}

function sendJson(context: RequestContext, status: number, headers: Readonly<Record<string, string>>, body: string | Uint8Array, scenario: string): void {
  const { res } = context;
  if (context.signal.aborted) return;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  res.writeHead(status, { ...headers, 'content-length': length });
  const t = performance.now();
  res.end(body);
  context.onWrite?.({ t, bytes: length, requestId: context.requestId, scenario });
}

function sendError(context: RequestContext, status: number, error: OpenAiError): void {
  sendJson(context, status, { 'content-type': 'application/json' }, errorJson(error), '');
}

/** The request body as text, or null when it is too large. */
async function readBody({ req }: RequestContext): Promise<string | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > MAX_BODY_BYTES) return null;
    parts.push(part);
  }
  return Buffer.concat(parts).toString('utf8');
}
