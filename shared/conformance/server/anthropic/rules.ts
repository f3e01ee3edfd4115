// The rules of the Anthropic Messages checks (battery.ts), each with where it comes from. The
// reference stream is Anthropic's own (fixtures/dialects/messages/anthropic-sonnet46-text.sse, an
// api.anthropic.com capture); the judge of "breaks a client" is @anthropic-ai/sdk's stream helper
// (src/lib/MessageStream.ts), which reads events by their SSE name (src/core/streaming.ts skips
// data-only events and pings) and finds a delta's block by its position in the message's content.

import { TOOL_BLOCKS, checkInput } from '../../../dialects/anthropic/accumulate.ts';
import { isObject } from '../../../is-object.ts';
import type { CheckRule } from '../types.ts';
import { callsAskedFor, diagnosed, refusedAsJson } from '../evidence.ts';
import { eventsWord, finalOf, isMessageEvent, readingsOf, stateOf } from './read.ts';

const STREAMING = 'Anthropic docs, "Streaming Messages" (event types, event flow)';
const HELPER = '@anthropic-ai/sdk src/lib/MessageStream.ts (accumulateMessage)';
// Blocks sent at one index: the first rule a parallel-tools check finds broken says it too.
const BLOCKS_ONE_INDEX = "@anthropic-ai/sdk's messages.stream().finalMessage() rejects where tool_use blocks share index 0, their input_json_delta fragments joined into one block's input and parsed: 'Unexpected non-whitespace character after JSON at position 33 (line 1 column 34)'; the app gets no tool call at all.";
const CAPTURE = 'fixtures/dialects/messages/anthropic-sonnet46-text.sse (api.anthropic.com)';
const NOT_READ = 'The stream was not read as Anthropic Messages.';

export const eventNames: CheckRule = {
  code: 'event-name-mismatch',
  says: "Every event's SSE event: name is its data's type.",
  reference: `${STREAMING}: "Each event will use an SSE event name … and include the matching event type in its data"; @anthropic-ai/sdk src/core/streaming.ts skips events without a name and dispatches ping and error by it`,
  breaks: 'fail',
  sdk: "@anthropic-ai/sdk skips an event without its event: line: where none is named, its messages.stream().finalMessage() rejects with 'request ended without sending any chunks'.",
  judge(analysis) {
    // A differing name the diagnostics already word; a missing one they do not (the data alone tells the dialect).
    const unnamed = readingsOf(analysis).filter((reading) => reading.name === null && reading.type !== null).map((reading) => reading.event);
    return [...diagnosed(analysis, ['event-name-mismatch']), ...(unnamed.length === 0 ? [] : [`No event: name on ${eventsWord(unnamed)}, which @anthropic-ai/sdk skips.`])];
  },
};

export const messageStartFirst: CheckRule = {
  code: 'message-start-not-first',
  says: 'One message_start opens the stream: nothing but pings comes before it, and no second one follows.',
  reference: `${STREAMING}; ${HELPER}: events before message_start are dropped, a second one throws "Unexpected event order"`,
  breaks: 'fail',
  judge(analysis) {
    const events = readingsOf(analysis).filter(isMessageEvent);
    const starts = events.filter((reading) => reading.kind === 'message-start').map((reading) => reading.event);
    if (starts.length === 0) return ['No message_start came.'];
    const wrong: string[] = [];
    const first = events[0]!;
    if (first.kind !== 'message-start') wrong.push(`Event ${first.event} (${first.type}) comes before message_start.`);
    if (starts.length > 1) wrong.push(`message_start came ${starts.length} times (${eventsWord(starts)}).`);
    return wrong;
  },
};

export const textAnswer: CheckRule = {
  code: 'no-text',
  says: 'The answer comes as a text block: content_block_start of type text, then text_delta deltas.',
  reference: `${STREAMING}; ${CAPTURE}`,
  breaks: 'fail',
  judge(analysis) {
    // What finalMessage() ends with, the text a client shows.
    const final = finalOf(analysis);
    if (final === null) return [NOT_READ];
    const texts = final.content.filter((block) => block.type === 'text');
    if (texts.length === 0) return [`No text block came (${final.content.length} blocks in all).`];
    return texts.some((block) => typeof block.text === 'string' && block.text !== '') ? [] : ['The text blocks got no text.'];
  },
};

export const deltasFit: CheckRule = {
  code: 'delta-unknown-block',
  says: 'Every content_block_delta names a started block and is of a type that block takes (text_delta on text, input_json_delta on tool_use).',
  reference: `${STREAMING}; ${HELPER}: a delta its block cannot take is dropped silently`,
  breaks: 'fail',
  judge: (analysis) => diagnosed(analysis, ['delta-unknown-block']),
};

