// The Responses dialect's findings (docs/architecture.md, "The stream" and "Dialects"), read
// from the accumulated state alone: the fold gathered the evidence on its way, so no check goes
// over a hundred thousand events again. Each finding names the events that show it.

import { quote } from '../../findings/words.ts';
import { checkArguments, describeArgumentsError } from '../kit/arguments.ts';
import { finding } from './catalogue.ts';
import { few, plural } from '../../findings/words.ts';
import { brief } from '../kit/common.ts';
import { isObject } from '../../is-object.ts';
import type { DialectContext, DialectDiagnostic } from '../types.ts';
import type { ItemState, ResponsesState } from './state.ts';
import { finalMismatch, initialText } from './final.ts';
import type { ResponsesInterpretation } from './interpret.ts';

export function diagnoseResponses({ state, ended, recording }: DialectContext<ResponsesInterpretation, ResponsesState>): DialectDiagnostic[] {
  const found: DialectDiagnostic[] = [];
  terminal(state, ended, recording.end?.outcome ?? null, found);
  sequence(state, startingAfter(recording.request?.url), found);
  items(state, ended, found);
  for (const [where, group] of state.unknownTargets.groups) {
    found.push(finding('delta-unknown-item', `${plural(group.count, 'event')} ${group.count === 1 ? 'names' : 'name'} ${where}: ${few(group.events, 5, group.count)}. The openai SDK throws here; lenient clients drop the text.`, group.events));
  }
  for (const mismatch of state.doneMismatches.values()) {
    found.push(
      finding(
        'done-text-mismatch',
        `${mismatch.where}: the deltas built ${brief(mismatch.ours)}, the .done event${mismatch.events.length === 1 ? '' : 's'} (${few(mismatch.events)}) carr${mismatch.events.length === 1 ? 'ies' : 'y'} ${brief(mismatch.theirs)}.`,
        mismatch.events,
      ),
    );
  }
  const mismatch = finalMismatch(state);
  if (mismatch !== null && state.terminal !== null) {
    found.push(
      finding(
        'final-mismatch',
        `The ${state.terminal.event} response differs from what the deltas built, first at ${mismatch.path}: the stream built ${brief(mismatch.ours)}, the terminal response has ${brief(mismatch.theirs)}. The openai SDK's finalResponse() is the terminal response.`,
        [state.terminal.at],
      ),
    );
  }
  usage(state, found);
  common(state, found);
  return found;
}

function terminal(state: ResponsesState, ended: boolean, outcome: string | null, found: DialectDiagnostic[]): void {
  const end = state.terminal;
  if (end === null) {
    if (!ended || state.lastEvent === -1) return;
    let why = '';
    if (state.errors.length > 0) why = ` An error event came instead (event ${state.errors[0]!.event}).`;
    else if (outcome !== null && outcome !== 'eof' && outcome !== 'recording') why = ` The stream was cut (${outcome}).`;
    found.push(finding('missing-terminal-event', `The stream ended without response.completed, response.incomplete or response.failed (its last event is ${state.lastEvent}): the response did not finish.${why}`, [state.lastEvent]));
    return;
  }
  const response = end.response;
  if (end.event === 'response.failed') {
    const error = isObject(response.error) ? response.error : null;
    const code = error && (typeof error.code === 'string' || typeof error.code === 'number') ? ` (${JSON.stringify(error.code)})` : '';
    const message = error && typeof error.message === 'string' ? `: ${quote(error.message, 120)}` : ', without an error object';
    found.push(finding('response-failed', `The response failed (event ${end.at})${message}${code}.`, [end.at]));
  } else if (end.event === 'response.incomplete') {
    const details = isObject(response.incomplete_details) ? response.incomplete_details : null;
    const reason = details && typeof details.reason === 'string' ? details.reason : null;
    found.push(finding('response-incomplete', `The response ended incomplete (event ${end.at})${reason === null ? ', without a reason' : `: ${JSON.stringify(reason)}`}.`, [end.at]));
  }
}

/** The `starting_after` of a resumed stream's request (GET …/responses/{id}?stream=true&starting_after=N), or null. */
function startingAfter(url: string | undefined): number | null {
  const match = url === undefined ? null : /[?&]starting_after=(\d+)/.exec(url);
  return match ? Number(match[1]) : null;
}

