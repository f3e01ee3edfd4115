// Who answered a stream (the contract's `id`, `model`, `created`, `system_fingerprint`): Chat
// Completions' identity fields, kept in every dialect's contract so that a reader of any finds
// them. A dialect reads them from its final object unless it says otherwise (Dialect.identity).

export interface Identity {
  id: string | null;
  model: string | null;
  created: number | null;
  system_fingerprint: string | null;
}

/** A final object's id and model (Responses' `created_at` as `created`); placeholders such as `""` and `0` are none. */
export function identityOfFinal(final: unknown): Identity {
  const object = typeof final === 'object' && final !== null ? (final as Record<string, unknown>) : {};
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  const created = object.created_at;
  return { id: text(object.id), model: text(object.model), created: typeof created === 'number' && created > 0 ? created : null, system_fingerprint: null };
}
