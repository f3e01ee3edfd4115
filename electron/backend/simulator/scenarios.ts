// The scripted scenarios of every dialect, selected by the request's model name
// `sim-<name>`: a clean stream for each kind of answer, and one scenario for
// each way streams go wrong, each meant to show one diagnostic. A scenario is
// written once: it builds a dialect-neutral answer (turn.ts) with its fault and
// transport; each dialect renders it on its own wire (chat/, responses/,
// anthropic/). One that only some dialects can express says which.

import type { Protocol } from '../../../shared/dialects/types.ts';
import { ANSWERS, REASONING, REFUSAL, TOOL_CALLS, prose, textPieces, tokenize } from './content.ts';
import type { Pace, PaceOptions, Rng } from './timing.ts';
import type { Answer, Block, TurnFault } from './turn.ts';

export interface ScenarioContext {
  /** Model name as requested (`sim-…`). */
  readonly model: string;
  /** Which choice this answer is (Chat's `n`; 0 in a dialect with one). */
  readonly choice: number;
  /** Draws generated words, ids and argument fragments. */
  readonly rng: Rng;
  /** `sim.chunks`: text tokens, as generated prose instead of the canned answer. */
  readonly chunks: number | null;
  /** `sim.fail_after`: tokens before the fault or pause. */
  readonly failAfter: number | null;
  /** `sim.pause_ms`. */
  readonly pauseMs: number | null;
  /** `sim.keep_alive_ms`. */
  readonly keepAliveMs: number | null;
  /** How the dialect writes a tool call: its arguments' JSON text, and the id it draws with them, if any. */
  readonly tools: ToolWriting;
}

export interface ToolWriting {
  /** Tool arguments' JSON text: OpenAI's compact JSON, Anthropic's with spaces. */
  argumentsJson(args: Readonly<Record<string, unknown>>): string;
  /** The call's id, drawn before its arguments (Chat Completions names a call in its first fragment), or null. */
  readonly callId: ((rng: Rng) => string) | null;
}

/** The transport faults of a stream (the dialect supplies the keep-alive event: Chat's comment, Messages' `ping`). */
export interface ScriptTransport {
  readonly eol?: string;
  readonly delivery?: 'paced' | 'buffered';
  readonly pause?: { readonly after: number; readonly ms: number; readonly keepAliveMs: number | null };
  readonly corruptAfter?: number;
}

/** Chat Completions' own ways of ending a stream wrong, which the other dialects have no words for. */
export type ChatQuirk = 'no-finish-reason' | 'no-done' | 'no-usage' | 'done-in-lf';

export type Script =
  /** A stream; with `stream` absent or false in the request, the JSON object it builds. */
  /** `defect`: the name of a defect scenario (defects.ts) its dialect rewrites the stream by. */
  | { readonly kind: 'stream'; readonly answer: Answer; readonly fault?: TurnFault; readonly transport?: ScriptTransport; readonly quirk?: ChatQuirk; readonly defect?: string }
  /** The JSON object, whatever the request's `stream` says. */
  | { readonly kind: 'json'; readonly answer: Answer }
  /** An HTTP error in the dialect's error shape. */
  | { readonly kind: 'error'; readonly error: 'rate-limit' | 'server-error' | 'overloaded'; readonly pace: Pace };

export interface Scenario {
  readonly name: string;
  /** One line, for the docs and `streamscope simulate`. */
  readonly description: string;
  /** The description in a dialect's own words, where they differ. */
  readonly wording?: Readonly<Partial<Record<Protocol, string>>>;
  readonly dialects: readonly Protocol[];
  /**
   * The diagnostics each dialect's stream is meant to show (docs/simulator.md). A Chat Completions
   * stream also carries the `obfuscation` note unless the request turns padding off, and the
   * `usage-chunk` note when it asks for usage.
   */
  readonly shows: Readonly<Partial<Record<Protocol, readonly string[]>>>;
  /** Pace defaults (the request's `sim` overrides them). */
  readonly pace?: Partial<PaceOptions>;
  /** Choices when a Chat request gives no `n` (default 1). */
  readonly defaultN?: number;
  build(context: ScenarioContext): Script;
}

