// Each registered dialect's view, one line each (docs/architecture.md, "The renderer"): the
// panels, the timeline, the inspector and the compare view ask this for what depends on the
// dialect. A `Record` over every Protocol, so a dialect registered in shared/ without a view here
// does not compile; a stream whose dialect could not be told gets the raw view.

import type { Protocol } from '../../../shared/dialects/types.ts';
import { anthropicView } from './anthropic/index.ts';
import { bedrockConverseView } from './bedrock-converse/index.ts';
import { chatView } from './chat/index.ts';
import { geminiView } from './gemini/index.ts';
import { rawView } from './raw.tsx';
import { responsesView } from './responses/index.ts';
import type { DialectView } from './types.ts';

export const DIALECT_VIEWS: Readonly<Record<Protocol, DialectView>> = {
  'chat-completions': chatView,
  responses: responsesView,
  'anthropic-messages': anthropicView,
  gemini: geminiView,
  'bedrock-converse': bedrockConverseView,
};

export function dialectView(protocol: Protocol | null | undefined): DialectView {
  return protocol ? DIALECT_VIEWS[protocol] : rawView;
}
