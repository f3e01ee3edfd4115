// A turn as Gemini streams it (the real streams of shared/test/fixtures/gemini/): each event a
// whole GenerateContentResponse — one candidate (index 0, role "model") with the parts of this
// read, `usageMetadata` counting the prompt and the candidates' tokens so far, `modelVersion` and
// `responseId` — thought parts (`thought: true`) first when includeThoughts asks for them, then
// text, each function call whole in one part (the first with a thoughtSignature, as Gemini 3
// signs it); the last event carries the candidate's finishReason (STOP, or MAX_TOKENS when cut).
// `data:` only, no event name; no [DONE].

import { randomString } from '../timing.ts';
import type { Rng } from '../timing.ts';
import { reasoningTokensOf, tokensOf } from '../turn.ts';
import type { Block, Turn } from '../turn.ts';
import type { WireEvent } from '../wire.ts';
import type { GeminiRequest } from './request.ts';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export interface GeminiIdentity {
  readonly responseId: string;
  /** The thoughtSignature the first function call (or the last text part) carries. */
  readonly signature: string;
}

export function makeIdentity(rng: Rng): GeminiIdentity {
  return { responseId: randomString(rng, 22), signature: `Cv${randomString(rng, 120, BASE64)}==` };
}

/** The blocks a request sees: thoughts only when it asked for them (includeThoughts). */
export function shownBlocks(request: GeminiRequest, blocks: readonly Block[]): Block[] {
  return blocks.filter((block) => block.kind !== 'reasoning' || request.includeThoughts);
}

export function finishReasonOf(turn: Turn): string {
  return turn.truncated ? 'MAX_TOKENS' : 'STOP';
}

export function usageOf(request: GeminiRequest, candidates: number, thoughts: number): Record<string, unknown> {
  return {
    promptTokenCount: request.promptTokens,
    candidatesTokenCount: candidates,
    totalTokenCount: request.promptTokens + candidates + thoughts,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: request.promptTokens }],
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
  };
}

/** A tool block's arguments, parsed from its pieces (the scenarios write them as JSON). */
function argsOf(block: Extract<Block, { kind: 'tool' }>): unknown {
  try {
    return JSON.parse(block.pieces.join(''));
  } catch {
    return {};
  }
}

interface Piece {
  readonly part: Record<string, unknown>;
  readonly tokens: number;
  readonly thoughts: number;
}

/** Each read's part: a piece of thought or text, or a whole function call. */
function piecesOf(blocks: readonly Block[], identity: GeminiIdentity): Piece[] {
  let signed = false;
  return blocks.flatMap((block): Piece[] => {
    if (block.kind === 'tool') {
      const part: Record<string, unknown> = { functionCall: { name: block.name, args: argsOf(block) } };
      if (!signed) part.thoughtSignature = identity.signature;
      signed = true;
      return [{ part, tokens: block.pieces.length, thoughts: 0 }];
    }
    if (block.kind === 'reasoning') return block.pieces.map((text) => ({ part: { text, thought: true }, tokens: 0, thoughts: 1 }));
    return block.pieces.map((text) => ({ part: { text }, tokens: 1, thoughts: 0 }));
  });
}

/** One GenerateContentResponse. */
export function responseObject(request: GeminiRequest, identity: GeminiIdentity, parts: readonly unknown[], finishReason: string | null, usage: Record<string, unknown> | null): Record<string, unknown> {
  const candidate: Record<string, unknown> = { ...(parts.length > 0 ? { content: { parts, role: 'model' } } : {}), ...(finishReason !== null ? { finishReason } : {}), index: 0 };
  return { candidates: [candidate], ...(usage !== null ? { usageMetadata: usage } : {}), modelVersion: request.model, responseId: identity.responseId };
}

/** The turn's events; `finish` false leaves the finishReason out (a stream cut before its end). */
export function geminiEvents(turn: Turn, request: GeminiRequest, identity: GeminiIdentity, finish = true): WireEvent[] {
  const blocks = shownBlocks(request, turn.blocks);
  const pieces = piecesOf(blocks, identity);
  let candidates = 0;
  let thoughts = 0;
  const events: WireEvent[] = pieces.map((piece, index) => {
    candidates += piece.tokens;
    thoughts += piece.thoughts;
    const last = index === pieces.length - 1;
    return {
      event: null,
      data: JSON.stringify(responseObject(request, identity, [piece.part], last && finish ? finishReasonOf(turn) : null, usageOf(request, candidates, thoughts))),
      pace: index === 0 ? 'first' : 'token',
      tokens: piece.tokens + piece.thoughts,
    };
  });
  if (pieces.length === 0 && finish) events.push({ event: null, data: JSON.stringify(responseObject(request, identity, [], finishReasonOf(turn), usageOf(request, 0, 0))), pace: 'first', tokens: 0 });
  return events;
}

/** The whole response a non-streamed answer is: every part joined as the final object holds them. */
export function wholeResponse(turn: Turn, request: GeminiRequest, identity: GeminiIdentity): Record<string, unknown> {
  const blocks = shownBlocks(request, turn.blocks);
  const parts: Record<string, unknown>[] = [];
  for (const piece of piecesOf(blocks, identity)) {
    const last = parts.at(-1);
    const text = piece.part.text;
    if (typeof text === 'string' && last !== undefined && typeof last.text === 'string' && last.thought === piece.part.thought) last.text += text;
    else parts.push({ ...piece.part });
  }
  return responseObject(request, identity, parts, finishReasonOf(turn), usageOf(request, tokensOf(blocks) - reasoningTokensOf(blocks), reasoningTokensOf(blocks)));
}
