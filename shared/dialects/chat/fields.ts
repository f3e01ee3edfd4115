// The fields OpenAI's chat.completion.chunk defines, and the provider extensions
// seen in the wild (../shared/provider-quirks.md). Anything outside the first
// set is surfaced as an unknown field; the second set only puts a name on it.

export const CHUNK_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'object',
  'created',
  'model',
  'system_fingerprint',
  'choices',
  'usage',
  'service_tier',
  'obfuscation',
  'moderation',
]);
export const CHOICE_FIELDS: ReadonlySet<string> = new Set(['index', 'delta', 'finish_reason', 'logprobs']);
/** `reasoning_content` and `reasoning` are not OpenAI's, but we make them a channel of their own (docs/architecture.md, "The stream"). */
export const DELTA_FIELDS: ReadonlySet<string> = new Set([
  'role',
  'content',
  'refusal',
  'tool_calls',
  /** Deprecated by OpenAI in favour of tool_calls, still sent by older servers. */
  'function_call',
  'reasoning_content',
  'reasoning',
]);
export const TOOL_CALL_FIELDS: ReadonlySet<string> = new Set(['index', 'id', 'type', 'function']);
export const FUNCTION_FIELDS: ReadonlySet<string> = new Set(['name', 'arguments']);

/** Who is known to send a field outside OpenAI's set, keyed by its path. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  x_groq: 'Groq',
  prompt_filter_results: 'Azure OpenAI (prompt content filter)',
  prompt_annotations: 'Azure OpenAI (older prompt filter)',
  provider: 'OpenRouter (upstream provider)',
  citations: 'Perplexity',
  search_results: 'Perplexity',
  sla_metrics: 'Novita',
  time_info: 'Cerebras',
  timings: 'llama.cpp server',
  prompt_token_ids: 'vLLM',
  prompt_text: 'vLLM',
  __verbose: 'llama.cpp server',
  prompt_progress: 'llama.cpp server',
  'choices[].content_filter_results': 'Azure OpenAI (completion content filter)',
  'choices[].matched_stop': 'SGLang',
  'choices[].stop_reason': 'vLLM',
  'choices[].token_ids': 'vLLM',
  'choices[].native_finish_reason': 'OpenRouter',
  'choices[].text': 'Together AI (copy of the content)',
  'choices[].seed': 'Together AI',
  'choices[].delta.reasoning_details': 'OpenRouter / Snowflake (structured reasoning)',
  'choices[].delta.annotations': 'OpenRouter web search (url_citation)',
  'choices[].delta.token_id': 'Together AI',
  'choices[].delta.channel': 'Groq gpt-oss (harmony channel)',
  'choices[].delta.executed_tools': 'Groq compound (built-in tools)',
  'choices[].delta.index': 'Mistral SDK / GLM',
  'choices[].delta.tool_calls[].extra_content': 'Google Gemini (thought signature)',
  'choices[].delta.extra_content': 'Google Gemini (thought signature)',
};

export function extensionOwner(path: string): string | null {
  return EXTENSIONS[path] ?? null;
}
