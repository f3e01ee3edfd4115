// The command line's words for the three dialects (`inspect --protocol`, `record --api`): short,
// as a user types them, for the names the analysis and the API use (shared/dialects/types.ts).

import type { Protocol } from '../../../shared/index.ts';

export const PROTOCOL_ARGS: Readonly<Record<string, Protocol>> = { chat: 'chat-completions', responses: 'responses', messages: 'anthropic-messages' };

/** The word for a dialect: `chat`, `responses` or `messages`. */
export function protocolWord(protocol: Protocol): string {
  return Object.keys(PROTOCOL_ARGS).find((word) => PROTOCOL_ARGS[word] === protocol)!;
}

/** The dialect a word names, or undefined. */
export function protocolOfWord(word: string): Protocol | undefined {
  return Object.hasOwn(PROTOCOL_ARGS, word) ? PROTOCOL_ARGS[word] : undefined;
}
