// The rules of the Chat Completions checks (battery.ts), each with where it comes from. The
// reference stream is OpenAI's own (../shared/real-streams/openai-gpt4o-*.sse, captured from
// api.openai.com); the judge of "breaks a client" is the official openai SDK's stream helper
// (openai-node src/lib/ChatCompletionStream.ts), which accumulates by choice and tool-call index.

import type { Analysis } from '../../../analysis/analyze.ts';
import { isObject } from '../../../is-object.ts';
import { callsAskedFor, diagnosed, refusedAsJson } from '../evidence.ts';
import type { CheckRule } from '../types.ts';
import { choicesOf, eventsWord, isTotal, opsOf } from './read.ts';

const CHUNK_OBJECT = 'OpenAI API reference, "The chat completion chunk object"';
const HELPER = 'openai-node src/lib/ChatCompletionStream.ts (accumulates each choice by index, each tool call by index)';
const CAPTURE = 'real-streams/openai-gpt4o-structured-text-usage.sse (api.openai.com)';
// Parallel calls sent at one index reach the app as one call, whichever way it reads the stream.
const CALLS_MERGED = "openai-node merges calls that share an index without error: its stream iterator, accumulated by index, ends with one call of the first call's name, its finalChatCompletion() with one call of the last call's name, either way with every call's arguments joined ('{…}{…}'), not JSON.";

export const roleFirst: CheckRule = {
  code: 'role-not-first',
  says: "Each choice's first chunk carries delta.role.",
  reference: `${CHUNK_OBJECT}; ${CAPTURE}`,
  breaks: 'warn',
  judge(analysis) {
    const firstOps = new Map<number, { event: number; role: boolean }>();
    for (const { event, ops } of opsOf(analysis)) {
      for (const op of ops) {
        if (!('choice' in op) || op.type === 'logprobs') continue;
        const seen = firstOps.get(op.choice);
        if (seen === undefined) firstOps.set(op.choice, { event, role: op.type === 'role' });
        else if (seen.event === event && op.type === 'role') seen.role = true;
      }
    }
    if (firstOps.size === 0) return ['No choice arrived.'];
    return [...firstOps].filter(([, first]) => !first.role).map(([choice, first]) => `Choice ${choice}'s first chunk (event ${first.event}) has no role.`);
  },
};

export const contentDeltas: CheckRule = {
  code: 'no-content',
  says: 'The answer comes as content deltas.',
  reference: CHUNK_OBJECT,
  breaks: 'fail',
  judge: (analysis) => (choicesOf(analysis).some((choice) => (choice.content ?? '') !== '') ? [] : ['No choice received any content.']),
};

// What openai-node was seen to hand the app when the due reason did not come; a second "stop"
// chunk where one was due changed nothing it returns, so that reason names no SDK.
const FINISH_SEEN: Readonly<Record<string, string>> = {
  tool_calls: 'openai-node\'s stream iterator and its finalChatCompletion() resolve without error and hand the app finish_reason "stop" for its forced tool call, as if the model had answered.',
  length: 'openai-node\'s stream iterator and its finalChatCompletion() resolve without error with the whole answer and finish_reason "stop": the app cannot tell that max_tokens was ignored.',
};

/** Exactly one chunk with a finish reason per choice, that reason. */
export function finishOnce(reason: string): CheckRule {
  return {
    code: 'finish-not-once',
    says: `Each choice gets exactly one chunk with a finish reason, "${reason}".`,
    reference: `${CHUNK_OBJECT}; ${HELPER}: a second finish chunk rewrites the reason, none leaves it null; SGLang sent it twice (sgl-project/sglang PR #8417)`,
    breaks: 'fail',
    ...(FINISH_SEEN[reason] === undefined ? {} : { sdk: FINISH_SEEN[reason] }),
    judge(analysis) {
      const choices = choicesOf(analysis);
      if (choices.length === 0) return ['No choice arrived.'];
      const wrong: string[] = [];
      for (const choice of choices) {
        const count = choice.finishEvents.length;
        if (count === 0) wrong.push(`Choice ${choice.index} never got a finish reason.`);
        else if (count > 1) wrong.push(`Choice ${choice.index} got ${count} finish chunks (${eventsWord(choice.finishEvents)}).`);
        else if (choice.finishReason !== reason) wrong.push(`Choice ${choice.index} finished with "${choice.finishReason}".`);
      }
      return wrong;
    },
  };
}

export const nothingAfterFinish: CheckRule = {
  code: 'delta-after-finish',
  says: 'Nothing but the usage chunk follows a choice’s finish chunk.',
  reference: `${CHUNK_OBJECT}; ${CAPTURE}`,
  breaks: 'fail',
  judge: (analysis) => choicesOf(analysis).flatMap((choice) => (choice.afterFinish.length === 0 ? [] : [`Choice ${choice.index} changed after its finish chunk, at ${eventsWord(choice.afterFinish)}.`])),
};

