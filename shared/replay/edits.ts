// The faults that remove or change bytes (drop [DONE], drop the finish reason,
// drop the usage chunk, corrupt an event), as edits of the recorded body. Every
// byte an edit does not touch is sent as recorded, in the read it came in.

import { interpretEvent, DONE } from '../chunks/interpret.ts';
import type { SseEvent } from '../sse/parser.ts';
import type { ReplayFaults } from './faults.ts';
import { dataValueRanges, jsonValueRanges } from './locate.ts';
import type { ByteRange } from './locate.ts';
import { pushAll } from '../push-all.ts';

/** Replaces the body's bytes `start`..`end` by `insert` (nothing, to remove them). */
export interface ByteEdit extends ByteRange {
  readonly insert: Uint8Array;
}

export interface FaultEdits {
  /** Sorted by start, never overlapping. */
  readonly edits: readonly ByteEdit[];
  /** What the faults did, or why one found nothing to do, in words. */
  readonly applied: string[];
}

const NOTHING = new Uint8Array(0);
const NULL = new TextEncoder().encode('null');
const FINISH_PATH = ['choices', '*', 'finish_reason'];

export function faultEdits(body: Uint8Array, events: readonly SseEvent[], faults: ReplayFaults): FaultEdits {
  const edits: ByteEdit[] = [];
  const applied: string[] = [];
  const dropped = new Set<number>();
  const drop = (event: SseEvent): void => {
    dropped.add(event.index);
    edits.push({ start: event.start, end: event.end, insert: NOTHING });
  };

  if (faults.dropDone) {
    const done = events.filter((event) => event.data === DONE);
    done.forEach(drop);
    applied.push(done.length > 0 ? `dropped [DONE] (${eventList(done)})` : 'drop [DONE]: the recording has no [DONE]');
  }

  if (faults.dropUsage) {
    const usage = events.filter((event) => !dropped.has(event.index) && isUsageChunk(event.data));
    usage.forEach(drop);
    applied.push(usage.length > 0 ? `dropped the usage chunk (${eventList(usage)})` : 'drop usage: the recording has no usage chunk (choices: [] with usage)');
  }

  if (faults.dropFinish) {
    // A server that loses the finish reason never sends the chunk that carries only it (as the
    // simulator's no-finish-reason scenario and Snowflake's gateway do), and sends
    // `"finish_reason": null` on chunks that carry anything else (as TGI does): content,
    // tool calls and usage still arrive, only the finish reason is gone.
    const finishOnly: SseEvent[] = [];
    const rewritten: SseEvent[] = [];
    for (const event of events) {
      if (dropped.has(event.index) || event.index === faults.corruptEvent) continue;
      const { ops } = interpretEvent(event);
      if (!ops.some((op) => op.type === 'finish')) continue;
      if (ops.every((op) => op.type === 'finish' || (op.type === 'text' && op.text === ''))) {
        finishOnly.push(event);
        drop(event);
        continue;
      }
      const nulls = finishValues(body, event).map((range) => ({ ...range, insert: NULL }));
      if (nulls.length > 0) rewritten.push(event);
      pushAll(edits, nulls);
    }
    if (finishOnly.length > 0) applied.push(`dropped the finish-only chunk${finishOnly.length === 1 ? '' : 's'} (${eventList(finishOnly)})`);
    if (rewritten.length > 0) applied.push(`finish_reason set to null (${eventList(rewritten)})`);
    if (finishOnly.length + rewritten.length === 0) applied.push('drop finish: no chunk carries a finish_reason');
  }

  if (faults.corruptEvent !== undefined) {
    const corrupted = corrupt(body, events, faults.corruptEvent, dropped);
    if ('edit' in corrupted) edits.push(corrupted.edit);
    applied.push(corrupted.note);
  }

  edits.sort((a, b) => a.start - b.start);
  return { edits, applied };
}

/** `choices: []` with a usage object: the chunk `stream_options.include_usage` adds. */
function isUsageChunk(data: string | null): boolean {
  if (data === null || data === DONE) return false;
  try {
    const json: unknown = JSON.parse(data);
    if (typeof json !== 'object' || json === null) return false;
    const { choices, usage } = json as Record<string, unknown>;
    return Array.isArray(choices) && choices.length === 0 && typeof usage === 'object' && usage !== null;
  } catch {
    return false;
  }
}

/** The body ranges of the event's `choices[].finish_reason` values that are not already null. */
function finishValues(body: Uint8Array, event: SseEvent): ByteRange[] {
  const lines = dataValueRanges(body, event.start, event.end);
  // The data buffer is the data lines joined with LF (§9.2.6); a string or literal never spans a
  // line, so each value found maps back into one line of the body.
  const joined: number[] = [];
  const starts: number[] = [];
  for (const line of lines) {
    if (starts.length > 0) joined.push(0x0a);
    starts.push(joined.length);
    for (let at = line.start; at < line.end; at++) joined.push(body[at]!);
  }
  const toBody = (offset: number): number => {
    let line = starts.length - 1;
    while (starts[line]! > offset) line--;
    return lines[line]!.start + offset - starts[line]!;
  };
  const data = new Uint8Array(joined);
  return jsonValueRanges(data, FINISH_PATH)
    .filter((range) => !sameBytes(data.subarray(range.start, range.end), NULL))
    .map((range) => ({ start: toBody(range.start), end: toBody(range.start) + range.end - range.start }));
}

/** Cuts the event's last non-empty data line in half (on a character boundary), as the simulator's invalid-json scenario does. */
function corrupt(body: Uint8Array, events: readonly SseEvent[], index: number, dropped: ReadonlySet<number>): { edit: ByteEdit; note: string } | { note: string } {
  const event = events[index];
  if (!event) return { note: `corrupt event ${index}: no such event (the recording has ${events.length})` };
  if (dropped.has(index)) return { note: `corrupt event ${index}: the event is dropped by another fault` };
  const lines = dataValueRanges(body, event.start, event.end);
  let line: ByteRange | undefined;
  for (const range of lines) if (range.end > range.start) line = range;
  if (!line) return { note: `corrupt event ${index}: the event carries no data` };
  let cut = line.start + Math.floor((line.end - line.start) / 2);
  while (cut > line.start && (body[cut]! & 0xc0) === 0x80) cut--;
  // A prefix of an object, array or string is never JSON; a number's may be: then the whole line goes.
  if (parsesAsJson(body, lines, line, cut)) cut = line.start;
  const edit = { start: cut, end: line.end, insert: NOTHING };
  const kept = cut - line.start;
  return { edit, note: `corrupted event ${index} (data cut to ${kept} of ${line.end - line.start} bytes)` };
}

function parsesAsJson(body: Uint8Array, lines: readonly ByteRange[], cutLine: ByteRange, cut: number): boolean {
  const decoder = new TextDecoder();
  const data = lines.map((line) => decoder.decode(body.subarray(line.start, line === cutLine ? cut : line.end))).join('\n');
  try {
    JSON.parse(data);
    return true;
  } catch {
    return false;
  }
}

function eventList(events: readonly SseEvent[]): string {
  return `event${events.length === 1 ? '' : 's'} ${events.map((event) => event.index).join(', ')}`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
