// Anthropic Messages' event kinds (interpret.ts) in the views' words (kit/view.ts).

import type { ViewKind } from '../kit/view.ts';

export const ANTHROPIC_VIEW_KINDS: Readonly<Record<string, ViewKind>> = {
  'message-start': 'role',
  'block-start': 'metadata',
  'block-stop': 'metadata',
  signature: 'reasoning',
  citation: 'metadata',
  'message-delta': 'finish',
  'message-stop': 'finish',
  // A keep-alive of the dialect's own: coloured and filtered as a comment.
  ping: 'comment',
};
