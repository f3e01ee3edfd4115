// A usage object as rows to show: nested objects flattened to dotted names
// (`completion_tokens_details.reasoning_tokens`), every field kept — provider extensions
// (`prompt_cache_hit_tokens`, `x_groq`'s timings, `cost`) are shown and marked, never dropped.

export interface UsageField {
  /** Dotted path: `prompt_tokens`, `prompt_tokens_details.cached_tokens`. */
  readonly path: string;
  /** The value as text: a string as it is, anything else as JSON (`{}` for an empty object). */
  readonly value: string;
  /** A field of OpenAI's usage object (CompletionUsage); false for a provider's own. */
  readonly known: boolean;
}

// CompletionUsage of the OpenAI API reference: the top-level counts and the two details objects.
const KNOWN = new Set([
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'prompt_tokens_details',
  'prompt_tokens_details.cached_tokens',
  'prompt_tokens_details.audio_tokens',
  'completion_tokens_details',
  'completion_tokens_details.reasoning_tokens',
  'completion_tokens_details.audio_tokens',
  'completion_tokens_details.accepted_prediction_tokens',
  'completion_tokens_details.rejected_prediction_tokens',
]);

/** The fields of a usage object, in the order they came, nested ones flattened. */
export function usageFields(usage: Readonly<Record<string, unknown>>): UsageField[] {
  const fields: UsageField[] = [];
  const walk = (object: Readonly<Record<string, unknown>>, prefix: string): void => {
    for (const [key, value] of Object.entries(object)) {
      const path = `${prefix}${key}`;
      if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0) {
        walk(value as Record<string, unknown>, `${path}.`);
      } else {
        fields.push({ path, value: typeof value === 'string' ? value : JSON.stringify(value), known: KNOWN.has(path) });
      }
    }
  };
  walk(usage, '');
  return fields;
}
