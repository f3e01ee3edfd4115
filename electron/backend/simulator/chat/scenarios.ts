// The scripted scenarios, selected by the request's model name `sim-<name>`:
// a clean OpenAI-shaped stream for each kind of answer, and one scenario for
// each way streams go wrong, each meant to show one diagnostic.

import { ANSWERS, REASONING, REFUSAL, TOOL_CALLS, argumentPieces, prose, tokenize } from '../content.ts';
import { toolCallId } from './chunks.ts';
import { SERVER_ERROR, rateLimited } from '../errors.ts';
import type { Delta, FinishReason, Script, Step } from './script.ts';
import type { PaceOptions, Rng } from '../timing.ts';

export interface ScenarioContext {
  /** Model name as requested (`sim-…`). */
  readonly model: string;
  /** Number of choices. */
  readonly n: number;
  /** Draws words, ids and argument pieces. */
  readonly rng: Rng;
  /** The request's max_completion_tokens / max_tokens. */
  readonly maxTokens: number | null;
  /** `sim.chunks`: content chunks per choice, as generated prose. */
  readonly chunks: number | null;
  /** `sim.fail_after`: token chunks before the fault or pause. */
  readonly failAfter: number | null;
  /** `sim.pause_ms`. */
  readonly pauseMs: number | null;
  /** `sim.keep_alive_ms`. */
  readonly keepAliveMs: number | null;
}

export interface Scenario {
  readonly name: string;
  /** One line, for `streamscope simulate` and the docs. */
  readonly description: string;
  /**
   * The diagnostics it is meant to show. Every stream also carries the
   * `obfuscation` note unless the request turns padding off, and the
   * `usage-chunk` note when it asks for usage.
   */
  readonly shows: readonly string[];
  /** Pace defaults (the request's `sim` overrides them). */
  readonly pace?: Partial<PaceOptions>;
  /** Choices when the request gives no `n` (default 1). */
  readonly defaultN?: number;
  build(context: ScenarioContext): Script;
}

const DEFAULT_FAIL_AFTER = 8;
const DEFAULT_PAUSE_MS = 12_000;
const DEFAULT_KEEP_ALIVE_MS = 3_000;

// ——— Building blocks ———

function chunk(choice: number, delta: Delta, tokens = 1, extra: Partial<Extract<Step, { type: 'chunk' }>> = {}): Step {
  return { type: 'chunk', choice, delta, finish: null, tokens, pace: 'token', ...extra };
}

function finishStep(choice: number, finish: FinishReason): Step {
  return { type: 'chunk', choice, delta: {}, finish, tokens: 0, pace: 'quick' };
}

const TEXT_OPENING: Delta = { role: 'assistant', content: '', refusal: null };

/** One choice: its opening role chunk, its token chunks, its finish. */
interface ChoicePlan {
  readonly opening: Delta;
  readonly tokens: readonly Step[];
  readonly finish: FinishReason;
}

/**
 * The body of an answer: each choice cut at max_tokens (finish "length"), the
 * choices interleaved round-robin as OpenAI does with n > 1, the first chunk
 * paced as the time to first token.
 */
function answer(context: ScenarioContext, plan: (choice: number) => ChoicePlan): Step[] {
  const lists = Array.from({ length: context.n }, (_, index) => {
    const { opening, tokens, finish } = plan(index);
    const limit = context.maxTokens;
    const cut = limit !== null && tokenCount(tokens) > limit;
    const kept = cut ? keepTokens(tokens, limit) : [...tokens];
    // The first token comes right behind the role chunk, as OpenAI sends them.
    if (kept[0]?.pace === 'token') kept[0] = { ...kept[0], pace: 'quick' };
    return [chunk(index, opening, 0, { pace: index === 0 ? 'first' : 'quick' }), ...kept, finishStep(index, cut ? 'length' : finish)];
  });
  const steps: Step[] = [];
  for (let round = 0; lists.some((list) => round < list.length); round++) {
    for (const list of lists) if (round < list.length) steps.push(list[round]!);
  }
  return steps;
}

function tokenCount(steps: readonly Step[]): number {
  return steps.reduce((sum, step) => sum + (step.type === 'chunk' ? step.tokens : 0), 0);
}

/** The steps up to and including the one that brings the token count to `limit`. */
function keepTokens(steps: readonly Step[], limit: number): Step[] {
  const kept: Step[] = [];
  let count = 0;
  for (const step of steps) {
    if (count >= limit) break;
    kept.push(step);
    if (step.type === 'chunk') count += step.tokens;
  }
  return kept;
}

/** The text answer of a choice: the canned one, or `sim.chunks` tokens of prose. */
function textTokens(context: ScenarioContext, choice: number): string[] {
  return context.chunks !== null ? prose(context.rng, context.chunks) : tokenize(ANSWERS[choice % ANSWERS.length]!);
}

function textChoice(context: ScenarioContext, choice: number, finish: FinishReason = 'stop'): ChoicePlan {
  return { opening: TEXT_OPENING, tokens: textTokens(context, choice).map((text) => chunk(choice, { content: text })), finish };
}

