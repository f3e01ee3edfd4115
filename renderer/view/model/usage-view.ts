// A usage object as the Usage panel shows it, in its dialect's words: the figures a reader looks
// for first, then every field (nested ones flattened), those outside the dialect's documented
// usage marked as a provider's own. Chat Completions' `usage` (CompletionUsage), the Responses
// `usage` (ResponseUsage) and the Anthropic `usage` (Usage) name the same counts differently.

import type { Protocol } from '../../../shared/dialects/types.ts';
import { formatCount } from '../../components/format.ts';
import { usageFields } from '../../../shared/dialects/chat/usage-fields.ts';
import type { UsageField } from '../../../shared/dialects/chat/usage-fields.ts';

export interface UsageView {
  readonly headline: readonly { readonly label: string; readonly value: string }[];
  readonly fields: readonly UsageField[];
}

/** The headline figures by dialect: their dotted paths in usage, and what to call them. */
const HEADLINES: Readonly<Record<Protocol, readonly (readonly [path: string, label: string])[]>> = {
  'chat-completions': [
    ['prompt_tokens', 'prompt'],
    ['completion_tokens', 'completion'],
    ['total_tokens', 'total'],
    ['completion_tokens_details.reasoning_tokens', 'reasoning'],
    ['prompt_tokens_details.cached_tokens', 'cached'],
  ],
  responses: [
    ['input_tokens', 'input'],
    ['output_tokens', 'output'],
    ['total_tokens', 'total'],
    ['output_tokens_details.reasoning_tokens', 'reasoning'],
    ['input_tokens_details.cached_tokens', 'cached'],
  ],
  'anthropic-messages': [
    ['input_tokens', 'input'],
    ['output_tokens', 'output'],
    ['cache_creation_input_tokens', 'cache write'],
    ['cache_read_input_tokens', 'cache read'],
    ['output_tokens_details.thinking_tokens', 'thinking'],
  ],
};

/**
 * The documented fields of the other dialects' usage (openai SDK's ResponseUsage; @anthropic-ai/sdk's
 * Usage): anything else is a provider's own. Chat Completions' are usageFields' own `known`.
 */
const DOCUMENTED: Readonly<Record<Exclude<Protocol, 'chat-completions'>, ReadonlySet<string>>> = {
  responses: new Set([
    'input_tokens',
    'input_tokens_details',
    'input_tokens_details.cached_tokens',
    'input_tokens_details.cache_write_tokens',
    'input_tokens_details.cache_write_tokens_details.ttl_12h_tokens',
    'input_tokens_details.cache_write_tokens_details.ttl_30m_tokens',
    'output_tokens',
    'output_tokens_details',
    'output_tokens_details.reasoning_tokens',
    'total_tokens',
  ]),
  'anthropic-messages': new Set([
    'input_tokens',
    'output_tokens',
    'cache_creation_input_tokens',
    'cache_read_input_tokens',
    'cache_creation',
    'cache_creation.ephemeral_5m_input_tokens',
    'cache_creation.ephemeral_1h_input_tokens',
    'server_tool_use',
    'server_tool_use.web_search_requests',
    'server_tool_use.web_fetch_requests',
    'output_tokens_details',
    'output_tokens_details.thinking_tokens',
    'service_tier',
    'inference_geo',
    'speed',
  ]),
};

export function usageView(protocol: Protocol | null, usage: Readonly<Record<string, unknown>>): UsageView {
  const documented = protocol === null || protocol === 'chat-completions' ? null : DOCUMENTED[protocol];
  const fields = usageFields(usage).map((field) => (documented === null ? field : { ...field, known: documented.has(field.path) }));
  const headline = HEADLINES[protocol ?? 'chat-completions'].flatMap(([path, label]) => {
    const field = fields.find((each) => each.path === path);
    if (!field) return [];
    const number = Number(field.value);
    return [{ label, value: field.value !== '' && Number.isFinite(number) ? formatCount(number) : field.value }];
  });
  return { headline, fields };
}

/** The usage a panel shows: Chat Completions' state's, or another dialect's final object's (as of the event, or at the end). */
export function usageOfFinal(final: unknown): Readonly<Record<string, unknown>> | null {
  if (typeof final !== 'object' || final === null) return null;
  const usage = (final as Record<string, unknown>).usage;
  return typeof usage === 'object' && usage !== null && !Array.isArray(usage) ? (usage as Record<string, unknown>) : null;
}
