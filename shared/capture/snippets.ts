// What to paste to point an app at the capture proxy, per client (issue 18). The base URL is the
// one `proxyBaseUrl` gives; each client takes it its own way, and two of them change behaviour
// when it is set, which the notes say.

export interface CaptureSnippet {
  readonly client: string;
  readonly text: string;
  readonly note?: string;
}

/** Whether a route's upstream speaks Anthropic's API (its clients add `/v1/messages` to a base without `/v1`). */
export function isAnthropicUpstream(upstream: string): boolean {
  try {
    const host = new URL(upstream).hostname;
    return host === 'anthropic.com' || host.endsWith('.anthropic.com');
  } catch {
    return false;
  }
}

/** Whether a route's upstream is OpenAI's own API, which serves no Anthropic Messages. */
function isOpenAiUpstream(upstream: string): boolean {
  try {
    const host = new URL(upstream).hostname;
    return host === 'openai.com' || host.endsWith('.openai.com');
  } catch {
    return false;
  }
}

/**
 * The Anthropic clients' lines for a `/v1` base, for an upstream that may serve Messages beside
 * Chat Completions (the simulator, a gateway): `@anthropic-ai/sdk` adds `/v1/messages` itself, so
 * it takes the base without `/v1`; `@ai-sdk/anthropic` adds `/messages`, so it takes it with.
 */
function anthropicBesideOpenAi(baseUrl: string, upstream: string | undefined): CaptureSnippet[] {
  if ((upstream !== undefined && isOpenAiUpstream(upstream)) || !baseUrl.endsWith('/v1')) return [];
  const root = baseUrl.slice(0, -'/v1'.length);
  return [
    { client: 'Anthropic SDK (Node)', text: `new Anthropic({ baseURL: '${root}' })`, note: 'where the upstream serves Anthropic Messages: the SDK adds /v1/messages' },
    { client: 'Vercel AI SDK (Anthropic)', text: `createAnthropic({ baseURL: '${baseUrl}' })`, note: 'where the upstream serves Anthropic Messages: it adds /messages' },
  ];
}

/** `upstream`: the route's upstream, which tells whether the Anthropic clients' lines belong beside OpenAI's. */
export function captureSnippets(baseUrl: string, anthropic: boolean, upstream?: string): CaptureSnippet[] {
  if (anthropic) {
    return [
      { client: 'Environment', text: `ANTHROPIC_BASE_URL=${baseUrl}`, note: 'read by @anthropic-ai/sdk (Node and Python) and Claude Code' },
      { client: 'Anthropic SDK (Node)', text: `new Anthropic({ baseURL: '${baseUrl}' })` },
      { client: 'Anthropic SDK (Python)', text: `anthropic.Anthropic(base_url="${baseUrl}")` },
      { client: 'Vercel AI SDK', text: `createAnthropic({ baseURL: '${baseUrl}/v1' })` },
      { client: 'LiteLLM', text: `litellm.completion(model="anthropic/…", api_base="${baseUrl}", stream=True, …)` },
      {
        client: 'curl',
        text: `curl -N ${baseUrl}/v1/messages -H "x-api-key: $ANTHROPIC_API_KEY" -H "anthropic-version: 2023-06-01" -H "content-type: application/json" -d '{"model":"claude-sonnet-5-5","max_tokens":256,"stream":true,"messages":[{"role":"user","content":"Hello"}]}'`,
      },
    ];
  }
  return [
    { client: 'Environment', text: `OPENAI_BASE_URL=${baseUrl}`, note: 'read by the openai SDK (Node and Python) and most tools built on it' },
    { client: 'openai SDK (Node)', text: `new OpenAI({ baseURL: '${baseUrl}' })` },
    { client: 'openai SDK (Python)', text: `openai.OpenAI(base_url="${baseUrl}")` },
    {
      client: 'Vercel AI SDK',
      text: `const openai = createOpenAI({ baseURL: '${baseUrl}' })`,
      note: 'openai(id) speaks the Responses API (POST /responses); openai.chat(id) speaks Chat Completions',
    },
    {
      client: 'LangChain',
      text: `new ChatOpenAI({ model, configuration: { baseURL: '${baseUrl}' } })`,
      note: 'a custom base URL turns off its stream_usage default: pass streamUsage: true to keep the usage chunk',
    },
    { client: 'LiteLLM', text: `litellm.completion(model="openai/…", api_base="${baseUrl}", stream=True, …)` },
    ...anthropicBesideOpenAi(baseUrl, upstream),
    {
      client: 'curl',
      text: `curl -N ${baseUrl}/chat/completions -H "authorization: Bearer $OPENAI_API_KEY" -H "content-type: application/json" -d '{"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"Hello"}]}'`,
    },
  ];
}
