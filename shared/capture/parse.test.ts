// A capture's info read back from a file is checked field by field: what is wrong is said, in
// words, and nothing malformed gets through.

import { describe, expect, it } from 'vitest';
import { captureInfoOf } from './parse.ts';

const RELAY = { writes: [[1.5, 1.6, 2], [3, 3.1, null]], writesDropped: 0, paused: [[4, 9]], maxBufferedBytes: 10, bufferBound: 1_048_576 };
const VALID = {
  session: '2026-01-02T03:04:05Z :4100',
  upstream: 'https://api.openai.com/v1',
  client: { address: '127.0.0.1:50000', userAgent: 'OpenAI/JS 6.0.0' },
  changed: ['accept-encoding: gzip → identity'],
  servedBy: 'proxy',
  relay: RELAY,
};

describe('captureInfoOf', () => {
  it('returns a valid capture as it is, fields unknown to it dropped', () => {
    expect(captureInfoOf({ ...VALID, extra: 1, client: { ...VALID.client, port: 1 }, relay: { ...RELAY, extra: true } })).toEqual(VALID);
  });

  it('takes a missing or null relay (a cassette’s answer) as null, and a null User-Agent', () => {
    const { relay: _relay, ...withoutRelay } = VALID;
    const cassette = { ...withoutRelay, servedBy: 'cassette', client: { address: '127.0.0.1:1', userAgent: null } };
    expect(captureInfoOf(cassette)).toEqual({ ...cassette, relay: null });
    expect(captureInfoOf({ ...cassette, relay: null })).toEqual({ ...cassette, relay: null });
  });

  it('keeps the capture’s lag episodes, and reads a relay without them (made before they were measured) as it is', () => {
    const lagged = { ...VALID, relay: { ...RELAY, lag: [[120.5, 420.25]] } };
    expect(captureInfoOf(lagged)).toEqual(lagged);
    expect(captureInfoOf(VALID)).not.toHaveProperty('relay.lag');
  });

  it.each([
    ['a string', 'capture', 'must be an object'],
    ['null', null, 'must be an object'],
    ['an array', [VALID], 'must be an object'],
    ['no session', { ...VALID, session: 1 }, 'needs a "session" string'],
    ['no upstream', { ...VALID, upstream: null }, 'needs an "upstream" string'],
    ['a client without an address', { ...VALID, client: { userAgent: null } }, '"client" must be {"address": string, "userAgent": string or null}'],
    ['a numeric User-Agent', { ...VALID, client: { address: 'a', userAgent: 5 } }, '"client" must be {"address": string, "userAgent": string or null}'],
    ['a missing User-Agent', { ...VALID, client: { address: 'a' } }, '"client" must be {"address": string, "userAgent": string or null}'],
    ['changed holding a number', { ...VALID, changed: ['a', 2] }, '"changed" must be an array of strings'],
    ['changed as a string', { ...VALID, changed: 'a' }, '"changed" must be an array of strings'],
    ['servedBy "refused"', { ...VALID, servedBy: 'refused' }, '"servedBy" must be "proxy" or "cassette"'],
    ['a relay that is an array', { ...VALID, relay: [] }, '"relay" must be an object'],
    ['a write of two stamps', { ...VALID, relay: { ...RELAY, writes: [[1, 2]] } }, '"relay" "writes" must be [arrived, issued, flushed or null] triples'],
    ['a negative stamp', { ...VALID, relay: { ...RELAY, writes: [[-1, 2, 3]] } }, '"relay" "writes" must be [arrived, issued, flushed or null] triples'],
    ['an infinite stamp', { ...VALID, relay: { ...RELAY, writes: [[1, Infinity, 3]] } }, '"relay" "writes" must be [arrived, issued, flushed or null] triples'],
    ['a pause of three times', { ...VALID, relay: { ...RELAY, paused: [[1, 2, 3]] } }, '"relay" "paused" must be [from, to] pairs'],
    ['a pause with a string', { ...VALID, relay: { ...RELAY, paused: [['1', 2]] } }, '"relay" "paused" must be [from, to] pairs'],
    ['a lag episode of one time', { ...VALID, relay: { ...RELAY, lag: [[1]] } }, '"relay" "lag" must be [from, to] pairs'],
    ['lag as an object', { ...VALID, relay: { ...RELAY, lag: {} } }, '"relay" "lag" must be [from, to] pairs'],
    ['a fractional count', { ...VALID, relay: { ...RELAY, writesDropped: 1.5 } }, '"relay" needs counts "writesDropped", "maxBufferedBytes" and "bufferBound"'],
    ['a negative bound', { ...VALID, relay: { ...RELAY, bufferBound: -1 } }, '"relay" needs counts "writesDropped", "maxBufferedBytes" and "bufferBound"'],
    ['a missing count', { ...VALID, relay: { ...RELAY, maxBufferedBytes: undefined } }, '"relay" needs counts "writesDropped", "maxBufferedBytes" and "bufferBound"'],
  ])('refuses %s: %s', (_what, value, error) => {
    expect(captureInfoOf(value)).toBe(error);
  });
});
