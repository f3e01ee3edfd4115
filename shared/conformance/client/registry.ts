// Each dialect's client cases, one line each (docs/architecture.md, "The layers"): a Record over
// every Protocol, so a dialect registered without an entry does not compile; null for a dialect
// whose cases are not built yet, which the command refuses with a clear message.

import type { Protocol } from '../../dialects/types.ts';
import { anthropicCases } from './anthropic/cases.ts';
import { bedrockConverseCases } from './bedrock-converse/cases.ts';
import { chatCases } from './chat/cases.ts';
import { geminiCases } from './gemini/cases.ts';
import { responsesCases } from './responses/cases.ts';
import type { CaseFactory } from './types.ts';

export const CLIENT_CASES: Readonly<Record<Protocol, CaseFactory | null>> = {
  'chat-completions': chatCases,
  responses: responsesCases,
  'anthropic-messages': anthropicCases,
  gemini: geminiCases,
  'bedrock-converse': bedrockConverseCases,
};
