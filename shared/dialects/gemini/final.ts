// The final object of a Gemini stream: the GenerateContentResponse a non-streamed call would have
// answered, as far as the stream tells it — `{responseId, modelVersion, candidates: [{index,
// content: {role, parts}, finishReason, safetyRatings, citationMetadata …}], usageMetadata}`.
//
// Its parts are what the next turn of the conversation sends back (@google/genai's chats keep a
// stream's parts as they came): consecutive text parts of one kind joined, function calls whole
// (a streamed call's fragments assembled into its `args`, partial-args.ts), and every
// thoughtSignature on the part that carried it — the thing clients lose, after which the next
// turn fails with a 400. Candidates by index; `finishReason` null when none came; the other
// members of a candidate as last sent, and its citations gathered from every event; the last
// usageMetadata; promptFeedback and Vertex's createTime when sent. `role` is "model" when no
// event said it (the role the API gives an answer).

import type { CandidateState, GeminiState, PartState } from './accumulator.ts';
import { assembleArgs } from './partial-args.ts';

type Json = Record<string, unknown>;

export interface GeminiCandidate {
  index: number;
  content: { role: string; parts: Json[] };
  finishReason: string | null;
  [member: string]: unknown;
}

/** The contract's `"response"` (docs/architecture.md, "Analysis contract"). */
export interface GeminiResponse {
  responseId: string | null;
  modelVersion: string | null;
  candidates: GeminiCandidate[];
  usageMetadata: Json | null;
  promptFeedback?: Json;
  createTime?: string;
}

export function finalResponse(state: GeminiState): GeminiResponse {
  const out: GeminiResponse = {
    responseId: state.responseId,
    modelVersion: state.modelVersion,
    candidates: [...state.candidates.values()].sort((a, b) => a.index - b.index).map(candidateOf),
    usageMetadata: state.usage === null ? null : { ...state.usage },
  };
  if (state.promptFeedback !== null) out.promptFeedback = { ...state.promptFeedback };
  if (state.createTime !== null) out.createTime = state.createTime;
  return out;
}

function candidateOf(candidate: CandidateState): GeminiCandidate {
  const out: GeminiCandidate = { index: candidate.index, content: { role: candidate.role ?? 'model', parts: candidate.parts.map(partOf) }, finishReason: candidate.finishReason, ...candidate.fields };
  if (candidate.citations !== null) out.citationMetadata = { citations: candidate.citations.slice() };
  return out;
}

export function partOf(part: PartState): Json {
  switch (part.kind) {
    case 'text': {
      const out: Json = { text: part.text.value };
      if (part.thought) out.thought = true;
      if (part.signature !== null) out.thoughtSignature = part.signature;
      return out;
    }
    case 'whole':
      return { ...part.part };
    case 'streamed': {
      const out: Json = { functionCall: { ...part.call, args: assembleArgs(part.fragments).args } };
      if (part.signature !== null) out.thoughtSignature = part.signature;
      return out;
    }
  }
}