export const blocksClosed: CheckRule = {
  code: 'block-not-stopped',
  says: 'Every content block is closed by its content_block_stop before the message_delta.',
  reference: `${STREAMING}; ${HELPER}: a block's contentBlock event is emitted at its content_block_stop`,
  breaks: 'fail',
  judge(analysis) {
    const state = stateOf(analysis);
    if (state === null) return [NOT_READ];
    const late = [...state.blocks.values()]
      .filter((block) => block.stopAt !== -1 && state.deltaAt !== -1 && block.stopAt > state.deltaAt)
      .map((block) => `Block ${block.index} stopped (event ${block.stopAt}) after the message_delta (event ${state.deltaAt}).`);
    return [...diagnosed(analysis, ['block-not-stopped']), ...late];
  },
};

export const blocksApart: CheckRule = {
  code: 'blocks-collide',
  says: 'Content blocks take distinct indexes 0, 1, … in the order they start, and tool_use blocks distinct ids.',
  reference: `${HELPER}: a delta goes to the block at its index's position in content (content.at(index)), so blocks sharing an index or out of order mix their deltas`,
  breaks: 'fail',
  sdk: BLOCKS_ONE_INDEX,
  judge(analysis) {
    // Read from the events: the state keeps one block an index, the later one.
    const starts = readingsOf(analysis).flatMap((reading) => (reading.op?.type === 'block-start' ? [reading.op] : []));
    const named = new Map<number, string[]>();
    for (const start of starts) {
      const name = typeof start.block.name === 'string' ? start.block.name : typeof start.block.type === 'string' ? start.block.type : '?';
      named.set(start.index, [...(named.get(start.index) ?? []), name]);
    }
    const wrong = [...named].filter(([, names]) => names.length > 1).map(([index, names]) => `Index ${index} was given to ${names.length} blocks (${names.join(', ')}).`);
    const indexes = starts.map((start) => start.index);
    if (wrong.length === 0 && indexes.some((index, position) => index !== position)) wrong.push(`The blocks' indexes are ${indexes.join(', ')}, not 0, 1, ….`);
    const ids = starts.filter((start) => typeof start.block.type === 'string' && TOOL_BLOCKS.has(start.block.type) && typeof start.block.id === 'string').map((start) => start.block.id as string);
    if (new Set(ids).size < ids.length) wrong.push(`Two tool_use blocks share an id: ${ids.join(', ')}.`);
    return wrong;
  },
};

/** toolUse where parallel calls are asked for: blocks sent at one index break it first. */
export function parallelToolUse(name: string, required: readonly string[]): CheckRule {
  return { ...toolUse(name, required), sdk: BLOCKS_ONE_INDEX };
}

/** A tool_use block of this tool with an id, whose input JSON holds the required properties. */
export function toolUse(name: string, required: readonly string[]): CheckRule {
  return {
    code: 'tool-use-wrong',
    says: `A tool_use block of ${name} has an id, and its input_json_delta fragments join to a JSON object${required.length === 0 ? '' : ` holding ${required.join(', ')}`}.`,
    reference: `${STREAMING}, "Input JSON delta"; ${HELPER}; fixtures/dialects/messages/anthropic-sonnet35-parallel-tool-use.sse`,
    breaks: 'fail',
    judge(analysis) {
      const state = stateOf(analysis);
      if (state === null) return [NOT_READ];
      const tools = [...state.blocks.values()].filter((block) => block.type === 'tool_use').sort((a, b) => a.index - b.index);
      const mine = tools.filter((block) => block.start.name === name);
      if (mine.length === 0) return [`No tool_use block of ${name} came (${tools.length} tool_use blocks in all).`];
      return mine.flatMap((block) => {
        const wrong: string[] = [];
        if (typeof block.start.id !== 'string' || block.start.id === '') wrong.push(`Block ${block.index} has no id.`);
        // No fragment at all leaves the block's own input, as the SDK does.
        const check = block.deltas === 0 ? { valid: true as const, value: block.start.input } : checkInput(block.text.value);
        if (!check.valid) {
          wrong.push(`Block ${block.index}'s input is not JSON: ${JSON.stringify(block.text.value.slice(0, 80))}.`);
          return wrong;
        }
        const input = check.value;
        if (!isObject(input)) wrong.push(`Block ${block.index}'s input is not an object.`);
        else for (const key of required) if (!(key in input)) wrong.push(`Block ${block.index}'s input lacks ${key}.`);
        return wrong;
      });
    },
  };
}

export function atLeastToolUses(count: number): CheckRule {
  return callsAskedFor(
    count,
    { code: 'one-tool-use', says: `The model makes the ${count} tool_use blocks the prompt asks for.`, reference: 'A model may choose fewer calls than asked (tool_choice "any" allows one): a deviation a client survives' },
    (analysis) => readingsOf(analysis).filter((reading) => reading.op?.type === 'block-start' && reading.op.block.type === 'tool_use').length,
  );
}

