// The pieces of the message panel's view of a dialect's final object (./final-view.ts): entries
// (output items, content blocks), their parts, facts and citations, and the small readers of JSON
// members the dialects' layouts use (../responses/items.ts, ../anthropic/blocks.ts).

import { isObject } from '../../../../shared/is-object.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';

/** How a fact or an outcome reads: as is, a warning, a fault, or not yet known. */
export type Tone = 'plain' | 'warn' | 'bad' | 'muted';

export interface Fact {
  readonly label: string;
  readonly value: string;
  readonly tone: Tone;
}

/** What a citation or an annotation points at. */
export interface Citation {
  /** Its type: `url_citation`, `web_search_result_location`, `char_location`. */
  readonly type: string;
  /** What it cites, in a line: the cited text, the title, the URL or file. */
  readonly detail: string;
}

/**
 * How a piece of an entry is drawn: the answer's text, a refusal (a warning: a client that reads
 * only the text shows nothing), the model's reasoning or its summary (apart from the answer), a
 * tool's arguments or input, or any other JSON.
 */
export type PartKind = 'text' | 'refusal' | 'reasoning' | 'summary' | 'arguments' | 'json';

export interface Part {
  /** Its place in the entry (`content[0]`, `summary[1]`), or the member it is (`arguments`, `input`). */
  readonly where: string;
  /** The part's type as sent (`output_text`, `refusal`, `summary_text`, `thinking`), or the member's name. */
  readonly type: string;
  readonly kind: PartKind;
  /** The text; for arguments, input and JSON, pretty-printed when it is JSON. */
  readonly text: string;
  readonly citations: readonly Citation[];
}

/** How an entry is drawn: an answer, reasoning, a tool call, or another item or block. */
export type EntryKind = 'message' | 'reasoning' | 'tool' | 'other';

export interface Entry {
  /** Its place in the final object: `output[1]`, `content[2]`. */
  readonly where: string;
  readonly index: number;
  /** As sent: `message`, `function_call`, `reasoning`, `text`, `tool_use`, `thinking`, `redacted_thinking`. */
  readonly type: string;
  readonly kind: EntryKind;
  /** A tool's name, for the heading. */
  readonly name: string | null;
  /** It holds a refusal part. */
  readonly refusal: boolean;
  readonly facts: readonly Fact[];
  readonly parts: readonly Part[];
}

/** How the stream ended, in the dialect's terms: the Responses status, the Anthropic stop reason, Gemini's finishReason, Bedrock's stopReason. */
export interface Outcome {
  readonly label: 'status' | 'stop_reason' | 'finishReason' | 'stopReason';
  /** The value, or null when none came. */
  readonly value: string | null;
  readonly tone: Tone;
  /** What it means for a client, in a sentence. */
  readonly sentence: string;
  /** A refusal: the panel marks it as a warning a reader cannot miss. */
  readonly refusal: boolean;
}

export interface FinalView {
  readonly protocol: Protocol;
  readonly outcome: Outcome;
  /** More of how it ended: the incomplete reason, the error, the stop sequence. */
  readonly facts: readonly Fact[];
  readonly entries: readonly Entry[];
  /** Why there is no entry, when there is none. */
  readonly empty: string | null;
  /** The usage's counts in a line (`input_tokens 366 · output_tokens 59`), or null when there is none. */
  readonly usage: string | null;
}

/** Where the view stands: at an event (as of it), still recording, or at the end of a finished stream. */
export interface Moment {
  readonly asOf: boolean;
  readonly live: boolean;
}

/** A moment at which a missing end is a fault: the end of a stream that finished. */
export function isEnded(moment: Moment): boolean {
  return !moment.asOf && !moment.live;
}

export function asObject(value: unknown): Readonly<Record<string, unknown>> {
  return isObject(value) ? value : {};
}

/** A string member, or null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Pretty JSON of a string that is JSON, else the string as it is (a tool's arguments, a custom tool's input). */
export function prettyIfJson(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** An object without the members the entry already names (its type, id, status). */
export function rest(object: Readonly<Record<string, unknown>>, leave: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) if (!leave.includes(key)) out[key] = value;
  return out;
}

/** A fact from a string member, when the object has one. */
export function factOf(object: Readonly<Record<string, unknown>>, key: string, label = key): Fact[] {
  const value = object[key];
  if (value === undefined || value === null) return [];
  return [{ label, value: typeof value === 'string' ? value : JSON.stringify(value), tone: 'plain' }];
}

/** A cited text in a line: cut, with its title and where it is. */
export function citationOf(value: unknown): Citation {
  const object = asObject(value);
  const type = text(object.type) ?? '(no type)';
  const quoted = text(object.cited_text);
  const source = text(object.title) ?? text(object.document_title) ?? text(object.filename) ?? text(object.file_id) ?? text(object.source);
  const where = text(object.url);
  const pieces = [quoted !== null ? JSON.stringify(quoted.length > 200 ? `${quoted.slice(0, 200)}…` : quoted) : null, source, where !== null && where !== source ? where : null].filter((piece) => piece !== null);
  return { type, detail: pieces.length > 0 ? pieces.join(' — ') : JSON.stringify(rest(object, ['type'])) };
}
