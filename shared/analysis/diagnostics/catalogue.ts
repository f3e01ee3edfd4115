// The diagnostics catalogue (docs/diagnostics.md): stable codes, their severity, and how to fix
// what they find. Here the stream's own codes — the transport's, the framing's, the timing's and
// the analysis's bounds —, which every dialect shares; each dialect keeps its own codes in its
// folder (dialects/<name>/catalogue.ts), and CATALOGUE joins them all. Codes marked "extension"
// are ours, beyond the design's list, for deviations real providers showed that break real clients.

import { REGISTERED_DIALECTS } from '../../dialects/registry.ts';
import type { DialectCode, RegisteredDialect } from '../../dialects/types.ts';
import type { FramingCode, FramingName } from '../../framing/types.ts';
import { DEFAULT_FRAMING, FRAMINGS, framingOf } from '../../framing/registry.ts';
import { findingIn } from '../../findings/finding.ts';
import type { CatalogueEntry, CodeInfo, Finding } from '../../findings/finding.ts';

export type { CatalogueEntry, CodeInfo, Severity } from '../../findings/finding.ts';
export { SEVERITY_ORDER } from '../../findings/finding.ts';

/** The codes of the checks every dialect runs (diagnose.ts) but the framing's own (framing/sse/catalogue.ts): the same meaning and fix in each. */
export const STREAM_CATALOGUE = {
  // Transport: the HTTP exchange
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
  'connection-error': {
    severity: 'error',
    title: 'Connection failed mid-stream',
    hint: 'The transport failed before the stream completed: retry the request, and check timeouts and network stability between client and server.',
  },
  // Framing: the SSE body
  'no-done': {
    severity: 'error',
    title: 'No [DONE]',
    hint: 'The body ended without "data: [DONE]": treat the response as incomplete and retry; if the server never sends it, fix the server or make the client rely on finish_reason.',
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
  obfuscation: {
    severity: 'info',
    title: 'Obfuscation padding',
    hint: 'Padding protects against traffic analysis; where nobody can observe the traffic, "stream_options": {"include_obfuscation": false} saves the bytes.',
  },
  // Timing: when the reads came
  'buffered-delivery': {
    severity: 'warning',
    title: 'Buffered delivery',
    hint: 'Something on the path held the stream back: turn off proxy response buffering (nginx: proxy_buffering off, or the header X-Accel-Buffering: no), do not compress text/event-stream, and stream from serverless functions instead of returning a finished body.',
  },
  'capture-lagged': {
    severity: 'info',
    title: 'Capture proxy lagged (extension)',
    hint: 'The capture proxy\'s own event loop was blocked (or, for a request Streamscope sent itself, the recorder\'s), so it read what the upstream had sent meanwhile all at once: the timings in this window are ours, not the upstream\'s. Its host is overloaded (CPU contention, too many streams at once): give it more CPU or fewer streams and record again to judge the upstream\'s pace.',
  },
  'idle-gap': {
    severity: 'warning',
    title: 'Long silence',
    hint: 'Idle timeouts of proxies, load balancers and clients (often 10 to 60 s) cut streams this quiet; raise them, or have the server send keep-alive comments.',
  },
  // The analysis's own bounds
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
} as const satisfies Record<string, CatalogueEntry>;

export type StreamCode = keyof typeof STREAM_CATALOGUE;

export type DiagnosticCode = StreamCode | FramingCode | DialectCode;

export type Diagnostic = Finding<DiagnosticCode>;

/**
 * Every code, the stream's, every registered framing's and every registered dialect's, with what it means wherever found. A
 * code several dialects report has one severity and one title (dialects/kit/codes.ts); its fix is
 * the finding's own, in its dialect's terms.
 */
export const CATALOGUE: Readonly<Record<DiagnosticCode, CodeInfo>> = Object.fromEntries(
  [STREAM_CATALOGUE, ...Object.values(FRAMINGS).map((framing) => framing.catalogue), ...REGISTERED_DIALECTS.map((dialect) => dialect.catalogue)].flatMap((catalogue) =>
    Object.entries(catalogue).map(([code, { severity, title }]): [string, CodeInfo] => [code, { severity, title }]),
  ),
) as Record<DiagnosticCode, CodeInfo>;

/** The framing's codes about a sentinel event (framing.ts): made only for a dialect that has one (its descriptor's `sentinel`). */
const SENTINEL_CODES: ReadonlySet<StreamCode> = new Set<StreamCode>(['no-done', 'after-done']);

/** The codes an analysis may report for a stream of this dialect: the stream's (the sentinel's where it has one), its framing's and its catalogue's. */
export function codesOf(dialect: RegisteredDialect): ReadonlySet<DiagnosticCode> {
  const stream = (Object.keys(STREAM_CATALOGUE) as StreamCode[]).filter((code) => dialect.descriptor.sentinel !== null || !SENTINEL_CODES.has(code));
  const framings = [dialect.descriptor.framing ?? DEFAULT_FRAMING, ...(Object.keys(dialect.descriptor.alsoFramed ?? {}) as FramingName[])];
  const framed = framings.flatMap((name) => Object.keys(framingOf(name).catalogue) as FramingCode[]);
  return new Set<DiagnosticCode>([...stream, ...framed, ...(Object.keys(dialect.catalogue) as DialectCode[])]);
}

/** The codes every registered dialect may report, which mean the same in all: what two recordings of different dialects can be compared on. */
export const CODES_OF_EVERY_DIALECT: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>(
  [...codesOf(REGISTERED_DIALECTS[0]!)].filter((code) => REGISTERED_DIALECTS.every((dialect) => codesOf(dialect).has(code))),
);

/** A finding of the stream's own checks. */
export const finding = findingIn(STREAM_CATALOGUE);
