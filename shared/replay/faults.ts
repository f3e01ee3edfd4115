// Deterministic faults a replay can inject, so a client's error handling can be
// tested against the failures real servers and proxies produce (docs/architecture.md,
// "The stream"). Event numbers are the parser's event index, the `#` column of
// `streamscope inspect`. The drops apply in the recording's dialect (edits.ts, docs/replay.md):
// "drop [DONE]" leaves out the terminal event of Responses and Anthropic Messages, and so on.

import type { DropName } from '../dialects/kit/drops.ts';
import { DEFAULT_PROTOCOL, descriptorOf, registeredDialect } from '../dialects/registry.ts';
import type { Protocol } from './dialect.ts';

/** The longest stall the API takes: an hour (shared/api/schema.ts). */
export const MAX_STALL_MS = 3_600_000;
/** The longest status body the API takes, in characters (shared/api/schema.ts). */
export const MAX_STATUS_BODY_CHARS = 1_000_000;

export interface ReplayStall {
  /** The event whose first byte waits. */
  readonly beforeEvent: number;
  /** Milliseconds of silence, not scaled by the replay speed. */
  readonly ms: number;
}

export interface ReplayFaults {
  /** Destroy the connection right after event N's last byte is written. */
  readonly cutAfterEvent?: number;
  /** Destroy the connection after N body bytes (counted on the bytes sent, after any drop or corruption). */
  readonly cutAfterByte?: number;
  readonly stalls?: readonly ReplayStall[];
  /** Leave out the end of the stream: `data: [DONE]`; Responses' terminal event; Anthropic's `message_stop`. */
  readonly dropDone?: boolean;
  /**
   * Remove why the model stopped: every finish_reason (finish-only chunks are left out, other
   * chunks carry `"finish_reason":null`); Responses' `incomplete_details` in response.incomplete;
   * Anthropic's `stop_reason` in message_delta (null).
   */
  readonly dropFinish?: boolean;
  /** Leave out the usage: the usage chunk (`choices: []` with `usage`); Responses' terminal `response.usage` (null); Anthropic's message_delta `usage` (null). */
  readonly dropUsage?: boolean;
  /** Hold every byte and send it all at the recorded end (a buffering proxy). */
  readonly bufferAll?: boolean;
  /** Make event N's data invalid JSON: its last data line is cut in half. */
  readonly corruptEvent?: number;
  /**
   * After event N's last byte, the error the dialect's server sends mid-stream (Bedrock's exception
   * frame, Anthropic's `event: error`, OpenAI's error, Gemini's JSON error tail), then a clean end.
   */
  readonly errorAfterEvent?: number;
  /** Answer with this status and body instead of the recording. */
  readonly status?: { readonly code: number; readonly body?: string };
}

/** Throws a RangeError for a fault no replay can apply (a negative event number, a status outside HTTP's). */
export function checkFaults(faults: ReplayFaults): void {
  const count = (name: string, value: number | undefined): void => {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) throw new RangeError(`${name} must be an integer, 0 or more, not ${value}`);
  };
  count('cutAfterEvent', faults.cutAfterEvent);
  count('cutAfterByte', faults.cutAfterByte);
  count('corruptEvent', faults.corruptEvent);
  count('errorAfterEvent', faults.errorAfterEvent);
  for (const stall of faults.stalls ?? []) {
    count('stalls[].beforeEvent', stall.beforeEvent);
    if (!(Number.isFinite(stall.ms) && stall.ms >= 0)) throw new RangeError(`stalls[].ms must be a number of milliseconds, 0 or more, not ${stall.ms}`);
  }
  const code = faults.status?.code;
  if (code !== undefined && !(Number.isInteger(code) && code >= 200 && code <= 599)) throw new RangeError(`status.code must be an HTTP status from 200 to 599, not ${code}`);
}


/** `drop <what>` in the words of the dialects given (Chat Completions' when none); each dialect named when there are several. */
function dropWords(drop: DropName, protocols: readonly Protocol[]): string {
  const list = protocols.length === 0 ? [DEFAULT_PROTOCOL] : [...new Set(protocols)];
  const words = (protocol: Protocol): string => registeredDialect(protocol).drops.words[drop];
  if (list.length === 1) return `drop ${words(list[0]!)}`;
  return `drop ${list.map((protocol) => `${words(protocol)} (${descriptorOf(protocol).shortName})`).join(' / ')}`;
}

/**
 * The faults in words, one item each, as the command line names them: `cut after event 7`, `stall
 * 500 ms before event 3`; the drops in the words of the dialects of the recordings they apply to
 * (`drop message_stop`), Chat Completions' when none is given.
 */
export function describeFaults(faults: ReplayFaults, protocols: readonly Protocol[] = []): string[] {
  const words: string[] = [];
  if (faults.status) words.push(`answer HTTP ${faults.status.code}${faults.status.body === undefined ? '' : ' with the given body'}`);
  if (faults.cutAfterEvent !== undefined) words.push(`cut after event ${faults.cutAfterEvent}`);
  if (faults.cutAfterByte !== undefined) words.push(`cut after byte ${faults.cutAfterByte}`);
  for (const stall of faults.stalls ?? []) words.push(`stall ${stall.ms} ms before event ${stall.beforeEvent}`);
  if (faults.dropDone) words.push(dropWords('dropDone', protocols));
  if (faults.dropFinish) words.push(dropWords('dropFinish', protocols));
  if (faults.dropUsage) words.push(dropWords('dropUsage', protocols));
  if (faults.corruptEvent !== undefined) words.push(`corrupt event ${faults.corruptEvent}`);
  if (faults.errorAfterEvent !== undefined) words.push(`error after event ${faults.errorAfterEvent}`);
  if (faults.bufferAll) words.push('buffer everything until the end');
  return words;
}
