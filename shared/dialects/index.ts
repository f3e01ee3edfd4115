// The dialects: the one interface (types.ts), how a stream's dialect is told (detect.ts), and the
// Responses and Anthropic Messages modules. Re-exports only, and the table of dialects by protocol.
// (Chat Completions, in shared/dialects/chat, joins the table when it moves behind the interface.)

import { messages } from './anthropic/index.ts';
import { responses } from './responses/index.ts';

export * from './types.ts';
export * from './catalogue.ts';
export * from './detect.ts';
export * from './run.ts';
export { TextBuffer, firstDifference } from './kit/common.ts';
export * from './responses/index.ts';
export * from './anthropic/index.ts';
export { raw } from './raw.ts';
export type { RawInterpretation } from './raw.ts';

/** The dialects implemented behind the interface, by protocol. */
export const DIALECTS = { responses, 'anthropic-messages': messages } as const;
