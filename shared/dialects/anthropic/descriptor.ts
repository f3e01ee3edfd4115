// What the product knows of Anthropic Messages without reading its events (types.ts, DialectDescriptor).

import { isObject } from '../../is-object.ts';
import type { DialectDescriptor } from '../types.ts';
import { ANTHROPIC_ERRORS } from './errors.ts';

declare module '../types.ts' {
  interface DialectProtocols {
    'anthropic-messages': true;
  }
}

/** The `anthropic-version` an Anthropic Messages request carries unless its headers give one (the API refuses a request without). */
export const ANTHROPIC_VERSION = '2023-06-01';

const MESSAGE_TYPE = `/** @anthropic-ai/sdk's Message, as far as a stream tells it: every member the server sent is there. */
export interface ExpectedMessage {
  id: string | null;
  type: string;
  role: string;
  model: string | null;
  /** The content blocks, their text, tool input (parsed) and thinking built from the deltas. */
  content: Record<string, unknown>[];
  /** null when no message_delta said it. */
  stop_reason: string | null;
  stop_sequence: string | null;
  usage: Record<string, unknown> | null;
  [member: string]: unknown;
}
`;

/** Anthropic Messages event types that no other dialect sends (ping and error are shared words). */
const OWN_TYPES: ReadonlySet<string> = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);

/**
 * Anthropic's error event, `{"type":"error","error":{"type":"overloaded_error",…}}`, can be a
 * stream's only event (an overload before message_start). Responses' error event has the same
 * nesting in practice but always a `sequence_number`, which Anthropic's never has.
 */
function isOwnError(json: Readonly<Record<string, unknown>>): boolean {
  const error = json.error;
  return json.type === 'error' && isObject(error) && typeof error.type === 'string' && !('sequence_number' in json);
}

export const anthropicDescriptor: DialectDescriptor = {
  protocol: 'anthropic-messages',
  name: 'Anthropic Messages',
  shortName: 'Anthropic Messages',
  word: 'messages',
  path: '/v1/messages',
  pathEnding: '/messages',
  endpoint: () => '/messages',
  modelOfPath: () => null,
  matchedOn: ['model', 'messages', 'system'],
  claimsPayload: (json) => (typeof json.type === 'string' && OWN_TYPES.has(json.type)) || isOwnError(json),
  claimsEventName: (name) => OWN_TYPES.has(name),
  final: { title: 'Message', noun: 'message', sdkCall: 'finalMessage()', shape: 'object', member: 'message' },
  sdk: { name: 'the official Anthropic SDK', npm: '@anthropic-ai/sdk', pip: 'anthropic' },
  outputTokensField: 'output_tokens',
  sentinel: null,
  framing: 'sse',
  // Claude on Bedrock's InvokeModelWithResponseStream: the same events in chunk frames, which the framing unwraps.
  alsoFramed: { 'aws-eventstream': "Bedrock's InvokeModelWithResponseStream: each chunk frame carries one Anthropic Messages event, base64 in its bytes." },
  terminalKinds: ['message-stop'],
  auth: 'x-api-key',
  // As @anthropic-ai/sdk sends it (Anthropic's API reference, "Versions").
  headers: { 'anthropic-version': ANTHROPIC_VERSION },
  usageRequest: null,
  endReasons: (final) => (isObject(final) ? [typeof final.stop_reason === 'string' ? final.stop_reason : null] : []),
  errors: ANTHROPIC_ERRORS,
  aimock: false,
  fixture: {
    types: MESSAGE_TYPE,
    comment:
      "/** What Streamscope reassembled from this stream (`streamscope inspect --json`'s `message`): what @anthropic-ai/sdk's messages.stream().finalMessage() ends with on a well-formed stream. */",
    declaration: 'expectedMessage: ExpectedMessage',
    value: (final) => final,
    after: [],
  },
};
