// Which kinds of token a chunk carries (types.ts, TOKEN_*): a non-empty text delta by its channel,
// and any tool-call (or deprecated function_call) fragment.

import { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_REFUSAL, TOKEN_TOOL } from '../types.ts';
import type { Interpretation } from './interpret.ts';

export function tokensOf(ops: Interpretation['ops']): number {
  let tokens = 0;
  for (const op of ops) {
    if (op.type === 'text') {
      if (op.text !== '') tokens |= op.channel === 'content' ? TOKEN_CONTENT : op.channel === 'reasoning' ? TOKEN_REASONING : TOKEN_REFUSAL;
    } else if (op.type === 'tool' || op.type === 'function_call') tokens |= TOKEN_TOOL;
  }
  return tokens;
}
