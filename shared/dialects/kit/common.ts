// Pieces the dialects share: reading an event's data as JSON, the transport-level kinds every
// dialect names alike, text channels joined when read, capped evidence lists, and a deep
// comparison that says where two JSON values first differ.

import { isObject } from '../../is-object.ts';
import { quote } from '../../findings/words.ts';
import type { MessageFields } from '../../framing/types.ts';
import { nestsDeeperThan, TOO_DEEP } from '../../formats/json-depth.ts';
import type { DialectProblem } from '../types.ts';

export const NOTHING: readonly never[] = Object.freeze([]);

export function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * The kinds every dialect gives events that carry no JSON object (the transport checks read them).
 * `done` is the `data: [DONE]` sentinel: Chat Completions' end, which some Responses servers
 * (OpenRouter) send too; the openai SDK stops reading at it, and so does the fold.
 */
export type TransportKind = 'comment' | 'no-data' | 'invalid-json' | 'malformed' | 'done';

/**
 * The words for an event of a transport kind that carries nothing of the dialect's (`[DONE]`, a
 * comment, an event without data, data that is not JSON); null for any other, which the dialect words.
 */
export function annotateTransport(event: MessageFields, interpretation: { readonly kind: string; readonly problems: readonly { readonly code: string }[] }, max: number): string | null {
  switch (interpretation.kind) {
    case 'done':
      return '[DONE]';
    case 'comment':
      return `comment ${event.comments.map((comment) => quote(':' + comment, max)).join(', ')}`;
    case 'no-data':
      return event.event === null ? 'no data' : `no data (event: ${event.event})`;
    case 'invalid-json': {
      const problem = interpretation.problems[0] as DialectProblem | undefined;
      if (problem?.code === 'json-too-deep') return `JSON not read: ${quote(event.data ?? '', max)} (${problem.message})`;
      return `not JSON: ${quote(event.data ?? '', max)}${problem?.code === 'invalid-json' ? ` (${problem.message})` : ''}`;
    }
    default:
      return null;
  }
}

/** An event's data parsed, or why there is no JSON object to read. */
export type Parsed =
  | { readonly ok: true; readonly json: Record<string, unknown> }
  | { readonly ok: false; readonly kind: TransportKind; readonly problems: readonly DialectProblem[] };

const COMMENT: Parsed = { ok: false, kind: 'comment', problems: NOTHING };
const DONE: Parsed = { ok: false, kind: 'done', problems: NOTHING };
const NO_DATA: Parsed = { ok: false, kind: 'no-data', problems: NOTHING };
/** An event whose JSON nests too deep is one whose JSON could not be read: the folds, finals and views walk values recursively. */
const TOO_DEEP_DATA: Parsed = { ok: false, kind: 'invalid-json', problems: Object.freeze([{ code: 'json-too-deep', message: TOO_DEEP }]) };

/** JSON.parse of the data, once per event: the dialects keep no JSON text and never re-stringify. */
export function parseData(event: MessageFields): Parsed {
  const { data } = event;
  if (data === null) return event.comments.length > 0 ? COMMENT : NO_DATA;
  if (data === '[DONE]') return DONE;
  if (nestsDeeperThan(data)) return TOO_DEEP_DATA;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    return { ok: false, kind: 'invalid-json', problems: [{ code: 'invalid-json', message: error instanceof Error ? error.message : String(error) }] };
  }
  if (!isObject(json)) return { ok: false, kind: 'malformed', problems: [wrongType('(payload)', 'object', json)] };
  return { ok: true, json };
}

export function wrongType(path: string, expected: string, value: unknown): DialectProblem {
  return { code: 'wrong-type', path, expected, got: typeOf(value) };
}

/** An error payload's message and code: `{error: {type, message}}` nested (both APIs) or flat. */
export function errorOf(payload: Record<string, unknown>): { message: string; code: string | null } {
  const error = isObject(payload.error) ? payload.error : payload;
  const message = typeof error.message === 'string' && error.message !== '' ? error.message : JSON.stringify(error);
  const code = typeof error.code === 'string' || typeof error.code === 'number' ? String(error.code) : typeof error.type === 'string' && error.type !== 'error' ? error.type : null;
  return { message, code };
}

/** Pieces joined into one string at a time (as in chat/accumulate.ts): few enough to die young. */
const RUN = 1024;

/**
 * A text channel's pieces, joined when read: a hundred thousand deltas concatenated as they come
 * would be a rope of as many strings for the garbage collector to keep and copy.
 */
export class TextBuffer {
  private runs: string[] = [];
  private pending: string[] = [];

  constructor(initial = '') {
    if (initial !== '') this.runs.push(initial);
  }

  append(piece: string): void {
    if (piece === '') return;
    this.pending.push(piece);
    if (this.pending.length === RUN) {
      this.runs.push(this.pending.join(''));
      this.pending = [];
    }
  }

  get value(): string {
    if (this.pending.length > 0) {
      this.runs.push(this.pending.length === 1 ? this.pending[0]! : this.pending.join(''));
      this.pending = [];
    }
    if (this.runs.length > 1) this.runs = [this.runs.join('')];
    return this.runs[0] ?? '';
  }

  /** A copy that shares the text so far (strings are immutable) and appends to its own pieces. */
  fork(): TextBuffer {
    return new TextBuffer(this.value);
  }
}

/** At most this many event numbers are listed as a finding's evidence; the message counts them all. */
export const MAX_EVIDENCE = 1000;

/** Event numbers kept as evidence, at most MAX_EVIDENCE of them, and how many there were. */
export class Evidence {
  readonly events: number[] = [];
  count = 0;

  add(event: number): void {
    this.count++;
    if (this.events.length < MAX_EVIDENCE) this.events.push(event);
  }

  fork(): Evidence {
    const copy = new Evidence();
    copy.count = this.count;
    for (const event of this.events) copy.events.push(event);
    return copy;
  }
}

/** Evidence grouped by a key (an unknown event type, an item id), in order of first appearance. */
export class EvidenceMap<K> {
  readonly groups = new Map<K, Evidence>();

  add(key: K, event: number): void {
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new Evidence()));
    group.add(event);
  }

  fork(): EvidenceMap<K> {
    const copy = new EvidenceMap<K>();
    for (const [key, group] of this.groups) copy.groups.set(key, group.fork());
    return copy;
  }
}

/**
 * Where two JSON values first differ, as a path (`output[0].content[1].text`) with both values;
 * null when they are equal. Object key order does not matter; an absent key and `undefined` are alike.
 */
export function firstDifference(a: unknown, b: unknown, path = ''): { path: string; ours: unknown; theirs: unknown } | null {
  if (a === b) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return { path: `${path}.length`.replace(/^\./, ''), ours: a.length, theirs: b.length };
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], path === '' ? key : `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return { path: path === '' ? '(value)' : path, ours: a, theirs: b };
}

/** A JSON value in a message, cut short: the first `max` characters of its JSON text. */
export function brief(value: unknown, max = 60): string {
  const text = value === undefined ? 'absent' : (JSON.stringify(value) ?? String(value));
  return text.length <= max ? text : `${text.slice(0, max)}…(+${text.length - max} chars)`;
}
