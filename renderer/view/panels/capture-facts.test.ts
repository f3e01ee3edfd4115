import { describe, expect, it } from 'vitest';
import type { CaptureInfo } from '../../../shared/capture/types.ts';
import { captureFacts, delayMs } from './capture-facts.ts';

const capture: CaptureInfo = {
  session: '2026-11-30T08:00:00Z :8787',
  upstream: 'https://api.openai.com/v1',
  client: { address: '127.0.0.1:51234', userAgent: 'OpenAI/JS 7.59.0' },
  changed: ['accept-encoding: gzip, deflate, br → identity'],
  servedBy: 'proxy',
  relay: {
    writes: [
      [10, 10.02, 10.03],
      [20, 20.01, 20.02],
      [30, 30.5, 95],
      [40, 40.04, null],
    ],
    writesDropped: 0,
    paused: [
      [31, 60],
      [61, 95],
    ],
    maxBufferedBytes: 1_100_000,
    bufferBound: 1_048_576,
  },
};

describe('what the Capture panel says', () => {
  it('names where the exchange came from, what the proxy changed and who answered', () => {
    const facts = captureFacts(capture);
    expect(facts).toMatchObject({
      session: '2026-11-30T08:00:00Z :8787',
      upstream: 'https://api.openai.com/v1',
      client: '127.0.0.1:51234 · OpenAI/JS 7.59.0',
      changed: ['accept-encoding: gzip, deflate, br → identity'],
      servedBy: 'the upstream, through the proxy',
    });
    expect(captureFacts({ ...capture, client: { address: '127.0.0.1:9', userAgent: null }, servedBy: 'cassette', relay: null })).toMatchObject({ client: '127.0.0.1:9', servedBy: 'a cassette file (no network)', relay: null });
  });

  it('gives the delay the proxy added apart from the time the client held the stream back', () => {
    const relay = captureFacts(capture).relay!;
    expect(relay.added).toEqual({ p50: '0.020 ms', p99: '0.500 ms', max: '0.500 ms' });
    expect(relay.flush).toEqual({ p50: '0.010 ms', p99: '64.5 ms', max: '64.5 ms' });
    expect(relay.backpressure).toBe('63.0 ms in 2 pauses (the proxy stopped reading the upstream while the client did not read)');
    expect(relay.paused).toBe(true);
    expect(relay.buffered).toBe('1.0 MiB at most, of 1.0 MiB allowed');
    expect([relay.unflushed, relay.unflushedCount]).toEqual(['1 write the client never took (it went away)', 1]);
    expect(relay.writes).toBe('4 writes');
  });

  it('says when the client kept up, and when only the first writes were timed', () => {
    const relay = captureFacts({ ...capture, relay: { ...capture.relay!, writes: capture.relay!.writes.slice(0, 2), writesDropped: 5, paused: [] } }).relay!;
    expect([relay.backpressure, relay.paused, relay.unflushed, relay.writes]).toEqual(['none: the client read as fast as the stream came', false, 'none', '7 writes (the first 2 timed)']);
  });

  it('writes a delay to the precision it needs', () => {
    expect([null, 0, 0.0314, 0.9996, 1.256, 9.999, 42.04, 999.96, 1500].map(delayMs)).toEqual(['–', '0.000 ms', '0.031 ms', '1.00 ms', '1.26 ms', '10.0 ms', '42.0 ms', '1.00 s', '1.50 s']);
  });
});
