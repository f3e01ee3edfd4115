// The replay faults on the command line, for every command that replays (`replay`, and `proxy`
// answering from cassettes): their options, their help, and the checks that turn them into
// ReplayFaults. Written once so the two commands take the same words.

import type { ReplayFaults, ReplayStall } from '../../../shared/replay/faults.ts';
import { CliError } from './errors.ts';

export const FAULT_OPTIONS = {
  'cut-after-event': { type: 'string' },
  'cut-after-byte': { type: 'string' },
  'stall-before-event': { type: 'string', multiple: true },
  'drop-done': { type: 'boolean' },
  'drop-finish': { type: 'boolean' },
  'drop-usage': { type: 'boolean' },
  'buffer-all': { type: 'boolean' },
  'corrupt-event': { type: 'string' },
  'error-after-event': { type: 'string' },
  status: { type: 'string' },
  body: { type: 'string' },
} as const;

export const FAULTS_USAGE = `Faults (N is an event's number, the # column of "streamscope inspect"):
  --cut-after-event N        Destroy the connection right after event N
  --cut-after-byte N         Destroy the connection after N body bytes
  --stall-before-event N:MS  Go silent for MS milliseconds before event N
                             (repeatable)
  --drop-done                Leave out data: [DONE] (Responses: the terminal
                             event; Anthropic: message_stop)
  --drop-finish              Leave out the finish reason: chunks that carry only
                             it go, others carry "finish_reason": null
                             (Anthropic: stop_reason null; Responses: the
                             incomplete_details of response.incomplete null)
  --drop-usage               Leave out the usage chunk (choices: [] with usage;
                             Responses: response.usage null; Anthropic: the
                             message_delta usage null)
  --buffer-all               Hold every byte and send it all at the end, as a
                             buffering proxy does
  --corrupt-event N          Cut event N's JSON in half
  --error-after-event N      After event N, the error the dialect's server sends
                             mid-stream (OpenAI's error, Anthropic's event:
                             error, Gemini's JSON error, Bedrock's exception
                             frame), then end the body
  --status CODE              Answer with this HTTP status instead of the stream
  --body FILE                ...and this body (default: an error in the
                             recording's dialect's shape: OpenAI's, or
                             Anthropic's for Anthropic Messages)`;

type Values = Record<string, string | boolean | string[] | undefined>;

/** A number option: undefined when absent, else checked by `valid` or a CliError that says what it takes. */
export function numberOption(values: Values, name: string, valid: (value: number) => boolean, takes: string): number | undefined {
  const text = values[name] as string | undefined;
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !valid(value)) throw new CliError(`--${name} takes ${takes}, not "${text}"`);
  return value;
}

export const whole = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;

/** The faults the options ask for, and the file of `--body` (read by the caller). */
export function faultsFrom(values: Values): { faults: ReplayFaults; bodyFile: string | undefined } {
  const eventNumber = 'an event number, 0 or more (the # column of "streamscope inspect")';
  const status = numberOption(values, 'status', (value) => Number.isInteger(value) && value >= 200 && value <= 599, 'an HTTP status from 200 to 599');
  const bodyFile = values.body as string | undefined;
  if (bodyFile !== undefined && status === undefined) throw new CliError('--body goes with --status CODE (the body of that answer)');
  const faults: ReplayFaults = {
    cutAfterEvent: numberOption(values, 'cut-after-event', whole, eventNumber),
    cutAfterByte: numberOption(values, 'cut-after-byte', whole, 'a number of bytes, 0 or more'),
    stalls: ((values['stall-before-event'] as string[] | undefined) ?? []).map(stall),
    dropDone: values['drop-done'] as boolean | undefined,
    dropFinish: values['drop-finish'] as boolean | undefined,
    dropUsage: values['drop-usage'] as boolean | undefined,
    bufferAll: values['buffer-all'] as boolean | undefined,
    corruptEvent: numberOption(values, 'corrupt-event', whole, eventNumber),
    errorAfterEvent: numberOption(values, 'error-after-event', whole, eventNumber),
    status: status === undefined ? undefined : { code: status },
  };
  return { faults, bodyFile };
}

/** `N:MS`, e.g. `3:500`: 500 ms of silence before event 3. */
function stall(text: string): ReplayStall {
  const match = /^\s*(\d+)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  const beforeEvent = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(beforeEvent)) throw new CliError(`--stall-before-event takes N:MS (an event number and milliseconds, e.g. 3:500), not "${text}"`);
  return { beforeEvent, ms: Number(match[2]) };
}
