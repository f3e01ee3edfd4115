// The API over serve mode's loopback bridge: calls are `POST /api/call/NAME` (bridge JSON, with
// this run's token), pushes come from one Server-Sent Events stream read with fetch and the
// core's SSE parser. When the stream drops, it reconnects with the last event id it saw and the
// server replays what was missed (WHATWG HTML §9.2.4 "Last-Event-ID"); when the server no longer
// holds it all, it says `reset` and `onReset` starts the page over.
//
// fetch rather than EventSource: the token travels in a header (never in a URL), and the same
// code runs in Node, where the contract tests drive it.

import { API_PUSHES } from '../../shared/api/contract.ts';
import type { ApiCall, ApiPush } from '../../shared/api/contract.ts';
import type { ApiTransport } from '../../shared/api/client.ts';
import { decodeFrame, decodeJson, encodeFrame, FRAME_TYPE } from '../../shared/api/codec.ts';
import type { ApiErrorCode, ApiReply } from '../../shared/api/errors.ts';
import { createSseParser } from '../../shared/framing/sse/parser.ts';
import { fetchExchange } from './exchange.ts';
import type { Exchange, ExchangeReply } from './exchange.ts';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'refused' | 'closed';

export interface HttpTransportOptions {
  /** The bridge's origin, e.g. http://127.0.0.1:4780 (in the page: location.origin). */
  readonly origin: string;
  /** This run's access token, from the address the server printed. */
  readonly token: string;
  /** Called when pushes were lost for good (the server's log no longer holds them): reload everything. */
  readonly onReset?: () => void;
  readonly onStateChange?: (state: ConnectionState) => void;
  /** Wait before reconnecting; default 500 ms, doubling to 8 s while the server stays away. */
  readonly reconnectDelayMs?: number;
  readonly fetch?: typeof fetch;
  /** How calls are made; default: with `fetch` on this thread (the page passes one that runs in a worker). */
  readonly exchange?: Exchange;
}

export interface HttpTransport extends ApiTransport {
  /** Resolves once the event stream is open (pushes from then on are delivered). */
  connected(): Promise<void>;
  readonly state: ConnectionState;
  /** Closes the event stream; calls still work. */
  close(): void;
}

const PUSHES: ReadonlySet<string> = new Set(API_PUSHES);
const MAX_RECONNECT_DELAY_MS = 8000;

export function httpTransport(options: HttpTransportOptions): HttpTransport {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const exchange = options.exchange ?? fetchExchange(send);
  const authorization = `Bearer ${options.token}`;
  const listeners = new Set<(push: ApiPush, payload: unknown) => void>();
  const stop = new AbortController();
  let state: ConnectionState = 'connecting';
  let lastEventId: string | null = null;
  let started = false;
  let markConnected!: () => void;
  const connection = new Promise<void>((resolve) => (markConnected = resolve));

  function setState(next: ConnectionState): void {
    if (state === next) return;
    state = next;
    options.onStateChange?.(next);
  }

  async function call(name: ApiCall, input: unknown): Promise<ApiReply> {
    let reply: ExchangeReply;
    try {
      reply = await exchange({
        url: `${options.origin}/api/call/${name}`,
        // Both ways as frames: a file's bytes go as they are, not as base64 in JSON.
        headers: { authorization, 'content-type': FRAME_TYPE, accept: `${FRAME_TYPE}, application/json` },
        body: encodeFrame(input),
      });
    } catch (error) {
      return failure('unavailable', `the Streamscope server cannot be reached (${error instanceof Error ? error.message : String(error)})`);
    }
    // Replies come as frames (bytes as they are), errors before the call as JSON.
    const decoded = reply.contentType === FRAME_TYPE ? decodeFrame(reply.body) : decodeJson(new TextDecoder().decode(reply.body));
    if (decoded && isReply(decoded.value)) return decoded.value;
    return failure('failed', `${name}: the server answered HTTP ${reply.status} without an API reply`);
  }

  async function listen(): Promise<void> {
    let delay = options.reconnectDelayMs ?? 500;
    while (!stop.signal.aborted) {
      try {
        const response = await send(`${options.origin}/api/events`, {
          headers: { authorization, accept: 'text/event-stream', ...(lastEventId !== null ? { 'last-event-id': lastEventId } : {}) },
          signal: stop.signal,
        });
        if (response.status === 401 || response.status === 403) {
          // A wrong or stale token (the server restarted): retrying cannot help.
          setState('refused');
          await response.body?.cancel();
          return;
        }
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        // A new parser for each connection: an event cut off by the drop is discarded, as a browser's EventSource does.
        const parser = createSseParser({
          onEvent(event) {
            if (event.id !== null) lastEventId = event.id;
            if (event.event === 'ready') {
              delay = options.reconnectDelayMs ?? 500;
              setState('connected');
              markConnected();
            } else if (event.event === 'reset') options.onReset?.();
            else if (event.event !== null && PUSHES.has(event.event) && event.data !== null) deliver(event.event as ApiPush, event.data);
          },
        });
        const reader = response.body.getReader();
        while (true) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        // The stream dropped (or never opened): try again below.
      }
      if (stop.signal.aborted) break;
      setState('reconnecting');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
    }
    setState('closed');
  }

  function deliver(push: ApiPush, data: string): void {
    const decoded = decodeJson(data);
    if (!decoded) return;
    for (const listener of [...listeners]) listener(push, decoded.value);
  }

  function start(): void {
    if (started) return;
    started = true;
    void listen();
  }

  return {
    call,
    subscribe(listener) {
      start();
      const own = (push: ApiPush, payload: unknown) => listener(push, payload);
      listeners.add(own);
      return () => void listeners.delete(own);
    },
    connected() {
      start();
      return connection;
    },
    get state() {
      return state;
    },
    close() {
      stop.abort();
    },
  };
}

function failure(code: ApiErrorCode, message: string): ApiReply {
  return { ok: false, error: { code, message } };
}

function isReply(value: unknown): value is ApiReply {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  return reply.ok === true ? 'value' in reply : reply.ok === false && typeof reply.error?.code === 'string' && typeof reply.error.message === 'string';
}
