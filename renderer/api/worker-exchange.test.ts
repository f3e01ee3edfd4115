import { describe, expect, it } from 'vitest';
import type { Exchange, ExchangeReply, ExchangeRequest } from './exchange.ts';
import { answer } from './exchange-worker.ts';
import type { ExchangeAnswer, ExchangeMessage } from './exchange-worker.ts';
import { workerExchange } from './worker-exchange.ts';
import type { ExchangePort } from './worker-exchange.ts';

const bytes = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
const request = (name: string): ExchangeRequest => ({ url: `http://127.0.0.1:1/api/call/${name}`, headers: { authorization: 'Bearer t' }, body: bytes(name) });
const replyTo = ({ url, body }: ExchangeRequest): ExchangeReply => ({ status: 200, contentType: 'text/plain', body: bytes(`${url.split('/').at(-1)}:${new TextDecoder().decode(body)}`) });
const text = (reply: ExchangeReply): string => new TextDecoder().decode(reply.body);

/** A worker stand-in: what was posted to it, and a way to answer as the worker does or to fail as a worker whose script will not load. */
function fakeWorker() {
  const posted: ExchangeMessage[] = [];
  const listeners: { message: ((event: { data: ExchangeAnswer }) => void)[]; error: (() => void)[] } = { message: [], error: [] };
  const port: ExchangePort = {
    postMessage: (message) => posted.push(message),
    addEventListener: (type: 'message' | 'error', listener: never) => listeners[type].push(listener),
  };
  return {
    port,
    posted,
    /** Answers posted message `index` through the worker's own `answer`, with `exchange` as its fetch. */
    async answer(index: number, exchange: Exchange = async (r) => replyTo(r)): Promise<Transferable[]> {
      let moved: Transferable[] = [];
      await answer(posted[index]!, exchange, (data, transfer) => {
        moved = transfer;
        for (const listener of listeners.message) listener({ data });
      });
      return moved;
    },
    fail: () => listeners.error.forEach((listener) => listener()),
  };
}

const unusedFallback: Exchange = () => Promise.reject(new Error('the fallback was used'));

describe('API calls made in a worker', () => {
  it('matches each reply to its call by id, whatever order the worker answers in', async () => {
    const worker = fakeWorker();
    const exchange = workerExchange(worker.port, unusedFallback);
    const first = exchange(request('listRecordings'));
    const second = exchange(request('openRecording'));
    expect(worker.posted.map((message) => message.id)).toEqual([0, 1]);
    await worker.answer(1);
    await worker.answer(0);
    expect(text(await first)).toBe('listRecordings:listRecordings');
    expect(text(await second)).toBe('openRecording:openRecording');
  });

  it("hands the reply's bytes back by transfer, not by copy", async () => {
    const worker = fakeWorker();
    const exchange = workerExchange(worker.port, unusedFallback);
    const pending = exchange(request('openRecording'));
    const moved = await worker.answer(0);
    const reply = await pending;
    expect(moved).toEqual([reply.body.buffer]);
  });

  it("rejects a call with the worker's reason when the server cannot be reached", async () => {
    const worker = fakeWorker();
    const exchange = workerExchange(worker.port, unusedFallback);
    const pending = exchange(request('listRecordings'));
    await worker.answer(0, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(pending).rejects.toThrow('Failed to fetch');
  });

  it('makes the waiting calls and every later one on the main thread once the worker fails', async () => {
    const worker = fakeWorker();
    const fellBack: string[] = [];
    const exchange = workerExchange(worker.port, async (r) => {
      fellBack.push(r.url);
      return replyTo(r);
    });
    const waiting = exchange(request('listRecordings'));
    worker.fail();
    expect(text(await waiting)).toBe('listRecordings:listRecordings');
    expect(text(await exchange(request('openRecording')))).toBe('openRecording:openRecording');
    expect(fellBack).toEqual(['http://127.0.0.1:1/api/call/listRecordings', 'http://127.0.0.1:1/api/call/openRecording']);
    expect(worker.posted).toHaveLength(1);
  });
});
