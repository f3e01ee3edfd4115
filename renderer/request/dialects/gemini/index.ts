// Gemini in the request editor: the conversation is `contents` (the backend maps the editor's
// messages onto turns of parts, the assistant's as `model`), system messages go in
// `systemInstruction`, the sampling parameters in `generationConfig` (the backend moves them
// there), function tools as `functionDeclarations`, the tool choice as toolConfig's
// functionCallingConfig, and no stream_options: every event carries usageMetadata.

import { isObject } from '../../../../shared/is-object.ts';
import { take, withSystem } from '../kit/conversation.ts';
import { roleProblem } from '../kit/messages.ts';
import { TOP_P } from '../kit/params.ts';
import { nameProblem, schemaProblem } from '../kit/tools.ts';
import type { RequestDialect } from '../types.ts';

/** functionCallingConfig's modes (Gemini API reference, "FunctionCallingConfig"). */
const MODES = ['AUTO', 'ANY', 'NONE'];

/** The roles the backend maps onto Gemini's user and model turns. */
const ROLES = new Set(['user', 'assistant', 'model', 'system', 'developer', 'tool']);

export const geminiRequest: RequestDialect = {
  protocol: 'gemini',
  // Gemini API reference, "GenerationConfig".
  numbers: [
    { name: 'temperature', hint: '0 to 2', integer: false, min: 0, max: 2 },
    { name: 'max_output_tokens', hint: 'maxOutputTokens', integer: true, min: 1, max: Number.MAX_SAFE_INTEGER },
    TOP_P,
    { name: 'top_k', hint: 'whole number', integer: true, min: 1, max: Number.MAX_SAFE_INTEGER },
    { name: 'seed', hint: 'whole number', integer: true, min: -2147483648, max: 2147483647 },
  ],
  filledLimit: null,
  roles: ['system', 'user', 'assistant'],
  conversationField: 'contents',
  systemNote: ' System messages are sent as systemInstruction, apart from the contents.',
  recorderHeaders: {},
  claimsBody: (fields) => Array.isArray(fields.contents) && fields.messages === undefined && fields.input === undefined,
  readConversation: (fields) => {
    const contents = take(fields, 'contents');
    // Gemini's turns read back as the editor's messages: a model turn is the assistant's, text parts joined.
    const list = Array.isArray(contents)
      ? contents.map((turn) => {
          if (!isObject(turn) || !Array.isArray(turn.parts)) return turn;
          const plain = turn.parts.every((part) => isObject(part) && Object.keys(part).length === 1 && typeof part.text === 'string');
          return plain ? { role: turn.role === 'model' ? 'assistant' : (turn.role ?? 'user'), content: turn.parts.map((part) => (part as { text: string }).text).join('') } : turn;
        })
      : contents;
    const instruction = fields.systemInstruction;
    const text = isObject(instruction) && Array.isArray(instruction.parts) && instruction.parts.every((part) => isObject(part) && typeof part.text === 'string') ? instruction.parts.map((part) => (part as { text: string }).text).join('\n') : null;
    if (text !== null) fields.systemInstruction = text;
    return withSystem(fields, list, 'systemInstruction', (system) => typeof system === 'string');
  },
  // A turn already in Gemini's shape (its parts) is sent as given.
  messageProblem: (message) => (Array.isArray(message.parts) ? null : (roleProblem(message) ?? (ROLES.has(message.role as string) ? null : `Gemini takes the roles user and model (system, assistant and tool are mapped), not “${String(message.role)}”`))),
  toolProblem: (tool) => {
    if (Array.isArray(tool.functionDeclarations)) {
      for (const [index, fn] of tool.functionDeclarations.entries()) {
        if (!isObject(fn)) return `functionDeclarations[${index}] must be an object`;
        const problem = nameProblem(fn.name, `functionDeclarations[${index}].name`) ?? (fn.parameters === undefined ? null : schemaProblem(fn.parameters, `functionDeclarations[${index}].parameters`, true));
        if (problem !== null) return problem;
      }
      return null;
    }
    // Gemini's own tools: googleSearch, codeExecution, urlContext, fileSearch …
    return Object.keys(tool).length === 1 ? null : 'a tool is {"functionDeclarations": […]} or one of Gemini’s own ({"googleSearch": {}} …)';
  },
  tools: {
    example: `[
  {
    "functionDeclarations": [
      { "name": "get_weather", "parameters": { "type": "object", "properties": { "city": { "type": "string" } } } }
    ]
  }
]`,
    placeholder: 'None. A JSON array of {"functionDeclarations": […]}, Gemini’s own tools ({"googleSearch": {}}), or the Chat Completions shape',
  },
  toolChoice: {
    modes: MODES,
    mustUse: 'ANY',
    write: (text) => ({ functionCallingConfig: MODES.includes(text) ? { mode: text } : { mode: 'ANY', allowedFunctionNames: [text] } }),
    read: (value) => {
      if (!isObject(value) || !isObject(value.functionCallingConfig)) return null;
      const config = value.functionCallingConfig;
      const names = config.allowedFunctionNames;
      if (Object.keys(config).length === 1 && typeof config.mode === 'string' && MODES.includes(config.mode)) return config.mode;
      return config.mode === 'ANY' && Array.isArray(names) && names.length === 1 && typeof names[0] === 'string' ? names[0] : null;
    },
  },
  streamOptions: null,
};
