// The usage of each dialect as the Usage panel shows it: the headline figures in the dialect's own
// names, every field, and a provider's own fields marked — read from real captured streams.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { realStream, untimed } from '../../../shared/test/streams.ts';
import { usageOfFinal, usageView } from './usage-view.ts';

const CORPUS = new URL('../../../shared/test/fixtures/dialects/', import.meta.url);
const open = (file: string) => analyzeRecording(untimed(new Uint8Array(readFileSync(new URL(file, CORPUS)))));

describe('the usage of a Responses stream', () => {
  it('heads with input, output, total, reasoning and cached tokens, every field documented', () => {
    const analysis = open('responses/deepseek-reasoning-text-function-call.sse');
    const view = usageView('responses', analysis.usage!);
    expect(view.headline).toEqual([
      { label: 'input', value: '366' },
      { label: 'output', value: '59' },
      { label: 'total', value: '425' },
      { label: 'reasoning', value: '14' },
      { label: 'cached', value: '256' },
    ]);
    expect(view.fields.map(({ path, known }) => [path, known])).toEqual([
      ['input_tokens', true],
      ['input_tokens_details.cached_tokens', true],
      ['output_tokens', true],
      ['output_tokens_details.reasoning_tokens', true],
      ['total_tokens', true],
    ]);
  });

  it('marks OpenRouter’s cost fields as a provider’s own', () => {
    const view = usageView('responses', open('responses/openrouter-gptoss-reasoning-text-no-event-lines.sse').usage!);
    expect(view.fields.filter((field) => !field.known).map((field) => field.path)).toEqual([
      'cost',
      'is_byok',
      'cost_details.upstream_inference_cost',
      'cost_details.upstream_inference_input_cost',
      'cost_details.upstream_inference_output_cost',
    ]);
  });
});

describe('the usage of an Anthropic Messages stream', () => {
  it('heads with input, output and the cache counts, its nested cache_creation documented', () => {
    const analysis = open('messages/anthropic-sonnet45-redacted-thinking.sse');
    const view = usageView('anthropic-messages', analysis.usage!);
    expect(view.headline).toEqual([
      { label: 'input', value: '92' },
      { label: 'output', value: '189' },
      { label: 'cache write', value: '0' },
      { label: 'cache read', value: '0' },
    ]);
    expect(view.fields.map((field) => field.path)).toEqual([
      'input_tokens',
      'cache_creation_input_tokens',
      'cache_read_input_tokens',
      'cache_creation.ephemeral_5m_input_tokens',
      'cache_creation.ephemeral_1h_input_tokens',
      'output_tokens',
      'service_tier',
    ]);
    expect(view.fields.every((field) => field.known)).toBe(true);
  });

  it('is the final message’s own usage, the last message_delta’s counts standing', () => {
    const analysis = open('messages/anthropic-sonnet45-redacted-thinking.sse');
    expect(usageOfFinal(analysis.final)).toEqual(analysis.usage);
    expect(usageOfFinal(null)).toBeNull();
    expect(usageOfFinal({ usage: null })).toBeNull();
  });
});

describe('the usage of a Chat Completions stream', () => {
  it('keeps its own names, and OpenAI’s fields as the documented ones (Azure’s own reasoning_tokens marked)', () => {
    const analysis = analyzeRecording(untimed(realStream('azure-foundry-deepseek-v4-reasoning-matched-stop.sse')));
    const view = usageView('chat-completions', analysis.usage!);
    expect(view.headline.map((figure) => figure.label)).toEqual(['prompt', 'completion', 'total']);
    expect(view.fields.filter((field) => !field.known).map((field) => field.path)).toEqual(['reasoning_tokens']);
  });
});
