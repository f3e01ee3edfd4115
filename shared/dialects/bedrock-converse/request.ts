// A Bedrock ConverseStream body (`POST …/model/MODEL/converse-stream`) from the recorder's inputs.
// The model is the path's (the descriptor's endpoint), never the body's. Chat Completions' shapes
// are mapped onto Converse's (Bedrock's API reference, "ConverseStream"): system (and developer)
// messages become `system: [{text}]`; each turn's content is a list of blocks (`{text}`, an
// assistant's tool call a `{toolUse: {toolUseId, name, input}}` with its arguments parsed, a tool's
// answer a `{toolResult: {toolUseId, content}}` in a user turn — those of one turn together —, a
// data: URL image an `{image: {format, source: {bytes}}}`); function tools are
// `toolConfig.tools[].toolSpec` with the schema under `inputSchema.json`; the token limit is
// `inferenceConfig.maxTokens`, and the sampling fields given as body fields (`temperature`,
// `top_p` / `topP`, `stopSequences`) go in `inferenceConfig`, where the API reads them; a
// `tool_choice` in Chat Completions' or Anthropic's words is `toolConfig.toolChoice` (`{auto: {}}`,
// `{any: {}}`, `{tool: {name}}`; 'none' has no Converse equivalent and is refused). A message
// already in Converse's shape (content blocks with no `type`) is sent as given, and so is anything else.

import { isObject } from '../../is-object.ts';
import { chatFunction, chatToolCall, imageUrlPart, isSystemMessage, nestParams, parametersOf, readToolChoice } from '../kit/request-body.ts';
import type { BodyInputs, BuiltBody, Json } from '../kit/request-body.ts';

/** The body fields that are inferenceConfig's, by the name given: the editor's snake_case, and Converse's own. */
const INFERENCE: Readonly<Record<string, string>> = {
  temperature: 'temperature',
  top_p: 'topP',
  topP: 'topP',
  max_tokens: 'maxTokens',
  maxTokens: 'maxTokens',
  stop: 'stopSequences',
  stopSequences: 'stopSequences',
};

export function converseBody(inputs: BodyInputs): BuiltBody {
  if (inputs.includeUsage !== undefined) return { ok: false, problem: "includeUsage is Chat Completions' own: a ConverseStream always ends with its metadata usage" };
  if (inputs.includeObfuscation !== undefined) return { ok: false, problem: 'includeObfuscation is OpenAI’s: Bedrock has no stream_options' };
  const { params, nested: inference } = nestParams(inputs.params ?? {}, 'inferenceConfig', INFERENCE);
  const chosen = params.tool_choice === undefined ? undefined : toolChoiceOf(params.tool_choice);
  if (typeof chosen === 'string') return { ok: false, problem: chosen };
  const choice = chosen?.toolChoice;
  delete params.tool_choice;
  const systems = inputs.messages.filter(isSystemMessage);
  if (systems.length > 0 && params.system !== undefined) return { ok: false, problem: 'system is given twice: as a body field and as system messages' };

  const messages: unknown[] = [];
  let results: unknown[] | null = null;
  for (const [index, message] of inputs.messages.entries()) {
    if (isSystemMessage(message)) continue;
    if (isObject(message) && message.role === 'tool') {
      const block = { toolResult: { toolUseId: message.tool_call_id, content: resultContent(message.content) } };
      if (results) results.push(block);
      else messages.push({ role: 'user', content: (results = [block]) });
      continue;
    }
    results = null;
    if (!isObject(message) || typeof message.role !== 'string') {
      messages.push(message);
      continue;
    }
    const turn = turnOf(message, index);
    if (typeof turn === 'string') return { ok: false, problem: turn };
    messages.push(turn);
  }

  const inferenceConfig = { ...inference, ...(inputs.maxTokens !== undefined ? { maxTokens: inputs.maxTokens } : {}) };
  const tools = inputs.tools === undefined ? undefined : inputs.tools.map(toolOf);
  const toolConfig =
    tools === undefined && choice === undefined
      ? undefined
      : { ...(isObject(params.toolConfig) ? params.toolConfig : {}), ...(tools !== undefined ? { tools } : {}), ...(choice !== undefined ? { toolChoice: choice } : {}) };
  return {
    ok: true,
    body: {
      ...params,
      ...(systems.length > 0 ? { system: systems.flatMap((system) => blocksOf(system.content)) } : {}),
      messages,
      ...(toolConfig !== undefined ? { toolConfig } : {}),
      ...(Object.keys(inferenceConfig).length > 0 ? { inferenceConfig } : {}),
    },
  };
}

/** A user or assistant message as a turn: its content's blocks, then a toolUse block per tool call; or why a call cannot be one. */
function turnOf(message: Json, index: number): Json | string {
  const content = blocksOf(message.content);
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls as unknown[]) {
      const chat = chatToolCall(call);
      if (!chat) {
        content.push(call);
        continue;
      }
      const input = typeof chat.arguments === 'string' ? parseJson(chat.arguments) : chat.arguments;
      if (!isObject(input)) return `message ${index + 1}: the arguments of tool call ${JSON.stringify(chat.id)} are not a JSON object, which Converse's toolUse input must be`;
      content.push({ toolUse: { toolUseId: chat.id, name: chat.name, input } });
    }
  }
  return { role: message.role, content };
}

/** Chat Completions content as Converse blocks: a string is one text block (none when empty); text parts keep their text; a data: URL image is an image block. */
function blocksOf(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  if (!Array.isArray(content)) return content === undefined || content === null ? [] : [content];
  return content.map((part) => {
    if (!isObject(part)) return part;
    if (part.type === 'text' && typeof part.text === 'string') return { text: part.text };
    const image = imageUrlPart(part);
    const inline = image ? /^data:image\/([^;,]+);base64,(.*)$/s.exec(image.url) : null;
    return inline ? { image: { format: inline[1], source: { bytes: inline[2] } } } : part;
  });
}

/** A tool's answer as toolResult content: a JSON object as `{json}`, anything else as text. */
function resultContent(content: unknown): unknown[] {
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('') : JSON.stringify(content ?? null);
  const parsed = parseJson(text);
  return [isObject(parsed) ? { json: parsed } : { text }];
}

/**
 * A `tool_choice` as Converse's ToolChoice union; one already in that shape (the editor's own, a
 * single `auto`, `any` or `tool` member) goes as given, and so does any shape not read; 'none' is a
 * problem, as Converse cannot forbid tools but by sending none.
 */
function toolChoiceOf(value: unknown): { readonly toolChoice: unknown } | string {
  const choice = readToolChoice(value);
  if (choice === null) return { toolChoice: value };
  if (choice.mode === 'none') return "tool_choice 'none' has no Converse equivalent (ToolChoice is auto, any or tool): send no tools instead";
  return { toolChoice: choice.mode === 'tool' ? { tool: { name: choice.name } } : { [choice.mode]: {} } };
}

/** A function tool as a `{toolSpec}`; a tool in another shape (a `cachePoint` …) as given. */
function toolOf(tool: unknown): unknown {
  const fn = chatFunction(tool);
  if (!fn) return tool;
  return { toolSpec: { name: fn.name, ...(fn.description !== undefined ? { description: fn.description } : {}), inputSchema: { json: parametersOf(fn) } } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
