// A Gemini request's conversation, as Chat Completions' messages (../kit/request-shape.ts): its
// `systemInstruction` and its `contents`, a `model` turn as the assistant's, text parts as text.
// Its tools are `functionDeclarations` lists: each declaration is one tool.

import { isObject } from '../../../../shared/is-object.ts';
import { chatShaped } from '../kit/request-shape.ts';
import type { Json } from '../kit/request-shape.ts';

export function geminiRequest(body: unknown): unknown {
  const shaped = chatShaped(body, geminiMessages);
  if (!isObject(shaped) || !isObject(body) || !Array.isArray(body.tools)) return shaped;
  const declarations = body.tools.flatMap((tool) => (isObject(tool) && Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : [tool]));
  return { ...shaped, tools: declarations.map((fn) => ({ function: { name: isObject(fn) && typeof fn.name === 'string' ? fn.name : isObject(fn) ? Object.keys(fn)[0] : undefined } })) };
}

const partsOf = (parts: unknown): unknown => (Array.isArray(parts) ? parts.map((part) => (isObject(part) && typeof part.text === 'string' ? { type: 'text', text: part.text } : part)) : parts);

function geminiMessages(body: Json): unknown[] | null {
  const instruction = isObject(body.systemInstruction) ? [{ role: 'system', content: partsOf(body.systemInstruction.parts) }] : typeof body.systemInstruction === 'string' ? [{ role: 'system', content: body.systemInstruction }] : [];
  if (!Array.isArray(body.contents)) return instruction.length > 0 ? instruction : null;
  return [...instruction, ...body.contents.map((turn) => (isObject(turn) ? { role: turn.role === 'model' ? 'assistant' : (turn.role ?? 'user'), content: partsOf(turn.parts) } : turn))];
}
