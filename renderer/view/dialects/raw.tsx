// A stream whose dialect could not be told (shared/dialects/raw.ts): its events shown raw,
// nothing accumulated — no message, no tool call, no usage — and the transport's checks only.

import { dialectOf } from '../../../shared/analysis/analyze.ts';
import { CHAT_HEADLINE } from './chat/index.ts';
import { finalObjectState, OUTPUT_TOKENS_FROM_USAGE, TYPED_INSPECTOR, usageOfFinalObject } from './kit/typed.ts';
import type { DialectView } from './types.ts';
import '../panels/panels.css';

export const rawView: DialectView = {
  protocol: null,
  message: {
    title: 'Message',
    Body: () => <p className="panel-empty">Streamscope could not tell the dialect of this stream (neither the request path nor the first events name one): its events are shown raw, with the transport diagnostics only.</p>,
  },
  layout: null,
  request: { chatShaped: (body) => body, includeUsage: false, noConversation: 'The body has no messages array.' },
  ToolCards: () => <p className="panel-empty">The dialect of this stream could not be told: no tool call is read from it.</p>,
  toolTracks: () => [],
  usage: {
    of: usageOfFinalObject,
    headline: CHAT_HEADLINE,
    documented: null,
    none: 'No usage: the dialect of this stream could not be told.',
    outputTokens: OUTPUT_TOKENS_FROM_USAGE,
    outputTokensField: 'output_tokens',
  },
  endChecks: 'unfinished event',
  ...finalObjectState(dialectOf(null)),
  inspector: TYPED_INSPECTOR,
  // Nothing accumulates: two such streams have no message to diff.
  compare: { diff: () => [], same: () => 'message, field for field', testIdOf: () => 'compare-entry' },
};
