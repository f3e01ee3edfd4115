// The command line's words for the dialects (`inspect --protocol`, `record --api`): short, as a
// user types them — each dialect's descriptor's `word`.

import { PROTOCOLS, descriptorOf, protocolOfWord } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';

export { protocolOfWord };

/** The word for a dialect: `chat`, `responses` or `messages`. */
export function protocolWord(protocol: Protocol): string {
  return descriptorOf(protocol).word;
}

/** Every dialect's word, in registry order: `"chat", "responses" or "messages"`, for a usage line or an error. */
export function protocolWordList(): string {
  const words = PROTOCOLS.map((protocol) => `"${protocolWord(protocol)}"`);
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`;
}
