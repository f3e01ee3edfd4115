// Provider profiles: where each endpoint lives, which dialects it serves (Chat Completions,
// Responses, Anthropic Messages, Gemini, Bedrock ConverseStream: docs/architecture.md, "The stream" and "Dialects"), which
// environment variable holds its key and how the key is sent. `--base-url` overrides the URL;
// local servers need no key.

import { descriptorOf, PROTOCOLS } from '../../../shared/dialects/registry.ts';
import type { DialectDescriptor, Protocol } from '../../../shared/dialects/types.ts';

/** How a key is sent: a dialect's own way (`Authorization: Bearer KEY`, Anthropic's `x-api-key: KEY`, Google's `x-goog-api-key: KEY`), or Azure's `api-key: KEY`. */
export type KeyAuth = DialectDescriptor['auth'] | 'api-key';

export interface Profile {
  readonly name: string;
  readonly label: string;
  /** Base URL up to and including the version path; the dialect's path (`/chat/completions` …) is appended. Null when the user must give one. */
  readonly baseUrl: string | null;
  /** Environment variable holding the API key, or null for servers that take none. */
  readonly keyEnv: string | null;
  readonly auth: KeyAuth;
  /** A model to use when none is given, where the provider has an obvious one. */
  readonly defaultModel: string | null;
  /** The dialects it serves; the first is the one used when none is asked for. */
  readonly protocols: readonly Protocol[];
  /** The base URL the provider's own SDK takes, when it is not `baseUrl` (Anthropic's adds `/v1` itself): where the capture proxy forwards. */
  readonly sdkBaseUrl?: string;
  readonly note?: string;
}

const CHAT: readonly Protocol[] = ['chat-completions'];

