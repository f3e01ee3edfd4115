// The capture proxy's public types (its log lines are the API's: shared/capture/types.ts).

import type { Route } from '../../../shared/capture/routes.ts';
import type { CaptureExchange } from '../../../shared/capture/types.ts';
import type { ReplayFaults } from '../../../shared/replay/faults.ts';
import type { Store } from '../store/index.ts';

export type CassetteMode = 'record' | 'replay' | 'auto';

export interface CassetteOptions {
  readonly dir: string;
  readonly mode: CassetteMode;
  /** Replay pace for what a cassette answers: 1 as recorded (default), 0 no waits. */
  readonly speed?: number;
  readonly faults?: ReplayFaults;
}

export interface CaptureProxyOptions {
  readonly routes: readonly Route[];
  /** Default 0: a free port. The proxy binds 127.0.0.1 only. */
  readonly port?: number;
  /** Where captured streams are stored as recordings; none: they are only relayed (and written as cassettes). */
  readonly store?: Store;
  /** The capture session's id; by default one made of the start time and the port. */
  readonly session?: string;
  /** Tags every captured recording carries. */
  readonly tags?: readonly string[];
  /** Pass the client's Accept-Encoding to the upstream (default: ask for identity, and say so). */
  readonly keepEncoding?: boolean;
  /** Origins (`http://localhost:3000`) whose web pages may use the proxy. */
  readonly allowOrigins?: readonly string[];
  readonly cassettes?: CassetteOptions;
  /** Bytes that may wait for a slow client before the proxy stops reading the upstream. Default 1 MiB. */
  readonly bufferBound?: number;
  /** Body bytes a recording keeps (default DEFAULT_MAX_RECORDING_BYTES, the import's limit); past it the relay goes on and the recording's end says it was truncated. */
  readonly maxRecordingBytes?: number;
  /** More header names that are secrets (`--redact-header`), any case: stored redacted, and masked where the response echoes their values. */
  readonly secretHeaders?: readonly string[];
  /** Cassettes keep random-looking values of headers not secret by name (by default they are redacted: shared/recording/secrets/high-entropy.ts). */
  readonly keepHighEntropyHeaders?: boolean;
  /** How long the recording thread lives with no recording under way (IDLE_EXIT_MS by default): the relay benchmark tells a thread's start apart from its cost per event with it. */
  readonly recordingThreadIdleMs?: number;
  /** An exchange began (its recording, if it streams, is under way). */
  readonly onExchange?: (exchange: CaptureExchange) => void;
  /** An exchange ended (the same id, with its end). */
  readonly onExchangeEnd?: (exchange: CaptureExchange) => void;
}

export interface CaptureProxy {
  readonly origin: string;
  readonly port: number;
  readonly session: string;
  /** Each route with the base URL a client takes for it. */
  readonly bases: readonly { readonly route: Route; readonly baseUrl: string }[];
  /** The exchanges that ended, in the order they ended (the newest CAPTURE_LOG_LIMIT at least). */
  readonly exchanges: readonly CaptureExchange[];
  /** The exchanges under way, as last logged (a stream's line says which recording holds it). */
  readonly openExchanges: readonly CaptureExchange[];
  /** Cassette files the proxy answers from (replay and auto modes). */
  readonly cassetteCount: number;
  /** Stops listening; streams in flight are cut (their recordings end as aborted). */
  close(): Promise<void>;
}