function sequence(state: ResponsesState, resumedAfter: number | null, found: DialectDiagnostic[]): void {
  // A resumed stream starts after the number it asked for: that is not a gap.
  const gaps = state.gaps.filter((gap) => !(gap.from === null && resumedAfter !== null && gap.to === resumedAfter + 1));
  if (gaps.length > 0) {
    const unread = (gap: (typeof gaps)[number]): string => (gap.unread > 0 ? `, after ${plural(gap.unread, 'event')} that could not be read` : '');
    const described = gaps.map((gap) => (gap.from === null ? `the first is ${gap.to}, not 0 (event ${gap.event}${unread(gap)})` : `${gap.from} → ${gap.to} (event ${gap.event}${unread(gap)})`));
    const missing = gaps.reduce((sum, gap) => sum + gap.to - (gap.from === null ? 0 : gap.from + 1) - gap.unread, 0);
    found.push(finding('sequence-gap', `sequence_number skips ${plural(gaps.length, 'time')}, ${plural(missing, 'number')} never arrived: ${few(described, 3, gaps.length)}.`, gaps.map((gap) => gap.event)));
  }
  if (state.disorder.length > 0) {
    const described = state.disorder.map((step) => `${step.got} after ${step.after} (event ${step.event})`);
    found.push(finding('sequence-disorder', `sequence_number goes back or repeats ${plural(state.disorder.length, 'time')}: ${few(described, 3, state.disorder.length)}.`, state.disorder.map((step) => step.event)));
  }
}

function items(state: ResponsesState, ended: boolean, found: DialectDiagnostic[]): void {
  for (const item of [...state.items.values()].sort((a, b) => a.outputIndex - b.outputIndex)) {
    const name = `output[${item.outputIndex}] (${item.type}${item.id === null ? '' : ` ${item.id}`})`;
    if (item.done === null && ended) found.push(itemNotDone(item, name, state));
    if (item.final !== null && item.id !== null && typeof item.final.id === 'string' && item.final.id !== item.id && state.terminal !== null) {
      found.push(
        finding(
          'item-id-changed',
          `${name} is ${item.final.id} in the ${state.terminal.event} response: clients that correlate items by id (reasoning sent back, tool results) hold a different id from the SDK's finalResponse().`,
          [item.addedAt, state.terminal.at],
        ),
      );
    }
    for (const part of [...item.content.values()].sort((a, b) => a.index - b.index)) {
      if (part.refusalEvents === null) continue;
      const text = initialText(part.added, 'refusal') + part.text.value;
      if (text === '') continue;
      const evidence = part.refusalEvents.count > 0 ? part.refusalEvents.events : [part.addedAt];
      found.push(finding('refusal', `${name} content[${part.index}] is a refusal: ${quote(text, 100)}. A client that reads only output_text shows nothing.`, evidence));
    }
    // A function or MCP call's arguments are JSON (a custom tool's input is free text): checked once the
    // call is done, or where the stream left it (the SDK hands on whatever it has).
    if ((item.type === 'function_call' || item.type === 'mcp_call') && (item.done !== null || item.final !== null || ended)) {
      const done = item.final ?? item.done;
      const args = item.fieldEvents.count > 0 ? initialText(item.added, 'arguments') + item.field.value : typeof done?.arguments === 'string' ? done.arguments : null;
      if (args === null) continue;
      const check = checkArguments(args);
      if (!check.valid) {
        const fn = typeof item.added.name === 'string' ? ` (${item.added.name})` : '';
        const where = item.done === null && item.final === null ? ' where the stream left them (the call never finished)' : '';
        found.push(finding('tool-arguments-invalid', `${name}${fn} arguments do not parse as JSON${where}: ${describeArgumentsError(check)}.`, [item.addedAt, ...item.fieldEvents.events, ...(item.doneAt === -1 ? [] : [item.doneAt])]));
      }
    }
  }
}

/**
 * What a client misses of an item that never got response.output_item.done. The Vercel AI SDK
 * (@ai-sdk/openai's Responses model under streamText) ends a message's text, a reasoning item,
 * every tool call and every hosted tool's result there, and reads the terminal response only for
 * usage and the finish reason. So an item the terminal response holds is complete for the openai
 * SDK (finalResponse() is that response) and still lost for the AI SDK: a function call never
 * becomes a tool call, and the finish reason is `stop` instead of `tool-calls`.
 */