const text = (context: ScenarioContext): Step[] => answer(context, (choice) => textChoice(context, choice));

const tail = (steps: readonly Step[]): Step[] => [...steps, { type: 'usage', pace: 'quick' }, { type: 'done', pace: 'quick' }];

/** The body up to the `after`-th token chunk. */
function tokensBefore(steps: readonly Step[], after: number): Step[] {
  return keepTokens(steps, after);
}

/** Inserts a pause after `after` token chunks, with keep-alive comments every `keepAliveMs` when given. */
function withPause(steps: readonly Step[], after: number, pauseMs: number, keepAliveMs: number | null): Step[] {
  const before = tokensBefore(steps, after);
  const rest = steps.slice(before.length);
  if (rest.length === 0) return [...steps];
  const comments: Step[] = [];
  let waited = 0;
  if (keepAliveMs !== null) {
    for (; waited + keepAliveMs < pauseMs; waited += keepAliveMs) comments.push({ type: 'comment', text: 'keep-alive', pace: keepAliveMs });
  }
  return [...before, ...comments, { ...rest[0]!, pace: pauseMs - waited }, ...rest.slice(1)];
}

const failAfter = (context: ScenarioContext): number => context.failAfter ?? DEFAULT_FAIL_AFTER;

/** Fragments of tool calls, one after another, or interleaved round-robin by index. */
function toolChoice(context: ScenarioContext, choice: number, calls: number, interleave: boolean): ChoicePlan {
  const perCall = TOOL_CALLS.slice(0, calls).map((call, index) => [
    chunk(choice, { tool_calls: [{ index, id: toolCallId(context.rng), type: 'function', function: { name: call.name, arguments: '' } }] }),
    ...argumentPieces(context.rng, call.arguments).map((piece) => chunk(choice, { tool_calls: [{ index, function: { arguments: piece } }] })),
  ]);
  const tokens: Step[] = [];
  if (interleave) {
    for (let round = 0; perCall.some((list) => round < list.length); round++) for (const list of perCall) if (round < list.length) tokens.push(list[round]!);
  } else tokens.push(...perCall.flat());
  return { opening: { role: 'assistant', content: null }, tokens, finish: 'tool_calls' };
}

function stream(steps: readonly Step[], extra: Omit<Extract<Script, { kind: 'stream' }>, 'kind' | 'steps'> = {}): Script {
  return { kind: 'stream', steps, ...extra };
}

