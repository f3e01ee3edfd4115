// A dedicated worker that makes the page's API calls (exchange.ts) and hands each reply's bytes
// back without a copy (transferred): taking the bodies in on the main thread (reading each data
// pipe, assembling its ArrayBuffer) held back the analysis of every slice of a large open. What it
// saved is in docs/performance.md, "The recording view in Chromium".

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