/** The message_delta's stop_reason is this one. */
export function stopReason(reason: string): CheckRule {
  return {
    code: 'stop-reason-wrong',
    says: `The message_delta says stop_reason "${reason}".`,
    reference: `${STREAMING}; Anthropic API reference, "stop_reason"; ${HELPER}: finalMessage()'s stop_reason is the message_delta's`,
    breaks: 'fail',
    // Seen only of a server that ignored max_tokens; another wrong reason names no SDK yet.
    ...(reason === 'max_tokens' ? { sdk: '@anthropic-ai/sdk\'s messages.stream().finalMessage() resolves without error with the whole answer and stop_reason "end_turn": the app cannot tell that max_tokens was ignored.' } : {}),
    judge(analysis) {
      const state = stateOf(analysis);
      if (state === null) return [NOT_READ];
      if (state.delta === null) return ['No message_delta came.'];
      const got = state.delta.stop_reason;
      if (got === null || got === undefined) return [`The message_delta (event ${state.deltaAt}) has no stop_reason.`];
      return got === reason ? [] : [`The message stopped with ${JSON.stringify(got)} (event ${state.deltaAt}).`];
    },
  };
}

export const usageCumulative: CheckRule = {
  code: 'usage-wrong',
  says: 'Each message_delta carries usage.output_tokens, the count so far, never fewer than an earlier one.',
  reference: `${STREAMING}: "The token counts shown in the usage field of the message_delta event are cumulative"; ${HELPER}: output_tokens is read from message_delta's usage (none throws)`,
  breaks: 'fail',
  judge(analysis) {
    const deltas = readingsOf(analysis).flatMap((reading) => (reading.op?.type === 'message-delta' ? [{ event: reading.event, usage: reading.op.usage }] : []));
    if (deltas.length === 0) return ['No message_delta came.'];
    const wrong = deltas.flatMap(({ event, usage }) => {
      if (usage === null) return [`The message_delta (event ${event}) has no usage.`];
      return typeof usage.output_tokens === 'number' ? [] : [`The message_delta's usage (event ${event}) has no output_tokens.`];
    });
    return [...wrong, ...diagnosed(analysis, ['usage-not-cumulative'])];
  },
};

export const messageStopLast: CheckRule = {
  code: 'message-stop-not-last',
  says: 'message_stop ends the stream, once, after the message_delta; nothing but pings follows it.',
  reference: `${STREAMING}; ${HELPER}: the message is kept at message_stop, and finalMessage() without one rejects ("stream ended without producing a Message")`,
  breaks: 'fail',
  judge(analysis) {
    const events = readingsOf(analysis).filter(isMessageEvent);
    const stops = events.filter((reading) => reading.kind === 'message-stop').map((reading) => reading.event);
    if (stops.length === 0) {
      const missing = diagnosed(analysis, ['missing-message-stop']);
      return missing.length > 0 ? missing : ['No message_stop came.'];
    }
    const wrong: string[] = [];
    const stop = stops[0]!;
    if (stops.length > 1) wrong.push(`message_stop came ${stops.length} times (${eventsWord(stops)}).`);
    const lastDelta = events.filter((reading) => reading.kind === 'message-delta').at(-1);
    if (lastDelta !== undefined && lastDelta.event > stop) wrong.push(`message_stop (event ${stop}) comes before the message_delta (event ${lastDelta.event}).`);
    const after = events.filter((reading) => reading.event > stop && reading.kind !== 'message-stop').map((reading) => reading.event);
    if (after.length > 0) wrong.push(`${after.length === 1 ? 'Event' : 'Events'} ${after.join(', ')} came after message_stop (event ${stop}).`);
    return wrong;
  },
};

/** A refusal: not a 200 stream, but a JSON error body in Anthropic's shape. */
export const anthropicError: CheckRule = {
  ...refusedAsJson(
    'A request Anthropic refuses is answered with a 4xx status and a JSON body {"type": "error", "error": {"type", "message"}}, not a 200 stream.',
    'Anthropic docs, "Errors" (the error shape and its types by status); @anthropic-ai/sdk src/core/error.ts (APIError.generate picks the error class by status and keeps the body)',
    (body) => isObject(body) && body.type === 'error' && isObject(body.error) && typeof body.error.type === 'string' && typeof body.error.message === 'string',
    '{"type": "error", "error": {"type", "message"}}',
  ),
  sdk: "@anthropic-ai/sdk's messages.stream().finalMessage() throws a plain APIError with no status, the error event's JSON as its message, not the BadRequestError (status 400) a refusal raises: an app that tells a refused request by its status or class misses it.",
};
