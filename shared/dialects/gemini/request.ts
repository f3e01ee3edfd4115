// A Gemini body (`POST …/models/MODEL:streamGenerateContent?alt=sse`) from the recorder's inputs.
// The model is the path's (the descriptor's endpoint), never the body's. Chat Completions' shapes
// are mapped onto Gemini's (ai.google.dev, "Generating content"): system (and developer) messages
// become `systemInstruction`; user turns are `{role: "user", parts}`, assistant turns
// `{role: "model", parts}` with a `functionCall` part per tool call (its arguments parsed); a
// tool's answer is a `functionResponse` part in a user turn (those of one turn together), named by
// the call it answers; an image URL part is `inlineData` (a data: URL) or `fileData`; function
// tools are one `functionDeclarations` tool; the token limit is `generationConfig.maxOutputTokens`;
// the sampling parameters given as body fields (the editor's `temperature`, `top_p`, `top_k`,
// `max_output_tokens`, `seed`, or Gemini's own camelCase names) go in `generationConfig`, where the
// API reads them, and a `tool_choice` (the editor's, already a functionCallingConfig) is `toolConfig`.
// A message already in Gemini's shape (`parts`) is sent as given, and so is anything else.

import { isObject } from '../../is-object.ts';
import { chatFunction, chatToolCall, imageUrlPart, isSystemMessage, nestParams, parametersOf } from '../kit/request-body.ts';
import type { BodyInputs, BuiltBody, Json } from '../kit/request-body.ts';

/** The body fields that are generationConfig's, by the name given: the editor's snake_case, and Gemini's own. */
const GENERATION: Readonly<Record<string, string>> = {
  temperature: 'temperature',
  top_p: 'topP',
  topP: 'topP',
  top_k: 'topK',
  topK: 'topK',
  max_output_tokens: 'maxOutputTokens',
  maxOutputTokens: 'maxOutputTokens',
  seed: 'seed',
  stopSequences: 'stopSequences',
  candidateCount: 'candidateCount',
};

export function geminiBody(inputs: BodyInputs): BuiltBody {
  if (inputs.includeUsage !== undefined) return { ok: false, problem: "includeUsage is Chat Completions' own: a Gemini stream always carries its usageMetadata" };
  if (inputs.includeObfuscation !== undefined) return { ok: false, problem: 'includeObfuscation is OpenAI’s: Gemini has no stream_options' };
  const { params, nested: generation } = nestParams(inputs.params ?? {}, 'generationConfig', GENERATION, (fields, name, value) => {
    if (name === 'tool_choice' && isObject(value)) fields.toolConfig = value;
    else fields[name] = value;
  });
  const systems = inputs.messages.filter(isSystemMessage);
  if (systems.length > 0 && params.systemInstruction !== undefined) return { ok: false, problem: 'systemInstruction is given twice: as a body field and as system messages' };

  // Tool call ids to their function's name: a functionResponse is named, not numbered.
  const names = new Map<unknown, string>();
  const contents: unknown[] = [];
  let results: unknown[] | null = null;
  for (const [index, message] of inputs.messages.entries()) {
    if (isSystemMessage(message)) continue;
    if (isObject(message) && message.role === 'tool') {
      const name = names.get(message.tool_call_id);
      if (name === undefined) return { ok: false, problem: `message ${index + 1}: a tool message answers tool call ${JSON.stringify(message.tool_call_id)}, which no assistant message before it made (Gemini names a functionResponse by its call's function)` };
      const part = { functionResponse: { ...(typeof message.tool_call_id === 'string' ? { id: message.tool_call_id } : {}), name, response: responseOf(message.content) } };
      if (results) results.push(part);
      else contents.push({ role: 'user', parts: (results = [part]) });
      continue;
    }
    results = null;
    if (!isObject(message) || Array.isArray(message.parts) || typeof message.role !== 'string') {
      contents.push(message);
      continue;
    }
    const turn = turnOf(message, index, names);
    if (typeof turn === 'string') return { ok: false, problem: turn };
    contents.push(turn);
  }

  const generationConfig = { ...generation, ...(inputs.maxTokens !== undefined ? { maxOutputTokens: inputs.maxTokens } : {}) };
  const tools = inputs.tools === undefined ? undefined : geminiTools(inputs.tools);
  return {
    ok: true,
    body: {
      ...params,
      ...(systems.length > 0 ? { systemInstruction: { parts: systems.flatMap((system) => partsOf(system.content)) } } : {}),
      contents,
      ...(tools !== undefined ? { tools } : {}),
      ...(Object.keys(generationConfig).length > 0 ? { generationConfig } : {}),
    },
  };
}

/** A user or assistant message as a turn: its content's parts, then a functionCall part per tool call; or why a call cannot be one. */
function turnOf(message: Json, index: number, names: Map<unknown, string>): Json | string {
  const parts = partsOf(message.content);
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls as unknown[]) {
      const chat = chatToolCall(call);
      if (!chat) {
        parts.push(call);
        continue;
      }
      const args = typeof chat.arguments === 'string' ? parseObject(chat.arguments) : chat.arguments;
      if (!isObject(args)) return `message ${index + 1}: the arguments of tool call ${JSON.stringify(chat.id)} are not a JSON object, which Gemini's functionCall args must be`;
      names.set(chat.id, chat.name);
      parts.push({ functionCall: { ...(typeof chat.id === 'string' ? { id: chat.id } : {}), name: chat.name, args } });
    }
  }
  return { role: message.role === 'assistant' ? 'model' : message.role, parts };
}

/** Chat Completions content as Gemini parts: a string is one text part (none when empty); text parts keep their text; image URLs become inline or file data. */
function partsOf(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  if (!Array.isArray(content)) return content === undefined || content === null ? [] : [content];
  return content.map((part) => {
    if (!isObject(part)) return part;
    if (part.type === 'text' && typeof part.text === 'string') return { text: part.text };
    const image = imageUrlPart(part);
    if (!image) return part;
    const inline = /^data:([^;,]+);base64,(.*)$/s.exec(image.url);
    return inline ? { inlineData: { mimeType: inline[1], data: inline[2] } } : { fileData: { fileUri: image.url } };
  });
}

/** A tool's answer as a functionResponse's `response`, which must be an object: JSON objects as they are, anything else under `output`. */
function responseOf(content: unknown): Json {
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('') : content;
  const parsed = typeof text === 'string' ? parseObject(text) : text;
  return isObject(parsed) ? parsed : { output: text };
}

/** Function tools as one `{functionDeclarations}` tool, in their order; a tool of Gemini's own (`googleSearch` …) as given. */
function geminiTools(tools: readonly unknown[]): unknown[] {
  const declarations: unknown[] = [];
  const own: unknown[] = [];
  for (const tool of tools) {
    const fn = chatFunction(tool);
    if (!fn) own.push(tool);
    else declarations.push({ name: fn.name, ...(fn.description !== undefined ? { description: fn.description } : {}), parameters: parametersOf(fn) });
  }
  return [...(declarations.length > 0 ? [{ functionDeclarations: declarations }] : []), ...own];
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
