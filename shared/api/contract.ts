// The one API between the UI and the backend (docs/architecture.md, "Boundaries"; docs/api.md). Every call
// the renderer makes and every push it receives is listed here, once. The transports are
// derived from it: Electron IPC in the desktop app, loopback HTTP in serve mode. Each call takes
// one argument (an object), so that one schema per call validates it at the receiving side
// (./schema.ts) and no transport needs to know the calls' shapes.

import type { RecordedEnd, RecordedResponse } from '../recording/types.ts';
import type { ExportFormat } from '../export/types.ts';
import type { CaptureSnippet } from '../capture/snippets.ts';
import type { CaptureExchange } from '../capture/types.ts';
import type { Protocol } from '../dialects/types.ts';
import type { ReplayFaults } from '../replay/faults.ts';
import type { PackedRecording } from './packed.ts';
import type { ClientCaseInfo, ClientCaseResultPush, ClientCheckFinishedPush, ClientCheckStart, ClientRunSummary, StoredClientRun } from './client-checks.ts';
import type { CheckFinishedPush, CheckInfo, CheckResultPush, CheckRunSummary, CheckStart, StoredCheckRun } from './checks.ts';
import type { ListQuery, ListResult, RecordingSummary, StoredEvent, StoredRecording } from './recordings.ts';

export interface StreamscopeApi {
  // Recordings in the store.
  listRecordings(query: ListQuery): Promise<ListResult>;
  /** One recording with its events; null for an unknown id. */
  getRecording(input: { readonly id: number }): Promise<RecordingWithEvents | null>;
  /**
   * One recording packed for the recording view (its body in one piece: ./packed.ts): all its
   * reads, or `readLimit` of them from `fromRead` (a view loads a long one a slice at a time and
   * analyses each slice while the next comes); null for an unknown id.
   */
  openRecording(input: { readonly id: number; readonly fromRead?: number; readonly readLimit?: number }): Promise<PackedRecording | null>;
  renameRecording(input: { readonly id: number; readonly name: string | null }): Promise<boolean>;
  tagRecording(input: { readonly id: number; readonly tags: readonly string[] }): Promise<boolean>;
  deleteRecording(input: { readonly id: number }): Promise<boolean>;

  // Live recording: reads and events arrive as `live` pushes, the end as `finished`.
  startRecording(request: LiveRequest): Promise<LiveStarted>;
  /** Stops a live recording and keeps what arrived; false when it is not running. */
  cancelRecording(input: { readonly id: number }): Promise<boolean>;

  // Providers, their keys, and the simulator's scenarios.
  listProfiles(input: Record<string, never>): Promise<ProfileInfo[]>;
  /** Keeps the key in the keychain; the answer shows only its suffix. */
  setKey(input: { readonly profile: string; readonly key: string }): Promise<KeyInfo>;
  deleteKey(input: { readonly profile: string }): Promise<boolean>;
  /** The scenarios the simulator plays in a dialect (Chat Completions when none is given). */
  listScenarios(input: { readonly protocol?: Protocol }): Promise<ScenarioInfo[]>;

  // Import and export.
  importFile(file: ImportFile): Promise<ImportResult>;
  exportRecording(input: { readonly id: number; readonly format: ExportFormat }): Promise<ExportedFile>;
  listExportFormats(input: Record<string, never>): Promise<ExportFormatInfo[]>;

  // Replay servers: stored recordings answered on loopback as a mock endpoint, with faults
  // (docs/replay.md). Each request served arrives as a `replayRequest` push.
  startReplay(input: ReplayStart): Promise<ReplayInfo>;
  /** Stops a replay server; false when it is not running. */
  stopReplay(input: { readonly id: number }): Promise<boolean>;
  listReplays(input: Record<string, never>): Promise<ReplayInfo[]>;
  /** The requests a replay server answered since it started (the newest REPLAY_LOG_LIMIT), however late the page asks; null when it is not running. */
  replayLog(input: { readonly id: number }): Promise<ReplayLog | null>;

  // Capture proxies: the user's own app pointed at a loopback proxy that relays to the real
  // upstream and records each stream (docs/capture.md). Each exchange arrives as a
  // `captureExchange` push when it starts and again when it ends.
  startProxy(input: ProxyStart): Promise<ProxyInfo>;
  /** Stops a capture proxy; false when it is not running. */
  stopProxy(input: { readonly id: number }): Promise<boolean>;
  listProxies(input: Record<string, never>): Promise<ProxyInfo[]>;
  /** The exchanges a proxy saw since it started, those under way included (the newest CAPTURE_LOG_LIMIT, newest first); null when it is not running. */
  proxyLog(input: { readonly id: number }): Promise<CaptureExchange[] | null>;

