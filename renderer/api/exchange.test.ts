// A call made as the page goes must outlive it: from pagehide on, calls go keepalive on the
// page's thread instead of to the worker, which dies with the page.

import { describe, expect, it } from 'vitest';
import { fetchExchange, untilPageHides } from './exchange.ts';
import type { Exchange, ExchangeRequest } from './exchange.ts';

const request: ExchangeRequest = { url: 'http://127.0.0.1:1/api/call/deleteRecording', headers: { authorization: 'Bearer t' }, body: new TextEncoder().encode('{"id":7}') };

/** An exchange that says which it is. */
const named =
  (name: string): Exchange =>
  async () => ({ status: 200, contentType: 'text/plain', body: new TextEncoder().encode(name) });

const answeredBy = async (exchange: Exchange): Promise<string> => new TextDecoder().decode((await exchange(request)).body);

describe('the page\'s API calls', () => {
  it('go to the worker while the page is shown, keepalive from its pagehide, and to the worker again when it is shown again (back from the cache)', async () => {
    const page = new EventTarget();
    const exchange = untilPageHides(named('worker'), named('keepalive'), page);
    expect(await answeredBy(exchange)).toBe('worker');
    page.dispatchEvent(new Event('pagehide'));
    expect(await answeredBy(exchange)).toBe('keepalive');
    page.dispatchEvent(new Event('pageshow'));
    expect(await answeredBy(exchange)).toBe('worker');
  });

  it('learn that the page is going before a listener added later makes its last calls', async () => {
    const page = new EventTarget();
    const exchange = untilPageHides(named('worker'), named('keepalive'), page);
    const lastCalls: Promise<string>[] = [];
    page.addEventListener('pagehide', () => lastCalls.push(answeredBy(exchange)));
    page.dispatchEvent(new Event('pagehide'));
    expect(await Promise.all(lastCalls)).toEqual(['keepalive']);
  });

  it('ask fetch for keepalive only when told to, and send the frame as given', async () => {
    const asked: RequestInit[] = [];
    const send = (async (_url: string, init: RequestInit) => {
      asked.push(init);
      return new Response('ok', { headers: { 'content-type': 'text/plain' } });
    }) as typeof fetch;
    await fetchExchange(send)(request);
    await fetchExchange(send, { keepalive: true })(request);
    expect(asked.map((init) => init.keepalive)).toEqual([undefined, true]);
    expect(asked.map((init) => [init.method, init.body])).toEqual([
      ['POST', request.body],
      ['POST', request.body],
    ]);
  });
});
