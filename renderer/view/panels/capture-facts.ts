// What the Capture panel says about a recording the capture proxy made (shared/capture/types.ts):
// where it came from, what the proxy changed, who answered, and the relay's second clock in
// figures (relayMetrics): the delay the capture itself added, apart from the time the client held
// the stream back by not reading.

import { relayMetrics } from '../../../shared/capture/relay-metrics.ts';
import type { Spread } from '../../../shared/capture/relay-metrics.ts';
import type { CaptureInfo } from '../../../shared/capture/types.ts';
import { count, number } from '../../../shared/export/html/format.ts';
import { formatBytes } from '../../components/format.ts';

export interface CaptureFacts {
  readonly session: string;
  readonly upstream: string;
  readonly client: string;
  /** The request headers the proxy changed, in words; empty when it sent the request as it came. */
  readonly changed: readonly string[];
  readonly servedBy: string;
  /** Null while the stream is under way (the relay's timing is stored when it ends), or for a cassette's answer. */
  readonly relay: RelayFacts | null;
}

export interface RelayFacts {
  readonly writes: string;
  /** Upstream read arrival → write to the client issued: the proxy's own work. */
  readonly added: SpreadWords;
  /** Write issued → taken by the client's socket: the client's. */
  readonly flush: SpreadWords;
  readonly backpressure: string;
  readonly buffered: string;
  readonly unflushed: string;
  /** Whether anything here is a problem worth colour: writes the client never took, or the upstream paused. */
  readonly unflushedCount: number;
  readonly paused: boolean;
}

export interface SpreadWords {
  readonly p50: string;
  readonly p99: string;
  readonly max: string;
}

export function captureFacts(capture: CaptureInfo): CaptureFacts {
  const { client } = capture;
  return {
    session: capture.session,
    upstream: capture.upstream,
    client: client.userAgent === null ? client.address : `${client.address} · ${client.userAgent}`,
    changed: capture.changed,
    servedBy: capture.servedBy === 'cassette' ? 'a cassette file (no network)' : 'the upstream, through the proxy',
    relay: capture.relay === null ? null : relayFacts(capture.relay),
  };
}

function relayFacts(relay: NonNullable<CaptureInfo['relay']>): RelayFacts {
  const metrics = relayMetrics(relay);
  const stamped = relay.writes.length;
  return {
    writes: relay.writesDropped > 0 ? `${count(metrics.writes, 'write')} (the first ${number(stamped)} timed)` : count(metrics.writes, 'write'),
    added: spreadWords(metrics.addedMs),
    flush: spreadWords(metrics.flushMs),
    backpressure:
      metrics.pauses === 0
        ? 'none: the client read as fast as the stream came'
        : `${delayMs(metrics.backpressureMs)} in ${count(metrics.pauses, 'pause')} (the proxy stopped reading the upstream while the client did not read)`,
    buffered: `${formatBytes(metrics.maxBufferedBytes)} at most, of ${formatBytes(relay.bufferBound)} allowed`,
    unflushed: metrics.unflushed === 0 ? 'none' : `${count(metrics.unflushed, 'write')} the client never took (it went away)`,
    unflushedCount: metrics.unflushed,
    paused: metrics.pauses > 0,
  };
}

function spreadWords(spread: Spread): SpreadWords {
  return { p50: delayMs(spread.p50), p99: delayMs(spread.p99), max: delayMs(spread.max) };
}

/** A delay to the precision it needs: a proxy adds hundredths of a millisecond, a client may hold a stream for seconds. */
export function delayMs(value: number | null): string {
  if (value === null) return '–';
  // Each bound where the rounding would carry into the next form (0.9996 is "1.00 ms", not "1.000 ms").
  if (value < 0.9995) return `${number(value, 3)} ms`;
  if (value < 9.995) return `${number(value, 2)} ms`;
  if (value < 999.95) return `${number(value, 1)} ms`;
  return `${number(value / 1000, 2)} s`;
}
