// Bedrock ConverseStream in the request editor: the conversation is `messages` of content blocks
// (the backend maps the editor's messages onto `{text}` blocks, a tool's answer onto a
// `toolResult` in a user turn), system messages go in `system` (a list of `{text}` blocks), the
// token limit and sampling parameters in `inferenceConfig` (the backend moves them there), function
// tools as `toolConfig.tools[].toolSpec`, the tool choice as toolConfig's `toolChoice`, and no
// stream_options: every stream ends with its metadata usage. The model is the path's.

import { isObject } from '../../../../shared/is-object.ts';
import { take, withSystem } from '../kit/conversation.ts';
import { roleProblem } from '../kit/messages.ts';
import { TOP_P } from '../kit/params.ts';
import type { NumberName } from '../kit/params.ts';
import { nameProblem, schemaProblem } from '../kit/tools.ts';
import type { Json, RequestDialect } from '../types.ts';

/** ToolChoice's members named by a word (Converse API reference, "ToolChoice"): `tool` names one. */
const MODES = ['auto', 'any'];

/** The roles the backend maps onto Converse's user and assistant turns. */
const ROLES = new Set(['user', 'assistant', 'system', 'developer', 'tool']);

/** inferenceConfig's members with a field of the editor's, by the field's name. */
const INFERENCE: readonly (readonly [member: string, field: NumberName])[] = [
  ['maxTokens', 'max_tokens'],
  ['temperature', 'temperature'],
  ['topP', 'top_p'],
];

/** A block list made of `{text}` blocks only, as one text (joined by `separator`); null otherwise. */
function plainText(blocks: unknown, separator: string): string | null {
  if (!Array.isArray(blocks) || !blocks.every((block) => isObject(block) && Object.keys(block).length === 1 && typeof block.text === 'string')) return null;
  return blocks.map((block) => (block as { text: string }).text).join(separator);
}

/** A recorded body's inferenceConfig and toolConfig members read back into the editor's fields (the backend puts them back). */
function liftConfigs(fields: Json): void {
  const inference = fields.inferenceConfig;
  if (isObject(inference)) {
    const left: Json = { ...inference };
    for (const [member, field] of INFERENCE) {
      if (typeof left[member] !== 'number' || fields[field] !== undefined) continue;
      fields[field] = left[member];
      delete left[member];
    }
    if (Object.keys(left).length > 0) fields.inferenceConfig = left;
    else delete fields.inferenceConfig;
  }
  const tools = fields.toolConfig;
  if (isObject(tools)) {
    const left: Json = { ...tools };
    if (Array.isArray(left.tools) && fields.tools === undefined) {
      fields.tools = left.tools;
      delete left.tools;
    }
    if (left.toolChoice !== undefined && fields.tool_choice === undefined) {
      fields.tool_choice = left.toolChoice;
      delete left.toolChoice;
    }
    if (Object.keys(left).length > 0) fields.toolConfig = left;
    else delete fields.toolConfig;
  }
}

export const bedrockConverseRequest: RequestDialect = {
  protocol: 'bedrock-converse',
  // Converse API reference, "InferenceConfiguration".
  numbers: [
    { name: 'max_tokens', hint: 'inferenceConfig.maxTokens', integer: true, min: 1, max: Number.MAX_SAFE_INTEGER },
    { name: 'temperature', hint: '0 to 1', integer: false, min: 0, max: 1 },
    TOP_P,
  ],
  filledLimit: null,
  roles: ['system', 'user', 'assistant'],
  conversationField: 'messages',
  systemNote: ' System messages are sent as system blocks, apart from the messages.',
  recorderHeaders: {},
  // Converse's own members, or a turn of content blocks (no `type`, as Chat Completions' parts have).
  claimsBody: (fields) =>
    Array.isArray(fields.messages) &&
    (isObject(fields.inferenceConfig) ||
      isObject(fields.toolConfig) ||
      fields.messages.some((message) => isObject(message) && Array.isArray(message.content) && message.content.length > 0 && message.content.every((block) => isObject(block) && block.type === undefined))),
  readConversation: (fields) => {
    liftConfigs(fields);
    const messages = take(fields, 'messages');
    // Turns of `{text}` blocks read back as the editor's messages; any other turn stays in Converse's shape.
    const list = Array.isArray(messages)
      ? messages.map((turn) => {
          if (!isObject(turn)) return turn;
          const content = plainText(turn.content, '');
          return content === null ? turn : { role: turn.role, content };
        })
      : messages;
    const system = plainText(fields.system, '\n');
    if (system !== null) fields.system = system;
    return withSystem(fields, list, 'system', (value) => typeof value === 'string' || (Array.isArray(value) && value.every(isObject)));
  },
  // A turn already in Converse's shape (its content blocks) is sent as given.
  messageProblem: (message) => {
    const problem = roleProblem(message) ?? (ROLES.has(message.role as string) ? null : `Converse takes the roles user and assistant (system and tool are mapped), not “${String(message.role)}”`);
    if (problem !== null || !Array.isArray(message.content)) return problem;
    for (const [index, block] of message.content.entries()) {
      if (!isObject(block)) return `content[${index}] must be a content block object`;
      // Chat Completions' parts (they have a type) are mapped; a Converse block is a union of one member.
      if (block.type === undefined && Object.keys(block).length !== 1) return `content[${index}] must have one member ({"text": …}, {"toolUse": …}, {"toolResult": …} …), not ${Object.keys(block).length}`;
    }
    return null;
  },
  toolProblem: (tool) => {
    if (tool.toolSpec !== undefined) {
      const spec = tool.toolSpec;
      if (!isObject(spec)) return 'toolSpec must be an object';
      const schema = spec.inputSchema;
      if (!isObject(schema) || !isObject(schema.json)) return 'toolSpec.inputSchema must be {"json": a JSON Schema object}';
      return nameProblem(spec.name, 'toolSpec.name') ?? schemaProblem(schema.json, 'toolSpec.inputSchema.json', false) ?? (spec.description !== undefined && typeof spec.description !== 'string' ? 'toolSpec.description must be a string' : null);
    }
    // Converse's other tools: a cache point, a system tool (Nova's grounding …).
    return Object.keys(tool).length === 1 && (isObject(tool.cachePoint) || isObject(tool.systemTool)) ? null : 'a tool is {"toolSpec": {name, inputSchema: {json}}}, {"systemTool": …} or {"cachePoint": …}';
  },
  tools: {
    example: `[
  {
    "toolSpec": {
      "name": "get_weather",
      "inputSchema": { "json": { "type": "object", "properties": { "city": { "type": "string" } } } }
    }
  }
]`,
    placeholder: 'None. A JSON array of {"toolSpec": …}, a {"cachePoint": …}, or the Chat Completions shape',
  },
  toolChoice: {
    modes: MODES,
    mustUse: 'any',
    write: (text) => (MODES.includes(text) ? { [text]: {} } : { tool: { name: text } }),
    read: (value) => {
      if (!isObject(value) || Object.keys(value).length !== 1) return null;
      const [mode] = Object.keys(value) as [string];
      const member = value[mode];
      if (!isObject(member)) return null;
      if (MODES.includes(mode)) return Object.keys(member).length === 0 ? mode : null;
      return mode === 'tool' && Object.keys(member).length === 1 && typeof member.name === 'string' ? member.name : null;
    },
  },
  streamOptions: null,
};
