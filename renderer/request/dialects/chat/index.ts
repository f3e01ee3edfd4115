// Chat Completions in the request editor: the shape every dialect's editor also takes (its
// messages and function tools are mapped onto the others' by the backend, shared/dialects/request.ts).

import { isObject } from '../../../../shared/is-object.ts';
import { take } from '../kit/conversation.ts';
import { roleProblem } from '../kit/messages.ts';
import { TOP_P } from '../kit/params.ts';
import type { RequestDialect } from '../types.ts';

const MODES = ['auto', 'none', 'required'];

export const chatRequest: RequestDialect = {
  protocol: 'chat-completions',
  // OpenAI's API reference, Chat Completions "Create".
  numbers: [
    { name: 'temperature', hint: '0 to 2', integer: false, min: 0, max: 2 },
    { name: 'max_tokens', hint: 'whole number', integer: true, min: 1, max: Number.MAX_SAFE_INTEGER },
    TOP_P,
    { name: 'n', hint: 'choices', integer: true, min: 1, max: 128 },
    { name: 'seed', hint: 'whole number', integer: true, min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  ],
  filledLimit: null,
  roles: ['system', 'developer', 'user', 'assistant', 'tool'],
  conversationField: 'messages',
  systemNote: '',
  // The plainest body: it is what a body the others do not claim is read as (registry.ts, DEFAULT_PROTOCOL).
  recorderHeaders: {},
  claimsBody: () => false,
  readConversation: (fields) => take(fields, 'messages'),
  messageProblem: (message) => roleProblem(message),
  // A Chat Completions tool is always `{type: 'function', function: {…}}`, which the caller has checked.
  toolProblem: (tool) => (tool.type !== 'function' ? `type must be "function" (it is ${JSON.stringify(tool.type) ?? 'missing'})` : 'function must be an object with a name'),
  tools: {
    example: `[
  {
    "type": "function",
    "function": {
      "name": "get_weather",
      "parameters": { "type": "object", "properties": { "city": { "type": "string" } } }
    }
  }
]`,
    placeholder: 'None. A JSON array of {"type": "function", "function": {"name": …, "parameters": …}}',
  },
  toolChoice: {
    modes: MODES,
    mustUse: 'required',
    write: (text) => (MODES.includes(text) ? text : { type: 'function', function: { name: text } }),
    read: (value) => {
      if (typeof value === 'string' && MODES.includes(value)) return value;
      if (!isObject(value) || value.type !== 'function') return null;
      return isObject(value.function) && typeof value.function.name === 'string' && Object.keys(value).length === 2 && Object.keys(value.function).length === 1 ? value.function.name : null;
    },
  },
  streamOptions: { includeUsage: true, includeObfuscation: true },
};
