// Which loaded recording answers a request (cassette-style replay).
//
// The rule: a recording answers only requests of its own dialect (dialect.ts: the path a request
// was posted to tells it), whose JSON body has the same members the dialect says what to answer
// with as the recording's request body: `model` and `messages` for Chat Completions, `model`,
// `input` and `instructions` for Responses, `model`, `messages` and `system` for Anthropic
// Messages, `model`, `contents` and `systemInstruction` for Gemini, whose model is the request
// path's (the dialect's descriptor: matchedOn, and modelOfPath for a model in the path, which
// counts as the body's `model`; a member absent on both sides is the same). Equality is JSON
// equality: object members in any order, arrays in order, numbers by value. Everything else in
// the body (stream, stream_options, temperature, tools, max_tokens …) is ignored, so a client may
// ask with other options than the recording did. A recording without a request body (a plain
// .sse) answers any request of its dialect that no recording matched by its body. When several
// match, the first loaded wins.

import { isObject } from '../is-object.ts';
import type { Recording } from '../recording/types.ts';
import { parseSse } from '../framing/sse/parser.ts';
import { replayProtocol } from './dialect.ts';
import { DEFAULT_PROTOCOL, descriptorOf } from '../dialects/registry.ts';
import type { Protocol } from './dialect.ts';

export interface MatchSource {
  readonly recording: Recording;
  /** The recording's dialect, when the caller knows it already (else told from the recording: dialect.ts). */
  readonly protocol?: Protocol;
}

/**
 * The loaded recording that answers `body`, posted to `path` (a path of dialect `protocol`, default
 * Chat Completions; with its query or without), or null.
 */
export function matchRecording<T extends MatchSource>(sources: readonly T[], body: unknown, protocol: Protocol = DEFAULT_PROTOCOL, path = ''): T | null {
  const candidates = sources.filter((source) => (source.protocol ?? replayProtocol(source.recording)) === protocol);
  const asked = isObject(body) ? requestMembers(protocol, path, body) : null;
  if (asked) {
    const members = descriptorOf(protocol).matchedOn;
    for (const source of candidates) {
      const recorded = requestBody(source.recording, protocol);
      if (recorded && members.every((member) => sameJson(recorded[member], asked[member]))) return source;
    }
  }
  return candidates.find((source) => source.recording.request?.body === undefined || !isObject(source.recording.request.body)) ?? null;
}

/** A request's body with the model its path names, where the dialect names it there (Gemini's), as `model`. */
export function requestMembers(protocol: Protocol, url: string, body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const model = descriptorOf(protocol).modelOfPath(pathOf(url));
  return model === null ? { ...body } : { ...body, model };
}

/** A URL's or a path's path, without its origin, query or fragment. */
function pathOf(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0]!;
}

export interface RequestSummary {
  readonly model: string | null;
  /** The first user message's text, or null. */
  readonly firstUserMessage: string | null;
}

/**
 * The model and first user message of a request body of any dialect, for messages about matching:
 * the first `user` message of `messages` (Chat Completions, Anthropic Messages: a string, or the
 * text of its parts), else Responses' `input` (a string is the user's message; else its first
 * `user` item).
 */
export function summarizeRequest(body: unknown): RequestSummary {
  if (!isObject(body)) return { model: null, firstUserMessage: null };
  const model = typeof body.model === 'string' ? body.model : null;
  if (!Array.isArray(body.messages) && typeof body.input === 'string') return { model, firstUserMessage: body.input };
  // Gemini's contents: turns of parts.
  if (Array.isArray(body.contents)) {
    const user = body.contents.find((turn) => isObject(turn) && turn.role !== 'model') as Record<string, unknown> | undefined;
    return { model, firstUserMessage: user ? contentText(user.parts) : typeof body.contents[0] === 'string' ? body.contents[0] : null };
  }
  const messages = Array.isArray(body.messages) ? body.messages : Array.isArray(body.input) ? body.input : [];
  const user = messages.find((message) => isObject(message) && message.role === 'user') as Record<string, unknown> | undefined;
  return { model, firstUserMessage: user ? contentText(user.content) : null };
}

/** What a recording answers: its request's model and first user message; for a source with no request, the model its events name. */
export function summarizeRecording(recording: Recording): RequestSummary {
  const body = requestBody(recording, replayProtocol(recording));
  if (body) return summarizeRequest(body);
  return { model: streamModel(recording), firstUserMessage: null };
}

/** Shortens text for a one-line message: whitespace collapsed, at most `max` characters with an ellipsis. */
export function abbreviate(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** The recorded request's body, with the model its path names where the dialect names it there. */
function requestBody(recording: Recording, protocol: Protocol): Record<string, unknown> | null {
  const body = recording.request?.body;
  return isObject(body) ? requestMembers(protocol, recording.request?.url ?? '', body) : null;
}

/** The `model` of the first event that names one: a chunk's, a Responses `response`'s, an Anthropic `message`'s (Gemini's modelVersion is not asked: its recordings name the model in their path). */
function streamModel(recording: Recording): string | null {
  const { events } = parseSse(recording.reads.map((read) => read.bytes));
  for (const event of events) {
    if (event.data === null || !event.data.includes('"model"')) continue;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      // Not JSON: the next event may say.
      continue;
    }
    if (!isObject(json)) continue;
    for (const holder of [json, json.response, json.message]) {
      if (isObject(holder) && typeof holder.model === 'string' && holder.model !== '') return holder.model;
    }
  }
  return null;
}

/** A message's text: a string, or the text parts of a content array joined (`text`, Responses' `input_text`). */
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

