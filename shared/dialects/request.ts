// The body of a streamed request in each dialect, built from the same inputs whatever the
// dialect: a conversation, tools, a token limit, further fields. The conversation and the tools
// may be written as Chat Completions writes them (role/content messages, `tool_calls`, `tool`
// results, `{type: "function", function: {…}}` tools): each dialect's `buildRequest` (its
// request.ts) maps them onto its own shape. What is already in the target dialect's shape, or has
// no counterpart, is sent as given: the server judges it, and the recording shows what it said.

import type { BodyInputs, BuiltBody } from './kit/request-body.ts';
import { registeredDialect } from './registry.ts';
import type { Protocol } from './types.ts';

export type { BodyInputs, BuiltBody };

export function buildRequestBody(protocol: Protocol, inputs: BodyInputs): BuiltBody {
  return registeredDialect(protocol).buildRequest(inputs);
}
