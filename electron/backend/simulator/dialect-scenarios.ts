// The scenarios of the Responses API (`POST /v1/responses`) and Anthropic
// Messages (`POST /v1/messages`), selected by the model name `sim-<name>` as
// for Chat Completions: the same answers, tool calls, reasoning and refusal
// (content.ts), the same seeded pacing, each dialect's own wire. A scenario
// builds a dialect-neutral turn (turn.ts); responses/ and messages/ render it.

import { ANSWERS, REASONING, REFUSAL, TOOL_CALLS, prose, textPieces, tokenize } from './content.ts';
import type { Pace, PaceOptions, Rng } from './timing.ts';
import { turnOf } from './turn.ts';
import type { Block, Turn, TurnFault } from './turn.ts';

export type Dialect = 'responses' | 'messages';
export const DIALECTS: readonly Dialect[] = ['responses', 'messages'];

export interface DialectContext {
  readonly dialect: Dialect;
  /** Model name as requested (`sim-…`). */
  readonly model: string;
  /** Draws generated words and argument fragments. */
  readonly rng: Rng;
  /** Responses `max_output_tokens`, Messages `max_tokens` (null: no limit). */
  readonly maxTokens: number | null;
  /** `sim.chunks`: text tokens, as generated prose instead of the canned answer. */
  readonly chunks: number | null;
  /** `sim.fail_after`: tokens before the fault or pause. */
  readonly failAfter: number | null;
  /** `sim.pause_ms`. */
  readonly pauseMs: number | null;
  /** `sim.keep_alive_ms`. */
  readonly keepAliveMs: number | null;
  /** Tool arguments as the dialect writes them: OpenAI's compact JSON, Anthropic's with spaces. */
  readonly argumentsJson: (args: Readonly<Record<string, unknown>>) => string;
}

/** The transport faults of a stream (the dialect supplies the keep-alive event: Messages' `ping`). */
export interface ScriptTransport {
  readonly eol?: string;
  readonly delivery?: 'paced' | 'buffered';
  readonly pause?: { readonly after: number; readonly ms: number; readonly keepAliveMs: number | null };
  readonly corruptAfter?: number;
}

export type DialectScript =
  /** A stream; with `stream` absent or false in the request, the JSON object it builds. */
  | { readonly kind: 'stream'; readonly turn: Turn; readonly transport?: ScriptTransport }
  /** The JSON object, whatever the request's `stream` says. */
  | { readonly kind: 'json'; readonly turn: Turn }
  /** An HTTP error in the dialect's error shape. */
  | { readonly kind: 'error'; readonly error: 'rate-limit' | 'server-error' | 'overloaded'; readonly pace: Pace };

export interface DialectScenario {
  readonly name: string;
  /** One line, for the docs and `streamscope simulate`. */
  readonly description: string;
  readonly dialects: readonly Dialect[];
  /** The diagnostics each dialect's stream is meant to show (docs/diagnostics.md, "Responses and Anthropic Messages"). */
  readonly shows: Readonly<Partial<Record<Dialect, readonly string[]>>>;
  /** Pace defaults (the request's `sim` overrides them). */
  readonly pace?: Partial<PaceOptions>;
  build(context: DialectContext): DialectScript;
}

const DEFAULT_FAIL_AFTER = 8;
const DEFAULT_PAUSE_MS = 12_000;
const DEFAULT_KEEP_ALIVE_MS = 3_000;
const DEFAULT_LENGTH_LIMIT = 16;
const BOTH: readonly Dialect[] = DIALECTS;

// ——— Building blocks ———

function text(context: DialectContext): Block {
  return { kind: 'text', pieces: context.chunks !== null ? prose(context.rng, context.chunks) : tokenize(ANSWERS[0]!) };
}

function tools(context: DialectContext, count: number): Block[] {
  return TOOL_CALLS.slice(0, count).map((call) => ({ kind: 'tool', name: call.name, pieces: textPieces(context.rng, context.argumentsJson(call.arguments)) }));
}

