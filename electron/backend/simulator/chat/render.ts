// A scenario's answers as Chat Completions streams them: per choice a role
// chunk, one chunk a token (reasoning_content, content, refusal or tool-call
// fragments, the first fragment of a call naming it), a finish chunk; the
// choices interleaved round-robin as OpenAI does with n > 1, and so are the
// fragments of parallel tool calls; then the usage chunk and [DONE]. The
// transport's faults and Chat's own quirks apply to those steps.

import { SERVER_ERROR, rateLimited, OPENAI_RATE_LIMIT_HEADERS } from '../errors.ts';
import type { Script, ScriptTransport } from '../scenarios.ts';
import type { Answer, Block } from '../turn.ts';
import type { ChatScript, Delta, FinishReason, Step } from './script.ts';

function chunk(choice: number, delta: Delta, tokens = 1, extra: Partial<Extract<Step, { type: 'chunk' }>> = {}): Step {
  return { type: 'chunk', choice, delta, finish: null, tokens, pace: 'token', ...extra };
}

function finishStep(choice: number, finish: FinishReason): Step {
  return { type: 'chunk', choice, delta: {}, finish, tokens: 0, pace: 'quick' };
}

const TEXT_OPENING: Delta = { role: 'assistant', content: '', refusal: null };

/** Round-robin: the first of each list, then the second of each, and so on. */
function interleave(lists: readonly (readonly Step[])[]): Step[] {
  const steps: Step[] = [];
  for (let round = 0; lists.some((list) => round < list.length); round++) {
    for (const list of lists) if (round < list.length) steps.push(list[round]!);
  }
  return steps;
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

function tokenCount(steps: readonly Step[]): number {
  return steps.reduce((sum, step) => sum + (step.type === 'chunk' ? step.tokens : 0), 0);
}

/** A choice's opening delta, its token chunks, and how it finishes when nothing cuts it short. */
function choiceTokens(blocks: readonly Block[], choice: number): { opening: Delta; tokens: Step[]; finish: FinishReason } {
  if (blocks.some((block) => block.kind === 'tool')) {
    const perCall = blocks.map((block, index) => {
      if (block.kind !== 'tool') throw new Error(`a ${block.kind} block beside tool calls has no Chat Completions chunks`);
      return [
        chunk(choice, { tool_calls: [{ index, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] }),
        ...block.pieces.map((piece) => chunk(choice, { tool_calls: [{ index, function: { arguments: piece } }] })),
      ];
    });
    return { opening: { role: 'assistant', content: null }, tokens: interleave(perCall), finish: 'tool_calls' };
  }
  if (blocks.some((block) => block.kind === 'reasoning')) {
    const tokens = blocks.flatMap((block) =>
      block.kind === 'reasoning'
        ? block.pieces.map((piece) => chunk(choice, { content: null, reasoning_content: piece }, 1, { reasoning: true }))
        : block.pieces.map((piece) => chunk(choice, { content: piece, reasoning_content: null })),
    );
    return { opening: { role: 'assistant', content: null, reasoning_content: '' }, tokens, finish: 'stop' };
  }
  if (blocks.some((block) => block.kind === 'refusal')) {
    return { opening: { role: 'assistant', content: null, refusal: '' }, tokens: blocks.flatMap((block) => block.pieces.map((piece) => chunk(choice, { refusal: piece }))), finish: 'stop' };
  }
  return { opening: TEXT_OPENING, tokens: blocks.flatMap((block) => block.pieces.map((piece) => chunk(choice, { content: piece }))), finish: 'stop' };
}

/**
 * One choice: its role chunk, its token chunks cut at the limit (finish "length"), its finish.
 * The first chunk is paced as the time to first token; the first token comes right behind it.
 */
function choiceSteps(answer: Answer, choice: number, requested: number | null): Step[] {
  const { opening, tokens, finish: natural } = choiceTokens(answer.blocks, choice);
  // A request's max_tokens replaces the scenario's limit, as a Chat server honours the request.
  const limit = requested ?? answer.limit ?? null;
  const cut = limit !== null && tokenCount(tokens) > limit;
  const kept = cut ? keepTokens(tokens, limit) : [...tokens];
  if (kept[0]?.pace === 'token') kept[0] = { ...kept[0], pace: 'quick' };
  const finish: FinishReason = cut ? 'length' : answer.filtered ? 'content_filter' : natural;
  return [chunk(choice, opening, 0, { pace: choice === 0 ? 'first' : 'quick' }), ...kept, finishStep(choice, finish)];
}

/** Inserts a pause after `after` token chunks, with keep-alive comments every `keepAliveMs` when given. */
function withPause(steps: readonly Step[], { after, ms, keepAliveMs }: NonNullable<ScriptTransport['pause']>): Step[] {
  const before = keepTokens(steps, after);
  const rest = steps.slice(before.length);
  if (rest.length === 0) return [...steps];
  const comments: Step[] = [];
  let waited = 0;
  if (keepAliveMs !== null) {
    for (; waited + keepAliveMs < ms; waited += keepAliveMs) comments.push({ type: 'comment', text: 'keep-alive', pace: keepAliveMs });
  }
  return [...before, ...comments, { ...rest[0]!, pace: ms - waited }, ...rest.slice(1)];
}

/** The chunk that carries token `after + 1` goes out with its JSON cut in half. */
function corrupted(steps: readonly Step[], after: number): Step[] {
  const at = keepTokens(steps, after + 1).length - 1;
  return steps.map((step, index) => (index === at && step.type === 'chunk' ? { ...step, corrupt: true } : step));
}

/** The usage chunk and [DONE] after the choices, as each quirk leaves them. */
function tail(steps: readonly Step[], quirk: Extract<Script, { kind: 'stream' }>['quirk']): Step[] {
  const usage: Step = { type: 'usage', pace: 'quick' };
  if (quirk === 'no-done') return [...steps, usage];
  if (quirk === 'no-usage') return [...steps, { type: 'done', pace: 'quick' }];
  return [...steps, usage, quirk === 'done-in-lf' ? { type: 'done', pace: 'quick', eol: '\n' } : { type: 'done', pace: 'quick' }];
}

/** The scripts of a scenario, one per choice, as Chat Completions' steps. */
export function chatScript(scripts: readonly [Script, ...Script[]], request: { readonly model: string; readonly maxTokens: number | null }): ChatScript {
  const [script] = scripts;
  if (script.kind === 'error') {
    if (script.error === 'rate-limit') return { kind: 'error', status: 429, error: rateLimited(request.model), headers: OPENAI_RATE_LIMIT_HEADERS, pace: script.pace };
    return { kind: 'error', status: 500, error: SERVER_ERROR, pace: script.pace };
  }
  const body = interleave(scripts.map((each, choice) => (each.kind === 'error' ? [] : choiceSteps(each.answer, choice, request.maxTokens))));
  if (script.kind === 'json') return { kind: 'completion', steps: body };
  const { fault, transport = {}, quirk } = script;
  if (fault) {
    if (fault.kind !== 'error' && fault.kind !== 'drop') throw new Error(`Chat Completions has no ${fault.kind} fault`);
    return { kind: 'stream', steps: [...keepTokens(body, fault.after), fault.kind === 'error' ? { type: 'error', error: SERVER_ERROR, pace: 'token' } : { type: 'drop', pace: 'token' }] };
  }
  let steps = body;
  if (transport.pause) steps = withPause(steps, transport.pause);
  if (transport.corruptAfter !== undefined) steps = corrupted(steps, transport.corruptAfter);
  if (quirk === 'no-finish-reason') steps = steps.filter((step) => !(step.type === 'chunk' && step.finish !== null));
  return { kind: 'stream', steps: tail(steps, quirk), ...(transport.eol === undefined ? {} : { eol: transport.eol }), ...(transport.delivery === undefined ? {} : { delivery: transport.delivery }) };
}