const DEFAULT_FAIL_AFTER = 8;
const DEFAULT_PAUSE_MS = 12_000;
const DEFAULT_KEEP_ALIVE_MS = 3_000;
const DEFAULT_LENGTH_LIMIT = 16;
const CHAT: Protocol = 'chat-completions';
const RESPONSES: Protocol = 'responses';
const MESSAGES: Protocol = 'anthropic-messages';
const GEMINI: Protocol = 'gemini';
const BEDROCK: Protocol = 'bedrock-converse';
const EVERY: readonly Protocol[] = [CHAT, RESPONSES, MESSAGES];
/** The scenarios Gemini plays too: it has no refusal, no keep-alive event and no Chat quirks. */
const ALL_SSE: readonly Protocol[] = [...EVERY, GEMINI];
/** And Bedrock ConverseStream, whose binary frames have no line endings either. */
const ALL: readonly Protocol[] = [...ALL_SSE, BEDROCK];

// ——— Building blocks ———

/** The text answer of a choice: the canned one, or `sim.chunks` tokens of prose. */
function textPiecesOf(context: ScenarioContext): string[] {
  return context.chunks !== null ? prose(context.rng, context.chunks) : tokenize(ANSWERS[context.choice % ANSWERS.length]!);
}

function text(context: ScenarioContext): Block {
  return { kind: 'text', pieces: textPiecesOf(context) };
}

function tools(context: ScenarioContext, count: number): Block[] {
  const { callId, argumentsJson } = context.tools;
  return TOOL_CALLS.slice(0, count).map((call) => {
    const id = callId?.(context.rng);
    return { kind: 'tool', name: call.name, ...(id === undefined ? {} : { id }), pieces: textPieces(context.rng, argumentsJson(call.arguments)) };
  });
}

const answer = (blocks: readonly Block[], extra: Omit<Answer, 'blocks'> = {}): Answer => ({ blocks, ...extra });

function stream(answered: Answer, extra: Omit<Extract<Script, { kind: 'stream' }>, 'kind' | 'answer'> = {}): Script {
  return { kind: 'stream', answer: answered, ...extra };
}

const failAfter = (context: ScenarioContext): number => context.failAfter ?? DEFAULT_FAIL_AFTER;

const pause = (context: ScenarioContext, keepAliveMs: number | null): ScriptTransport['pause'] => ({ after: failAfter(context), ms: context.pauseMs ?? DEFAULT_PAUSE_MS, keepAliveMs });