// ——— The scenarios ———

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'text',
    description: 'A plain text answer, streamed as OpenAI does: the clean reference.',
    shows: [],
    build: (context) => stream(tail(text(context))),
  },
  {
    name: 'reasoning',
    description: 'reasoning_content first (DeepSeek style), then the answer in content.',
    shows: [],
    build: (context) =>
      stream(
        tail(
          answer(context, (choice) => ({
            opening: { role: 'assistant', content: null, reasoning_content: '' },
            tokens: [
              ...tokenize(REASONING).map((piece) => chunk(choice, { content: null, reasoning_content: piece }, 1, { reasoning: true })),
              ...textTokens(context, choice).map((piece) => chunk(choice, { content: piece, reasoning_content: null })),
            ],
            finish: 'stop',
          })),
        ),
      ),
  },
  {
    name: 'refusal',
    description: 'The model refuses in delta.refusal (content stays null) and finishes with stop.',
    shows: ['refusal'],
    build: (context) =>
      stream(
        tail(
          answer(context, (choice) => ({
            opening: { role: 'assistant', content: null, refusal: '' },
            tokens: tokenize(REFUSAL).map((piece) => chunk(choice, { refusal: piece })),
            finish: 'stop',
          })),
        ),
      ),
  },
  {
    name: 'tool-call',
    description: 'One tool call in OpenAI fragments: id, type and name with arguments "", then argument pieces.',
    shows: [],
    build: (context) => stream(tail(answer(context, (choice) => toolChoice(context, choice, 1, false)))),
  },
  {
    name: 'parallel-tool-calls',
    description: 'Three tool calls whose fragments interleave by index (0, 1, 2, 0, 1, 2, …).',
    shows: ['tool-calls-interleaved'],
    build: (context) => stream(tail(answer(context, (choice) => toolChoice(context, choice, 3, true)))),
  },
  {
    name: 'n-choices',
    description: 'Two choices (or the request\'s n) interleaved round-robin, each with its role and finish.',
    shows: [],
    defaultN: 2,
    build: (context) => stream(tail(text(context))),
  },
  {
    name: 'length',
    description: 'The answer cut at max_tokens (16 unless the request sets it): finish_reason length.',
    shows: ['finish-length'],
    build: (context) => stream(tail(text({ ...context, maxTokens: context.maxTokens ?? 16 }))),
  },
  {
    name: 'content-filter',
    description: 'The answer stopped part-way by a content filter: finish_reason content_filter.',
    shows: ['finish-content-filter'],
    build: (context) =>
      stream(
        tail(
          answer(context, (choice) => {
            const tokens = textTokens(context, choice);
            return { opening: TEXT_OPENING, tokens: tokens.slice(0, Math.ceil(tokens.length * 0.6)).map((piece) => chunk(choice, { content: piece })), finish: 'content_filter' };
          }),
        ),
      ),
  },
  {
    name: 'keep-alive',
    description: '": keep-alive" comments every 3 s through a 12 s pause mid-stream.',
    shows: ['comment'],
    build: (context) => stream(tail(withPause(text(context), failAfter(context), context.pauseMs ?? DEFAULT_PAUSE_MS, context.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS))),
  },
  {
    name: 'long-silence',
    description: '12 s of silence mid-stream with nothing sent: long enough to trip idle timeouts.',
    shows: ['idle-gap'],
    build: (context) => stream(tail(withPause(text(context), failAfter(context), context.pauseMs ?? DEFAULT_PAUSE_MS, null))),
  },
  {
    name: 'stream-error',
    description: 'A data: {"error": …} event after some chunks, under HTTP 200; then the body ends.',
    shows: ['stream-error'],
    build: (context) => stream([...tokensBefore(text(context), failAfter(context)), { type: 'error', error: SERVER_ERROR, pace: 'token' }]),
  },
  {
    name: 'connection-drop',
    description: 'The connection is destroyed after some chunks: no finish_reason, no [DONE].',
    shows: ['connection-error'],
    build: (context) => stream([...tokensBefore(text(context), failAfter(context)), { type: 'drop', pace: 'token' }]),
  },
  {
    name: 'no-finish-reason',
    description: 'A complete stream whose chunks never carry a finish_reason.',
    shows: ['missing-finish-reason'],
    build: (context) => stream(tail(text(context).filter((step) => !(step.type === 'chunk' && step.finish !== null)))),
  },
  {
    name: 'no-done',
    description: 'A complete answer, but the body ends without data: [DONE].',
    shows: ['no-done'],
    build: (context) => stream(tail(text(context)).filter((step) => step.type !== 'done')),
  },
  {
    name: 'buffered',
    description: 'The whole stream held back and written at once at the end, as a buffering proxy does.',
    shows: ['buffered-delivery'],
    build: (context) => stream(tail(text(context)), { delivery: 'buffered' }),
  },
  {
    name: 'json-response',
    description: 'A non-streamed chat.completion (200 application/json): the server ignored stream: true.',
    shows: ['not-event-stream'],
    build: (context) => ({ kind: 'completion', steps: text(context) }),
  },
  {
    name: 'rate-limit',
    description: 'HTTP 429 with an OpenAI error body and a retry-after header.',
    shows: ['http-status'],
    build: (context) => ({
      kind: 'error',
      status: 429,
      error: rateLimited(context.model),
      headers: { 'retry-after': '20', 'x-ratelimit-limit-requests': '3', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '20s' },
      pace: 'quick',
    }),
  },
  {
    name: 'server-error',
    description: 'HTTP 500 with an OpenAI error body.',
    shows: ['http-status'],
    build: () => ({ kind: 'error', status: 500, error: SERVER_ERROR, pace: 'first' }),
  },
  {
    name: 'invalid-json',
    description: 'One chunk mid-stream goes out with its JSON cut in half; the rest is fine.',
    shows: ['invalid-json'],
    build: (context) => {
      const steps = text(context);
      const at = tokensBefore(steps, failAfter(context) + 1).length - 1;
      return stream(tail(steps.map((step, index) => (index === at && step.type === 'chunk' ? { ...step, corrupt: true } : step))));
    },
  },
  {
    name: 'crlf',
    description: 'Every line ends in CRLF: valid SSE, but a parser that splits on "\\n" keeps a "\\r".',
    shows: [],
    build: (context) => stream(tail(text(context)), { eol: '\r\n' }),
  },
  {
    name: 'mixed-line-endings',
    description: 'CRLF lines, but the [DONE] event ends in LF.',
    shows: ['mixed-line-endings'],
    build: (context) => stream([...text(context), { type: 'usage', pace: 'quick' }, { type: 'done', pace: 'quick', eol: '\n' }], { eol: '\r\n' }),
  },
  {
    name: 'usage-ignored',
    description: 'Ignores stream_options.include_usage: no usage chunk even when asked for one.',
    shows: ['usage-missing'],
    build: (context) => stream([...text(context), { type: 'done', pace: 'quick' }]),
  },
  {
    name: 'large',
    description: 'About 2,000 content chunks (~600 KB) at 300 tokens/s: enough to overflow a proxy\'s buffers.',
    shows: [],
    pace: { ttftMs: 300, tps: 300 },
    build: (context) => stream(tail(text({ ...context, chunks: context.chunks ?? 2000 }))),
  },
];

export const MODEL_PREFIX = 'sim-';

export function findScenario(model: string): Scenario | undefined {
  if (!model.startsWith(MODEL_PREFIX)) return undefined;
  const name = model.slice(MODEL_PREFIX.length);
  return SCENARIOS.find((scenario) => scenario.name === name);
}

export const SCENARIO_MODELS: readonly string[] = SCENARIOS.map((scenario) => MODEL_PREFIX + scenario.name);
