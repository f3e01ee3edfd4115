// The Chat Completions defects real servers shipped (issue 29), one per check of the Chat battery:
// each rewrites what the faithful scenario sends — the request as the server misread it, the
// choices it answered, the steps it streamed — so the bytes differ from OpenAI's in that one way.

import type { DefectSpec, Refusal } from '../defect-spec.ts';
import { streamedAnswer } from '../defect-spec.ts';
import type { Script } from '../scenarios.ts';
import { dataEvent } from './chunks.ts';
import type { ChatRequest } from './request.ts';
import type { Step } from './script.ts';

export interface ChatDefect {
  readonly request?: (request: ChatRequest) => ChatRequest;
  readonly choices?: (scripts: readonly [Script, ...Script[]]) => readonly [Script, ...Script[]];
  readonly steps?: (steps: readonly Step[]) => Step[];
  readonly refusal?: Refusal;
}

const isFinish = (step: Step): step is Extract<Step, { type: 'chunk' }> => step.type === 'chunk' && step.finish !== null;

interface CallFragment {
  readonly index: number;
  readonly id?: string;
  readonly type?: string;
  readonly function: { readonly name?: string; readonly arguments: string };
}

/**
 * Each tool call whole in one chunk, every one at index 0, as Ollama streams them (ollama/ollama
 * #15457): the chunks of the calls' fragments replaced, where the first one was, by one chunk a call.
 */
function wholeCallsAtIndexZero(steps: readonly Step[]): Step[] {
  const calls = new Map<number, { id?: string; name?: string; arguments: string; tokens: number }>();
  for (const step of steps) {
    if (step.type !== 'chunk' || !Array.isArray(step.delta.tool_calls)) continue;
    for (const fragment of step.delta.tool_calls as CallFragment[]) {
      const call = calls.get(fragment.index) ?? { arguments: '', tokens: 0 };
      calls.set(fragment.index, { ...call, ...(fragment.id === undefined ? {} : { id: fragment.id }), ...(fragment.function.name === undefined ? {} : { name: fragment.function.name }), arguments: call.arguments + fragment.function.arguments, tokens: call.tokens + step.tokens });
    }
  }
  const isCall = (step: Step): boolean => step.type === 'chunk' && Array.isArray(step.delta.tool_calls);
  const at = steps.findIndex(isCall);
  if (at === -1) return [...steps];
  const whole: Step[] = [...calls.values()].map((call) => ({ type: 'chunk', choice: 0, delta: { tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }] }, finish: null, tokens: call.tokens, pace: 'token' }));
  return [...steps.slice(0, at), ...whole, ...steps.slice(at).filter((step) => !isCall(step))];
}

export const CHAT_DEFECTS: readonly DefectSpec<ChatDefect>[] = [
  {
    name: 'finish-twice',
    description: 'The finish chunk sent twice, as SGLang did (sgl-project/sglang PR #8417).',
    imitates: 'SGLang (sgl-project/sglang PR #8417)',
    check: 'chat.text',
    breaks: ['finish-not-once'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { steps: (steps) => steps.flatMap((step): Step[] => (isFinish(step) ? [step, step] : [step])) },
  },
  {
    name: 'usage-on-content',
    description: 'The usage rides on the last content chunk (the finish chunk), with no choices: [] chunk of its own, as llama.cpp did (ggml-org/llama.cpp #15443).',
    imitates: 'llama.cpp (ggml-org/llama.cpp #15443)',
    check: 'chat.usage',
    breaks: ['usage-not-final-chunk'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { steps: (steps) => steps.filter((step) => step.type !== 'usage').map((step) => (isFinish(step) ? { ...step, usage: true } : step)) },
  },
  {
    name: 'usage-unasked',
    description: 'The usage chunk (and usage: null on every chunk) even when stream_options did not ask for it.',
    imitates: null,
    check: 'chat.no-usage',
    breaks: ['usage-unasked'],
    verdict: 'warn',
    builds: 'text',
    rewrite: { request: (request) => ({ ...request, includeUsage: true }) },
  },
  {
    name: 'tool-stop',
    description: 'A tool call that finishes with finish_reason "stop", not "tool_calls", as Gemini\'s OpenAI layer does (googleapis/python-genai #2868).',
    imitates: "Gemini's OpenAI-compatible API (googleapis/python-genai #2868)",
    check: 'chat.tools',
    breaks: ['finish-not-once'],
    verdict: 'fail',
    builds: 'tool-call',
    rewrite: { steps: (steps) => steps.map((step) => (isFinish(step) && step.finish === 'tool_calls' ? { ...step, finish: 'stop' } : step)) },
  },
  {
    name: 'parallel-index-zero',
    description: 'Parallel tool calls each whole in one chunk, every one at index 0, as Ollama sent them (ollama/ollama #15457).',
    imitates: 'Ollama (ollama/ollama #15457)',
    check: 'chat.parallel-tools',
    breaks: ['tool-call-wrong', 'tool-calls-collide', 'one-tool-call'],
    verdict: 'fail',
    builds: 'parallel-tool-calls',
    rewrite: { steps: wholeCallsAtIndexZero },
  },
  {
    name: 'n-ignored',
    description: 'Ignores n: one choice, however many the request asks for.',
    imitates: null,
    check: 'chat.n',
    breaks: ['choices-wrong'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { choices: ([first]) => [first] },
  },
  {
    name: 'max-tokens-ignored',
    description: 'Ignores max_tokens and max_completion_tokens: the whole answer, finish_reason "stop".',
    imitates: null,
    check: 'chat.max-tokens',
    breaks: ['finish-not-once'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { request: (request) => ({ ...request, maxTokens: null }) },
  },
  {
    name: 'error-streamed',
    description: 'A request OpenAI refuses with 400 answered 200, its error inside the stream, as vLLM did (vllm-project/guidellm #743).',
    imitates: 'vLLM (vllm-project/guidellm #743)',
    check: 'chat.error',
    breaks: ['error-not-refused'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { refusal: (refused) => streamedAnswer(dataEvent(refused.body, '\n') + dataEvent('[DONE]', '\n')) },
  },
];
