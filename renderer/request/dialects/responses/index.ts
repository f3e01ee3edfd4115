// The Responses API in the request editor: its conversation is `input` (input items without a
// role among its messages) with `instructions` as a first system message, its function tools
// flat, its built-in tools by type, and its one stream option include_obfuscation.

import { isObject } from '../../../../shared/is-object.ts';
import { take, withSystem } from '../kit/conversation.ts';
import { roleProblem } from '../kit/messages.ts';
import { TOP_P } from '../kit/params.ts';
import { nameProblem, schemaProblem } from '../kit/tools.ts';
import type { RequestDialect } from '../types.ts';

const MODES = ['auto', 'none', 'required'];

export const responsesRequest: RequestDialect = {
  protocol: 'responses',
  // OpenAI's API reference, Responses "Create".
  numbers: [
    { name: 'temperature', hint: '0 to 2', integer: false, min: 0, max: 2 },
    { name: 'max_output_tokens', hint: '16 or more', integer: true, min: 16, max: Number.MAX_SAFE_INTEGER },
    TOP_P,
  ],
  filledLimit: null,
  roles: ['system', 'developer', 'user', 'assistant'],
  conversationField: 'input',
  systemNote: ' The first system message is sent as instructions.',
  recorderHeaders: {},
  claimsBody: (fields) => fields.input !== undefined && fields.messages === undefined,
  readConversation: (fields) => {
    const input = take(fields, 'input');
    // A string is one user message.
    const list = typeof input === 'string' ? [{ role: 'user', content: input }] : input;
    return withSystem(fields, list, 'instructions', (system) => typeof system === 'string');
  },
  // An input item (a function call, its output, a reasoning item) has a type instead of a role.
  messageProblem: (message) => (message.role === undefined && typeof message.type === 'string' && message.type !== '' ? null : roleProblem(message, ' (or, for an item, a type)')),
  toolProblem: (tool) => {
    if (tool.type === 'function') return nameProblem(tool.name, 'name') ?? schemaProblem(tool.parameters, 'parameters', true);
    return typeof tool.type === 'string' && tool.type !== '' ? null : 'type must be "function" or a built-in tool’s type';
  },
  tools: {
    example: `[
  {
    "type": "function",
    "name": "get_weather",
    "parameters": { "type": "object", "properties": { "city": { "type": "string" } } },
    "strict": false
  }
]`,
    placeholder: 'None. A JSON array of {"type": "function", "name": …, "parameters": …}, built-in tools, or the Chat Completions shape',
  },
  toolChoice: {
    modes: MODES,
    mustUse: 'required',
    write: (text) => (MODES.includes(text) ? text : { type: 'function', name: text }),
    read: (value) => {
      if (typeof value === 'string' && MODES.includes(value)) return value;
      if (!isObject(value) || value.type !== 'function') return null;
      return Object.keys(value).length === 2 && typeof value.name === 'string' ? value.name : null;
    },
  },
  // Usage always comes at the end of a response.
  streamOptions: { includeUsage: false, includeObfuscation: true },
};
