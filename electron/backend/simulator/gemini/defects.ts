// The Gemini defects (issue 32), one per rule of the Gemini battery a real server or gateway was
// seen to break: each rewrites the faithful scenario's events, so the stream differs from
// Google's in that one way.

import type { DefectSpec, EventDefect } from '../defect-spec.ts';
import { rewriteData, streamedAnswer } from '../defect-spec.ts';

/** Every candidate's finishReason left out. */
function withoutFinish(data: Record<string, unknown>): Record<string, unknown> {
  const candidates = Array.isArray(data.candidates) ? data.candidates.map((candidate: Record<string, unknown>) => Object.fromEntries(Object.entries(candidate).filter(([key]) => key !== 'finishReason'))) : data.candidates;
  return { ...data, candidates };
}

export const GEMINI_DEFECTS: readonly DefectSpec<EventDefect>[] = [
  {
    name: 'no-finish-reason',
    description: 'The last candidate never carries a finishReason: the stream ends as a cut one does (gateways that re-chunk Gemini, vercel/ai #5217).',
    imitates: 'vercel/ai #5217',
    check: 'gemini.text',
    breaks: ['no-finish-reason'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { events: (events) => events.map((event) => rewriteData(event, withoutFinish)) },
  },
  {
    name: 'no-usage-metadata',
    description: 'No event carries usageMetadata, as OpenAI-compatible proxies in front of Gemini drop it.',
    imitates: null,
    check: 'gemini.text',
    breaks: ['no-usage-metadata'],
    verdict: 'warn',
    builds: 'text',
    rewrite: { events: (events) => events.map((event) => rewriteData(event, ({ usageMetadata: _dropped, ...data }) => data)) },
  },
  {
    name: 'thoughts-dropped',
    description: 'Thought parts left out though includeThoughts asked for them, as OpenAI-compatible layers over Gemini drop them.',
    imitates: null,
    check: 'gemini.thinking',
    breaks: ['no-thought-parts'],
    verdict: 'warn',
    builds: 'reasoning',
    rewrite: { request: (request) => ({ ...request, includeThoughts: false }) as typeof request },
  },
  {
    name: 'max-output-tokens-ignored',
    description: 'Ignores generationConfig.maxOutputTokens: the whole answer, finishReason "STOP".',
    imitates: null,
    check: 'gemini.max-tokens',
    breaks: ['no-finish-reason'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { request: (request) => ({ ...request, maxTokens: null }) },
  },
  {
    name: 'error-streamed',
    description: 'A request Google refuses with 400 answered 200, its error as an event of the stream, as vLLM answered Chat (vllm-project/guidellm #743).',
    imitates: 'vLLM (vllm-project/guidellm #743), in Gemini events',
    check: 'gemini.error',
    breaks: ['error-not-refused'],
    verdict: 'fail',
    builds: 'text',
    rewrite: {
      refusal: (refused) => {
        const { error } = JSON.parse(refused.body) as { error: unknown };
        return streamedAnswer(`data: ${JSON.stringify({ error })}\r\n\r\n`);
      },
    },
  },
  {
    name: 'split-function-call',
    description: "A function call's args sent as JSON text in pieces over several events, OpenAI-style, which @google/genai hands the app as separate broken calls.",
    imitates: null,
    check: 'gemini.tools',
    breaks: ['function-call-not-whole'],
    verdict: 'fail',
    builds: 'tool-call',
    rewrite: {
      events: (events) =>
        events.flatMap((event) => {
          const data = JSON.parse(event.data) as { candidates?: { content?: { parts?: Record<string, unknown>[] } }[] };
          const part = data.candidates?.[0]?.content?.parts?.[0];
          const call = part?.functionCall as { name: string; args: unknown } | undefined;
          if (call === undefined) return [event];
          const text = JSON.stringify(call.args);
          const half = Math.floor(text.length / 2);
          return [text.slice(0, half), text.slice(half)].map((piece, at) =>
            rewriteData(event, (whole) => ({ ...whole, candidates: [{ ...(whole.candidates as Record<string, unknown>[])[0], content: { role: 'model', parts: [{ functionCall: { name: at === 0 ? call.name : '', args: { partial: piece } } }] } }] })),
          );
        }),
    },
  },
];
