// What the product knows of Chat Completions without reading its events (types.ts, DialectDescriptor).

import { isObject } from '../../is-object.ts';
import type { DialectDescriptor } from '../types.ts';

declare module '../types.ts' {
  interface DialectProtocols {
    'chat-completions': true;
  }
}

/** OpenAI's errors (`{"error": {message, type, param, code}}`), which the Responses API answers too. */
export const OPENAI_ERRORS: DialectDescriptor['errors'] = {
  body: (_status, error) => JSON.stringify({ error }),
  // api.openai.com's words (the simulator's BAD_JSON says the same).
  badJson:
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
};

const CHAT_TYPES = `export interface ExpectedMessage {
  role: string | null;
  /** null when no delta carried content (a tool call, a refusal). */
  content: string | null;
  refusal: string | null;
  /** DeepSeek's delta.reasoning_content, or delta.reasoning, joined. */
  reasoning_content: string | null;
  tool_calls?: { index: number; id: string | null; type: string | null; function: { name: string | null; arguments: string } }[];
  function_call?: { name: string | null; arguments: string };
}

export interface ExpectedChoice {
  index: number;
  message: ExpectedMessage;
  finish_reason: string | null;
}
`;

/** The final object's choices (ChoiceMessage[]); none from anything else (a stream whose dialect could not be told). */
const choicesOf = (final: unknown): Record<string, unknown>[] => (Array.isArray(final) ? final.filter(isObject) : []);

export const chatDescriptor: DialectDescriptor = {
  protocol: 'chat-completions',
  name: 'Chat Completions',
  shortName: 'Chat Completions',
  word: 'chat',
  path: '/v1/chat/completions',
  pathEnding: '/chat/completions',
  endpoint: () => '/chat/completions',
  modelOfPath: () => null,
  matchedOn: ['model', 'messages'],
  claimsPayload: (json) => json.object === 'chat.completion.chunk' || Array.isArray(json.choices),
  // Chat Completions names no events.
  claimsEventName: () => false,
  final: { title: 'Message', noun: 'message', sdkCall: 'finalChatCompletion()', shape: 'choices', member: null },
  sdk: { name: 'the official openai SDK', npm: 'openai', pip: 'openai' },
  outputTokensField: 'completion_tokens',
  sentinel: '[DONE]',
  framing: 'sse',
  terminalKinds: ['done'],
  auth: 'bearer',
  headers: {},
  usageRequest: '"stream_options": {"include_usage": true}',
  endReasons: (final) => choicesOf(final).map((choice) => (typeof choice.finish_reason === 'string' ? choice.finish_reason : null)),
  errors: OPENAI_ERRORS,
  aimock: true,
  fixture: {
    types: CHAT_TYPES,
    comment: '/** What Streamscope reassembled from this stream (`streamscope inspect --json`): every choice, and the usage. */',
    declaration: 'expectedChoices: ExpectedChoice[]',
    value: (final) => choicesOf(final).map(({ index, message, finish_reason }) => ({ index, message, finish_reason })),
    after: ['', '/** The message of choice 0, as a non-streamed response would have it; null when no choice came. */', 'export const expectedMessage: ExpectedMessage | null = expectedChoices[0]?.message ?? null;'],
  },
};
