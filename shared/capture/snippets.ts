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

export function captureSnippets(baseUrl: string, anthropic: boolean): CaptureSnippet[] {
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
    {
      client: 'curl',
      text: `curl -N ${baseUrl}/chat/completions -H "authorization: Bearer $OPENAI_API_KEY" -H "content-type: application/json" -d '{"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"Hello"}]}'`,
    },
  ];
}
