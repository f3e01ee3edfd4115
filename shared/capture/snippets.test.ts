// What to paste to point an app at the proxy: each client's way of taking the base URL, and the
// two that change behaviour with a custom base URL say so.

import { describe, expect, it } from 'vitest';
import { captureSnippets, isAnthropicUpstream } from './snippets.ts';

const BASE = 'http://127.0.0.1:4100/openai/v1';

describe('captureSnippets', () => {
  it('gives OpenAI-style clients the base URL as they take it', () => {
    const snippets = captureSnippets(BASE, false, 'https://api.openai.com/v1');
    expect(snippets.map((snippet) => snippet.client)).toEqual(['Environment', 'openai SDK (Node)', 'openai SDK (Python)', 'Vercel AI SDK', 'LangChain', 'LiteLLM', 'curl']);
    expect(snippets[0]!.text).toBe(`OPENAI_BASE_URL=${BASE}`);
    expect(snippets.find((snippet) => snippet.client === 'Vercel AI SDK')!.note).toBe('openai(id) speaks the Responses API (POST /responses); openai.chat(id) speaks Chat Completions');
    expect(snippets.find((snippet) => snippet.client === 'LangChain')!.note).toContain('stream_usage');
    expect(snippets.find((snippet) => snippet.client === 'curl')!.text).toMatch(new RegExp(`^curl -N ${BASE.replace(/[.]/g, '\\.')}/chat/completions `));
    for (const snippet of snippets) expect(snippet.text, snippet.client).toContain(BASE);
  });

  it('adds the Anthropic SDKs for an upstream that may serve Messages too: @anthropic-ai/sdk without /v1, @ai-sdk/anthropic with it', () => {
    const snippets = captureSnippets(BASE, false, 'http://127.0.0.1:4000/v1');
    expect(snippets.map((snippet) => snippet.client)).toEqual(['Environment', 'openai SDK (Node)', 'openai SDK (Python)', 'Vercel AI SDK', 'LangChain', 'LiteLLM', 'Anthropic SDK (Node)', 'Vercel AI SDK (Anthropic)', 'curl']);
    expect(snippets.find((snippet) => snippet.client === 'Anthropic SDK (Node)')!.text).toBe("new Anthropic({ baseURL: 'http://127.0.0.1:4100/openai' })");
    expect(snippets.find((snippet) => snippet.client === 'Vercel AI SDK (Anthropic)')!.text).toBe(`createAnthropic({ baseURL: '${BASE}' })`);
  });

  it('gives Anthropic clients ANTHROPIC_BASE_URL, and the Vercel AI SDK the /v1 it expects', () => {
    const base = 'http://127.0.0.1:4100/anthropic';
    const snippets = captureSnippets(base, true);
    expect(snippets[0]!.text).toBe(`ANTHROPIC_BASE_URL=${base}`);
    expect(snippets.find((snippet) => snippet.client === 'Vercel AI SDK')!.text).toBe(`createAnthropic({ baseURL: '${base}/v1' })`);
    expect(snippets.find((snippet) => snippet.client === 'curl')!.text).toContain(`${base}/v1/messages`);
  });
});

describe('isAnthropicUpstream', () => {
  it.each([
    ['https://api.anthropic.com', true],
    ['https://api.anthropic.com/v1', true],
    ['https://api.openai.com/v1', false],
    ['https://anthropic.com.evil.example', false],
    ['https://notanthropic.com/v1', false],
    ['not a url', false],
  ])('%s: %s', (upstream, anthropic) => {
    expect(isAnthropicUpstream(upstream)).toBe(anthropic);
  });
});
