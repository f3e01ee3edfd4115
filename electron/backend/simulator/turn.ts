// What a simulated model answers, in every dialect, independent of its wire:
// the output blocks (reasoning, text, refusal, tool calls) with the
// token-sized pieces each one streams in, where the answer is cut, and the
// fault that stops the stream. A scenario (scenarios.ts) builds an answer; each
// dialect renders it into its own events (chat/, responses/, anthropic/).

/** One output item (Responses), content block (Messages) or delta channel (Chat). Every piece is one token. */
export type Block =
  | { readonly kind: 'reasoning'; readonly pieces: readonly string[] }
  | { readonly kind: 'text'; readonly pieces: readonly string[] }
  | { readonly kind: 'refusal'; readonly pieces: readonly string[] }
  /**
   * A function call: `pieces` are the fragments of its arguments' JSON text, as the dialect writes
   * it; `id` is the call's id when the dialect draws it with the content (Chat Completions).
   */
  | { readonly kind: 'tool'; readonly name: string; readonly id?: string; readonly pieces: readonly string[] };

/** How a stream goes wrong, after `after` tokens where it says so. */
export type TurnFault =
  /** The dialect's error event(s) (Responses: `error` then `response.failed`; Messages: `event: error`), then the body ends. */
  | { readonly kind: 'error'; readonly after: number }
  /** Responses only: `response.failed` alone, no `error` event. */
  | { readonly kind: 'failed'; readonly after: number }
  /** The connection is destroyed. */
  | { readonly kind: 'drop'; readonly after: number }
  /** Every block is finished, but the terminal event(s) never come: the body just ends. */
  | { readonly kind: 'cut' }
  /** Responses only: `sequence_number` skips one number after this many tokens; nothing is lost. */
  | { readonly kind: 'sequence-gap'; readonly after: number };

/** What a scenario answers, before the dialect cuts it at a token limit. */
export interface Answer {
  readonly blocks: readonly Block[];
  /** The scenario's own token limit (`length`): the dialect combines it with the request's. */
  readonly limit?: number;
  /** Stopped part-way by a content filter (Chat's `finish_reason: "content_filter"`). */
  readonly filtered?: boolean;
}

/** An answer as a dialect with one choice renders it: cut at its token limit, with its fault. */
export interface Turn {
  readonly blocks: readonly Block[];
  /** Whether the blocks were cut at the token limit (Responses `incomplete`, Messages `max_tokens`). */
  readonly truncated: boolean;
  readonly fault: TurnFault | null;
}

export function tokensOf(blocks: readonly Block[]): number {
  return blocks.reduce((sum, block) => sum + block.pieces.length, 0);
}

export function reasoningTokensOf(blocks: readonly Block[]): number {
  return blocks.reduce((sum, block) => sum + (block.kind === 'reasoning' ? block.pieces.length : 0), 0);
}

/**
 * The blocks cut to their first `limit` tokens: the block in which the limit
 * falls keeps its first pieces, the blocks after it are dropped. `cut` says
 * whether anything was lost.
 */
export function keepTokens(blocks: readonly Block[], limit: number): { readonly blocks: Block[]; readonly cut: boolean } {
  const kept: Block[] = [];
  let left = limit;
  for (const block of blocks) {
    if (left <= 0 && block.pieces.length > 0) return { blocks: kept, cut: true };
    if (block.pieces.length > left) return { blocks: [...kept, { ...block, pieces: block.pieces.slice(0, left) }], cut: true };
    kept.push(block);
    left -= block.pieces.length;
  }
  return { blocks: kept, cut: false };
}

/** A turn whose blocks are cut at `limit` tokens when they are longer (no limit: whole). */
export function turnOf(blocks: readonly Block[], limit: number | null, fault: TurnFault | null = null): Turn {
  if (limit === null) return { blocks, truncated: false, fault };
  const { blocks: kept, cut } = keepTokens(blocks, limit);
  return { blocks: kept, truncated: cut, fault };
}