  // Conformance (docs/conformance.md): the server battery sent to an endpoint, every exchange
  // stored as a recording and the run stored too. Each verdict arrives as a `checkResult` push as it
  // is judged, the end as `checkFinished`.
  /** The battery of each dialect, in order. */
  listChecks(input: Record<string, never>): Promise<CheckInfo[]>;
  startCheck(input: CheckStart): Promise<StoredCheckRun>;
  /** Stops a run under way and keeps the verdicts judged so far; false when it is not running. */
  cancelCheck(input: { readonly id: number }): Promise<boolean>;
  /** Newest first; `baseUrl` keeps the runs of one endpoint. */
  listCheckRuns(input: { readonly baseUrl?: string; readonly limit?: number }): Promise<CheckRunSummary[]>;
  /** One run with its verdicts; null for an unknown id. */
  getCheckRun(input: { readonly id: number }): Promise<StoredCheckRun | null>;
  deleteCheckRun(input: { readonly id: number }): Promise<boolean>;

  // Client conformance (docs/client-conformance.md): the user's own command run once a case against
  // a loopback mock serving that case's stream, each stream stored as a recording and the run
  // stored too. Each verdict arrives as a `clientCaseResult` push, the end as `clientCheckFinished`.
  /** The client cases of each dialect, in order. */
  listClientCases(input: Record<string, never>): Promise<ClientCaseInfo[]>;
  startClientCheck(input: ClientCheckStart): Promise<StoredClientRun>;
  /** Stops a run under way (the command's process group is killed) and keeps the verdicts so far; false when it is not running. */
  cancelClientCheck(input: { readonly id: number }): Promise<boolean>;
  /** Newest first. */
  listClientRuns(input: { readonly limit?: number }): Promise<ClientRunSummary[]>;
  /** One run with its verdicts; null for an unknown id. */
  getClientRun(input: { readonly id: number }): Promise<StoredClientRun | null>;
  deleteClientRun(input: { readonly id: number }): Promise<boolean>;
}

/** What the backend pushes to the renderer, by push name. */
export interface ApiPushes {
  /** New reads and events of a live recording, batched (a few tens of milliseconds each). */
  live: LiveBatch;
  /** A live recording ended (however it ended). */
  finished: LiveFinished;
  /** A replay server answered a request (once the response is over). */
  replayRequest: ReplayRequestPush;
  /** A capture proxy's exchange began or ended (`exchange.state`). */
  captureExchange: CaptureExchangePush;
  /** A check of a run was judged. */
  checkResult: CheckResultPush;
  /** A run ended (however it ended). */
  checkFinished: CheckFinishedPush;
  /** A case of a client run was judged. */
  clientCaseResult: ClientCaseResultPush;
  /** A client run ended (however it ended). */
  clientCheckFinished: ClientCheckFinishedPush;
}

export type ApiCall = keyof StreamscopeApi;
export type ApiPush = keyof ApiPushes;
export type ApiInput<C extends ApiCall> = Parameters<StreamscopeApi[C]>[0];
export type ApiOutput<C extends ApiCall> = Awaited<ReturnType<StreamscopeApi[C]>>;

/** Every call, in a runtime list: what a transport derives its methods from. */
export const API_CALLS = [
  'listRecordings',
  'getRecording',
  'openRecording',
  'renameRecording',
  'tagRecording',
  'deleteRecording',
  'startRecording',
  'cancelRecording',
  'listProfiles',
  'setKey',
  'deleteKey',
  'listScenarios',
  'importFile',
  'exportRecording',
  'listExportFormats',
  'startReplay',
  'stopReplay',
  'listReplays',
  'replayLog',
  'startProxy',
  'stopProxy',
  'listProxies',
  'proxyLog',
  'listChecks',
  'startCheck',
  'cancelCheck',
  'listCheckRuns',
  'getCheckRun',
  'deleteCheckRun',
  'listClientCases',
  'startClientCheck',
  'cancelClientCheck',
  'listClientRuns',
  'getClientRun',
  'deleteClientRun',
] as const satisfies readonly ApiCall[];

export const API_PUSHES = ['live', 'finished', 'replayRequest', 'captureExchange', 'checkResult', 'checkFinished', 'clientCaseResult', 'clientCheckFinished'] as const satisfies readonly ApiPush[];

// The lists above must name every call and push: a missing one fails to compile here.
type Missing<All, Listed> = Exclude<All, Listed>;
const everyCallListed: Missing<ApiCall, (typeof API_CALLS)[number]> extends never ? true : never = true;
const everyPushListed: Missing<ApiPush, (typeof API_PUSHES)[number]> extends never ? true : never = true;
void everyCallListed;
void everyPushListed;

