// `--format aimock`: a fixture file for @copilotkit/aimock (checked against 1.43), replayed in its
// recorded-timing mode. Load it with `new LLMock().loadFixtureFile(path)` or
// `npx -p @copilotkit/aimock llmock -f FILE`.
//
// aimock replays a message, not bytes: it rebuilds OpenAI chunks from the fixture's response
// (aimock-plan.ts says how) and waits `recordedTimings` between them. What it carries: the content
// (one chunk per recorded content delta), reasoning (as delta.reasoning_content), sequential tool
// calls with their ids, names and arguments, the finish reason, id/created/model/system_fingerprint,
// the three usage token counts (sent only when the request asks for usage, as OpenAI does), a
// connection cut (disconnectAfterMs), an HTTP error status with an OpenAI error body, and the
// arrival time of every chunk.
//
// What it cannot, so a fixture never claims it (each is listed, per recording, in
// `_streamscope.losses`, aimock-losses.ts; docs/replay.md, "aimock export"): the recorded bytes and
// their split into reads (it re-serialises every chunk as `data: <JSON.stringify>\n\n`, one write
// each); response headers and the time headers came (it sends its own with the first chunk); SSE
// comments, event:/id:/retry: fields, CR/CRLF line endings; malformed events; error events inside
// a stream; refusal; more than one choice; logprobs, service_tier, obfuscation and provider fields;
// the deprecated function_call; usage details; the per-delta split of reasoning and tool arguments
// (cut every `chunkSize` characters instead, each chunk at the time of its last character);
// interleaved tool calls (sent one after another); a stream without a finish reason that still
// ends in [DONE] (aimock adds one), one without [DONE] (aimock adds it), or a clean end of body
// without either (it resets the connection instead); the time between the finish chunk and [DONE].
//
// A recording of a dialect whose descriptor says aimock cannot replay it (`aimock: false`: Responses,
// Anthropic Messages) gets no fixture, only a `dialect` loss that says why: aimock builds those
// dialects' events itself from a message, so it cannot replay one as recorded.

import { analyzeRecording } from '../analysis/analyze.ts';
import { redactRecording } from '../recording/secrets/redact.ts';
import type { Recording } from '../recording/types.ts';
import { header } from '../recording/types.ts';
import { concatBytes } from '../formats/bytes.ts';
import { descriptorOf } from '../dialects/registry.ts';
import type { Protocol } from '../replay/dialect.ts';
import { AIMOCK_USAGE_KEYS, aimockLosses } from './aimock-losses.ts';
import type { AimockLoss } from './aimock-losses.ts';
import { planAimock } from './aimock-plan.ts';
import type { AimockBlock, AimockTimings, AimockToolCall } from './aimock-plan.ts';
import type { ExportOptions, Exporter } from './types.ts';

/** A fixture's response: aimock's ResponseOverrides with blocks, tool calls or an error. */
export interface AimockResponse {
  blocks?: AimockBlock[];
  toolCalls?: AimockToolCall[];
  reasoning?: string;
  id?: string;
  created?: number;
  model?: string;
  systemFingerprint?: string;
  finishReason?: string;
  role?: string;
  usage?: Record<string, number>;
  error?: { message: string; type?: string; param?: string | null; code?: string };
  status?: number;
  retryAfter?: number;
}

/** One entry of aimock's FixtureFile (types.d.ts, FixtureFileEntry), the fields this exporter writes. */
export interface AimockFixtureEntry {
  match: { model?: string; userMessage?: string };
  response: AimockResponse;
  chunkSize?: number;
  recordedTimings?: AimockTimings;
  disconnectAfterMs?: number;
}

export interface AimockFixtureFile {
  /** Ignored by aimock's loader (it reads `fixtures` only): where the fixture came from and what it could not keep. */
  _streamscope: { source: string; losses: AimockLoss[] };
  fixtures: AimockFixtureEntry[];
}

/** The fixture file and what it could not keep. */
export function toAimockFixture(recording: Recording, options: ExportOptions = {}): AimockFixtureFile {
  const redacted = redactRecording(recording);
  const analysis = analyzeRecording(redacted);
  const source = options.name ?? (options.id != null ? `recording ${options.id}` : 'a Streamscope recording');
  // A stream whose dialect could not be told still gets a fixture, as it always did (its losses listed).
  if (analysis.protocol !== null && !descriptorOf(analysis.protocol).aimock) return { _streamscope: { source, losses: [dialectLoss(analysis.protocol)] }, fixtures: [] };
  const plan = planAimock(analysis);
  const losses = aimockLosses(analysis, plan);
  const match = matchOf(redacted.request?.body);
  const status = redacted.response?.status ?? 200;
  if (status < 200 || status > 299) {
    const { response, loss } = errorResponse(redacted, status);
    return { _streamscope: { source, losses: loss ? [loss] : [] }, fixtures: [{ match, response }] };
  }

  const { identity } = analysis;
  const choice = plan.choice;
  const hasCalls = (plan.toolCalls?.length ?? 0) > 0 || (plan.blocks?.some((block) => block.type === 'toolCall') ?? false);
  const usage = analysis.state.usage;
  const counts = usage ? Object.fromEntries(AIMOCK_USAGE_KEYS.flatMap((key) => (typeof usage[key] === 'number' ? [[key, usage[key]]] : []))) : {};
  const response: AimockResponse = {
    ...(plan.blocks ? { blocks: plan.blocks } : { toolCalls: plan.toolCalls ?? [] }),
    ...(plan.reasoning !== '' ? { reasoning: plan.reasoning } : {}),
    ...(identity.id !== null ? { id: identity.id } : {}),
    ...(identity.created !== null ? { created: identity.created } : {}),
    ...(identity.model !== null ? { model: identity.model } : {}),
    ...(identity.system_fingerprint !== null ? { systemFingerprint: identity.system_fingerprint } : {}),
    // Always explicit: aimock's default for a response without text is "tool_calls".
    finishReason: choice?.finishReason ?? (hasCalls ? 'tool_calls' : 'stop'),
    ...(choice?.role && choice.role !== 'assistant' ? { role: choice.role } : {}),
    ...(Object.keys(counts).length > 0 ? { usage: counts } : {}),
  };
  const entry: AimockFixtureEntry = {
    match,
    response,
    chunkSize: plan.chunkSize,
    ...(plan.timings ? { recordedTimings: plan.timings } : {}),
    ...(plan.cutAtMs !== null ? { disconnectAfterMs: plan.cutAtMs } : {}),
  };
  return { _streamscope: { source, losses }, fixtures: [entry] };
}

