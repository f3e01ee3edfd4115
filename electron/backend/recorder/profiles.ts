// Provider profiles: where each OpenAI-compatible endpoint lives and which
// environment variable holds its key. `--base-url` overrides the URL; local
// servers need no key.

export interface Profile {
  readonly name: string;
  readonly label: string;
  /** Base URL up to and including the version path; `/chat/completions` is appended. Null when the user must give one. */
  readonly baseUrl: string | null;
  /** Environment variable holding the API key, or null for servers that take none. */
  readonly keyEnv: string | null;
  /** How the key is sent. */
  readonly auth: 'bearer' | 'api-key';
  /** A model to use when none is given, where the provider has an obvious one. */
  readonly defaultModel: string | null;
  readonly note?: string;
}

export const PROFILES: readonly Profile[] = [
  { name: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', keyEnv: 'OPENAI_API_KEY', auth: 'bearer', defaultModel: 'gpt-4o-mini' },
  {
    name: 'azure',
    label: 'Azure OpenAI',
    baseUrl: null,
    keyEnv: 'AZURE_OPENAI_API_KEY',
    auth: 'api-key',
    defaultModel: null,
    note: 'give --base-url https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT and --query api-version=2024-10-21',
  },
  { name: 'openrouter', label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', keyEnv: 'OPENROUTER_API_KEY', auth: 'bearer', defaultModel: null },
  { name: 'groq', label: 'Groq', baseUrl: 'https://api.groq.com/openai/v1', keyEnv: 'GROQ_API_KEY', auth: 'bearer', defaultModel: null },
  { name: 'together', label: 'Together AI', baseUrl: 'https://api.together.xyz/v1', keyEnv: 'TOGETHER_API_KEY', auth: 'bearer', defaultModel: null },
  { name: 'fireworks', label: 'Fireworks AI', baseUrl: 'https://api.fireworks.ai/inference/v1', keyEnv: 'FIREWORKS_API_KEY', auth: 'bearer', defaultModel: null },
  { name: 'deepseek', label: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', keyEnv: 'DEEPSEEK_API_KEY', auth: 'bearer', defaultModel: 'deepseek-chat' },
  { name: 'mistral', label: 'Mistral', baseUrl: 'https://api.mistral.ai/v1', keyEnv: 'MISTRAL_API_KEY', auth: 'bearer', defaultModel: 'mistral-small-latest' },
  { name: 'xai', label: 'xAI', baseUrl: 'https://api.x.ai/v1', keyEnv: 'XAI_API_KEY', auth: 'bearer', defaultModel: null },
  { name: 'reflection', label: 'Reflection', baseUrl: 'https://api.reflection.ai/openai/v1', keyEnv: 'REFLECTION_API_KEY', auth: 'bearer', defaultModel: 'Beam-501B-A23B' },
  { name: 'vllm', label: 'vLLM (local)', baseUrl: 'http://127.0.0.1:8000/v1', keyEnv: null, auth: 'bearer', defaultModel: null },
  { name: 'ollama', label: 'Ollama (local)', baseUrl: 'http://127.0.0.1:11434/v1', keyEnv: null, auth: 'bearer', defaultModel: null },
  { name: 'lmstudio', label: 'LM Studio (local)', baseUrl: 'http://127.0.0.1:1234/v1', keyEnv: null, auth: 'bearer', defaultModel: null },
  { name: 'llamacpp', label: 'llama.cpp server (local)', baseUrl: 'http://127.0.0.1:8080/v1', keyEnv: null, auth: 'bearer', defaultModel: null },
  {
    name: 'simulator',
    label: 'Built-in simulator',
    baseUrl: null,
    keyEnv: null,
    auth: 'bearer',
    defaultModel: 'sim-text',
    note: 'start it with `streamscope simulate`, then give --base-url with the URL it prints',
  },
];

export function findProfile(name: string): Profile | undefined {
  return PROFILES.find((profile) => profile.name === name.toLowerCase());
}

/**
 * The chat-completions endpoint under a base URL, or null when it is not a URL: `/chat/completions`
 * goes at the end of the path, so a query on the base (Azure's `?api-version=…`) stays a query.
 * A fragment is never sent, so it is dropped rather than recorded.
 */
export function chatCompletionsUrl(baseUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null;
  }
  url.pathname = url.pathname.replace(/\/+$/, '') + '/chat/completions';
  url.hash = '';
  return url;
}

/**
 * The upstreams a capture proxy forwards to: each profile's base URL under its name, then the URLs
 * given. `simulatorUrl` answers the `simulator` profile (the app starts one on demand). A profile
 * without a fixed URL (Azure) must be given as a URL; an unknown one is named in the error.
 */
export function captureUpstreams(profiles: readonly string[], upstreams: readonly { readonly url: string; readonly name?: string }[], simulatorUrl?: string): { url: string; name?: string }[] | string {
  const specs: { url: string; name?: string }[] = [];
  for (const name of profiles) {
    const profile = findProfile(name);
    if (!profile) return `unknown profile "${name}" (known: ${PROFILES.map((known) => known.name).join(', ')})`;
    const url = profile.name === 'simulator' ? simulatorUrl : profile.baseUrl;
    if (!url) return `the ${profile.label} profile has no fixed URL: give it as an upstream URL instead${profile.note ? ` (${profile.note})` : ''}`;
    specs.push({ url, name: profile.name });
  }
  return [...specs, ...upstreams];
}
