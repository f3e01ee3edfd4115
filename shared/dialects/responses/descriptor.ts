// What the product knows of the Responses API without reading its events (types.ts, DialectDescriptor).

import { isObject } from '../../is-object.ts';
import { OPENAI_ERRORS } from '../chat/descriptor.ts';
import type { DialectDescriptor } from '../types.ts';

declare module '../types.ts' {
  interface DialectProtocols {
    responses: true;
  }
}

const RESPONSE_TYPE = `/** The openai SDK's Response, as far as a stream tells it: every member the server sent is there. */
export interface ExpectedResponse {
  id: string | null;
  model: string | null;
  /** "in_progress" when no terminal event came. */
  status: string;
  /** The output items, their text, arguments and reasoning built from the deltas. */
  output: Record<string, unknown>[];
  /** The SDK's convenience: the output_text parts of every message, joined. */
  output_text: string;
  usage: Record<string, unknown> | null;
  incomplete_details: unknown;
  error: unknown;
  [member: string]: unknown;
}
`;

export const responsesDescriptor: DialectDescriptor = {
  protocol: 'responses',
  name: 'Responses API',
  shortName: 'Responses',
  word: 'responses',
  path: '/v1/responses',
  pathEnding: '/responses',
  endpoint: () => '/responses',
  modelOfPath: () => null,
  matchedOn: ['model', 'input', 'instructions'],
  claimsPayload: (json) => typeof json.type === 'string' && json.type.startsWith('response.'),
  claimsEventName: (name) => name.startsWith('response.'),
  final: { title: 'Response', noun: 'response', sdkCall: 'finalResponse()', shape: 'object', member: 'response' },
  sdk: { name: 'the official openai SDK', npm: 'openai', pip: 'openai' },
  outputTokensField: 'output_tokens',
  sentinel: null,
  framing: 'sse',
  terminalKinds: ['terminal'],
  auth: 'bearer',
  headers: {},
  usageRequest: null,
  endReasons: (final) => (isObject(final) ? [typeof final.status === 'string' ? final.status : null] : []),
  // OpenAI's API, as Chat Completions: the openai SDK reads its errors alike.
  errors: OPENAI_ERRORS,
  aimock: false,
  fixture: {
    types: RESPONSE_TYPE,
    comment:
      "/** What Streamscope reassembled from this stream (`streamscope inspect --json`'s `response`): what the openai SDK's responses.stream().finalResponse() ends with on a well-formed stream. */",
    declaration: 'expectedResponse: ExpectedResponse',
    value: (final) => final,
    after: [],
  },
};
