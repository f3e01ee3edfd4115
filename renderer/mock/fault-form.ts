// The fault options as a form holds them (text as typed, boxes ticked) and as a replay takes them
// (ReplayFaults, shared/replay/faults.ts), both ways. A field that does not read is a message
// beside it, never an exception: the form says what it takes, and Start waits until it reads.

import { MAX_STALL_MS, MAX_STATUS_BODY_CHARS } from '../../shared/replay/faults.ts';
import type { ReplayFaults, ReplayStall } from '../../shared/replay/faults.ts';
import { formatCount } from '../components/format.ts';

export interface StallRow {
  /** The event that waits (the recording view's `#`). */
  readonly event: string;
  readonly ms: string;
}

export interface FaultForm {
  readonly cutAfterEvent: string;
  readonly cutAfterByte: string;
  readonly corruptEvent: string;
  readonly errorAfterEvent: string;
  readonly stalls: readonly StallRow[];
  readonly dropDone: boolean;
  readonly dropFinish: boolean;
  readonly dropUsage: boolean;
  readonly bufferAll: boolean;
  readonly statusCode: string;
  /** Sent as typed (no trimming): an empty body is a body. Ignored while empty and unticked. */
  readonly statusBody: string;
  /** Whether `statusBody` is sent (else the server sends OpenAI's error body for the status). */
  readonly withBody: boolean;
}

export const NO_FAULTS: FaultForm = {
  cutAfterEvent: '',
  cutAfterByte: '',
  corruptEvent: '',
  errorAfterEvent: '',
  stalls: [],
  dropDone: false,
  dropFinish: false,
  dropUsage: false,
  bufferAll: false,
  statusCode: '',
  statusBody: '',
  withBody: false,
};

/** A field of the form: a named one, or a stall row's event or milliseconds (`stalls.2.ms`). */
export type FaultField = 'cutAfterEvent' | 'cutAfterByte' | 'corruptEvent' | 'errorAfterEvent' | 'statusCode' | 'statusBody' | `stalls.${number}.${'event' | 'ms'}`;

export interface ReadFaults {
  /** The faults, when every field reads. */
  readonly faults: ReplayFaults | null;
  /** What each field that does not read takes, in words. */
  readonly errors: Partial<Record<FaultField, string>>;
  /** Faults that read but will do nothing, in words (the status replaces the stream they act on). */
  readonly notes: readonly string[];
}

const EVENT_WORDS = 'an event number: a whole number, 0 or more';

export function readFaultForm(form: FaultForm): ReadFaults {
  const errors: Partial<Record<FaultField, string>> = {};
  const faults: { -readonly [K in keyof ReplayFaults]: ReplayFaults[K] } = {};

  const whole = (field: FaultField, text: string, takes: string): number | undefined => {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
    if (Number.isSafeInteger(value)) return value;
    errors[field] = `Takes ${takes}, not “${text.trim()}”.`;
    return undefined;
  };

  faults.cutAfterEvent = whole('cutAfterEvent', form.cutAfterEvent, EVENT_WORDS);
  faults.cutAfterByte = whole('cutAfterByte', form.cutAfterByte, 'a byte count: a whole number, 0 or more');
  faults.corruptEvent = whole('corruptEvent', form.corruptEvent, EVENT_WORDS);
  faults.errorAfterEvent = whole('errorAfterEvent', form.errorAfterEvent, EVENT_WORDS);

  const stalls: ReplayStall[] = [];
  form.stalls.forEach((row, index) => {
    // A row just added and left empty asks for nothing yet.
    if (row.event.trim() === '' && row.ms.trim() === '') return;
    const eventField = `stalls.${index}.event` as const;
    const msField = `stalls.${index}.ms` as const;
    const beforeEvent = whole(eventField, row.event, EVENT_WORDS);
    if (beforeEvent === undefined && !errors[eventField]) errors[eventField] = 'Which event waits? Give its number.';
    const ms = milliseconds(row.ms);
    if (typeof ms === 'string') errors[msField] = ms;
    if (beforeEvent !== undefined && typeof ms === 'number') stalls.push({ beforeEvent, ms });
  });
  if (stalls.length > 0) faults.stalls = stalls;

  if (form.dropDone) faults.dropDone = true;
  if (form.dropFinish) faults.dropFinish = true;
  if (form.dropUsage) faults.dropUsage = true;
  if (form.bufferAll) faults.bufferAll = true;

  const code = form.statusCode.trim();
  if (code !== '') {
    const value = /^\d{3}$/.test(code) ? Number(code) : NaN;
    if (value >= 200 && value <= 599) faults.status = form.withBody ? { code: value, body: form.statusBody } : { code: value };
    else errors.statusCode = `Takes an HTTP status from 200 to 599, not “${code}”.`;
  } else if (form.withBody) {
    errors.statusBody = 'A body is sent with a status: give the status too.';
  }
  if (form.withBody && form.statusBody.length > MAX_STATUS_BODY_CHARS) errors.statusBody = `At most ${formatCount(MAX_STATUS_BODY_CHARS)} characters.`;

  const defined = Object.fromEntries(Object.entries(faults).filter(([, value]) => value !== undefined)) as ReplayFaults;
  if (Object.keys(errors).length > 0) return { faults: null, errors, notes: [] };
  return { faults: defined, errors, notes: notesOn(defined) };
}

/** The form that reads as these faults (a replay's faults shown again for another start). */
export function faultForm(faults: ReplayFaults): FaultForm {
  const text = (value: number | undefined): string => (value === undefined ? '' : String(value));
  return {
    cutAfterEvent: text(faults.cutAfterEvent),
    cutAfterByte: text(faults.cutAfterByte),
    corruptEvent: text(faults.corruptEvent),
    errorAfterEvent: text(faults.errorAfterEvent),
    stalls: (faults.stalls ?? []).map((stall) => ({ event: String(stall.beforeEvent), ms: String(stall.ms) })),
    dropDone: faults.dropDone ?? false,
    dropFinish: faults.dropFinish ?? false,
    dropUsage: faults.dropUsage ?? false,
    bufferAll: faults.bufferAll ?? false,
    statusCode: text(faults.status?.code),
    statusBody: faults.status?.body ?? '',
    withBody: faults.status?.body !== undefined,
  };
}

/** Milliseconds of a stall, or what the field takes. */
function milliseconds(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return 'How long? Give milliseconds.';
  const value = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  if (value <= MAX_STALL_MS) return value;
  return Number.isNaN(value) ? `Takes milliseconds, 0 or more, not “${trimmed}”.` : `At most ${formatCount(MAX_STALL_MS)} ms (an hour).`;
}

/** The status answers instead of the recording (shared/replay/plan.ts): faults on the stream have nothing to act on. */
function notesOn(faults: ReplayFaults): string[] {
  if (!faults.status) return [];
  const others = Object.keys(faults).filter((key) => key !== 'status');
  return others.length > 0 ? [`HTTP ${faults.status.code} is sent instead of the recording, so the other faults do nothing.`] : [];
}
