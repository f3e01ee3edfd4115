// A Chat Completions body (`POST …/chat/completions`) from the recorder's inputs, as they are
// written: the conversation and the tools in Chat's own shapes, `stream_options` as asked.

import { withStreamOptions } from '../kit/request-body.ts';
import type { BodyInputs, BuiltBody, Json } from '../kit/request-body.ts';

export function chatBody(inputs: BodyInputs): BuiltBody {
  return { ok: true, body: chatBodyJson(inputs) };
}

function chatBodyJson(inputs: BodyInputs): Json {
  const { stream_options: given, ...rest } = inputs.params ?? {};
  const streamOptions = withStreamOptions(given, { includeUsage: inputs.includeUsage ?? true, includeObfuscation: inputs.includeObfuscation });
  return {
    ...rest,
    model: inputs.model,
    messages: inputs.messages,
    ...(inputs.tools !== undefined ? { tools: inputs.tools } : {}),
    ...(inputs.maxTokens !== undefined ? { max_tokens: inputs.maxTokens } : {}),
    ...(streamOptions ? { stream_options: streamOptions } : {}),
    stream: true,
  };
}
