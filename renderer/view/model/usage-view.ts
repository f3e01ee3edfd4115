// A usage object as the Usage panel shows it, in its dialect's words (../dialects/: each view's
// `usage`): the figures a reader looks for first, then every field (nested ones flattened), those
// outside the dialect's documented usage marked as a provider's own. Chat Completions' `usage`
// (CompletionUsage), the Responses `usage` (ResponseUsage) and the Anthropic `usage` (Usage) name
// the same counts differently.

import type { Protocol } from '../../../shared/dialects/types.ts';
import { formatCount } from '../../components/format.ts';
import { usageFields } from '../../../shared/dialects/chat/usage-fields.ts';
import type { UsageField } from '../../../shared/dialects/chat/usage-fields.ts';
import { dialectView } from '../dialects/registry.ts';

export { usageOfFinal } from '../dialects/kit/final-view.ts';

export interface UsageView {
  readonly headline: readonly { readonly label: string; readonly value: string }[];
  readonly fields: readonly UsageField[];
}

export function usageView(protocol: Protocol | null, usage: Readonly<Record<string, unknown>>): UsageView {
  const { documented, headline: figures } = dialectView(protocol).usage;
  const fields = usageFields(usage).map((field) => (documented === null ? field : { ...field, known: documented.has(field.path) }));
  const headline = figures.flatMap(([path, label]) => {
    const field = fields.find((each) => each.path === path);
    if (!field) return [];
    const number = Number(field.value);
    return [{ label, value: field.value !== '' && Number.isFinite(number) ? formatCount(number) : field.value }];
  });
  return { headline, fields };
}
