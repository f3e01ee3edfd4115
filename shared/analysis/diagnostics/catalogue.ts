// The diagnostics catalogue (docs/diagnostics.md):
// stable codes, their severity, and how to fix what they find. Codes marked
// "extension" are ours, beyond the design's list, for deviations real
// providers showed (../shared/provider-quirks.md) that break real clients.

import { DIALECT_CATALOGUE } from '../../dialects/catalogue.ts';

export type Severity = 'error' | 'warning' | 'info';

export interface CatalogueEntry {
  readonly severity: Severity;
  readonly title: string;
  readonly hint: string;
}

/** The transport's and Chat Completions' codes. */
export const CHAT_CATALOGUE = {
  // Transport
  'http-status': {
    severity: 'error',
    title: 'HTTP error status',
    hint: 'Read the error body: check the API key, model name, rate limits and request body.',
  },
  'not-event-stream': {
    severity: 'error',
    title: 'Not an event stream',
    hint: 'Send "stream": true, and check that no proxy or error page answered instead of the API.',
  },
  'buffered-delivery': {
    severity: 'warning',
    title: 'Buffered delivery',
    hint: 'Something on the path held the stream back: turn off proxy response buffering (nginx: proxy_buffering off, or the header X-Accel-Buffering: no), do not compress text/event-stream, and stream from serverless functions instead of returning a finished body.',
  },
  'capture-lagged': {
    severity: 'info',
    title: 'Capture proxy lagged (extension)',
    hint: 'The capture proxy\'s own event loop was blocked, so it read what the upstream had sent meanwhile all at once: the timings in this window are the proxy\'s, not the upstream\'s. Its host is overloaded (CPU contention, too many streams at once): give it more CPU or fewer streams and record again to judge the upstream\'s pace.',
  },
  'compressed-stream': {
    severity: 'info',
    title: 'Compressed stream',
    hint: 'Compression of text/event-stream can hold events back until a compression block fills; exclude it from compression if events arrive late.',
  },
  'secret-echoed': {
    severity: 'warning',
    title: 'Key sent back by the server',
    hint: 'A server or gateway that echoes credentials leaks them to every log, proxy and client that keeps responses: stop it from echoing request headers, and rotate the key if such responses were kept anywhere.',
  },
  'recording-truncated': {
    severity: 'info',
    title: 'Recording cut short (extension)',
    hint: 'The client got the whole body; the recording keeps its first bytes only, so the stream\'s end is not analysed. At the size cap: raise it (--max-recording-bytes) to keep more, or find why the stream grew this long. When the recorder fell behind: fewer streams at once through one proxy, or a machine with more room.',
  },
  'idle-gap': {
    severity: 'warning',
    title: 'Long silence',
    hint: 'Idle timeouts of proxies, load balancers and clients (often 10 to 60 s) cut streams this quiet; raise them, or have the server send keep-alive comments.',
  },
  'no-done': {
    severity: 'error',
    title: 'No [DONE]',
    hint: 'The body ended without "data: [DONE]": treat the response as incomplete and retry; if the server never sends it, fix the server or make the client rely on finish_reason.',
  },
  'connection-error': {
    severity: 'error',
    title: 'Connection failed mid-stream',
    hint: 'The transport failed before the stream completed: retry the request, and check timeouts and network stability between client and server.',
  },
  'partial-event': {
    severity: 'error',
    title: 'Unterminated event',
    hint: 'Every SSE event must end with a blank line; a spec-compliant client (EventSource) drops an event without one.',
  },
  'after-done': {
    severity: 'warning',
    title: 'Events after [DONE]',
    hint: 'Clients stop reading at [DONE]: whatever the server sends afterwards is lost.',
  },
  'invalid-json': {
    severity: 'error',
    title: 'Invalid JSON',
    hint: 'The data payload is not JSON: a client that parses every data line throws here. Fix the server, or skip unparseable events in the client.',
  },
  'json-too-deep': {
    severity: 'warning',
    title: 'JSON nested too deep',
    hint: 'The data payload nests arrays or objects more than 256 levels deep: Streamscope does not read it (its walks over a value, like JSON.stringify and many clients\' own, recurse and overflow the stack), so what the event says is not analysed. No API sends such data: find what wrote it.',
  },
  'stream-error': {
    severity: 'error',
    title: 'Error in the stream',
    hint: 'The server reported an error after the response started (with status 200): handle error payloads in the stream, not only HTTP statuses.',
  },
  comment: {
    severity: 'info',
    title: 'SSE comments',
    hint: 'Comments (keep-alives) are not data: a client that JSON-parses every line must skip lines starting with ":".',
  },
  obfuscation: {
    severity: 'info',
    title: 'Obfuscation padding',
    hint: 'Padding protects against traffic analysis; where nobody can observe the traffic, "stream_options": {"include_obfuscation": false} saves the bytes.',
  },
  'mixed-line-endings': {
    severity: 'info',
    title: 'Mixed line endings',
    hint: 'Parsers that split only on "\\n" mis-read CR or CRLF lines; use a spec-compliant SSE parser.',
  },
  'events-not-analysed': {
    severity: 'info',
    title: 'Events past the analysis bound (extension)',
    hint: 'Every byte is stored; export the recording (sse or ssrec) to look at the rest with other tools.',
  },
  'analysis-limited': {
    severity: 'info',
    title: 'Body past the analysis bound (extension)',
    hint: 'The analysis of a recording made live reads the body\'s first 64 MiB (its memory bound), so the end of the stream is not analysed; every byte is stored: open or inspect the recording to analyse it whole, or export it (sse or ssrec) to look at the rest with other tools.',
  },
  // Chunks
  'missing-finish-reason': {
    severity: 'error',
    title: 'Missing finish reason',
    hint: 'A choice without finish_reason did not complete (or the server never sends one): treat it as truncated, and do not wait for a finish chunk that is not coming.',
  },
  'finish-length': {
    severity: 'warning',
    title: 'Output cut at the token limit',
    hint: 'finish_reason "length": raise max_tokens / max_completion_tokens, or shorten the prompt.',
  },
  'finish-content-filter': {
    severity: 'warning',
    title: 'Content filter',
    hint: 'finish_reason "content_filter": the output was stopped by a content filter; show the user that the answer is incomplete.',
  },
  'nonstandard-finish-reason': {
    severity: 'warning',
    title: 'Non-standard finish reason (extension)',
    hint: 'OpenAI sends stop, length, tool_calls, content_filter or function_call: a client that switches on these values misses this one. Map it in the client.',
  },
  refusal: {
    severity: 'warning',
    title: 'Refusal',
    hint: 'The model refused in delta.refusal: a client that reads only content shows an empty answer. Render refusal text too.',
  },
  'role-missing': {
    severity: 'warning',
    title: 'No role',
    hint: 'No delta.role arrived for this choice: clients that take the role from the first chunk (the official OpenAI SDK throws "missing role") fail. Default it to "assistant".',
  },
  'empty-content-delta': {
    severity: 'info',
    title: 'Empty content deltas',
    hint: 'content: "" deltas carry nothing: skip empty strings instead of writing them.',
  },
  'non-string-content': {
    severity: 'warning',
    title: 'Content as typed parts (extension)',
    hint: 'delta.content arrived as an array of parts: a client that concatenates content strings prints "[object Object]". Handle the part types (text, thinking).',
  },
  'usage-chunk': {
    severity: 'info',
    title: 'Usage-only chunk',
    hint: 'A chunk with choices: [] carries the usage: guard choices[0] before reading it.',
  },
  'usage-missing': {
    severity: 'warning',
    title: 'Usage missing',
    hint: 'stream_options.include_usage was requested but no usage arrived: the server ignores the option, or the stream was cut before the usage chunk.',
  },
  'inconsistent-metadata': {
    severity: 'warning',
    title: 'Inconsistent metadata',
    hint: 'Chunks of one completion should share id, model and system_fingerprint: a client that correlates chunks by id splits this stream.',
  },
  'metadata-drift': {
    severity: 'info',
    title: 'Timestamp drift (extension)',
    hint: '"created" changes between chunks: harmless unless a client uses it as a key. Take it from the first chunk.',
  },
  'unexpected-object': {
    severity: 'warning',
    title: 'Unexpected object type',
    hint: 'A client that checks object === "chat.completion.chunk" drops this chunk, and what it carries.',
  },
  'delta-after-finish': {
    severity: 'warning',
    title: 'Delta after finish',
    hint: 'A client that stops reading a choice at its finish reason loses what came afterwards.',
  },
  'malformed-chunk': {
    severity: 'error',
    title: 'Malformed chunk (extension)',
    hint: 'A chunk field has the wrong type: a typed client (the official SDKs, zod schemas) rejects the chunk.',
  },
  'tool-arguments-invalid': {
    severity: 'error',
    title: 'Tool arguments are not JSON',
    hint: 'JSON.parse of the joined arguments fails: the output was cut, or the model produced invalid JSON. Check finish_reason, use strict tool schemas, and handle the parse error.',
  },
  'tool-call-incomplete': {
    severity: 'error',
    title: 'Incomplete tool call',
    hint: 'A tool call without id or function name cannot be executed or answered: the stream was cut, or the server sends ids elsewhere.',
  },
  'tool-call-index-missing': {
    severity: 'warning',
    title: 'Tool call without index (extension)',
    hint: 'Clients reassemble tool_calls by index (the OpenAI SDKs index an array with it): a fragment without one is dropped or throws. Assign indexes in order of arrival.',
  },
  'tool-call-type-missing': {
    severity: 'warning',
    title: 'Tool call without type (extension)',
    hint: 'A non-streamed response says "type": "function": the OpenAI SDK throws "tool call snapshot missing `type`" without it. Default it to "function" in the client.',
  },
  'tool-calls-interleaved': {
    severity: 'info',
    title: 'Tool calls interleaved (extension)',
    hint: 'Fragments of parallel calls alternate. Reassembling by index handles it, but the OpenAI SDK\'s stream helper fires tool_calls.function.arguments.done each time the index changes, with partial arguments: run tools from the final message, not from that event.',
  },
  'tool-call-index-gap': {
    severity: 'warning',
    title: 'Tool call indexes with gaps (extension)',
    hint: 'Clients that index an array with tool_calls[].index (the OpenAI SDKs) leave holes and crash on them. Renumber the calls from 0 in the client, or fix the gateway.',
  },
  'tool-finish-mismatch': {
    severity: 'warning',
    title: 'Tool calls and finish reason disagree',
    hint: 'Agents run tools when finish_reason is "tool_calls": with another reason they skip the calls; with no call they wait for none. Decide on the presence of tool_calls.',
  },
  'unknown-field': {
    severity: 'info',
    title: 'Fields outside the OpenAI shape',
    hint: 'Provider extensions: safe to ignore for a lenient client; a strict schema (zod .strict()) rejects them.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/**
 * Every code: the Responses and Anthropic Messages dialects' (dialects/catalogue.ts) and the
 * transport's and Chat Completions'. A code both have takes Chat Completions' entry (the same
 * severity: dialects/chat.test.ts checks it); each dialect finding carries its own hint.
 */
export const CATALOGUE = { ...DIALECT_CATALOGUE, ...CHAT_CATALOGUE } as const satisfies Record<string, CatalogueEntry>;

export type DiagnosticCode = keyof typeof CATALOGUE;

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  readonly hint: string;
  /** The events that show it (indexes into the recording's events). */
  readonly events: readonly number[];
  /** The reads that show it, for transport findings. */
  readonly reads?: readonly number[];
}

export function finding(code: DiagnosticCode, message: string, events: readonly number[] = [], reads?: readonly number[]): Diagnostic {
  const entry: CatalogueEntry = CATALOGUE[code];
  return { code, severity: entry.severity, message, hint: entry.hint, events, ...(reads ? { reads } : {}) };
}

export const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };
