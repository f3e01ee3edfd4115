// The rules of the Responses API checks (battery.ts), each with where it comes from. The
// reference is OpenAI's own stream (shared/test/fixtures/dialects/responses/
// openai-gpt41nano-text-obfuscation.sse, captured from api.openai.com); the judge of "breaks a
// client" is the openai SDK's ResponseStream (openai-node src/lib/responses/ResponseStream.ts),
// which ends with the terminal event's response and throws on a delta for an unknown item.

import type { Analysis } from '../../../analysis/analyze.ts';
import type { ResponseObject } from '../../../dialects/responses/final.ts';
import { isObject } from '../../../is-object.ts';
import { callsAskedFor, diagnosed, refusedAsJson } from '../evidence.ts';
import type { CheckRule } from '../types.ts';

const EVENTS_DOC = 'OpenAI API reference, "Responses streaming events"';
const STREAM = 'openai-node src/lib/responses/ResponseStream.ts';
// Calls sent at one output_index: the first rule a parallel-tools check finds broken says it too.
const CALLS_ONE_INDEX = "openai-node's responses.stream(), iterated or awaited with finalResponse(), reject with 'Duplicate response output index 0.' where two calls are added at output_index 0: the app gets no call at all.";
const CAPTURE = 'fixtures/dialects/responses/openai-gpt41nano-text-obfuscation.sse (api.openai.com)';

/** Each event's JSON payload (null where its data is none or not a JSON object). */
function payloads(analysis: Analysis): (Record<string, unknown> | null)[] {
  return analysis.events.map((event) => {
    const data = event.sse.data;
    if (data === null) return null;
    try {
      const json: unknown = JSON.parse(data);
      return isObject(json) ? json : null;
    } catch {
      return null;
    }
  });
}

const finalOf = (analysis: Analysis): ResponseObject | null => (isObject(analysis.final) ? (analysis.final as ResponseObject) : null);

/** The event types in order, each run of one type said once (the deltas). */
function typeRuns(analysis: Analysis): string[] {
  const runs: string[] = [];
  for (const payload of payloads(analysis)) {
    const type = typeof payload?.type === 'string' ? payload.type : null;
    if (type !== null && runs.at(-1) !== type) runs.push(type);
  }
  return runs;
}

/** The whole event sequence of a one-message text answer. */
export const TEXT_SEQUENCE = [
  'response.created',
  'response.in_progress',
  'response.output_item.added',
  'response.content_part.added',
  'response.output_text.delta',
  'response.output_text.done',
  'response.content_part.done',
  'response.output_item.done',
  'response.completed',
];

export const textSequence: CheckRule = {
  code: 'event-sequence',
  says: `The events come as OpenAI sends them: ${TEXT_SEQUENCE.join(', ')} (the deltas as many as they are).`,
  reference: `${EVENTS_DOC}; ${CAPTURE}; output_text.done dropped by a gateway (ogx #5309)`,
  breaks: 'fail',
  sdk: "openai-node's responses.stream(), iterated, ends without error but yields no response.output_text.done event where the server dropped it, so an app that takes the text from that event silently gets none; its finalResponse() resolves with the whole text.",
  judge(analysis) {
    const runs = typeRuns(analysis);
    return runs.join() === TEXT_SEQUENCE.join() ? [] : [`They came as ${runs.join(', ') || 'nothing'}.`];
  },
};

export const namedAsTyped: CheckRule = {
  code: 'event-name-mismatch',
  says: 'Every event is named (event:) as its data.type says.',
  reference: `${EVENTS_DOC}; ${CAPTURE}: every event has its event: line`,
  breaks: 'warn',
  judge(analysis) {
    const wrong: string[] = [];
    const all = payloads(analysis);
    analysis.events.forEach((event, i) => {
      const type = all[i]?.type;
      if (typeof type !== 'string') return;
      if (event.sse.event === null) wrong.push(`Event ${event.sse.index} has no event: line.`);
      else if (event.sse.event !== type) wrong.push(`Event ${event.sse.index} is named ${event.sse.event} but is ${type}.`);
    });
    return wrong.length > 3 ? [...wrong.slice(0, 3), `And ${wrong.length - 3} more.`] : wrong;
  },
};

export const sequenceNumbers: CheckRule = {
  code: 'sequence-number-wrong',
  says: 'Every event carries sequence_number, 0, 1, 2, … in order.',
  reference: `${EVENTS_DOC} ("sequence_number"); ${CAPTURE}; dropped by a gateway (llmgateway PR #2287)`,
  breaks: 'fail',
  judge(analysis) {
    const numbered = payloads(analysis).filter((payload): payload is Record<string, unknown> => payload !== null);
    const missing = numbered.filter((payload) => typeof payload.sequence_number !== 'number').length;
    if (missing > 0) return [`${missing} of ${numbered.length} events have none.`];
    const off = numbered.findIndex((payload, position) => payload.sequence_number !== position);
    return off === -1 ? [] : [`The ${off === 0 ? 'first' : `event at position ${off}`} has ${String(numbered[off]!.sequence_number)}.`];
  },
};

export const deltasAddUp: CheckRule = {
  code: 'done-text-mismatch',
  says: "Each .done event's text (and arguments) is its deltas joined, and the terminal response holds what they built.",
  reference: `${EVENTS_DOC}; ${STREAM} ends with the terminal response, whatever the deltas said`,
  breaks: 'fail',
  judge: (analysis) => diagnosed(analysis, ['done-text-mismatch', 'final-mismatch', 'delta-unknown-item', 'item-not-done', 'item-id-changed']),
};

/** deltasAddUp where parallel calls are asked for: calls sent at one output_index break it first. */
export const parallelDeltasAddUp: CheckRule = { ...deltasAddUp, sdk: CALLS_ONE_INDEX };

