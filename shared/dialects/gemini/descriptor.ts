// What the product knows of Gemini without reading its events (types.ts, DialectDescriptor): the
// Gemini API's and Vertex AI's paths (both end in `:streamGenerateContent`, the model before it),
// the key in `x-goog-api-key`, Google's error shape, and which payloads are Gemini's (wire.ts).

import { isObject } from '../../is-object.ts';
import type { DialectDescriptor } from '../types.ts';
import { GEMINI_WIRE, claimsGeminiPayload, geminiEndReasons } from './wire.ts';

declare module '../types.ts' {
  interface DialectProtocols {
    gemini: true;
  }
}

const RESPONSE_TYPE = `/** @google/genai's GenerateContentResponse, as far as a stream tells it: every member the server sent is there. */
export interface ExpectedResponse {
  responseId: string | null;
  modelVersion: string | null;
  /** Each candidate's parts as the next turn sends them back: text joined, function calls whole, each thoughtSignature on its part. */
  candidates: { index: number; content: { role: string; parts: Record<string, unknown>[] }; finishReason: string | null; [member: string]: unknown }[];
  usageMetadata: Record<string, unknown> | null;
  [member: string]: unknown;
}
`;

/** Google's RPC status name for an HTTP status (google.rpc.Code), as its error bodies carry it. */
export function googleStatus(status: number): string {
  switch (status) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'UNIMPLEMENTED';
    case 409:
      return 'ABORTED';
    case 413:
      return 'INVALID_ARGUMENT';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 503:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT';
  }
}

/** `…/models/MODEL:streamGenerateContent`: the model a request path names (Gemini API and Vertex AI alike). */
const MODEL_IN_PATH = /\/models\/([^/:?]+):streamGenerateContent$/;

export const geminiDescriptor: DialectDescriptor = {
  protocol: 'gemini',
  name: GEMINI_WIRE.name,
  shortName: GEMINI_WIRE.shortName,
  word: GEMINI_WIRE.word,
  path: GEMINI_WIRE.path,
  pathEnding: GEMINI_WIRE.pathEnding,
  endpoint: (model) => `/models/${encodeURIComponent(model)}${GEMINI_WIRE.pathEnding}?${GEMINI_WIRE.query}`,
  modelOfPath: (path) => {
    const found = MODEL_IN_PATH.exec(path.split('?')[0]!);
    return found ? decodeURIComponent(found[1]!) : null;
  },
  // The model is the path's (modelOfPath), matched as `model`; the conversation is the body's.
  matchedOn: ['model', 'contents', 'systemInstruction'],
  claimsPayload: claimsGeminiPayload,
  // Gemini's events are `data:` only: no event name is its own.
  claimsEventName: () => false,
  final: { title: 'Response', noun: 'response', sdkCall: 'generateContentStream()', shape: 'object', member: 'response' },
  sdk: GEMINI_WIRE.sdk,
  outputTokensField: GEMINI_WIRE.outputTokensField,
  sentinel: null,
  // `?alt=sse`: data-only SSE events, CRLF-framed; without it one JSON array over many reads, read element by element and said to be no stream.
  framing: 'sse',
  alsoFramed: { 'json-array': 'the body is a JSON array of GenerateContentResponse objects — the request lacked alt=sse.' },
  terminalKinds: ['finish', 'blocked'],
  auth: 'x-goog-api-key',
  headers: {},
  usageRequest: null,
  endReasons: geminiEndReasons,
  errors: {
    // Google's `{"error": {code, message, status}}`: @google/genai raises its ApiError with that status and message.
    body: (status, error) => JSON.stringify({ error: { code: status, message: error.message, status: googleStatus(status) } }),
    badJson: 'Invalid JSON payload received.',
  },
  aimock: false,
  fixture: {
    types: RESPONSE_TYPE,
    comment:
      "/** What Streamscope reassembled from this stream (`streamscope inspect --json`'s `response`): the GenerateContentResponse @google/genai's generateContentStream() parts add up to, each thoughtSignature on the part that carried it. */",
    declaration: 'expectedResponse: ExpectedResponse',
    value: (final) => (isObject(final) ? final : null),
    after: [],
  },
};