// ——— The scenarios ———

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'text',
    description: 'A plain text answer in one message / text block: the clean reference.',
    wording: { [CHAT]: 'A plain text answer, streamed as OpenAI does: the clean reference.' },
    dialects: ALL,
    shows: {},
    build: (context) => stream(answer([text(context)])),
  },
  {
    name: 'reasoning',
    description: 'A reasoning item with its summary (Responses) / a thinking block with its signature (Messages), then the answer.',
    wording: { [CHAT]: 'reasoning_content first (DeepSeek style), then the answer in content.' },
    dialects: ALL,
    shows: {},
    build: (context) => stream(answer([{ kind: 'reasoning', pieces: tokenize(REASONING) }, text(context)])),
  },
  {
    name: 'refusal',
    description: 'The model refuses: a refusal content part (Responses) / a text block ending with stop_reason refusal (Messages).',
    wording: { [CHAT]: 'The model refuses in delta.refusal (content stays null) and finishes with stop.' },
    dialects: EVERY,
    shows: { [CHAT]: ['refusal'], [RESPONSES]: ['refusal'], [MESSAGES]: ['stop-refusal'] },
    build: () => stream(answer([{ kind: 'refusal', pieces: tokenize(REFUSAL) }])),
  },
  {
    name: 'tool-call',
    description: 'One function call / tool_use block, its arguments in fragments.',
    wording: { [CHAT]: 'One tool call in OpenAI fragments: id, type and name with arguments "", then argument pieces.' },
    dialects: ALL,
    shows: {},
    build: (context) => stream(answer(tools(context, 1))),
  },
  {
    name: 'parallel-tool-calls',
    description: 'Three function calls / tool_use blocks in one answer, one after another.',
    wording: { [CHAT]: 'Three tool calls whose fragments interleave by index (0, 1, 2, 0, 1, 2, …).' },
    dialects: ALL,
    shows: { [CHAT]: ['tool-calls-interleaved'] },
    build: (context) => stream(answer(tools(context, 3))),
  },
  {
    name: 'n-choices',
    description: 'Two choices (or the request\'s n) interleaved round-robin, each with its role and finish.',
    dialects: [CHAT],
    shows: {},
    defaultN: 2,
    build: (context) => stream(answer([text(context)])),
  },
  {
    name: 'length',
    description: 'The answer cut at 16 tokens (or the request\'s lower limit): response.incomplete (max_output_tokens) / stop_reason max_tokens.',
    wording: { [CHAT]: 'The answer cut at max_tokens (16 unless the request sets it): finish_reason length.' },
    dialects: ALL,
    shows: { [CHAT]: ['finish-length'], [RESPONSES]: ['response-incomplete'], [MESSAGES]: ['stop-max-tokens'], [GEMINI]: ['finish-max-tokens'], [BEDROCK]: ['stop-max-tokens'] },
    build: (context) => stream(answer([text(context)], { limit: DEFAULT_LENGTH_LIMIT })),
  },
  {
    name: 'content-filter',
    description: 'The answer stopped part-way by a content filter: finish_reason content_filter.',
    dialects: [CHAT],
    shows: { [CHAT]: ['finish-content-filter'] },
    build: (context) => {
      const pieces = textPiecesOf(context);
      return stream(answer([{ kind: 'text', pieces: pieces.slice(0, Math.ceil(pieces.length * 0.6)) }], { filtered: true }));
    },
  },
  {
    name: 'stream-error',
    description: 'Fails after some tokens: an error event then response.failed (Responses) / event: error overloaded_error (Messages); then the body ends.',
    wording: { [CHAT]: 'A data: {"error": …} event after some chunks, under HTTP 200; then the body ends.' },
    dialects: ALL,
    shows: { [CHAT]: ['stream-error'], [RESPONSES]: ['stream-error', 'response-failed'], [MESSAGES]: ['stream-error', 'missing-message-stop'], [GEMINI]: ['partial-event', 'missing-finish-reason'], [BEDROCK]: ['stream-exception', 'missing-message-stop'] },
    build: (context) => stream(answer([text(context)]), { fault: { kind: 'error', after: failAfter(context) } }),
  },
  {
    name: 'failed',
    description: 'response.failed (server_error) after some tokens, with no error event before it.',
    dialects: [RESPONSES],
    shows: { [RESPONSES]: ['response-failed'] },
    build: (context) => stream(answer([text(context)]), { fault: { kind: 'failed', after: failAfter(context) } }),
  },
  {
    name: 'connection-drop',
    description: 'The connection is destroyed after some tokens: no terminal event.',
    wording: { [CHAT]: 'The connection is destroyed after some chunks: no finish_reason, no [DONE].' },
    dialects: ALL,
    shows: { [CHAT]: ['connection-error'], [RESPONSES]: ['connection-error', 'missing-terminal-event'], [MESSAGES]: ['connection-error', 'missing-message-stop'], [GEMINI]: ['connection-error', 'missing-finish-reason'], [BEDROCK]: ['connection-error', 'missing-message-stop'] },
    build: (context) => stream(answer([text(context)]), { fault: { kind: 'drop', after: failAfter(context) } }),
  },
  {
    name: 'cut-before-end',
    description: 'A complete answer whose body ends before the terminal event: no response.completed / no message_delta and message_stop.',
    dialects: [RESPONSES, MESSAGES, GEMINI, BEDROCK],
    shows: { [RESPONSES]: ['missing-terminal-event'], [MESSAGES]: ['missing-message-stop'], [GEMINI]: ['missing-finish-reason'], [BEDROCK]: ['missing-message-stop'] },
    build: (context) => stream(answer([text(context)]), { fault: { kind: 'cut' } }),
  },
  {
    name: 'sequence-gap',
    description: 'sequence_number skips one number after some tokens; no event is lost.',
    dialects: [RESPONSES],
    shows: { [RESPONSES]: ['sequence-gap'] },
    build: (context) => stream(answer([text(context)]), { fault: { kind: 'sequence-gap', after: failAfter(context) } }),
  },
  {
    name: 'no-finish-reason',
    description: 'A complete stream whose chunks never carry a finish_reason.',
    dialects: [CHAT],
    shows: { [CHAT]: ['missing-finish-reason'] },
    build: (context) => stream(answer([text(context)]), { quirk: 'no-finish-reason' }),
  },
  {
    name: 'no-done',
    description: 'A complete answer, but the body ends without data: [DONE].',
    dialects: [CHAT],
    shows: { [CHAT]: ['no-done'] },
    build: (context) => stream(answer([text(context)]), { quirk: 'no-done' }),
  },
  {
    name: 'keep-alive',
    description: 'ping events every 3 s through a 12 s pause mid-stream.',
    wording: { [CHAT]: '": keep-alive" comments every 3 s through a 12 s pause mid-stream.' },
    dialects: [CHAT, MESSAGES],
    shows: { [CHAT]: ['comment'], [MESSAGES]: ['ping'] },
    build: (context) => stream(answer([text(context)]), { transport: { pause: pause(context, context.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS) } }),
  },
  {
    name: 'long-silence',
    description: '12 s of silence mid-stream with nothing sent: long enough to trip idle timeouts.',
    dialects: ALL,
    shows: { [CHAT]: ['idle-gap'], [RESPONSES]: ['idle-gap'], [MESSAGES]: ['idle-gap'], [GEMINI]: ['idle-gap'], [BEDROCK]: ['idle-gap'] },
    build: (context) => stream(answer([text(context)]), { transport: { pause: pause(context, null) } }),
  },
  {
    name: 'buffered',
    description: 'The whole stream held back and written at once at the end, as a buffering proxy does.',
    dialects: ALL,
    shows: { [CHAT]: ['buffered-delivery'], [RESPONSES]: ['buffered-delivery'], [MESSAGES]: ['buffered-delivery'], [GEMINI]: ['buffered-delivery'], [BEDROCK]: ['buffered-delivery'] },
    build: (context) => stream(answer([text(context)]), { transport: { delivery: 'buffered' } }),
  },
  {
    name: 'invalid-json',
    description: 'One delta mid-stream goes out with its JSON cut in half; the rest is fine.',
    wording: { [CHAT]: 'One chunk mid-stream goes out with its JSON cut in half; the rest is fine.' },
    dialects: ALL,
    shows: { [CHAT]: ['invalid-json'], [RESPONSES]: ['invalid-json'], [MESSAGES]: ['invalid-json'], [GEMINI]: ['invalid-json'], [BEDROCK]: ['invalid-json'] },
    build: (context) => stream(answer([text(context)]), { transport: { corruptAfter: failAfter(context) } }),
  },
  {
    name: 'crlf',
    description: 'Every line ends in CRLF: valid SSE, but a parser that splits on "\\n" keeps a "\\r".',
    dialects: ALL_SSE,
    shows: {},
    build: (context) => stream(answer([text(context)]), { transport: { eol: '\r\n' } }),
  },
  {
    name: 'mixed-line-endings',
    description: 'CRLF lines, but the [DONE] event ends in LF.',
    dialects: [CHAT],
    shows: { [CHAT]: ['mixed-line-endings'] },
    build: (context) => stream(answer([text(context)]), { transport: { eol: '\r\n' }, quirk: 'done-in-lf' }),
  },
  {
    name: 'usage-ignored',
    description: 'Ignores stream_options.include_usage: no usage chunk even when asked for one.',
    dialects: [CHAT],
    shows: { [CHAT]: ['usage-missing'] },
    build: (context) => stream(answer([text(context)]), { quirk: 'no-usage' }),
  },
  {
    name: 'json-response',
    description: 'The JSON response / message (200 application/json) even for stream: true: the server ignored it.',
    wording: { [CHAT]: 'A non-streamed chat.completion (200 application/json): the server ignored stream: true.' },
    dialects: ALL,
    shows: { [CHAT]: ['not-event-stream'], [RESPONSES]: ['not-event-stream'], [MESSAGES]: ['not-event-stream'], [GEMINI]: ['not-event-stream'], [BEDROCK]: ['not-event-stream'] },
    build: (context) => ({ kind: 'json', answer: answer([text(context)]) }),
  },
  {
    name: 'rate-limit',
    description: 'HTTP 429 in the dialect\'s error shape, with retry-after.',
    wording: { [CHAT]: 'HTTP 429 with an OpenAI error body and a retry-after header.' },
    dialects: ALL,
    shows: { [CHAT]: ['http-status'], [RESPONSES]: ['http-status'], [MESSAGES]: ['http-status'], [GEMINI]: ['http-status'], [BEDROCK]: ['http-status'] },
    build: () => ({ kind: 'error', error: 'rate-limit', pace: 'quick' }),
  },
  {
    name: 'server-error',
    description: 'HTTP 500 in the dialect\'s error shape.',
    wording: { [CHAT]: 'HTTP 500 with an OpenAI error body.' },
    dialects: ALL,
    shows: { [CHAT]: ['http-status'], [RESPONSES]: ['http-status'], [MESSAGES]: ['http-status'], [GEMINI]: ['http-status'], [BEDROCK]: ['http-status'] },
    build: () => ({ kind: 'error', error: 'server-error', pace: 'first' }),
  },
  {
    name: 'overloaded',
    description: 'HTTP 529 overloaded_error, as Anthropic answers when it is overloaded.',
    dialects: [MESSAGES],
    shows: { [MESSAGES]: ['http-status'] },
    build: () => ({ kind: 'error', error: 'overloaded', pace: 'first' }),
  },
  {
    name: 'large',
    description: 'About 2,000 text deltas at 300 tokens/s: enough to overflow a proxy\'s buffers.',
    wording: { [CHAT]: 'About 2,000 content chunks (~600 KB) at 300 tokens/s: enough to overflow a proxy\'s buffers.' },
    dialects: EVERY,
    shows: {},
    pace: { ttftMs: 300, tps: 300 },
    build: (context) => {
      const large = { ...context, chunks: context.chunks ?? 2000 };
      return stream(answer([text(large)]));
    },
  },
];

