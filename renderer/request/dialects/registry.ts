// Each registered dialect's request editor, one line each (docs/architecture.md, "The renderer"):
// the editor's fields, its checks and its reading of a recorded request ask this for what depends
// on the dialect. A `Record` over every Protocol, so a dialect registered in shared/ without an
// editor here does not compile.

import type { Protocol } from '../../../shared/dialects/types.ts';
import { anthropicRequest } from './anthropic/index.ts';
import { bedrockConverseRequest } from './bedrock-converse/index.ts';
import { chatRequest } from './chat/index.ts';
import { geminiRequest } from './gemini/index.ts';
import { responsesRequest } from './responses/index.ts';
import type { RequestDialect } from './types.ts';

export const REQUEST_DIALECTS: Readonly<Record<Protocol, RequestDialect>> = {
  'chat-completions': chatRequest,
  responses: responsesRequest,
  'anthropic-messages': anthropicRequest,
  gemini: geminiRequest,
  'bedrock-converse': bedrockConverseRequest,
};

export function requestDialect(protocol: Protocol): RequestDialect {
  return REQUEST_DIALECTS[protocol];
}

// A new draft's dialect, and the one a body no dialect claims is read as: the registry's first.
export { DEFAULT_PROTOCOL } from '../../../shared/dialects/registry.ts';