export const PROFILES: readonly Profile[] = [
  { name: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', keyEnv: 'OPENAI_API_KEY', auth: 'bearer', defaultModel: 'gpt-4o-mini', protocols: ['chat-completions', 'responses'] },
  {
    name: 'azure',
    label: 'Azure OpenAI',
    baseUrl: null,
    keyEnv: 'AZURE_OPENAI_API_KEY',
    auth: 'api-key',
    defaultModel: null,
    protocols: CHAT,
    note: 'give --base-url https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT and --query api-version=2024-10-21',
  },
  {
    name: 'anthropic',
    label: 'Anthropic',
    baseUrl: 'https://api.anthropic.com/v1',
    sdkBaseUrl: 'https://api.anthropic.com',
    keyEnv: 'ANTHROPIC_API_KEY',
    auth: 'x-api-key',
    // A current model of @anthropic-ai/sdk's `Model` list (not among its deprecated ones).
    defaultModel: 'claude-sonnet-5-5',
    protocols: ['anthropic-messages'],
  },
  {
    name: 'gemini',
    label: 'Google Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    // @google/genai takes the origin and adds its apiVersion (v1beta) itself.
    sdkBaseUrl: 'https://generativelanguage.googleapis.com',
    keyEnv: 'GEMINI_API_KEY',
    auth: 'x-goog-api-key',
    defaultModel: 'gemini-2.5-flash',
    protocols: ['gemini'],
  },
  {
    name: 'bedrock',
    label: 'Amazon Bedrock',
    // The endpoint is the region's: bedrock-runtime.REGION.amazonaws.com.
    baseUrl: null,
    // A Bedrock API key, sent as `Authorization: Bearer KEY`, under the variable the AWS SDKs read it from (SigV4 signing is not done here).
    keyEnv: 'AWS_BEARER_TOKEN_BEDROCK',
    auth: 'bearer',
    defaultModel: null,
    protocols: ['bedrock-converse'],
    note: 'give --base-url https://bedrock-runtime.REGION.amazonaws.com and --model with a model or inference profile id (us.anthropic.claude-sonnet-4-20250514-v1:0 …)',
  },
  { name: 'openrouter', label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', keyEnv: 'OPENROUTER_API_KEY', auth: 'bearer', defaultModel: null, protocols: CHAT },
  { name: 'groq', label: 'Groq', baseUrl: 'https://api.groq.com/openai/v1', keyEnv: 'GROQ_API_KEY', auth: 'bearer', defaultModel: null, protocols: CHAT },
  { name: 'together', label: 'Together AI', baseUrl: 'https://api.together.xyz/v1', keyEnv: 'TOGETHER_API_KEY', auth: 'bearer', defaultModel: null, protocols: CHAT },
  { name: 'fireworks', label: 'Fireworks AI', baseUrl: 'https://api.fireworks.ai/inference/v1', keyEnv: 'FIREWORKS_API_KEY', auth: 'bearer', defaultModel: null, protocols: CHAT },
  { name: 'deepseek', label: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', keyEnv: 'DEEPSEEK_API_KEY', auth: 'bearer', defaultModel: 'deepseek-chat', protocols: CHAT },
  { name: 'mistral', label: 'Mistral', baseUrl: 'https://api.mistral.ai/v1', keyEnv: 'MISTRAL_API_KEY', auth: 'bearer', defaultModel: 'mistral-small-latest', protocols: CHAT },
  { name: 'xai', label: 'xAI', baseUrl: 'https://api.x.ai/v1', keyEnv: 'XAI_API_KEY', auth: 'bearer', defaultModel: null, protocols: CHAT },
  { name: 'reflection', label: 'Reflection', baseUrl: 'https://api.reflection.ai/openai/v1', keyEnv: 'REFLECTION_API_KEY', auth: 'bearer', defaultModel: 'Beam-501B-A23B', protocols: CHAT },
  { name: 'vllm', label: 'vLLM (local)', baseUrl: 'http://127.0.0.1:8000/v1', keyEnv: null, auth: 'bearer', defaultModel: null, protocols: CHAT },
  { name: 'ollama', label: 'Ollama (local)', baseUrl: 'http://127.0.0.1:11434/v1', keyEnv: null, auth: 'bearer', defaultModel: null, protocols: CHAT },
  { name: 'lmstudio', label: 'LM Studio (local)', baseUrl: 'http://127.0.0.1:1234/v1', keyEnv: null, auth: 'bearer', defaultModel: null, protocols: CHAT },
  { name: 'llamacpp', label: 'llama.cpp server (local)', baseUrl: 'http://127.0.0.1:8080/v1', keyEnv: null, auth: 'bearer', defaultModel: null, protocols: CHAT },
  {
    name: 'simulator',
    label: 'Built-in simulator',
    baseUrl: null,
    keyEnv: null,
    auth: 'bearer',
    defaultModel: 'sim-text',
    protocols: PROTOCOLS,
    note: 'start it with `streamscope simulate`, then give --base-url with the URL it prints',
  },
];

export function findProfile(name: string): Profile | undefined {
  return PROFILES.find((profile) => profile.name === name.toLowerCase());
}

/**
 * The dialect a request through `profile` speaks: the one asked for when the profile serves it,
 * else null; the profile's default when none is asked for. Without a profile (a base URL of the
 * user's own) any dialect goes, Chat Completions by default.
 */
export function protocolFor(profile: Profile | undefined, asked?: Protocol): Protocol | null {
  const served = profile?.protocols ?? PROTOCOLS;
  if (asked === undefined) return served[0]!;
  return served.includes(asked) ? asked : null;
}

/**
 * The dialect's endpoint for `model` under a base URL, or null when it is not a URL: its
 * descriptor's endpoint (the path ending, with the model where the dialect names it in the path,
 * and its query: Gemini's `/models/MODEL:streamGenerateContent?alt=sse`) goes at the end of the
 * base's path, so a query on the base (Azure's `?api-version=…`) stays a query, joined by the
 * endpoint's. A fragment is never sent, so it is dropped rather than recorded.
 */
export function endpointUrl(baseUrl: string, protocol: Protocol, model: string): URL | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null;
  }
  const endpoint = new URL(descriptorOf(protocol).endpoint(model), 'http://endpoint.invalid');
  url.pathname = url.pathname.replace(/\/+$/, '') + endpoint.pathname;
  for (const [name, value] of endpoint.searchParams) url.searchParams.set(name, value);
  url.hash = '';
  return url;
}

/**
 * The headers given, after those a dialect's requests carry unless given (in any case): its
 * descriptor's `headers` (Anthropic Messages' `anthropic-version`, as @anthropic-ai/sdk sends it).
 */
export function withProtocolHeaders(protocol: Protocol, given: Readonly<Record<string, string>> = {}): Record<string, string> {
  const own = descriptorOf(protocol).headers;
  const names = new Set(Object.keys(given).map((name) => name.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(own).filter(([name]) => !names.has(name))), ...given };
}

/**
 * How a key goes with a request: the profile's way; without a profile, the way the dialect's own
 * SDK sends it (its descriptor's `auth`: `x-api-key` for Anthropic Messages, `Authorization: Bearer` for the others).
 */
export function keyAuthFor(profile: Profile | undefined, protocol: Protocol): KeyAuth {
  return profile?.auth ?? descriptorOf(protocol).auth;
}

/** The header that carries a key sent `auth`'s way, by its lower-case name. */
export function keyHeaderName(auth: KeyAuth): string {
  return auth === 'bearer' ? 'authorization' : auth;
}

/** The key as its header: `{authorization: "Bearer KEY"}`, or the key alone under its header's name (`api-key`, `x-api-key`, `x-goog-api-key`). */
export function keyHeader(auth: KeyAuth, key: string): Record<string, string> {
  return { [keyHeaderName(auth)]: auth === 'bearer' ? `Bearer ${key}` : key };
}

/**
 * The upstreams a capture proxy forwards to: each profile's base URL under its name (the one its
 * SDK takes: `https://api.anthropic.com` for Anthropic, whose SDK adds `/v1/messages`), then the URLs
 * given. `simulatorUrl` answers the `simulator` profile (the app starts one on demand). A profile
 * without a fixed URL (Azure) must be given as a URL; an unknown one is named in the error.
 */
export function captureUpstreams(profiles: readonly string[], upstreams: readonly { readonly url: string; readonly name?: string }[], simulatorUrl?: string): { url: string; name?: string }[] | string {
  const specs: { url: string; name?: string }[] = [];
  for (const name of profiles) {
    const profile = findProfile(name);
    if (!profile) return `unknown profile "${name}" (known: ${PROFILES.map((known) => known.name).join(', ')})`;
    const url = profile.name === 'simulator' ? simulatorUrl : (profile.sdkBaseUrl ?? profile.baseUrl);
    if (!url) return `the ${profile.label} profile has no fixed URL: give it as an upstream URL instead${profile.note ? ` (${profile.note})` : ''}`;
    specs.push({ url, name: profile.name });
  }
  return [...specs, ...upstreams];
}