export interface RecordingWithEvents {
  readonly recording: StoredRecording;
  readonly events: StoredEvent[];
}

/** What an Anthropic Messages request asks for when it gives no `max_tokens` (the dialect's own figure). */
export { MESSAGES_DEFAULT_MAX_TOKENS } from '../dialects/anthropic/request.ts';

/** The `anthropic-version` an Anthropic Messages request carries unless its headers give one: its descriptor's. */
export { ANTHROPIC_VERSION } from '../dialects/anthropic/descriptor.ts';

export interface LiveRequest {
  /** A profile name (`listProfiles`); `simulator` records from the built-in simulator. */
  readonly profile: string;
  /**
   * The dialect (`POST …/chat/completions`, `…/responses` or `…/messages`); one the profile serves
   * (`ProfileInfo.protocols`), its first when absent.
   */
  readonly protocol?: Protocol;
  /** Overrides the profile's base URL (up to the version path; the dialect's path is appended). */
  readonly baseUrl?: string;
  readonly model?: string;
  /**
   * The conversation. Chat Completions messages are mapped onto the dialect's shape (Responses: the
   * first system message as `instructions`, tool calls and results as items; Anthropic: system
   * messages as `system`, tool calls and results as blocks); the dialect's own items are sent as given.
   */
  readonly messages: readonly unknown[];
  /** Chat Completions function tools are mapped onto the dialect's shape; others are sent as given. */
  readonly tools?: readonly unknown[];
  /** Any other body fields, in the dialect's names (temperature, max_tokens or max_output_tokens, n …). Anthropic's `max_tokens` is MESSAGES_DEFAULT_MAX_TOKENS when absent. */
  readonly params?: Readonly<Record<string, unknown>>;
  /** `stream_options.include_usage`, Chat Completions only; default true there. */
  readonly includeUsage?: boolean;
  /** `stream_options.include_obfuscation` (Chat Completions and Responses); not sent when absent. */
  readonly includeObfuscation?: boolean;
  /** Sent as given. An `authorization` (`api-key` for Azure, `x-api-key` for Anthropic) here is this request's own key: the profile's is then not sent. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The origin (`http://host:port`) the user confirmed the profile's key may be sent to, when
   * `baseUrl` is not on the profile's own (./key-host.ts): without it such a request is refused.
   */
  readonly sendKeyTo?: string;
  readonly name?: string;
  readonly firstByteTimeoutMs?: number;
  readonly idleTimeoutMs?: number;
}

export interface LiveStarted {
  readonly id: number;
  readonly request: StoredRecording['request'];
}

export interface LiveBatch {
  readonly id: number;
  /** Present in the batch where the response head arrived. */
  readonly response?: RecordedResponse;
  /** Sequence number of the first read in `reads` (batches arrive in order; a gap means a lost batch). */
  readonly firstRead: number;
  readonly reads: readonly { readonly t: number; readonly bytes: Uint8Array }[];
  readonly events: readonly StoredEvent[];
}

export interface LiveFinished {
  readonly id: number;
  readonly end: RecordedEnd;
  readonly summary: RecordingSummary | null;
}

export interface ProfileInfo {
  readonly name: string;
  readonly label: string;
  readonly baseUrl: string | null;
  readonly defaultModel: string | null;
  /** Whether the profile sends a key at all (local servers and the simulator do not). */
  readonly needsKey: boolean;
  /** The dialects it serves; the first is its default. */
  readonly protocols: readonly Protocol[];
  readonly key: KeyInfo | null;
  readonly note: string | null;
}

export interface KeyInfo {
  readonly profile: string;
  /** Where the key comes from: the OS keychain (desktop app), the server's memory (serve mode: gone when it stops), or the profile's environment variable. */
  readonly source: 'keychain' | 'memory' | 'env';
  /** The last few characters, to tell keys apart (`…a1b2`); never more. */
  readonly suffix: string;
}

export interface ScenarioInfo {
  readonly name: string;
  /** The model that selects it (`sim-<name>`). */
  readonly model: string;
  readonly description: string;
}

export interface ImportFile {
  /** The file's name (its ending helps detect the format). */
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly tags?: readonly string[];
}

export interface ImportResult {
  /** The recordings created (a HAR may hold several). */
  readonly ids: number[];
}

export interface ExportedFile {
  readonly fileName: string;
  readonly mediaType: string;
  readonly content: string | Uint8Array;
}

export interface ExportFormatInfo {
  readonly format: ExportFormat;
  readonly description: string;
  readonly extension: string;
}

