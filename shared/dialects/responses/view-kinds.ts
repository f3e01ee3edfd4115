// The Responses API's event kinds (interpret.ts) in the views' words (kit/view.ts).

import type { ViewKind } from '../kit/view.ts';

export const RESPONSES_VIEW_KINDS: Readonly<Record<string, ViewKind>> = {
  response: 'metadata',
  terminal: 'finish',
  item: 'metadata',
  part: 'metadata',
  'text-done': 'metadata',
  annotation: 'metadata',
  status: 'metadata',
  ignored: 'empty',
  unknown: 'empty',
};