export const doneLast: CheckRule = {
  code: 'done-not-last',
  says: 'data: [DONE] ends the stream.',
  reference: `${CHUNK_OBJECT}; openai-node src/core/streaming.ts stops reading at [DONE]`,
  breaks: 'fail',
  judge: (analysis) => diagnosed(analysis, ['no-done', 'after-done']),
};

export const oneIdentity: CheckRule = {
  code: 'identity-changes',
  says: 'Every chunk has the same id, model and created, and object "chat.completion.chunk".',
  reference: `${CHUNK_OBJECT}: "Each chunk has the same ID"; ${CAPTURE}`,
  breaks: 'warn',
  judge: (analysis) => diagnosed(analysis, ['inconsistent-metadata', 'unexpected-object']),
};

export const usageOnceAtEnd: CheckRule = {
  code: 'usage-not-final-chunk',
  says: 'With stream_options.include_usage, one last chunk with choices: [] carries the usage (prompt + completion = total), after every finish chunk and before [DONE]; no other chunk carries one.',
  reference: `OpenAI API reference, "stream_options.include_usage"; ${CAPTURE}; llama.cpp put it on the last content chunk (ggml-org/llama.cpp #15443)`,
  breaks: 'fail',
  judge(analysis) {
    const carrying = opsOf(analysis).filter(({ ops }) => ops.some((op) => op.type === 'usage'));
    if (carrying.length === 0) return ['No chunk carried the usage.'];
    const wrong: string[] = [];
    if (carrying.length > 1) wrong.push(`${carrying.length} chunks carried a usage (${eventsWord(carrying.map(({ event }) => event))}).`);
    const last = carrying.at(-1)!;
    if (last.choiceCount !== 0) wrong.push(`The usage chunk (event ${last.event}) has ${last.choiceCount === null ? 'no choices array' : `${last.choiceCount} choices`}, not choices: [].`);
    const lastFinish = Math.max(-1, ...choicesOf(analysis).map((choice) => choice.finishEvents.at(-1) ?? -1));
    if (last.event < lastFinish) wrong.push(`The usage chunk (event ${last.event}) comes before the finish chunk (event ${lastFinish}).`);
    const done = analysis.events.findIndex((event) => event.interpretation.kind === 'done');
    if (done !== -1 && last.event > done) wrong.push(`The usage chunk (event ${last.event}) comes after [DONE] (event ${done}).`);
    const usage = last.ops.find((op) => op.type === 'usage');
    if (usage?.type === 'usage' && !isTotal(usage.usage)) wrong.push(`Its usage does not add up: ${JSON.stringify(usage.usage)}.`);
    return wrong;
  },
};

export const noUsage: CheckRule = {
  code: 'usage-unasked',
  says: 'Without stream_options, no chunk carries a usage.',
  reference: 'OpenAI API reference, "stream_options": usage is sent only when include_usage is true',
  breaks: 'warn',
  judge(analysis) {
    const carrying = opsOf(analysis).filter(({ ops }) => ops.some((op) => op.type === 'usage')).map(({ event }) => event);
    return carrying.length === 0 ? [] : [`A usage came unasked, at ${eventsWord(carrying)}.`];
  },
};

/** Choice 0's tool calls, in index order. */
function callsOf(analysis: Analysis) {
  const choice = choicesOf(analysis).find((candidate) => candidate.index === 0);
  return choice ? [...choice.toolCalls.values()].sort((a, b) => a.index - b.index) : [];
}

/** A call of this function with an id, type "function", and JSON arguments holding the required properties. */
export function toolCall(name: string, required: readonly string[]): CheckRule {
  return {
    code: 'tool-call-wrong',
    says: `A call of ${name} has an id, type "function", and arguments that parse as a JSON object holding ${required.join(', ')}.`,
    reference: `OpenAI API reference, "tool_calls" in the chunk's delta; ${HELPER}; real-streams/openai-gpt4o-parallel-tool-calls.sse`,
    breaks: 'fail',
    judge(analysis) {
      const calls = callsOf(analysis).filter((call) => call.name === name);
      if (calls.length === 0) return [`No call of ${name} came (${callsOf(analysis).length} calls in all).`];
      return calls.flatMap((call) => {
        const wrong: string[] = [];
        if (!call.id) wrong.push(`Call ${call.index} has no id.`);
        if (call.type !== 'function') wrong.push(`Call ${call.index}'s type is ${JSON.stringify(call.type)}.`);
        let args: unknown;
        try {
          args = JSON.parse(call.arguments);
        } catch {
          wrong.push(`Call ${call.index}'s arguments are not JSON: ${JSON.stringify(call.arguments.slice(0, 80))}.`);
          return wrong;
        }
        if (!isObject(args)) wrong.push(`Call ${call.index}'s arguments are not an object.`);
        else for (const key of required) if (!(key in args)) wrong.push(`Call ${call.index}'s arguments lack ${key}.`);
        return wrong;
      });
    },
  };
}

