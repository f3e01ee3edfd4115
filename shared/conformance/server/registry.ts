// Each registered dialect's server battery, one line each (docs/architecture.md, "The layers"): a
// Record over every Protocol, so a dialect registered without a battery does not compile.

import type { Protocol } from '../../dialects/types.ts';
import { ANTHROPIC_BATTERY } from './anthropic/battery.ts';
import { BEDROCK_CONVERSE_BATTERY } from './bedrock-converse/battery.ts';
import { CHAT_BATTERY } from './chat/battery.ts';
import { GEMINI_BATTERY } from './gemini/battery.ts';
import { RESPONSES_BATTERY } from './responses/battery.ts';
import type { ServerCheck } from './types.ts';

export const SERVER_BATTERIES: Readonly<Record<Protocol, readonly ServerCheck[]>> = {
  'chat-completions': CHAT_BATTERY,
  responses: RESPONSES_BATTERY,
  'anthropic-messages': ANTHROPIC_BATTERY,
  gemini: GEMINI_BATTERY,
  'bedrock-converse': BEDROCK_CONVERSE_BATTERY,
};
