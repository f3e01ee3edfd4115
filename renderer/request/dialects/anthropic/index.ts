// Anthropic Messages in the request editor: a required max_tokens (filled with the backend's
// default), the roles user and assistant with those mapped onto them, `system` apart from the
// messages, its own tools and server tools, tool_choice as an object, and no stream_options.

import { ANTHROPIC_VERSION, MESSAGES_DEFAULT_MAX_TOKENS } from '../../../../shared/api/contract.ts';
import { isObject } from '../../../../shared/is-object.ts';
import { take, withSystem } from '../kit/conversation.ts';
import { roleProblem } from '../kit/messages.ts';
import { TOP_P } from '../kit/params.ts';
import { nameProblem, schemaProblem } from '../kit/tools.ts';
import type { RequestDialect } from '../types.ts';

const MODES = ['auto', 'any', 'none'];

/** Anthropic's roles, and the Chat Completions roles the backend maps onto them (system and developer to `system`, tool to a tool_result). */
const ROLES = new Set(['user', 'assistant', 'system', 'developer', 'tool']);

export const anthropicRequest: RequestDialect = {
  protocol: 'anthropic-messages',
  // Anthropic's API reference, "Messages".
  numbers: [
    { name: 'max_tokens', hint: 'required', integer: true, min: 1, max: Number.MAX_SAFE_INTEGER, required: 'Anthropic requires it' },
    { name: 'temperature', hint: '0 to 1', integer: false, min: 0, max: 1 },
    TOP_P,
    { name: 'top_k', hint: 'whole number', integer: true, min: 0, max: Number.MAX_SAFE_INTEGER },
  ],
  filledLimit: String(MESSAGES_DEFAULT_MAX_TOKENS),
  roles: ['system', 'user', 'assistant'],
  conversationField: 'messages',
  systemNote: ' System messages are sent as system, apart from the messages.',
  recorderHeaders: { 'anthropic-version': ANTHROPIC_VERSION },
  claimsBody: (fields, headers) => Object.keys(headers).some((name) => name.toLowerCase() === 'anthropic-version') || (fields.messages !== undefined && fields.system !== undefined),
  readConversation: (fields) => withSystem(fields, take(fields, 'messages'), 'system', (system) => typeof system === 'string' || (Array.isArray(system) && system.every(isObject))),
  messageProblem: (message) => roleProblem(message) ?? (ROLES.has(message.role as string) ? null : `Anthropic takes the roles user and assistant (system and tool are mapped), not “${String(message.role)}”`),
  toolProblem: (tool) => {
    if (tool.type === undefined || tool.type === null || tool.type === 'custom') return nameProblem(tool.name, 'name') ?? (tool.input_schema === undefined ? 'input_schema is missing' : schemaProblem(tool.input_schema, 'input_schema', false));
    if (tool.type === 'function') return 'function must be an object with a name';
    return typeof tool.type === 'string' && typeof tool.name === 'string' ? null : 'a server tool has a type and a name';
  },
  tools: {
    example: `[
  {
    "name": "get_weather",
    "input_schema": { "type": "object", "properties": { "city": { "type": "string" } } }
  }
]`,
    placeholder: 'None. A JSON array of {"name": …, "input_schema": …}, server tools, or the Chat Completions shape',
  },
  toolChoice: {
    modes: MODES,
    mustUse: 'any',
    write: (text) => (MODES.includes(text) ? { type: text } : { type: 'tool', name: text }),
    read: (value) => {
      if (!isObject(value)) return null;
      const keys = Object.keys(value).length;
      if (keys === 1 && typeof value.type === 'string' && MODES.includes(value.type)) return value.type;
      return keys === 2 && value.type === 'tool' && typeof value.name === 'string' ? value.name : null;
    },
  },
  streamOptions: null,
};