/** toolCall where parallel calls are asked for, and calls sent at one index are merged. */
export function parallelToolCall(name: string, required: readonly string[]): CheckRule {
  return { ...toolCall(name, required), sdk: CALLS_MERGED };
}

export const callsApart: CheckRule = {
  code: 'tool-calls-collide',
  says: 'Parallel tool calls have distinct indexes 0, 1, … and distinct ids, each fragment attributable to its call by index.',
  reference: `${HELPER}: calls sharing an index are merged into one; Ollama sent every call at index 0 (ollama/ollama #15457)`,
  breaks: 'fail',
  sdk: CALLS_MERGED,
  judge(analysis) {
    // What the accumulator cannot show once it merged them: two ids or two names at one index.
    const named = new Map<number, { ids: Set<string>; names: Set<string> }>();
    for (const { ops } of opsOf(analysis)) {
      for (const op of ops) {
        if (op.type !== 'tool' || op.choice !== 0 || op.index === null) continue;
        const at = named.get(op.index) ?? { ids: new Set(), names: new Set() };
        named.set(op.index, at);
        if (op.id) at.ids.add(op.id);
        if (op.name) at.names.add(op.name);
      }
    }
    const wrong = [...named].filter(([, at]) => at.ids.size > 1 || at.names.size > 1).map(([index, at]) => `Index ${index} was given to ${Math.max(at.ids.size, at.names.size)} calls (${[...at.names].join(', ') || [...at.ids].join(', ')}).`);
    const calls = callsOf(analysis);
    const ids = calls.map((call) => call.id).filter((id): id is string => !!id);
    if (new Set(ids).size < ids.length) wrong.push(`Two calls share an id: ${ids.join(', ')}.`);
    const indexes = calls.map((call) => call.index);
    if (indexes.some((index, position) => index !== position)) wrong.push(`The calls' indexes are ${indexes.join(', ')}, not 0, 1, ….`);
    return wrong;
  },
};

export function atLeastCalls(count: number): CheckRule {
  return callsAskedFor(count, { code: 'one-tool-call', says: `The model makes the ${count} calls the prompt asks for.`, reference: 'A model may choose fewer calls than asked: a deviation a client survives' }, (analysis) => callsOf(analysis).length);
}

/** Exactly these choices, each with its role, content and finish reason. */
export function choices(count: number): CheckRule {
  return {
    code: 'choices-wrong',
    says: `With n: ${count}, ${count} choices, indexes 0 to ${count - 1}, each with its role, content and finish reason.`,
    reference: `OpenAI API reference, "n"; ${HELPER}; real-streams/openai-gpt4o-n3-interleaved-choices.sse`,
    breaks: 'fail',
    sdk: `openai-node's stream iterator and its finalChatCompletion() resolve without error with the one choice sent: the app asked for ${count} answers and silently gets one choice.`,
    judge(analysis) {
      const got = choicesOf(analysis);
      const wrong: string[] = [];
      const indexes = got.map((choice) => choice.index);
      if (indexes.join() !== Array.from({ length: count }, (_, i) => i).join()) wrong.push(`The choices' indexes are ${indexes.join(', ') || 'none'}.`);
      for (const choice of got) {
        const lacks = [choice.role === null ? 'role' : null, (choice.content ?? '') === '' ? 'content' : null, choice.finishReason === null ? 'finish reason' : null].filter((what) => what !== null);
        if (lacks.length > 0) wrong.push(`Choice ${choice.index} has no ${lacks.join(', ')}.`);
      }
      return wrong;
    },
  };
}

/** A refusal: not a 200 stream, but a JSON error body in OpenAI's shape. */
export const jsonError: CheckRule = {
  ...refusedAsJson(
    'A request OpenAI refuses is answered with a 4xx status and a JSON body {"error": {"message", "type", …}}, not a 200 stream.',
    'OpenAI API reference, "Error codes"; openai-node src/core/error.ts (APIError.generate reads error.message); vLLM answered 200 and an SSE error (vllm-project/guidellm #743)',
    (body) => isObject(body) && isObject(body.error) && typeof body.error.message === 'string',
  ),
  sdk: "openai-node's stream iterator and its finalChatCompletion() throw a plain APIError with no status, not the BadRequestError (status 400) a refusal raises: an app that tells a refused request by its status or class misses it.",
};
