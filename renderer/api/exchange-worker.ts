// A dedicated worker that makes the page's API calls (exchange.ts) and hands each reply's bytes
// back without a copy (transferred). Opening a 100,000-event recording brought ~27 MB in slices
// (before its reads were coded against one another, shared/api/read-deltas.ts); received on the
// main thread, Chromium spent ~0.35 s of its time there (reading each body's data pipe and
// assembling its ArrayBuffer, in a Chrome trace of the open), and each slice waited for that
// before it could be analysed. Received here, the main thread only decodes the frames: the
// open's median went from 1.36–1.51 s to 1.21–1.27 s (eight opens each way, three times,
// alternately).

import { fetchExchange } from './exchange.ts';
import type { ExchangeReply, ExchangeRequest } from './exchange.ts';

/** Main thread → worker. */
export interface ExchangeMessage {
  readonly id: number;
  readonly request: ExchangeRequest;
}

/** Worker → main thread: the reply, or why the server could not be reached. */
export type ExchangeAnswer = { readonly id: number; readonly reply: ExchangeReply } | { readonly id: number; readonly error: string };

/** Answers one message with `exchange`, through `post` (the worker's postMessage with the body transferred). */
export async function answer(message: ExchangeMessage, exchange: (request: ExchangeRequest) => Promise<ExchangeReply>, post: (answer: ExchangeAnswer, transfer: Transferable[]) => void): Promise<void> {
  try {
    const reply = await exchange(message.request);
    post({ id: message.id, reply }, [reply.body.buffer]);
  } catch (error) {
    post({ id: message.id, error: error instanceof Error ? error.message : String(error) }, []);
  }
}

// Run as a worker (not when imported for its types and `answer`, as the tests do).
declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') {
  const scope = self as unknown as { onmessage: ((event: MessageEvent<ExchangeMessage>) => void) | null; postMessage(answer: ExchangeAnswer, transfer: Transferable[]): void };
  const exchange = fetchExchange(fetch.bind(self));
  scope.onmessage = (event) => void answer(event.data, exchange, (reply, transfer) => scope.postMessage(reply, transfer));
}
