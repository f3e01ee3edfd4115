// Chat Completions names its events in the views' own words (interpret.ts's EventKind is
// kit/view.ts's ViewKind): each kind is its own, and the compiler holds the table whole.

import type { ViewKind } from '../kit/view.ts';

export const CHAT_VIEW_KINDS: Readonly<Record<ViewKind, ViewKind>> = {
  role: 'role',
  content: 'content',
  refusal: 'refusal',
  reasoning: 'reasoning',
  tool: 'tool',
  finish: 'finish',
  usage: 'usage',
  metadata: 'metadata',
  empty: 'empty',
  done: 'done',
  comment: 'comment',
  error: 'error',
  'invalid-json': 'invalid-json',
  malformed: 'malformed',
  'no-data': 'no-data',
};
