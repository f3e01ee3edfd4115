// What the product knows of Chat Completions without reading its events (types.ts, DialectDescriptor).

import type { DialectDescriptor } from '../types.ts';

declare module '../types.ts' {
  interface DialectProtocols {
    'chat-completions': true;
  }
}

export const chatDescriptor: DialectDescriptor = {
  protocol: 'chat-completions',
  name: 'Chat Completions',
  shortName: 'Chat Completions',
  word: 'chat',
  path: '/v1/chat/completions',
  pathEnding: '/chat/completions',
  matchedOn: ['model', 'messages'],
  claimsPayload: (json) => json.object === 'chat.completion.chunk' || Array.isArray(json.choices),
  // Chat Completions names no events.
  claimsEventName: () => false,
  final: { title: 'Message', noun: 'message', sdkCall: 'finalChatCompletion()' },
  sdk: { name: 'the official openai SDK', npm: 'openai', pip: 'openai' },
  outputTokensField: 'completion_tokens',
  sentinel: '[DONE]',
};