/** The terminal event and its status. */
export function terminal(status: 'completed' | 'incomplete', reason?: string): CheckRule {
  return {
    code: 'terminal-wrong',
    says: `The stream ends with response.${status}${reason ? `, incomplete_details.reason "${reason}"` : ''}.`,
    reference: `${EVENTS_DOC}; ${STREAM}: finalResponse() waits for the terminal event`,
    breaks: 'fail',
    // Seen only of a server that ignored max_output_tokens; a wrong completed status names no SDK yet.
    ...(status === 'incomplete' ? { sdk: 'openai-node\'s finalResponse() resolves without error with status "completed" and the whole answer: the app cannot tell that max_output_tokens was ignored.' } : {}),
    judge(analysis) {
      const final = finalOf(analysis);
      if (final === null) return ['No response was built.'];
      if (final.status !== status) return [`Its status is "${final.status}".`];
      const got = isObject(final.incomplete_details) ? final.incomplete_details.reason : undefined;
      return reason === undefined || got === reason ? [] : [`Its incomplete_details.reason is ${JSON.stringify(got ?? null)}.`];
    },
  };
}

export const usagePresent: CheckRule = {
  code: 'usage-missing',
  says: 'The terminal response carries its usage (input, output, total tokens).',
  reference: `${EVENTS_DOC} ("response.completed"); ${CAPTURE}`,
  breaks: 'warn',
  judge(analysis) {
    const usage = finalOf(analysis)?.usage;
    if (!isObject(usage)) return ['It has none.'];
    return typeof usage.input_tokens === 'number' && typeof usage.output_tokens === 'number' && usage.total_tokens === usage.input_tokens + usage.output_tokens ? [] : [`It does not add up: ${JSON.stringify(usage)}.`];
  },
};

/** The final response's function calls, in output order. */
function callsOf(analysis: Analysis): Record<string, unknown>[] {
  return (finalOf(analysis)?.output ?? []).filter((item) => item.type === 'function_call');
}

export function functionCall(name: string, required: readonly string[]): CheckRule {
  return {
    code: 'function-call-wrong',
    says: `A function_call item of ${name} has a call_id, and arguments (its deltas joined) that parse as a JSON object holding ${required.join(', ')}.`,
    reference: `${EVENTS_DOC} ("response.function_call_arguments.delta", ".done"); ${STREAM}`,
    breaks: 'fail',
    judge(analysis) {
      const calls = callsOf(analysis).filter((call) => call.name === name);
      if (calls.length === 0) return [`No function_call of ${name} came (${callsOf(analysis).length} in all).`];
      return calls.flatMap((call) => {
        const wrong: string[] = [];
        if (typeof call.call_id !== 'string' || call.call_id === '') wrong.push(`Its call ${JSON.stringify(call.id ?? null)} has no call_id.`);
        let args: unknown;
        try {
          args = JSON.parse(typeof call.arguments === 'string' ? call.arguments : '');
        } catch {
          return [...wrong, `Its arguments are not JSON: ${JSON.stringify(String(call.arguments).slice(0, 80))}.`];
        }
        if (!isObject(args)) wrong.push('Its arguments are not an object.');
        else for (const key of required) if (!(key in args)) wrong.push(`Its arguments lack ${key}.`);
        return wrong;
      });
    },
  };
}

export const callsApart: CheckRule = {
  code: 'function-calls-collide',
  says: 'Parallel function calls are separate items, with distinct output indexes and call_ids.',
  reference: `${EVENTS_DOC}; ${STREAM} keys items by output_index`,
  breaks: 'fail',
  sdk: CALLS_ONE_INDEX,
  judge(analysis) {
    const said: string[] = [];
    // The stream's own items, as a client keys them: two calls added at one output_index are one to it.
    const added = new Map<number, string[]>();
    for (const payload of payloads(analysis)) {
      if (payload?.type !== 'response.output_item.added' || typeof payload.output_index !== 'number' || !isObject(payload.item) || payload.item.type !== 'function_call') continue;
      const at = added.get(payload.output_index) ?? [];
      at.push(typeof payload.item.id === 'string' ? payload.item.id : '(no id)');
      added.set(payload.output_index, at);
    }
    for (const [index, items] of added) if (items.length > 1) said.push(`${items.length} function_call items are added at output_index ${index}: ${items.join(', ')}.`);
    const ids = callsOf(analysis).map((call) => call.call_id).filter((id): id is string => typeof id === 'string');
    if (new Set(ids).size < ids.length) said.push(`Two calls share a call_id: ${ids.join(', ')}.`);
    return said;
  },
};

export function atLeastCalls(count: number): CheckRule {
  return callsAskedFor(count, { code: 'one-function-call', says: `The model makes the ${count} calls the prompt asks for.`, reference: 'A model may choose fewer calls than asked: a deviation a client survives' }, (analysis) => callsOf(analysis).length);
}

/** A refusal: not a 200 stream, but a JSON error body in OpenAI's shape. */
export const jsonError: CheckRule = {
  ...refusedAsJson(
    'A request OpenAI refuses is answered with a 4xx status and a JSON body {"error": {"message", "type", …}}, not a 200 stream.',
    'OpenAI API reference, "Error codes"; openai-node src/core/error.ts (APIError.generate reads error.message)',
    (body) => isObject(body) && isObject(body.error) && typeof body.error.message === 'string',
  ),
  sdk: "openai-node's responses.stream(), iterated or awaited with finalResponse(), throws a plain APIError with no status, not the BadRequestError (status 400) a refusal raises: an app that tells a refused request by its status or class misses it.",
};