export interface ReplayStart {
  /** The stored recordings it answers with; each request gets the one whose request it matches best. */
  readonly recordings: readonly number[];
  /** 1 the recorded pace (default), 2 twice as fast, 0 as fast as possible. */
  readonly speed?: number;
  /** Precise timing: writes within a fraction of a millisecond of their moments, for a CPU core kept busy while a stream plays (docs/replay.md, "Timing"). Default false. */
  readonly precise?: boolean;
  readonly faults?: ReplayFaults;
  /** Default 0: a free port. The server listens on 127.0.0.1 only. */
  readonly port?: number;
}

export interface ReplayInfo {
  readonly id: number;
  /** What an OpenAI client takes as its base URL: http://127.0.0.1:PORT/v1. */
  readonly baseUrl: string;
  readonly recordings: readonly number[];
  readonly speed: number;
  readonly precise: boolean;
  /** The faults, in words (`cut after event 7`). */
  readonly faults: readonly string[];
  /** Requests answered so far. */
  readonly requests: number;
}

/** Lines kept per replay server, by the backend and by the page, the oldest let go first: a load test's requests do not grow either without bound. */
export const REPLAY_LOG_LIMIT = 10_000;

/** A replay server's request log. */
export interface ReplayLog {
  /** Newest first (by arrival: the entry's id), at most REPLAY_LOG_LIMIT. */
  readonly entries: readonly ReplayLogEntry[];
  /** Requests answered whose lines were let go to keep the limit. */
  readonly dropped: number;
}

export interface ReplayRequestPush {
  /** The replay server's id. */
  readonly replay: number;
  readonly request: ReplayLogEntry;
}

/** One request a replay server answered, once its response is over (electron/backend/replay's request log). */
export interface ReplayLogEntry {
  /** 1, 2, 3 … in order of arrival. */
  readonly id: number;
  /** Wall-clock time of arrival, ISO 8601. */
  readonly time: string;
  readonly method: string;
  readonly path: string;
  /** The request body's model, or null. */
  readonly model: string | null;
  /** The label of the recording that answered (`#12 "name"`), or null (an error answered). */
  readonly matched: string | null;
  /** The status sent; null when the connection was dropped unanswered (a recorded exchange that got no response). */
  readonly status: number | null;
  /** Body bytes written. */
  readonly bytes: number;
  /** `cut`: the replay destroyed the connection (a cut fault, or a recording that ended in error); `server-closed`: the server was stopped. */
  readonly outcome: 'complete' | 'cut' | 'client-closed' | 'server-closed';
  /** What the faults did to this response, in words (empty without faults). */
  readonly faults: readonly string[];
  /** From arrival to the end of the response. */
  readonly ms: number;
}

export interface ProxyStart {
  /** Upstream base URLs; each may be named (its prefix). With one and no profile, the proxy stands in for its origin, path kept. */
  readonly upstreams?: readonly { readonly url: string; readonly name?: string }[];
  /** Built-in profiles (listProfiles) to forward to, each under its name as a prefix (`/openai/v1`). */
  readonly profiles?: readonly string[];
  /** Default 0: a free port. The proxy listens on 127.0.0.1 only. */
  readonly port?: number;
  /** Pass the client's Accept-Encoding on (default: ask the upstream for identity). */
  readonly keepEncoding?: boolean;
  /** Origins whose web pages may use the proxy. */
  readonly allowOrigins?: readonly string[];
  /** Write each exchange to, or answer from, a folder of `.ssrec.jsonl` cassettes. */
  readonly cassettes?: { readonly dir: string; readonly mode: 'record' | 'replay' | 'auto' };
  /** Tags every captured recording carries. */
  readonly tags?: readonly string[];
}

export interface ProxyInfo {
  readonly id: number;
  /** The capture session its recordings carry (the history filters by it). */
  readonly session: string;
  readonly origin: string;
  readonly port: number;
  /** Each upstream with the base URL a client takes for it, and what to paste. */
  readonly bases: readonly ProxyBase[];
  readonly keepEncoding: boolean;
  readonly cassettes: { readonly dir: string; readonly mode: 'record' | 'replay' | 'auto'; readonly count: number } | null;
  /** Exchanges seen so far. */
  readonly exchanges: number;
}

export interface ProxyBase {
  /** `''` for a lone upstream, else `/name`. */
  readonly prefix: string;
  /** The upstream base URL (secrets redacted). */
  readonly upstream: string;
  readonly baseUrl: string;
  readonly snippets: readonly CaptureSnippet[];
}

export interface CaptureExchangePush {
  /** The proxy's id. */
  readonly proxy: number;
  readonly exchange: CaptureExchange;
}
