// The Anthropic Messages dialect's findings (docs/architecture.md, "The stream" and "Dialects"),
// read from the accumulated state alone: the fold gathered the evidence on its way.

import { quote } from '../../findings/words.ts';
import { describeArgumentsError } from '../kit/arguments.ts';
import { finding } from './catalogue.ts';
import { few, plural } from '../../findings/words.ts';
import type { DialectContext, DialectDiagnostic } from '../types.ts';
import type { MessagesState } from './accumulate.ts';
import { TOOL_BLOCKS, checkInput } from './accumulate.ts';
import type { MessagesInterpretation } from './interpret.ts';

/** Bedrock's counts beside the usage's, by the names each gives them. */
const COUNTS = [
  ['inputTokenCount', 'input_tokens', 'input'],
  ['outputTokenCount', 'output_tokens', 'output'],
  ['cacheReadInputTokenCount', 'cache_read_input_tokens', 'cache read'],
  ['cacheWriteInputTokenCount', 'cache_creation_input_tokens', 'cache write'],
] as const;

/** Where Bedrock's invocation metrics count other tokens than the message's usage: a note, with both figures. */
function invocationMetricsDisagree({ invocationMetrics, usage, deltaAt, messageAt }: MessagesState): DialectDiagnostic[] {
  if (invocationMetrics === null || usage === null) return [];
  const { metrics, at } = invocationMetrics;
  const differ = COUNTS.filter(([bedrock, anthropic]) => typeof metrics[bedrock] === 'number' && typeof usage[anthropic] === 'number' && metrics[bedrock] !== usage[anthropic]);
  if (differ.length === 0) return [];
  const figures = differ.map(([bedrock, anthropic, words]) => `${metrics[bedrock] as number} ${words} tokens (${bedrock}) where the usage says ${usage[anthropic] as number} (${anthropic})`);
  const usageAt = deltaAt !== -1 ? deltaAt : messageAt;
  return [
    finding(
      'invocation-metrics-disagree',
      `Bedrock's invocation metrics (event ${at}) count ${figures.join(', and ')}: the message's usage is Anthropic's (message_start and message_delta), Bedrock's count is its own.`,
      usageAt === -1 ? [at] : [usageAt, at],
    ),
  ];
}

export function diagnoseMessages({ state, ended, recording }: DialectContext<MessagesInterpretation, MessagesState>): DialectDiagnostic[] {
  const found: DialectDiagnostic[] = [];
  if (ended && state.messageStopAt === -1 && state.lastEvent !== -1) {
    const outcome = recording.end?.outcome;
    let why = '';
    if (state.errors.length > 0) why = ` An error event came instead (event ${state.errors[0]!.event}).`;
    else if (outcome !== undefined && outcome !== 'eof' && outcome !== 'recording') why = ` The stream was cut (${outcome}).`;
    found.push(finding('missing-message-stop', `The stream ended without message_stop (its last event is ${state.lastEvent}): the message did not finish.${why}`, [state.lastEvent]));
  }
  for (const block of [...state.blocks.values()].sort((a, b) => a.index - b.index)) {
    const name = `Content block ${block.index} (${block.type}${typeof block.start.name === 'string' ? ` ${JSON.stringify(block.start.name)}` : ''})`;
    if (block.stopAt === -1 && ended) found.push(finding('block-not-stopped', `${name} started (event ${block.startAt}) but never got content_block_stop.`, [block.startAt]));
    // Checked at the block's stop (docs/architecture.md, "The stream"), or where the stream left a block never stopped.
    const input = block.input ?? (TOOL_BLOCKS.has(block.type) && block.deltas > 0 && ended ? checkInput(block.text.value) : null);
    if (input !== null && !input.valid) {
      const where = block.stopAt === -1 ? 'where the stream left it (no content_block_stop)' : 'at its content_block_stop';
      found.push(
        finding(
          'tool-arguments-invalid',
          `${name} input does not parse as JSON ${where}: ${describeArgumentsError(input)}. The Anthropic SDK's partial-JSON parser silently turns it into a shorter object.`,
          [block.startAt, ...block.inputEvents.events, ...(block.stopAt === -1 ? [] : [block.stopAt])],
        ),
      );
    }
  }
  for (const [what, group] of state.unknownTargets.groups) {
    found.push(finding('delta-unknown-block', `${plural(group.count, 'event')}: ${what} (${few(group.events, 5, group.count)}). The Anthropic SDK drops ${group.count === 1 ? 'it' : 'them'} silently.`, group.events));
  }
  const reason = state.delta?.stop_reason;
  if (reason === 'max_tokens') found.push(finding('stop-max-tokens', `The message stopped with "max_tokens" (event ${state.deltaAt}): the output was cut.`, [state.deltaAt]));
  else if (reason === 'refusal') found.push(finding('stop-refusal', `The message stopped with "refusal" (event ${state.deltaAt}): the model declined to continue.`, [state.deltaAt]));
  // Not when an unreadable event came after the last message_delta: it may have carried the reason (invalid-json reports it).
  else if ((reason === null || reason === undefined) && state.messageStopAt !== -1 && (state.lastUnreadAt === -1 || state.lastUnreadAt < state.deltaAt)) {
    // Not in the dialect's list of the design (docs/diagnostics.md): Chat Completions has missing-finish-reason; a gateway that drops Anthropic's stop_reason is the same fault.
    const where = state.deltaAt === -1 ? 'no message_delta came' : `the last message_delta (event ${state.deltaAt}) has none`;
    found.push(finding('missing-stop-reason', `The message ended (message_stop, event ${state.messageStopAt}) without a stop_reason: ${where}.`, [state.deltaAt === -1 ? state.messageStopAt : state.deltaAt]));
  }
  for (const drop of state.usageDrops) {
    found.push(
      finding(
        'usage-not-cumulative',
        `message_delta at event ${drop.event} reports ${drop.to} output tokens, fewer than the ${drop.from} of event ${drop.fromAt}: a client that keeps the last value (as the SDK does) under-counts.`,
        [drop.fromAt, drop.event],
      ),
    );
  }
  if (state.pings.count > 0) found.push(finding('ping', `${plural(state.pings.count, 'ping event')} (${state.pings.count === 1 ? 'event' : 'events'} ${few(state.pings.events, 5, state.pings.count)}).`, state.pings.events));
  for (const error of state.errors) {
    const what = error.frame === null ? 'an error event' : `${error.frame === 'exception' ? 'an exception' : 'an error'} frame inside the ${recording.response?.status ?? 200}`;
    found.push(finding('stream-error', `Event ${error.event} is ${what}: ${quote(error.message, 120)}${error.code === null ? '' : ` (${JSON.stringify(error.code)})`}. The Anthropic SDK throws it.`, [error.event]));
  }
  found.push(...invocationMetricsDisagree(state));
  for (const [type, group] of state.unknownTypes.groups) {
    found.push(finding('unknown-event', `${plural(group.count, 'event')} of type ${JSON.stringify(type)}, which the Anthropic SDK does not know: ${few(group.events, 5, group.count)}.`, group.events));
  }
  for (const [key, group] of state.nameMismatches.groups) {
    const [name, type] = key.split('\u0000');
    found.push(finding('event-name-mismatch', `${plural(group.count, 'event')} named event: ${name} carry data.type ${JSON.stringify(type)}: ${few(group.events, 5, group.count)}.`, group.events));
  }
  if (state.malformed.count > 0) {
    found.push(finding('malformed-chunk', `${plural(state.malformed.count, 'event')} malformed: ${few([...state.malformedPaths], 3, state.malformedPaths.size)}.`, state.malformed.events));
  }
  return found;
}
