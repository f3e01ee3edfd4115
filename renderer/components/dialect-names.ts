// The dialects as the app names them to a reader (the recording header, compare, the new-request editor, the home page).

import type { Protocol } from '../../shared/dialects/types.ts';

export const DIALECT_NAMES: Readonly<Record<Protocol, string>> = {
  'chat-completions': 'Chat Completions',
  responses: 'Responses API',
  'anthropic-messages': 'Anthropic Messages',
};

/** A dialect's name; `unknown dialect` for a stream whose dialect could not be told. */
export function dialectName(protocol: Protocol | null): string {
  return protocol === null ? 'unknown dialect' : DIALECT_NAMES[protocol];
}