export const MODEL_PREFIX = 'sim-';

/** The scenarios a dialect plays (or any of several: the CLI lists Responses' and Messages' as one), in the table's order. */
export function scenariosOf(...protocols: readonly [Protocol, ...Protocol[]]): readonly Scenario[] {
  return SCENARIOS.filter((scenario) => protocols.some((protocol) => scenario.dialects.includes(protocol)));
}

/** The scenario a model name picks in this dialect, if any. */
export function findScenario(protocol: Protocol, model: string): Scenario | undefined {
  if (!model.startsWith(MODEL_PREFIX)) return undefined;
  const name = model.slice(MODEL_PREFIX.length);
  return SCENARIOS.find((scenario) => scenario.name === name && scenario.dialects.includes(protocol));
}

export function modelsOf(protocol: Protocol): string[] {
  return scenariosOf(protocol).map((scenario) => MODEL_PREFIX + scenario.name);
}

export function descriptionIn(scenario: Scenario, protocol: Protocol): string {
  return scenario.wording?.[protocol] ?? scenario.description;
}

/** The diagnostics a scenario's stream is meant to show in a dialect (none listed: a clean stream). */
export function showsIn(scenario: Scenario, protocol: Protocol): readonly string[] {
  return scenario.shows[protocol] ?? [];
}
