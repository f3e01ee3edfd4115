// item-not-done against the client it is about: the Vercel AI SDK (`streamText` over
// @ai-sdk/openai's Responses model) emits a function call's tool call only at its
// response.output_item.done, so a stream that skips that event loses the call although the
// terminal response.completed holds it. The bytes are a real OpenAI capture (gpt-4o, one
// function_call; shared/test/fixtures/dialects/SOURCES.md), fed to the SDK through a `fetch`
// that answers with them, so the SDK parses the SSE itself.

import { readFileSync } from 'node:fs';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/dialect-corpus.ts';
import { runDialect } from '../run.ts';
import { sseEvents } from '../streams.test-support.ts';
import { responses } from './index.ts';

const FILE = 'responses/openai-gpt4o-function-call-no-sequence-number.sse';
const withDone = readFileSync(CORPUS_DIR + FILE, 'utf8');
// The capture's events are separated by one blank line each: drop the one output_item.done.
const withoutDone = withDone
  .split('\n\n')
  .filter((event) => !event.startsWith('event: response.output_item.done\n'))
  .join('\n\n');

interface AiSdkEnd {
  readonly toolCalls: { readonly name: string; readonly input: unknown }[];
  readonly finishReason: string;
}

async function aiSdk(body: string): Promise<AiSdkEnd> {
  const bytes = new TextEncoder().encode(body);
  const fetch = () =>
    Promise.resolve(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      ),
    );
  const provider = createOpenAI({ baseURL: 'http://replay.invalid/v1', apiKey: 'test', fetch });
  const tools = { get_capital: tool({ inputSchema: jsonSchema({ type: 'object', additionalProperties: true }) }) };
  const result = streamText({ model: provider.responses('gpt-4o'), prompt: 'What is the capital of France?', tools, maxRetries: 0, onError: () => {} });
  const toolCalls: AiSdkEnd['toolCalls'][number][] = [];
  let finishReason = 'none';
  for await (const part of result.fullStream) {
    if (part.type === 'tool-call') toolCalls.push({ name: part.toolName, input: part.input });
    else if (part.type === 'finish') finishReason = part.finishReason;
    else if (part.type === 'error') throw part.error;
  }
  return { toolCalls, finishReason };
}

const findings = (body: string) =>
  runDialect(responses, sseEvents(new TextEncoder().encode(body))).diagnostics.map(({ code, severity, message }) => ({ code, severity, message }));

describe('item-not-done: a function call without response.output_item.done, which response.completed holds', () => {
  it('the variant differs from the capture by the one output_item.done event', () => {
    expect(withDone.split('\n\n').length - withoutDone.split('\n\n').length).toBe(1);
    expect(withoutDone).not.toContain('response.output_item.done');
  });

  it('with output_item.done, the AI SDK returns the call and finishes with tool-calls; we find nothing', async () => {
    expect(await aiSdk(withDone)).toEqual({ toolCalls: [{ name: 'get_capital', input: { country: 'France' } }], finishReason: 'tool-calls' });
    expect(findings(withDone).filter((finding) => finding.severity !== 'info')).toEqual([]);
  });

  it('without it, the AI SDK returns no tool call and finishes with stop; we report an error', async () => {
    expect(await aiSdk(withoutDone)).toEqual({ toolCalls: [], finishReason: 'stop' });
    expect(findings(withoutDone).filter((finding) => finding.severity !== 'info')).toEqual([
      {
        code: 'item-not-done',
        severity: 'error',
        message:
          "output[0] (function_call fc_67e554a1de488191af0831d35cbe082e0794405d35281ae2) was added (event 2) but never got response.output_item.done; only the response.completed response holds it. The Vercel AI SDK's streamText returns no tool call for it (and, with no other call, finish reason stop, not tool-calls).",
      },
    ]);
  });
});
