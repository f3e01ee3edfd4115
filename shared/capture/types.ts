// What a recording made by the capture proxy says about its capture (docs/capture.md): where it came from, what the proxy changed of the request,
// and the second clock, the writes to the client beside the upstream's reads.

export interface CaptureInfo {
  /** The capture session: one run of a proxy (`streamscope proxy`, or one started in the app). */
  readonly session: string;
  /** The upstream base the request went to (no secret: a URL's key parameters are redacted). */
  readonly upstream: string;
  /** The client's address and User-Agent, as the proxy saw them. */
  readonly client: { readonly address: string; readonly userAgent: string | null };
  /** Request headers the proxy changed, in words (`accept-encoding: gzip, br → identity`); empty when it sent them as they came. */
  readonly changed: readonly string[];
  /** `proxy`: forwarded to the upstream; `cassette`: answered from a cassette file (no network). */
  readonly servedBy: 'proxy' | 'cassette';
  readonly relay: RelayTiming | null;
}

/**
 * The relay's clock: each upstream read written to the client, stamped when it arrived, when the
 * write was issued and when the socket took it. Times are ms since the request started, on the
 * recording's clock. `null` for a write the socket never took (the client went away).
 */
export type RelayWrite = readonly [arrived: number, issued: number, flushed: number | null];

export interface RelayTiming {
  readonly writes: readonly RelayWrite[];
  /** Writes past the ones kept (RELAY_WRITES_KEPT): counted, not stamped. */
  readonly writesDropped: number;
  /** The intervals [from, to] the proxy stopped reading the upstream because the client was not reading (backpressure). */
  readonly paused: readonly (readonly [number, number])[];
  /** The most bytes that waited for the client at once. */
  readonly maxBufferedBytes: number;
  /** Past this many bytes waiting for the client, the proxy stops reading the upstream. */
  readonly bufferBound: number;
  /**
   * The intervals [from, to] the proxy's own event loop was blocked while this exchange was in
   * flight (a sampler due at `from` ran at `to`, LAG_EPISODE_MS late or more; its first
   * LAG_EPISODES_KEPT): reads that came in meanwhile were stamped together at its end. Absent
   * from recordings made before the proxy measured it.
   */
  readonly lag?: readonly (readonly [number, number])[];
}

/** How often the relay's thread checks that its event loop turns, ms. */
export const LAG_SAMPLE_MS = 10;
/** A check this late or later is a lag episode (the loop was blocked), ms. */
export const LAG_EPISODE_MS = 20;
/** Lag episodes kept per recording: a day-long stream under load does not grow without bound. */
export const LAG_EPISODES_KEPT = 10_000;

/** Writes stamped per recording; past it they are counted (a day-long stream does not grow a capture's memory). */
export const RELAY_WRITES_KEPT = 200_000;

/** One request through a capture proxy, as its log and the Capture view show it. */
export interface CaptureExchange {
  /** 1, 2, 3 … in order of arrival, per proxy. */
  readonly id: number;
  /** Wall-clock time of arrival, ISO 8601. */
  readonly time: string;
  readonly method: string;
  /** The path and query the client asked for (secret query parameters redacted). */
  readonly path: string;
  /** The request body's model, or null. */
  readonly model: string | null;
  /** The client's User-Agent, else its address. */
  readonly client: string;
  /** `proxy`: forwarded; `cassette`: answered from a cassette; `refused`: the proxy refused it (foreign host, a web page, no route). */
  readonly servedBy: 'proxy' | 'cassette' | 'refused';
  /** Whether it streams (asked for `stream: true`, or answered text/event-stream or another framing's media type: Bedrock's application/vnd.amazon.eventstream): streams are stored as recordings. */
  readonly stream: boolean;
  /** The stored recording; null for an exchange that does not stream (or a proxy without a store). */
  readonly recording: number | null;
  /** The cassette file that answered, or that the exchange was written to. */
  readonly cassette: string | null;
  readonly status: number | null;
  /** `open` while it streams. */
  readonly state: 'open' | 'done';
  /** How it ended (a recording's outcome); null while open. */
  readonly outcome: 'eof' | 'error' | 'aborted' | 'timeout' | null;
  readonly error: string | null;
  readonly ttftMs: number | null;
  readonly durationMs: number | null;
  readonly events: number;
  /** Findings of the stream's analysis by severity, and their codes. */
  readonly findings: { readonly errors: number; readonly warnings: number; readonly codes: readonly string[] };
  /** Body bytes relayed to the client. */
  readonly bytes: number;
}

/** Log lines a proxy keeps (the oldest let go first), as for the replay servers. */
export const CAPTURE_LOG_LIMIT = 10_000;
