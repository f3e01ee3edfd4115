// What the product knows of Anthropic Messages without reading its events (types.ts, DialectDescriptor).

import { isObject } from '../../is-object.ts';
import type { DialectDescriptor } from '../types.ts';

declare module '../types.ts' {
  interface DialectProtocols {
    'anthropic-messages': true;
  }
}

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
  matchedOn: ['model', 'messages', 'system'],
  claimsPayload: (json) => (typeof json.type === 'string' && OWN_TYPES.has(json.type)) || isOwnError(json),
  claimsEventName: (name) => OWN_TYPES.has(name),
  final: { title: 'Message', noun: 'message', sdkCall: 'finalMessage()' },
  sdk: { name: 'the official Anthropic SDK', npm: '@anthropic-ai/sdk', pip: 'anthropic' },
  outputTokensField: 'output_tokens',
  sentinel: null,
};
