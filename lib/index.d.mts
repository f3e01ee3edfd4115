// The types of the package's entry (lib/index.mjs), for a project that imports it. Made by
// `npm run types` (bin/shipped-types.ts) from electron/backend/testing/index.ts: edit the sources.

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
	readonly servedBy: "proxy" | "cassette" | "refused";
	/** Whether it streams (asked for `stream: true`, or answered text/event-stream or another framing's media type: Bedrock's application/vnd.amazon.eventstream): streams are stored as recordings. */
	readonly stream: boolean;
	/** The stored recording; null for an exchange that does not stream (or a proxy without a store). */
	readonly recording: number | null;
	/** The cassette file that answered, or that the exchange was written to. */
	readonly cassette: string | null;
	readonly status: number | null;
	/** `open` while it streams. */
	readonly state: "open" | "done";
	/** How it ended (a recording's outcome); null while open. */
	readonly outcome: "eof" | "error" | "aborted" | "timeout" | null;
	readonly error: string | null;
	readonly ttftMs: number | null;
	readonly durationMs: number | null;
	readonly events: number;
	/** Findings of the stream's analysis by severity, and their codes. */
	readonly findings: {
		readonly errors: number;
		readonly warnings: number;
		readonly codes: readonly string[];
	};
	/** Body bytes relayed to the client. */
	readonly bytes: number;
}
export interface ReplayStall {
	/** The event whose first byte waits. */
	readonly beforeEvent: number;
	/** Milliseconds of silence, not scaled by the replay speed. */
	readonly ms: number;
}
export interface ReplayFaults {
	/** Destroy the connection right after event N's last byte is written. */
	readonly cutAfterEvent?: number;
	/** Destroy the connection after N body bytes (counted on the bytes sent, after any drop or corruption). */
	readonly cutAfterByte?: number;
	readonly stalls?: readonly ReplayStall[];
	/** Leave out the end of the stream: `data: [DONE]`; Responses' terminal event; Anthropic's `message_stop`. */
	readonly dropDone?: boolean;
	/**
	 * Remove why the model stopped: every finish_reason (finish-only chunks are left out, other
	 * chunks carry `"finish_reason":null`); Responses' `incomplete_details` in response.incomplete;
	 * Anthropic's `stop_reason` in message_delta (null).
	 */
	readonly dropFinish?: boolean;
	/** Leave out the usage: the usage chunk (`choices: []` with `usage`); Responses' terminal `response.usage` (null); Anthropic's message_delta `usage` (null). */
	readonly dropUsage?: boolean;
	/** Hold every byte and send it all at the recorded end (a buffering proxy). */
	readonly bufferAll?: boolean;
	/** Make event N's data invalid JSON: its last data line is cut in half. */
	readonly corruptEvent?: number;
	/**
	 * After event N's last byte, the error the dialect's server sends mid-stream (Bedrock's exception
	 * frame, Anthropic's `event: error`, OpenAI's error, Gemini's JSON error tail), then a clean end.
	 */
	readonly errorAfterEvent?: number;
	/** Answer with this status and body instead of the recording. */
	readonly status?: {
		readonly code: number;
		readonly body?: string;
	};
}
/** An upstream: its base URL, or the URL with the name of its prefix (`/NAME/...`). */
export type Upstream = string | {
	readonly url: string;
	readonly name?: string;
};
export interface ProxyOptions {
	/** The upstream base URL (e.g. `https://api.openai.com/v1`), or several, each under a prefix. */
	readonly upstream?: Upstream | readonly Upstream[];
	/** Built-in profiles' upstreams (`"openai"`, `"anthropic"`, `"simulator"`…), each under /NAME. */
	readonly profiles?: readonly string[];
	/** A folder of .ssrec.jsonl cassettes: written (record), answered from (replay), or both (auto). */
	readonly cassettes?: string;
	/** record: forward and write cassettes; replay: answer only from cassettes, no network (a miss is a 404); auto: answer what matches, forward and record the rest. */
	readonly mode?: "record" | "replay" | "auto";
	/** The database recordings go into; default `$STREAMSCOPE_DB` or the data folder (as the CLI), false for none. */
	readonly db?: string | false;
	/** Default 0: a free port. The proxy binds 127.0.0.1 only. */
	readonly port?: number;
	/** Pace of what cassettes answer: 1 as recorded (default), 0 no waits. Replay and auto modes. */
	readonly speed?: number;
	/** Faults applied to what cassettes answer (docs/replay.md). Replay and auto modes. */
	readonly faults?: ReplayFaults;
	readonly tags?: readonly string[];
	/** Pass the client's Accept-Encoding to the upstream (default: ask for identity). */
	readonly keepEncoding?: boolean;
	/** Origins whose web pages may use the proxy. */
	readonly allowOrigins?: readonly string[];
	/** Body bytes a recording keeps (default 256 MiB). */
	readonly maxRecordingBytes?: number;
	/** More header names whose values are secrets (`--redact-header`), any case: stored redacted, in the database and the cassettes, and masked where the response echoes them. */
	readonly redactHeaders?: readonly string[];
	/** Cassettes keep random-looking values of headers not secret by name (`--keep-high-entropy-headers`); by default they are redacted. */
	readonly keepHighEntropyHeaders?: boolean;
}
export interface MockOptions {
	/** What to serve: recording files (.ssrec.jsonl, .sse) or stored recordings' ids, as `streamscope replay` takes them. */
	readonly recordings: string | number | readonly (string | number)[];
	/** The database of stored recordings (ids); default `$STREAMSCOPE_DB` or the data folder. */
	readonly db?: string;
	/** Default 127.0.0.1. */
	readonly host?: string;
	/** Default 0: a free port. */
	readonly port?: number;
	/** 1 the recorded pace (default), 2 twice as fast, 0 no waits. */
	readonly speed?: number;
	/** Keep awake through every wait, for sub-millisecond timing at the cost of a busy core. */
	readonly precise?: boolean;
	/** Pause between the events of a .sse, which has no timing (default 20 ms). */
	readonly untimedIntervalMs?: number;
	/** Faults applied to what is served (docs/replay.md). */
	readonly faults?: ReplayFaults;
}
export interface RunningProxy {
	/** The base URL a client takes, e.g. `http://127.0.0.1:PORT/v1` (the first upstream's, with several). */
	readonly url: string;
	/** Every upstream's base URL, in the order given. */
	readonly urls: readonly string[];
	readonly port: number;
	/** The exchanges that ended, in the order they ended. */
	readonly exchanges: readonly CaptureExchange[];
	/** Stops the proxy (streams in flight are cut) and closes what it opened; nothing is left running. */
	close(): Promise<void>;
}
/** `streamscope proxy` in this process: options checked first (a TypeError names a wrong one). */
export declare function startProxy(options: ProxyOptions): Promise<RunningProxy>;
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
	readonly outcome: "complete" | "cut" | "client-closed" | "server-closed";
	/** What the faults did to this response, in words (empty without faults). */
	readonly faults: readonly string[];
	/** From arrival to the end of the response. */
	readonly ms: number;
}
/** One request, once its response is over: the API's `replayRequest` push carries it as it is. */
export type ReplayRequestLog = ReplayLogEntry;
export interface RunningMock {
	/** `http://127.0.0.1:PORT/v1`: an OpenAI client's base URL (an Anthropic client's is without `/v1`). */
	readonly url: string;
	readonly port: number;
	/** The requests served so far, in the order their responses ended. */
	readonly requests: readonly ReplayRequestLog[];
	/** Stops listening and ends every open connection; nothing is left running. */
	close(): Promise<void>;
}
/** `streamscope replay` in this process: options checked first (a TypeError names a wrong one). */
export declare function startMock(options: MockOptions): Promise<RunningMock>;

export {};