/** The blocks as a turn, cut at the request's token limit. */
const answer = (context: DialectContext, blocks: readonly Block[], fault: TurnFault | null = null): Turn => turnOf(blocks, context.maxTokens, fault);

const stream = (turn: Turn, transport?: ScriptTransport): DialectScript => (transport ? { kind: 'stream', turn, transport } : { kind: 'stream', turn });

const failAfter = (context: DialectContext): number => context.failAfter ?? DEFAULT_FAIL_AFTER;

// ——— The scenarios ———

export const DIALECT_SCENARIOS: readonly DialectScenario[] = [
  {
    name: 'text',
    description: 'A plain text answer in one message / text block: the clean reference.',
    dialects: BOTH,
    shows: {},
    build: (context) => stream(answer(context, [text(context)])),
  },
  {
    name: 'reasoning',
    description: 'A reasoning item with its summary (Responses) / a thinking block with its signature (Messages), then the answer.',
    dialects: BOTH,
    shows: {},
    build: (context) => stream(answer(context, [{ kind: 'reasoning', pieces: tokenize(REASONING) }, text(context)])),
  },
  {
    name: 'refusal',
    description: 'The model refuses: a refusal content part (Responses) / a text block ending with stop_reason refusal (Messages).',
    dialects: BOTH,
    shows: { responses: ['refusal'], messages: ['stop-refusal'] },
    build: (context) => stream(answer(context, [{ kind: 'refusal', pieces: tokenize(REFUSAL) }])),
  },
  {
    name: 'tool-call',
    description: 'One function call / tool_use block, its arguments in fragments.',
    dialects: BOTH,
    shows: {},
    build: (context) => stream(answer(context, tools(context, 1))),
  },
  {
    name: 'parallel-tool-calls',
    description: 'Three function calls / tool_use blocks in one answer, one after another.',
    dialects: BOTH,
    shows: {},
    build: (context) => stream(answer(context, tools(context, 3))),
  },
  {
    name: 'length',
    description: 'The answer cut at 16 tokens (or the request\'s lower limit): response.incomplete (max_output_tokens) / stop_reason max_tokens.',
    dialects: BOTH,
    shows: { responses: ['response-incomplete'], messages: ['stop-max-tokens'] },
    build: (context) => stream(turnOf([text(context)], Math.min(context.maxTokens ?? DEFAULT_LENGTH_LIMIT, DEFAULT_LENGTH_LIMIT))),
  },
  {
    name: 'stream-error',
    description: 'Fails after some tokens: an error event then response.failed (Responses) / event: error overloaded_error (Messages); then the body ends.',
    dialects: BOTH,
    shows: { responses: ['stream-error', 'response-failed'], messages: ['stream-error', 'missing-message-stop'] },
    build: (context) => stream(answer(context, [text(context)], { kind: 'error', after: failAfter(context) })),
  },
  {
    name: 'failed',
    description: 'response.failed (server_error) after some tokens, with no error event before it.',
    dialects: ['responses'],
    shows: { responses: ['response-failed'] },
    build: (context) => stream(answer(context, [text(context)], { kind: 'failed', after: failAfter(context) })),
  },
  {
    name: 'connection-drop',
    description: 'The connection is destroyed after some tokens: no terminal event.',
    dialects: BOTH,
    shows: { responses: ['connection-error', 'missing-terminal-event'], messages: ['connection-error', 'missing-message-stop'] },
    build: (context) => stream(answer(context, [text(context)], { kind: 'drop', after: failAfter(context) })),
  },
  {
    name: 'cut-before-end',
    description: 'A complete answer whose body ends before the terminal event: no response.completed / no message_delta and message_stop.',
    dialects: BOTH,
    shows: { responses: ['missing-terminal-event'], messages: ['missing-message-stop'] },
    build: (context) => stream(answer(context, [text(context)], { kind: 'cut' })),
  },
  {
    name: 'sequence-gap',
    description: 'sequence_number skips one number after some tokens; no event is lost.',
    dialects: ['responses'],
    shows: { responses: ['sequence-gap'] },
    build: (context) => stream(answer(context, [text(context)], { kind: 'sequence-gap', after: failAfter(context) })),
  },
  {
    name: 'keep-alive',
    description: 'ping events every 3 s through a 12 s pause mid-stream.',
    dialects: ['messages'],
    shows: { messages: ['ping'] },
    build: (context) =>
      stream(answer(context, [text(context)]), { pause: { after: failAfter(context), ms: context.pauseMs ?? DEFAULT_PAUSE_MS, keepAliveMs: context.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS } }),
  },
  {
    name: 'long-silence',
    description: '12 s of silence mid-stream with nothing sent: long enough to trip idle timeouts.',
    dialects: BOTH,
    shows: { responses: ['idle-gap'], messages: ['idle-gap'] },
    build: (context) => stream(answer(context, [text(context)]), { pause: { after: failAfter(context), ms: context.pauseMs ?? DEFAULT_PAUSE_MS, keepAliveMs: null } }),
  },
  {
    name: 'buffered',
    description: 'The whole stream held back and written at once at the end, as a buffering proxy does.',
    dialects: BOTH,
    shows: { responses: ['buffered-delivery'], messages: ['buffered-delivery'] },
    build: (context) => stream(answer(context, [text(context)]), { delivery: 'buffered' }),
  },
  {
    name: 'invalid-json',
    description: 'One delta mid-stream goes out with its JSON cut in half; the rest is fine.',
    dialects: BOTH,
    shows: { responses: ['invalid-json'], messages: ['invalid-json'] },
    build: (context) => stream(answer(context, [text(context)]), { corruptAfter: failAfter(context) }),
  },
  {
    name: 'crlf',
    description: 'Every line ends in CRLF: valid SSE, but a parser that splits on "\\n" keeps a "\\r".',
    dialects: BOTH,
    shows: {},
    build: (context) => stream(answer(context, [text(context)]), { eol: '\r\n' }),
  },
  {
    name: 'json-response',
    description: 'The JSON response / message (200 application/json) even for stream: true: the server ignored it.',
    dialects: BOTH,
    shows: { responses: ['not-event-stream'], messages: ['not-event-stream'] },
    build: (context) => ({ kind: 'json', turn: answer(context, [text(context)]) }),
  },
  {
    name: 'rate-limit',
    description: 'HTTP 429 in the dialect\'s error shape, with retry-after.',
    dialects: BOTH,
    shows: { responses: ['http-status'], messages: ['http-status'] },
    build: () => ({ kind: 'error', error: 'rate-limit', pace: 'quick' }),
  },
  {
    name: 'server-error',
    description: 'HTTP 500 in the dialect\'s error shape.',
    dialects: BOTH,
    shows: { responses: ['http-status'], messages: ['http-status'] },
    build: () => ({ kind: 'error', error: 'server-error', pace: 'first' }),
  },
  {
    name: 'overloaded',
    description: 'HTTP 529 overloaded_error, as Anthropic answers when it is overloaded.',
    dialects: ['messages'],
    shows: { messages: ['http-status'] },
    build: () => ({ kind: 'error', error: 'overloaded', pace: 'first' }),
  },
  {
    name: 'large',
    description: 'About 2,000 text deltas at 300 tokens/s: enough to overflow a proxy\'s buffers.',
    dialects: BOTH,
    shows: {},
    pace: { ttftMs: 300, tps: 300 },
    build: (context) => {
      const large = { ...context, chunks: context.chunks ?? 2000 };
      return stream(answer(large, [text(large)]));
    },
  },
];

export function dialectScenarios(dialect: Dialect): readonly DialectScenario[] {
  return DIALECT_SCENARIOS.filter((scenario) => scenario.dialects.includes(dialect));
}

/** The scenario a model name picks in this dialect, if any. */
export function findDialectScenario(dialect: Dialect, model: string): DialectScenario | undefined {
  if (!model.startsWith('sim-')) return undefined;
  const name = model.slice('sim-'.length);
  return DIALECT_SCENARIOS.find((scenario) => scenario.name === name && scenario.dialects.includes(dialect));
}

export function dialectModels(dialect: Dialect): string[] {
  return dialectScenarios(dialect).map((scenario) => `sim-${scenario.name}`);
}
