// The official SDKs through the harnesses docs/client-conformance.md shows (docs/client-conformance/),
// their real matrices pinned: what each one survives, detects, and — the news for users — which
// broken streams it hands to the app as a complete answer.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anthropicCases } from '../../../shared/conformance/client/anthropic/cases.ts';
import { bedrockConverseCases } from '../../../shared/conformance/client/bedrock-converse/cases.ts';
import { chatCases } from '../../../shared/conformance/client/chat/cases.ts';
import { geminiCases } from '../../../shared/conformance/client/gemini/cases.ts';
import { responsesCases } from '../../../shared/conformance/client/responses/cases.ts';
import type { ClientCase } from '../../../shared/conformance/client/types.ts';
import type { ClientVerdict } from '../../../shared/conformance/client/judge.ts';
import { runClientCases } from './run.ts';

const HARNESSES = fileURLToPath(new URL('../../../docs/client-conformance/', import.meta.url));
// The slow case waits 1.5 s, not 5: its verdict, not its length, is under test.
const CASES = chatCases({ slowFirstTokenMs: 1500 });
const MESSAGES = anthropicCases({ slowFirstTokenMs: 1500 });
const RESPONSES = responsesCases({ slowFirstTokenMs: 1500 });
const GEMINI = geminiCases({ slowFirstTokenMs: 1500 });
const BEDROCK = bedrockConverseCases({ slowFirstTokenMs: 1500 });
const passes = (cases: readonly ClientCase[]) => Object.fromEntries(cases.map((kase) => [kase.id, kase.expect === 'survive' ? 'survived' : 'detected'])) as Record<string, ClientVerdict>;
const PASSES = passes(CASES);

async function matrix(harness: string, cases: readonly ClientCase[] = CASES): Promise<Record<string, ClientVerdict>> {
  const run = await runClientCases({ argv: [process.execPath, HARNESSES + harness], cases, timeoutMs: 20_000 });
  return Object.fromEntries(run.results.map((result) => [result.id, result.verdict]));
}

// Concurrent: a matrix spends most of its time waiting (the SDKs' retry backoff, the slow first
// token), each on mocks of its own, so the harnesses run side by side.
describe.concurrent('the official SDKs, each through its ten-line harness', { timeout: 120_000 }, () => {
  it("openai's streaming iterator takes a body cut before [DONE] for a complete answer; accumulated by index, it loses Mistral's call without one", async () => {
    expect(await matrix('openai.mjs')).toEqual({ ...PASSES, 'tool-call-no-index': 'wrong', 'cut-before-done': 'wrong' });
  });

  it("openai's stream helper (finalChatCompletion) detects every broken stream, and refuses Mistral's tool call without an index and Groq's stream without a role", async () => {
    expect(await matrix('openai-final.mjs')).toEqual({ ...PASSES, 'tool-call-no-index': 'crashed', 'changing-ids': 'crashed' });
  });

  it("the AI SDK's streamText, as its docs show it, takes a mid-stream error and a cut body for a complete answer", async () => {
    expect(await matrix('ai-sdk.mjs')).toEqual({ ...PASSES, 'mid-stream-error': 'wrong', 'cut-before-done': 'wrong' });
  });

  it("the AI SDK's streamText with an onError that fails the run passes every case", async () => {
    expect(await matrix('ai-sdk-onerror.mjs')).toEqual(PASSES);
  });

  it('the plain fetch harness passes every case', async () => {
    expect(await matrix('fetch.mjs')).toEqual(PASSES);
  });

  it("@anthropic-ai/sdk's raw event iterator takes a body cut before message_stop for a complete answer", async () => {
    expect(await matrix('anthropic.mjs', MESSAGES)).toEqual({ ...passes(MESSAGES), 'cut-before-message-stop': 'wrong' });
  });

  it("@anthropic-ai/sdk's stream helper (finalMessage) passes every case", async () => {
    expect(await matrix('anthropic-final.mjs', MESSAGES)).toEqual(passes(MESSAGES));
  });

  it("openai's Responses event iterator takes a failed response and a body cut before the terminal event for complete answers", async () => {
    expect(await matrix('openai-responses.mjs', RESPONSES)).toEqual({ ...passes(RESPONSES), 'response-failed': 'wrong', 'cut-before-terminal': 'wrong' });
  });

  it("openai's Responses stream helper (finalResponse) resolves on a failed response and on a body cut before response.completed", async () => {
    expect(await matrix('openai-responses-final.mjs', RESPONSES)).toEqual({ ...passes(RESPONSES), 'response-failed': 'wrong', 'cut-before-terminal': 'wrong' });
  });

  it("@google/genai's generateContentStream() takes a body cut before any finishReason for a complete answer (Gemini has no [DONE]); it throws on Google's JSON error after the events", async () => {
    expect(await matrix('google-genai.mjs', GEMINI)).toEqual({ ...passes(GEMINI), 'cut-before-finish': 'wrong' });
  });

  it("@google/genai's generateContentStream() with a check that some chunk brought a finishReason passes every case", async () => {
    expect(await matrix('google-genai-finish.mjs', GEMINI)).toEqual(passes(GEMINI));
  });

  it("@aws-sdk/client-bedrock-runtime's ConverseStream takes a body cut before messageStop for a complete answer; it throws on exception frames, a CRC that does not hold and HTTP errors", async () => {
    expect(await matrix('aws-bedrock.mjs', BEDROCK)).toEqual({ ...passes(BEDROCK), 'cut-before-message-stop': 'wrong' });
  });

  it("@aws-sdk/client-bedrock-runtime's ConverseStream with a check that messageStop came passes every case", async () => {
    expect(await matrix('aws-bedrock-stop.mjs', BEDROCK)).toEqual(passes(BEDROCK));
  });

  it("the AI SDK's streamText on @ai-sdk/openai's Responses model takes a failed response and a cut body for complete answers", async () => {
    expect(await matrix('ai-sdk-responses.mjs', RESPONSES)).toEqual({ ...passes(RESPONSES), 'response-failed': 'wrong', 'cut-before-terminal': 'wrong' });
  });
});
