// Each registered framing's view, one line each (docs/architecture.md, "The renderer"): the events
// table and the inspector ask this for what they show of a message as framed. A `Record` over
// every FramingName, so a framing registered in shared/ without a view here does not compile.

import type { FramingName } from '../../../shared/framing/types.ts';
import { awsEventStreamView } from './aws-eventstream/index.tsx';
import { jsonArrayView } from './json-array/index.tsx';
import { sseView } from './sse/index.tsx';
import type { FramingView } from './types.ts';

export const FRAMING_VIEWS: Readonly<Record<FramingName, FramingView>> = {
  sse: sseView,
  'aws-eventstream': awsEventStreamView,
  'json-array': jsonArrayView,
};

export function framingView(framing: FramingName): FramingView {
  return FRAMING_VIEWS[framing];
}
