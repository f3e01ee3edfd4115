// What the two test-fixture formats (`openai-test`, `msw`) have in common: the recording as
// TypeScript data, what Streamscope reassembled from it (in its dialect's shape, declared as its
// descriptor's `fixture` says: Chat Completions' choices, the Responses `response`, the Anthropic
// `message`), the header comment and the replay code (replay-runtime.ts). Each format adds its own
// entry point around them.

import { analyzeRecording } from '../analysis/analyze.ts';
import { toContract } from '../analysis/contract.ts';
import type { AnalysisContract } from '../analysis/contract.ts';
import { concatBytes, toBase64, utf8OrNull } from '../formats/bytes.ts';
import { redactRecording } from '../recording/secrets/redact.ts';
import type { RecordedRead, Recording } from '../recording/types.ts';
import { DEFAULT_PROTOCOL, descriptorOf } from '../dialects/registry.ts';
import type { Protocol } from '../replay/dialect.ts';
import { replayHeaders } from '../replay/headers.ts';
import { commentText, jsNumber, jsString, jsValue } from './js-literal.ts';
import { REPLAY_FUNCTIONS, REPLAY_TYPES } from './replay-runtime.ts';
import type { ExportOptions } from './types.ts';

/** The path the handler answers when a Chat Completions recording has no request (an imported body): the openai SDK's default. */
export const DEFAULT_PATH = descriptorOf(DEFAULT_PROTOCOL).path;

export interface FixtureModule {
  /** The redacted recording the module is made from. */
  readonly recording: Recording;
  /** Its dialect, as the analysis tells it (Chat Completions when it cannot be told). */
  readonly protocol: Protocol;
  /** The recorded request's path (no origin, no query); the dialect's default path when there was no request. */
  readonly path: string;
  /** `export const recording … expected…` declarations. */
  readonly data: string;
  /** Types and functions that replay the recording (recordedBody, recordedResponse, …). */
  readonly runtime: string;
  /** The header comment, given the format's title and usage example. */
  header(title: string, usage: readonly string[]): string;
}

export function fixtureModule(original: Recording, options: ExportOptions = {}): FixtureModule {
  const recording = redactRecording(original);
  const analysis = analyzeRecording(recording);
  const contract = toContract(analysis);
  const protocol = contract.protocol ?? DEFAULT_PROTOCOL;
  const data = [`export const recording: RecordedExchange = ${recordingLiteral(recording)};`, '', ...expectedLines(protocol, analysis.final, contract.usage)].join('\n');
  return {
    recording,
    protocol,
    path: pathOf(recording.request?.url, protocol),
    data,
    runtime: `${REPLAY_TYPES}\n${REPLAY_FUNCTIONS}`,
    header: (title, usage) => headerComment(title, usage, recording, options, contract.diagnostics.map((d) => d.code)),
  };
}

/** What Streamscope reassembled, declared as its dialect's descriptor says (its `fixture`), and the usage. */
function expectedLines(protocol: Protocol, final: unknown, usage: AnalysisContract['usage']): string[] {
  const { types, comment, declaration, value, after } = descriptorOf(protocol).fixture;
  return [types, comment, `export const ${declaration} = ${jsValue(value(final), 2)};`, '', `export const expectedUsage: Record<string, unknown> | null = ${jsValue(usage, 2)};`, ...after];
}

function recordingLiteral(recording: Recording): string {
  const { request, response, reads, end } = recording;
  // What a replay sends: no secret, no header that described the recorded transfer, none that fetch's Headers would refuse.
  const headers = Object.fromEntries(replayHeaders(response?.headers ?? { 'content-type': 'text/event-stream' }).headers);
  const lines = [
    '{',
    `  request: ${request ? `{ method: ${jsString(request.method)}, url: ${jsString(request.url)}, body: ${jsValue(request.body)} }` : 'null'},`,
    `  response: { t: ${jsNumber(response?.t ?? null)}, status: ${response?.status ?? 200}, headers: ${jsValue(headers)} },`,
    '  reads: [',
    ...reads.map((read) => `    ${readLiteral(read)},`),
    '  ],',
    `  end: { t: ${jsNumber(end?.t ?? null)}, outcome: ${jsString(end?.outcome ?? 'eof')}, error: ${end?.error === undefined ? 'null' : jsString(end.error)} },`,
    '}',
  ];
  return lines.join('\n');
}

/** Text when the read's bytes are valid UTF-8 on their own (TextEncoder gives them back exactly), else base64, as `.ssrec.jsonl` does. */
function readLiteral({ t, bytes }: RecordedRead): string {
  const text = utf8OrNull(bytes);
  return text === null ? `{ t: ${jsNumber(t)}, base64: ${jsString(toBase64(bytes))} }` : `{ t: ${jsNumber(t)}, text: ${jsString(text)} }`;
}

/** The path of a URL as written (origin, query and fragment left out); the dialect's default when there is none. */
export function pathOf(url: string | undefined, protocol: Protocol = DEFAULT_PROTOCOL): string {
  if (url === undefined) return descriptorOf(protocol).path;
  const rest = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '');
  const path = /^[^?#]*/.exec(rest)?.[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

function headerComment(title: string, usage: readonly string[], recording: Recording, options: ExportOptions, codes: readonly string[]): string {
  const { request, response, reads, end } = recording;
  const name = [options.name ? commentText(options.name) : null, options.id != null ? `#${options.id}` : null].filter(Boolean).join(' ');
  const bytes = concatBytes(reads.map((read) => read.bytes)).length;
  const last = reads.at(-1)?.t ?? null;
  const timing = last === null ? 'untimed (replayed at once)' : `the last at ${last.toFixed(1)} ms`;
  return [
    '/*',
    ...title.split('\n').map((line) => ` * ${line}`),
    ' *',
    ` * Recording: ${name || '(unnamed)'}${recording.startedAt ? `, made ${commentText(recording.startedAt)}` : ''}, from ${recording.source}.`,
    ` * Request: ${request ? `${commentText(request.method)} ${commentText(request.url)}` : '(not recorded)'}.`,
    ` * Response: ${response?.status ?? '200 (not recorded)'}, ${reads.length} read${reads.length === 1 ? '' : 's'}, ${bytes} bytes, ${timing}; ended ${end?.outcome ?? 'eof'}.`,
    ` * Streamscope's diagnostics: ${codes.length > 0 ? [...new Set(codes)].join(', ') : 'none'}.`,
    ' *',
    ' * Usage:',
    ...usage.map((line) => ` *   ${line}`),
    ' *',
    ' * Generated by Streamscope. Secrets are left out; the recorded text is untrusted and appears',
    ' * only in escaped string literals.',
    ' */',
  ].join('\n');
}
