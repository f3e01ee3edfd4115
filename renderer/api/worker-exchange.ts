// The page's side of exchange-worker.ts: each call posted to the worker under an id, its reply
// matched back. Should the worker fail (its script refused or broken), the calls waiting on it and
// every later one are made on the main thread instead: slower for a large reply, never lost.

import type { Exchange, ExchangeRequest, ExchangeReply } from './exchange.ts';
import type { ExchangeAnswer, ExchangeMessage } from './exchange-worker.ts';

/** What is used of a Worker (a MessagePort in the tests). */
export interface ExchangePort {
  postMessage(message: ExchangeMessage): void;
  addEventListener(type: 'message', listener: (event: { readonly data: ExchangeAnswer }) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
}

export function workerExchange(port: ExchangePort, fallback: Exchange): Exchange {
  const waiting = new Map<number, { request: ExchangeRequest; resolve: (reply: ExchangeReply) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let broken = false;

  port.addEventListener('message', ({ data }) => {
    const call = waiting.get(data.id);
    if (!call) return;
    waiting.delete(data.id);
    if ('reply' in data) call.resolve(data.reply);
    else call.reject(new Error(data.error));
  });
  port.addEventListener('error', () => {
    broken = true;
    for (const { request, resolve, reject } of waiting.values()) fallback(request).then(resolve, reject);
    waiting.clear();
  });

  return (request) => {
    if (broken) return fallback(request);
    return new Promise<ExchangeReply>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { request, resolve, reject });
      // The request's body is copied, not transferred: it is kept for the fallback.
      port.postMessage({ id, request });
    });
  };
}
