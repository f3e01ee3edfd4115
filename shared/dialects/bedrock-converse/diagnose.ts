// The Bedrock ConverseStream dialect's findings, read from the accumulated state alone: the fold
// gathered the evidence on its way.

import { few, plural, quote } from '../../findings/words.ts';
import type { Finding } from '../../findings/finding.ts';
import { describeArgumentsError } from '../kit/arguments.ts';
import type { DialectContext, DialectDiagnostic } from '../types.ts';
import { checkInput } from './accumulator.ts';
import type { BlockState, ConverseState } from './accumulator.ts';
import { finding } from './catalogue.ts';
import type { BedrockConverseCode } from './catalogue.ts';
import type { ConverseInterpretation } from './interpret.ts';

export function diagnoseConverse({ state, ended, recording }: DialectContext<ConverseInterpretation, ConverseState>): DialectDiagnostic[] {
  const found: Finding<BedrockConverseCode>[] = [];
  for (const exception of state.exceptions) {
    const frame = exception.frame === 'exception' ? 'an exception frame' : 'an error frame';
    found.push(finding('stream-exception', `Event ${exception.event} is ${frame}, ${exception.type}: ${quote(exception.message, 160)}. @aws-sdk/client-bedrock-runtime throws it from the stream; the answer stopped there.`, [exception.event]));
  }
  const started = state.lastEvent !== -1;
  if (ended && started && state.stopAt === -1) {
    const outcome = recording.end?.outcome;
    let why = '';
    if (state.exceptions.length > 0) why = ` ${state.exceptions[0]!.type} came instead (event ${state.exceptions[0]!.event}).`;
    else if (outcome !== undefined && outcome !== 'eof' && outcome !== 'recording') why = ` The stream was cut (${outcome}).`;
    found.push(finding('missing-message-stop', `The stream ended without messageStop (its last event is ${state.lastEvent}): the message did not finish, and no stopReason says why.${why}`, [state.lastEvent]));
  }
  for (const block of [...state.blocks.values()].sort((a, b) => a.index - b.index)) toolInput(block, ended, found);
  if (state.stopReason === 'max_tokens') found.push(finding('stop-max-tokens', `The message stopped with "max_tokens" (event ${state.stopAt}): the output was cut.`, [state.stopAt]));
  if (ended && started && state.usage === null) {
    const where = state.metadataAt !== -1 ? `the metadata event (event ${state.metadataAt}) has no usage` : state.stopAt === -1 ? 'the stream ended before messageStop and metadata' : `no metadata event followed messageStop (event ${state.stopAt})`;
    found.push(finding('usage-missing', `No usage: ${where}.`, [state.metadataAt !== -1 ? state.metadataAt : state.lastEvent]));
  }
  for (const [type, group] of state.unknownTypes.groups) {
    found.push(finding('unknown-event', `${plural(group.count, 'event')} of type ${JSON.stringify(type)}, which ConverseStream does not define: ${few(group.events, 5, group.count)}.`, group.events));
  }
  if (state.malformed.count > 0) {
    found.push(finding('malformed-chunk', `${plural(state.malformed.count, 'event')} malformed: ${few([...state.malformedPaths], 3, state.malformedPaths.size)}.`, state.malformed.events));
  }
  return found as unknown as DialectDiagnostic[];
}

/** A tool block's input checked at its contentBlockStop, or, the body ended, where the stream left it. */
function toolInput(block: BlockState, ended: boolean, found: Finding<BedrockConverseCode>[]): void {
  if (block.input === null) return;
  const check = block.inputCheck ?? (ended ? checkInput(block.input.value) : null);
  if (check === null || check.valid) return;
  const name = block.start?.key === 'toolUse' && typeof block.start.value.name === 'string' ? ` (toolUse ${JSON.stringify(block.start.value.name)})` : '';
  const where = block.stopAt === -1 ? 'where the stream left it (no contentBlockStop)' : 'at its contentBlockStop';
  const events = [block.firstAt, ...block.inputEvents.events, ...(block.stopAt === -1 ? [] : [block.stopAt])];
  found.push(finding('tool-arguments-invalid', `Content block ${block.index}${name} input does not parse as JSON ${where}: ${describeArgumentsError(check)}. The final object keeps the raw text.`, [...new Set(events)].sort((a, b) => a - b)));
}