const MISSED: Readonly<Record<string, string>> = {
  function_call: "The Vercel AI SDK's streamText returns no tool call for it (and, with no other call, finish reason stop, not tool-calls).",
  custom_tool_call: "The Vercel AI SDK's streamText returns no tool call for it.",
  computer_call: "The Vercel AI SDK's streamText returns no tool call for it.",
  mcp_call: "The Vercel AI SDK's streamText returns no tool call or result for it.",
  apply_patch_call: "The Vercel AI SDK's streamText returns no tool call for it.",
  web_search_call: "The Vercel AI SDK's streamText returns no result for it.",
  file_search_call: "The Vercel AI SDK's streamText returns no result for it.",
  code_interpreter_call: "The Vercel AI SDK's streamText returns no result for it.",
  image_generation_call: "The Vercel AI SDK's streamText returns no result for it.",
  message: "The Vercel AI SDK's streamText never ends its text (no text-end).",
  reasoning: "The Vercel AI SDK's streamText never ends its reasoning with its encrypted content (the reasoning-end it sends there).",
};
// The AI SDK does nothing at an mcp_list_tools item's done; pydantic-ai took its tools from there, and lost them (pydantic-ai #5419).
const MISSED_ELSEWHERE = 'A client that takes items from their output_item.done misses it (pydantic-ai lost mcp_list_tools results so).';
/** A tool the client runs itself: without its done, the AI SDK never hands it the call. */
const CLIENT_CALLS = new Set(['function_call', 'custom_tool_call']);

function itemNotDone(item: ItemState, name: string, state: ResponsesState): DialectDiagnostic {
  const held = item.final !== null && state.terminal !== null ? `; only the ${state.terminal.event} response holds it` : ', and the response does not complete it';
  const found = finding('item-not-done', `${name} was added (event ${item.addedAt}) but never got response.output_item.done${held}. ${MISSED[item.type] ?? MISSED_ELSEWHERE}`, [item.addedAt]);
  // A lost call is a tool that never runs; any other item is cut short or read late.
  return CLIENT_CALLS.has(item.type) ? found : { ...found, severity: 'warning' };
}

function usage(state: ResponsesState, found: DialectDiagnostic[]): void {
  const end = state.terminal;
  // A failed response may carry no usage; a finished one always should.
  if (end === null || end.event === 'response.failed' || isObject(end.response.usage)) return;
  found.push(finding('usage-missing', `The ${end.event} response (event ${end.at}) carries no usage.`, [end.at]));
}

function common(state: ResponsesState, found: DialectDiagnostic[]): void {
  if (state.identityChanges.length > 0) {
    const described = state.identityChanges.map((change) => `response.${change.field} ${brief(change.from, 40)} → ${brief(change.to, 40)} (event ${change.event})`);
    const throws = state.identityChanges.some((change) => change.field === 'id') ? ' The openai SDK throws ("Lifecycle response identity changed").' : '';
    found.push(finding('inconsistent-metadata', `The lifecycle events do not carry one response: ${few(described, 3, state.identityChanges.length)}.${throws}`, [state.identity!.at, ...state.identityChanges.map((change) => change.event)]));
  }
  for (const error of state.errors) {
    found.push(finding('stream-error', `Event ${error.event} is an error event: ${quote(error.message, 120)}${error.code === null ? '' : ` (${JSON.stringify(error.code)})`}. The openai SDK throws it.`, [error.event]));
  }
  for (const [type, group] of state.unknownTypes.groups) {
    found.push(finding('unknown-event', `${plural(group.count, 'event')} of type ${JSON.stringify(type)}, which the openai SDK does not know: ${few(group.events, 5, group.count)}.`, group.events));
  }
  for (const [key, group] of state.nameMismatches.groups) {
    const [name, type] = key.split('\u0000');
    found.push(finding('event-name-mismatch', `${plural(group.count, 'event')} named event: ${name} carry data.type ${JSON.stringify(type)}: ${few(group.events, 5, group.count)}.`, group.events));
  }
  if (state.malformed.count > 0) {
    found.push(finding('malformed-chunk', `${plural(state.malformed.count, 'event')} with fields of the wrong type: ${few([...state.malformedPaths], 3, state.malformedPaths.size)}.`, state.malformed.events));
  }
}
