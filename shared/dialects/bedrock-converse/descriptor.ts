// What the product knows of Bedrock ConverseStream without reading its events (types.ts,
// DialectDescriptor): its path (the model in it), a Bedrock API key as a bearer token, Bedrock's
// error shape, which payloads are its own, and its framing: AWS event-stream frames.

import { isObject } from '../../is-object.ts';
import { isIndex } from '../kit/common.ts';
import type { DialectDescriptor } from '../types.ts';
import { EVENT_TYPES } from './interpret.ts';

declare module '../types.ts' {
  interface DialectProtocols {
    'bedrock-converse': true;
  }
}

const RESPONSE_TYPE = `/** @aws-sdk/client-bedrock-runtime's ConverseResponse, as far as the stream tells it, its output.message as message: every member the server sent is there. */
export interface ExpectedResponse {
  message: { role: string; content: Record<string, unknown>[] };
  /** null when no messageStop came. */
  stopReason: string | null;
  usage: Record<string, unknown> | null;
  metrics: Record<string, unknown> | null;
  [member: string]: unknown;
}
`;

/** The exception the SDK raises for an HTTP status (Bedrock's API reference, "Common errors"). */
export function bedrockErrorType(status: number): string {
  switch (status) {
    case 400:
      return 'ValidationException';
    case 403:
      return 'AccessDeniedException';
    case 404:
      return 'ResourceNotFoundException';
    case 408:
      return 'ModelTimeoutException';
    case 424:
      return 'ModelErrorException';
    case 429:
      return 'ThrottlingException';
    case 503:
      return 'ServiceUnavailableException';
    default:
      return status >= 500 ? 'InternalServerException' : 'ValidationException';
  }
}

/**
 * Whether a parsed payload is a ConverseStream event's: a block event (contentBlockIndex with a
 * delta, a start, or nothing else but the padding), a messageStop's stopReason, metadata's usage
 * in Bedrock's names, a messageStart's role alone (with its padding or not); or the SDK's parsed
 * union of one of them.
 */
export function claimsConversePayload(json: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(json).filter((key) => key !== 'p');
  if (keys.length === 1 && EVENT_TYPES.has(keys[0]!) && isObject(json[keys[0]!])) return true;
  if (isIndex(json.contentBlockIndex)) return isObject(json.delta) || isObject(json.start) || keys.length === 1;
  if (typeof json.stopReason === 'string') return true;
  if (isObject(json.usage) && typeof json.usage.inputTokens === 'number' && typeof json.usage.outputTokens === 'number') return true;
  // messageStart: its role alone, which no other dialect's payload is.
  return keys.length === 1 && typeof json.role === 'string';
}

const MODEL_IN_PATH = /\/model\/([^/?]+)\/converse-stream$/;

export const bedrockConverseDescriptor: DialectDescriptor = {
  protocol: 'bedrock-converse',
  name: 'Bedrock ConverseStream',
  shortName: 'Bedrock Converse',
  word: 'bedrock-converse',
  path: '/model/MODEL/converse-stream',
  pathEnding: '/converse-stream',
  // The model is in the path (URL-encoded: a model ARN has colons and slashes), as the SDK sends it.
  endpoint: (model) => `/model/${encodeURIComponent(model)}/converse-stream`,
  modelOfPath: (path) => {
    const found = MODEL_IN_PATH.exec(path.split('?')[0]!);
    return found ? decodeURIComponent(found[1]!) : null;
  },
  // The model is the path's (modelOfPath), matched as `model`; the conversation is the body's.
  matchedOn: ['model', 'messages', 'system', 'toolConfig'],
  claimsPayload: claimsConversePayload,
  claimsEventName: (name) => EVENT_TYPES.has(name),
  // The contract's `output` holds Converse's response with its `output.message` lifted to `message` (issue 32), so it reads output.message, not output.output.message.
  final: { title: 'Response', noun: 'response', sdkCall: 'ConverseCommand', shape: 'object', member: 'output' },
  sdk: { name: 'the AWS SDK for JavaScript', npm: '@aws-sdk/client-bedrock-runtime', pip: 'boto3' },
  outputTokensField: 'outputTokens',
  sentinel: null,
  // Binary frames (`application/vnd.amazon.eventstream`), the framing's own media type.
  framing: 'aws-eventstream',
  terminalKinds: ['message-stop'],
  // Bedrock API keys are sent as `Authorization: Bearer KEY` (SigV4 signing is not asked for).
  auth: 'bearer',
  headers: {},
  // converse-stream streams by its path: a `stream` member is refused.
  streamMember: false,
  usageRequest: null,
  endReasons: (final) => (isObject(final) ? [typeof final.stopReason === 'string' ? final.stopReason : null] : []),
  errors: {
    // The SDK reads the exception's name from `__type` when no x-amzn-ErrorType header says it (loadRestJsonErrorCode).
    body: (status, error) => JSON.stringify({ message: error.message, __type: bedrockErrorType(status) }),
    badJson: 'The request body is not valid JSON.',
  },
  aimock: false,
  fixture: {
    types: RESPONSE_TYPE,
    comment:
      "/** What Streamscope reassembled from this stream: the ConverseResponse @aws-sdk/client-bedrock-runtime's non-streaming ConverseCommand answers, as the stream's events build it. */",
    declaration: 'expectedResponse: ExpectedResponse',
    value: (final) => final,
    after: [],
  },
};
