// What the product knows of the Responses API without reading its events (types.ts, DialectDescriptor).

import type { DialectDescriptor } from '../types.ts';

declare module '../types.ts' {
  interface DialectProtocols {
    responses: true;
  }
}

export const responsesDescriptor: DialectDescriptor = {
  protocol: 'responses',
  name: 'Responses API',
  shortName: 'Responses',
  word: 'responses',
  path: '/v1/responses',
  pathEnding: '/responses',
  matchedOn: ['model', 'input', 'instructions'],
  claimsPayload: (json) => typeof json.type === 'string' && json.type.startsWith('response.'),
  claimsEventName: (name) => name.startsWith('response.'),
  final: { title: 'Response', noun: 'response', sdkCall: 'finalResponse()' },
  sdk: { name: 'the official openai SDK', npm: 'openai', pip: 'openai' },
  outputTokensField: 'output_tokens',
  sentinel: null,
};
