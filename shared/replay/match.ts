// Which loaded recording answers a request (cassette-style replay).
//
// The rule: a recording answers a request whose JSON body has the same `model`
// and the same `messages` as the recording's request body. Equality is JSON
// equality: object members in any order, arrays in order, numbers by value.
// Everything else in the body (stream, stream_options, temperature, tools …)
// is ignored, so a client may ask with other options than the recording did.
// A recording without a request body (a plain .sse) answers any request that
// no recording matched by its body. When several match, the first loaded wins.

import type { Recording } from '../recording/types.ts';
import { parseSse } from '../sse/parser.ts';

export interface MatchSource {
  readonly recording: Recording;
}

export function matchRecording<T extends MatchSource>(sources: readonly T[], body: unknown): T | null {
  const asked = isObject(body) ? body : null;
  if (asked) {
    for (const source of sources) {
      const recorded = requestBody(source.recording);
      if (recorded && sameJson(recorded.model, asked.model) && sameJson(recorded.messages, asked.messages)) return source;
    }
  }
  return sources.find((source) => requestBody(source.recording) === null) ?? null;
}

export interface RequestSummary {
  readonly model: string | null;
  /** The first user message's text, or null. */
  readonly firstUserMessage: string | null;
}

/** The model and first user message of a request body, for messages about matching. */
export function summarizeRequest(body: unknown): RequestSummary {
  if (!isObject(body)) return { model: null, firstUserMessage: null };
  const model = typeof body.model === 'string' ? body.model : null;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const user = messages.find((message) => isObject(message) && message.role === 'user') as Record<string, unknown> | undefined;
  return { model, firstUserMessage: user ? contentText(user.content) : null };
}

/** What a recording answers: its request's model and first user message; for a source with no request, the model its chunks name. */
export function summarizeRecording(recording: Recording): RequestSummary {
  const body = requestBody(recording);
  if (body) return summarizeRequest(body);
  return { model: streamModel(recording), firstUserMessage: null };
}

/** Shortens text for a one-line message: whitespace collapsed, at most `max` characters with an ellipsis. */
export function abbreviate(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function requestBody(recording: Recording): Record<string, unknown> | null {
  const body = recording.request?.body;
  return isObject(body) ? body : null;
}

/** The `model` of the first chunk that names one. */
function streamModel(recording: Recording): string | null {
  let model: string | null = null;
  const { events } = parseSse(recording.reads.map((read) => read.bytes));
  for (const event of events) {
    if (event.data === null || !event.data.includes('"model"')) continue;
    try {
      const json: unknown = JSON.parse(event.data);
      if (isObject(json) && typeof json.model === 'string' && json.model !== '') {
        model = json.model;
        break;
      }
    } catch {
      // Not JSON: the next event may say.
    }
  }
  return model;
}

/** A message's text: a string, or the text parts of a content array joined. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content.filter((part) => isObject(part) && typeof part.text === 'string').map((part) => (part as { text: string }).text);
  return texts.length > 0 ? texts.join(' ') : null;
}

/** JSON equality: members in any order, arrays in order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (!isObject(a) || !isObject(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