/**
 * Why a recording of a dialect whose descriptor says aimock cannot replay it (Responses, Anthropic
 * Messages) gets no fixture. aimock (1.43) answers /v1/responses and /v1/messages, but from a
 * message: it writes every event itself (its own response, item and block ids, sequence numbers,
 * event order and split, `chunkSize` pieces, one timing per event of its own). A recorded stream of
 * these dialects cannot be told to it event by event, as a Chat Completions one can
 * (aimock-plan.ts), so the file says so rather than hold a fixture that would replay something
 * else under the recording's name.
 */
function dialectLoss(protocol: Protocol): AimockLoss {
  const { shortName: name, path } = descriptorOf(protocol);
  return {
    code: 'dialect',
    affects: 'message',
    message: `aimock cannot replay a recorded ${name} stream: it builds every ${path} event itself from a message (its own ids, event order and split, and timing), so no fixture is written. Replay it with streamscope replay, or export it as openai-test or msw.`,
    events: [],
  };
}

/**
 * aimock matches `model` exactly (or with a `-<digit>` suffix) and `userMessage` as a substring
 * of the request's last user message (dist/router.js): the recorded request's model and last user
 * message. A recording without a request matches every request.
 */
function matchOf(body: unknown): AimockFixtureEntry['match'] {
  if (body === null || typeof body !== 'object') return {};
  const { model, messages } = body as { model?: unknown; messages?: unknown };
  const match: AimockFixtureEntry['match'] = {};
  if (typeof model === 'string' && model !== '') match.model = model;
  if (Array.isArray(messages)) {
    const last = [...messages].reverse().find((message) => (message as { role?: unknown } | null)?.role === 'user') as { content?: unknown } | undefined;
    const text = textOf(last?.content);
    if (text) match.userMessage = text;
  }
  return match;
}

function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content.flatMap((part) => (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string' ? [(part as { text: string }).text] : []));
  return texts.length > 0 ? texts.join('') : null;
}

/** aimock answers an error fixture with the status and `{error: {message, type, param, code}}` (helpers.js, serializeErrorResponse). */
function errorResponse(recording: Recording, status: number): { response: AimockResponse; loss: AimockLoss | null } {
  const text = new TextDecoder().decode(concatBytes(recording.reads.map((read) => read.bytes)));
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text itself becomes the message.
  }
  const error = (body as { error?: unknown } | null)?.error;
  const fields = error && typeof error === 'object' ? (error as Record<string, unknown>) : {};
  const message = typeof fields.message === 'string' ? fields.message : typeof error === 'string' ? error : text;
  const response: AimockResponse = {
    error: {
      message,
      ...(typeof fields.type === 'string' ? { type: fields.type } : {}),
      ...(typeof fields.param === 'string' || fields.param === null ? { param: fields.param as string | null } : {}),
      ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    },
    status,
  };
  const retryAfter = Number(header(recording.response?.headers, 'retry-after'));
  if (status === 429 && Number.isInteger(retryAfter) && retryAfter >= 0) response.retryAfter = retryAfter;
  const rebuilt = JSON.stringify({ error: { message, type: response.error!.type ?? 'server_error', param: response.error!.param ?? null, code: response.error!.code ?? null } });
  const same = body !== null && JSON.stringify(body) === rebuilt;
  const loss: AimockLoss | null = same
    ? null
    : { code: 'status', affects: 'stream', message: `aimock answers ${status} with {"error": {message, type, param, code}} only: the rest of the recorded body is not kept.`, events: [] };
  return { response, loss };
}

export const aimockExporter: Exporter = {
  format: 'aimock',
  description: 'A fixture for @copilotkit/aimock, replayed with the recorded chunk timings (what it cannot express is listed in the file)',
  extension: '.aimock.json',
  mediaType: 'application/json',
  export: (recording, options) => `${JSON.stringify(toAimockFixture(recording, options), null, 2)}\n`,
};
