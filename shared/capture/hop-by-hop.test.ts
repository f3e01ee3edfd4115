// Hop-by-hop headers stop at the proxy; every other header passes as it came, case and
// repetition kept.

import { describe, expect, it } from 'vitest';
import { endToEnd, headerObject, headerPairs } from './hop-by-hop.ts';

describe('headerPairs', () => {
  it('pairs Node’s rawHeaders, case and repeats kept', () => {
    expect(headerPairs(['Content-Type', 'text/event-stream', 'Set-Cookie', 'a=1', 'set-cookie', 'b=2'])).toEqual([
      ['Content-Type', 'text/event-stream'],
      ['Set-Cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
  });
});

describe('endToEnd', () => {
  it('drops the fixed hop-by-hop list, whatever the case', () => {
    const pairs = headerPairs([
      'Connection', 'keep-alive',
      'Keep-Alive', 'timeout=5',
      'TE', 'trailers',
      'Trailer', 'X-Checksum',
      'Transfer-Encoding', 'chunked',
      'Upgrade', 'h2c',
      'content-type', 'application/json',
    ]);
    expect(endToEnd(pairs)).toEqual([['content-type', 'application/json']]);
  });

  it('drops every Proxy-* header, and keeps the client’s Authorization', () => {
    const pairs = headerPairs([
      'Proxy-Connection', 'keep-alive',
      'Proxy-Authorization', 'Basic cHJveHk6cHc=',
      'proxy-authenticate', 'Basic',
      'Proxy-Anything', '1',
      'Authorization', 'Bearer sk-test',
    ]);
    expect(endToEnd(pairs)).toEqual([['Authorization', 'Bearer sk-test']]);
  });

  it('drops the headers Connection names, in any of several Connection headers, spaces and case aside', () => {
    const pairs = headerPairs([
      'Connection', 'close, X-Hop-One ,x-hop-two',
      'X-Hop-One', '1',
      'x-hop-two', '2',
      'connection', 'X-Hop-Three',
      'X-HOP-THREE', '3',
      'X-Request-Id', 'req_1',
    ]);
    expect(endToEnd(pairs)).toEqual([['X-Request-Id', 'req_1']]);
  });

  it('keeps end-to-end headers in their order, case and repeats', () => {
    const pairs = headerPairs(['X-B', '1', 'Cache-Control', 'no-cache', 'x-b', '2', 'Content-Encoding', 'gzip']);
    expect(endToEnd(pairs)).toEqual(pairs);
  });
});

describe('headerObject', () => {
  it('keys by lower-case name and joins repeated values with ", "', () => {
    expect(headerObject([['Set-Cookie', 'a=1'], ['X-Id', 'r'], ['set-cookie', 'b=2']])).toEqual({ 'set-cookie': 'a=1, b=2', 'x-id': 'r' });
  });

  it('keeps headers named like Object.prototype’s members (constructor, __proto__) as headers, repeats joined', () => {
    const headers = headerObject([['Constructor', 'one'], ['__proto__', 'two'], ['constructor', 'again'], ['toString', 'three']]);
    expect(Object.entries(headers)).toEqual([['constructor', 'one, again'], ['__proto__', 'two'], ['tostring', 'three']]);
  });
});
