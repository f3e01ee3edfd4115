// Every captured real stream (fixtures/real-streams) reassembled by us and by the official openai
// SDK (`chat.completions.stream().finalChatCompletion()`, see reference/openai-sdk.ts for how it
// accumulates and what it throws on). Each file is one of: equal field for field; equal except
// the fields listed in KNOWN_DIFFERENCES, with both values pinned; or rejected by the SDK, as
// listed in SDK_FAILS with its exact error, what our analysis makes of it instead, and which of
// our diagnostics names the cause. Nothing is skipped.

import { describe, expect, it } from 'vitest';
import { analyzeRecording, recordingFromSse, toContract } from '../index.ts';
import type { AnalysisContract, DiagnosticCode } from '../index.ts';
import { openaiSdkFinalCompletion } from './reference/openai-sdk.ts';
import { realStreams, textMatching as text } from './streams.ts';

const CORPUS = realStreams();
const NAMES = CORPUS.map(({ name }) => name);

/**
 * The compared fields, flat. Choice 0's fields have bare names (`content`, `tool_calls`, ...),
 * the others a `choices[i].` prefix; `choices` is their number. `reasoning_content` is the SDK
 * message's `reasoning_content` key, or its `reasoning` key where the provider used that name
 * (the SDK copies unknown delta keys onto the message under their own name).
 */
type View = Record<string, unknown>;

interface ChoiceLike {
  message: Record<string, unknown> & { tool_calls?: { id?: unknown; type?: unknown; function: { name: unknown; arguments: unknown } }[] };
  finish_reason: unknown;
  logprobs?: unknown;
}

function view(choices: readonly ChoiceLike[], usage: unknown): View {
  const out: View = { choices: choices.length, usage: usage ?? null };
  choices.forEach((choice, i) => {
    const at = i === 0 ? '' : `choices[${i}].`;
    const { message } = choice;
    out[`${at}role`] = message.role ?? null;
    out[`${at}content`] = message.content ?? null;
    out[`${at}refusal`] = message.refusal ?? null;
    out[`${at}reasoning_content`] = ('reasoning_content' in message ? message.reasoning_content : message.reasoning) ?? null;
    out[`${at}tool_calls`] =
      message.tool_calls?.map((call) => ({ id: call.id, type: call.type, name: call.function.name, arguments: call.function.arguments })) ?? null;
    out[`${at}finish_reason`] = choice.finish_reason ?? null;
    out[`${at}logprobs`] = choice.logprobs ?? null;
  });
  return out;
}

const ours = (contract: AnalysisContract): View => view(contract.choices as unknown as ChoiceLike[], contract.usage);

/** Why reasoning differs: see reference/openai-sdk.ts, "EVERY OTHER delta key ... last fragment wins". */
const LAST_FRAGMENT_WINS =
  'The SDK Object.assigns delta keys it does not know (reasoning_content, reasoning) onto the message: the last fragment replaces the text instead of extending it.';
const WIPED_BY_NULL = `${LAST_FRAGMENT_WINS} A later delta with the key set to null wipes it.`;

type Difference = { field: string; ours: unknown; sdk: unknown; why: string };

const KNOWN_DIFFERENCES: Record<string, Difference[]> = {
  'azure-foundry-deepseek-v4-reasoning-matched-stop.sse': [
    { field: 'reasoning_content', ours: text('We need to invent a new holiday', 3832, "I'll craft a response."), sdk: null, why: `${WIPED_BY_NULL} (Every delta carries reasoning_content: null after the reasoning.)` },
  ],
  'cerebras-glm47-reasoning-tool-call.sse': [
    { field: 'reasoning_content', ours: text('The user is asking about a "magic number"', 423, 'to get the magic number.'), sdk: '.', why: `${LAST_FRAGMENT_WINS} (Cerebras calls it delta.reasoning.)` },
  ],
  'deepseek-reasoner-reasoning-content.sse': [
    { field: 'reasoning_content', ours: text('Hmm, the user just said "Hello".', 882, "and that's okay too."), sdk: null, why: `${WIPED_BY_NULL} (Answer deltas carry reasoning_content: null.)` },
  ],
  'deepseek-reasoner-tool-call.sse': [
    { field: 'content', ours: null, sdk: '', why: 'The finish delta has content: "": the SDK sets content to "" once any content key is non-null; the contract says null when no delta carried text.' },
    { field: 'reasoning_content', ours: text('The user is asking for the weather', 191, 'set to "San Francisco".'), sdk: null, why: `${WIPED_BY_NULL} (The finish delta has reasoning_content: null.)` },
  ],
  'mistral-magistral-thinking-content-parts.sse': [
    {
      field: 'content',
      ours: text('To cross the street safely, follow these steps:', 607, 'ensure a safe crossing.'),
      sdk: text('[object Object][object Object]', 1477, 'ensure a safe crossing.'),
      why: 'delta.content is sometimes an array of typed parts: the SDK concatenates it as a string ("[object Object]"), thinking parts included; we take text parts as content and thinking parts as reasoning.',
    },
    { field: 'reasoning_content', ours: text('Okay, the user is asking how to cross the street.', 421, 'clear and concise response.'), sdk: null, why: 'The reasoning is in "thinking" content parts, which the SDK has no field for.' },
  ],
  'openai-gpt5-moderation-after-usage.sse': [
    {
      field: 'usage',
      ours: {
        prompt_tokens: 13,
        completion_tokens: 11,
        total_tokens: 24,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      sdk: null,
      why: 'The moderation chunk after the usage chunk has usage: null, and the SDK Object.assigns every later chunk\'s top-level keys: the last value, null, wins.',
    },
  ],
  'openrouter-claude-reasoning-details.sse': [
    { field: 'reasoning_content', ours: 'This is a simple arithmetic question. 2+2 equals 4.', sdk: null, why: `${WIPED_BY_NULL} (OpenRouter's delta.reasoning; later deltas have reasoning: null.)` },
  ],
  'xai-grok3mini-reasoning-tool-call.sse': [
    { field: 'reasoning_content', ours: text('First, the user is asking about the weather', 1069, 'is the logical next step.'), sdk: '.', why: LAST_FRAGMENT_WINS },
  ],
  'zai-glm47-reasoning-no-finish-key.sse': [
    { field: 'reasoning_content', ours: text("\n1.  **Analyze the User's Request:**", 2173, 'the final response:** "4".'), sdk: '".', why: LAST_FRAGMENT_WINS },
  ],
};

type Failure = {
  /** The SDK's exact error message. */
  error: string;
  /** How many chunks the SDK had accepted when it failed. */
  chunksBefore: number;
  why: string;
  /** Our diagnostics that name the cause ([] where none does: a gap, see the note). */
  explainedBy: DiagnosticCode[];
  /** What our analysis makes of the stream instead (fields of the flat view). */
  ours: View;
};

const GROQ_TOOL_USE_FAILED =
  "Tool call validation failed: tool call validation failed: parameters for tool get_something_by_name did not match schema: errors: [missing properties: 'name', additionalProperties 'invalid_param' not allowed]";

const SDK_FAILS: Record<string, Failure> = {
  'anthropic-gateway-tool-call-index-1.sse': {
    error: "Cannot read properties of undefined (reading 'id')",
    chunksBefore: 8,
    why: 'The only tool call has index 1 (Anthropic content block 1, after a text block): the SDK keeps tool_calls as a sparse array and trips on the hole at index 0 when it finalises.',
    explainedBy: ['tool-call-index-gap'],
    ours: {
      content: 'Reading it.',
      tool_calls: [{ id: 'toolu_sanitized', type: 'function', name: 'read_file', arguments: '{"path": "a.txt"}' }],
      finish_reason: 'tool_calls',
    },
  },
  'groq-compound-executed-tools-changing-ids.sse': {
    error: 'missing role for choice 0',
    chunksBefore: 226,
    why: 'groq/compound never sends delta.role.',
    explainedBy: ['role-missing'],
    ours: {
      role: null,
      content: text('The weather in San Francisco today is partly cloudy', 200, 'humidity level of 90-94%.'),
      reasoning_content: text('<think>\nTo find the current weather in San Francisco', 6256, '(17°C) and high humidity.'),
      finish_reason: 'stop',
    },
  },
  'groq-gptoss-tool-use-failed-error-event.sse': {
    error: GROQ_TOOL_USE_FAILED,
    chunksBefore: 94,
    why: 'The stream ends in `event: error` with an error object, which the SDK raises.',
    explainedBy: ['stream-error', 'missing-finish-reason', 'no-done'],
    ours: { role: 'assistant', content: null, reasoning_content: text('We need to call the tool with invalid parameters', 412, '"test". Let\'s do that.'), finish_reason: null },
  },
  'mistral-sdk-glm-incremental-tool-call.sse': {
    error: 'missing role for choice 0',
    chunksBefore: 3,
    why: 'No delta carries role.',
    explainedBy: ['role-missing'],
    ours: {
      role: null,
      content: null,
      tool_calls: [{ id: 'chatcmpl-tool-9f149c74c42f265b', type: 'function', name: 'webSearchTool', arguments: '{"query": "current Berlin weather"}' }],
      finish_reason: 'tool_calls',
    },
  },
  'mistral-small-tool-call-no-index.sse': {
    error: 'Chat completion stream contains an invalid tool call index: undefined',
    chunksBefore: 1,
    why: 'Mistral sends the tool call without `index` (and without `type`); the SDK requires an index.',
    explainedBy: ['tool-call-index-missing'],
    ours: {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'gSIMJiOkT', type: null, name: 'weather', arguments: '{"location": "San Francisco"}' }],
      finish_reason: 'tool_calls',
      usage: { prompt_tokens: 124, total_tokens: 146, completion_tokens: 22 },
    },
  },
  'openrouter-minimax-midstream-error.sse': {
    error: 'Token limit reached',
    chunksBefore: 3,
    why: 'A chunk with a top-level `error` object arrives after the finish chunks (HTTP 200); the SDK raises it.',
    explainedBy: ['stream-error'],
    ours: { role: 'assistant', content: null, reasoning_content: 'We need to respond to a greeting. The user', finish_reason: 'length' },
  },
  'snowflake-cortex-claude-no-finish-reason.sse': {
    error: 'missing finish_reason for choice 0',
    chunksBefore: 16,
    why: 'Snowflake Cortex never sends finish_reason.',
    explainedBy: ['missing-finish-reason'],
    ours: {
      role: 'assistant',
      content: text('15 × 27 = **405**', 93, '- 300 + 105 = **405**'),
      finish_reason: null,
      usage: expect.objectContaining({ prompt_tokens: 45, completion_tokens: 73, total_tokens: 118 }),
    },
  },
  'tgi-llama31-tool-call-no-finish-reserialised.sse': {
    error: 'missing finish_reason for choice 0',
    chunksBefore: 17,
    why: 'TGI 3.1.2 tool-call streams have no finish_reason on any chunk.',
    explainedBy: ['missing-finish-reason'],
    ours: {
      content: null,
      tool_calls: [{ id: '0', type: 'function', name: 'get_current_weather', arguments: '{ "location": "Brooklyn, NY", "format": "fahrenheit"}' }],
      finish_reason: null,
    },
  },
};

describe('the SDK comparison tables', () => {
  it('name only corpus files, and no file as both a failure and a difference', () => {
    expect(NAMES).toEqual(expect.arrayContaining([...Object.keys(KNOWN_DIFFERENCES), ...Object.keys(SDK_FAILS)]));
    expect(Object.keys(KNOWN_DIFFERENCES).filter((name) => name in SDK_FAILS)).toEqual([]);
  });
});

describe.each(CORPUS.map(({ name, bytes }) => [name, bytes] as const))('%s, reassembled by us and by the openai SDK', (name, bytes) => {
  const failure = SDK_FAILS[name];
  const differences = KNOWN_DIFFERENCES[name] ?? [];

  it(failure ? 'is rejected by the SDK with the listed error, and our diagnostics name the cause' : 'is accepted by the SDK', async () => {
    const contract = toContract(analyzeRecording(recordingFromSse(bytes)));
    const result = await openaiSdkFinalCompletion(bytes);

    if (failure) {
      expect(result).toMatchObject({ ok: false, error: failure.error });
      expect(result.chunks).toHaveLength(failure.chunksBefore);
      expect(contract.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(expect.arrayContaining(failure.explainedBy));
      const mine = ours(contract);
      expect(Object.fromEntries(Object.keys(failure.ours).map((field) => [field, mine[field]]))).toEqual(failure.ours);
      return;
    }

    if (!result.ok) throw new Error(`the SDK rejected ${name}, which SDK_FAILS does not list: ${result.error}`);
    const completion = result.completion as { choices: ChoiceLike[]; usage?: unknown };
    const mine = ours(contract);
    const sdk = view(completion.choices, completion.usage);

    // Each listed difference is real, and both sides have exactly the pinned value...
    for (const { field, ours: expectedOurs, sdk: expectedSdk } of differences) {
      expect({ field, value: mine[field] }).toEqual({ field, value: expectedOurs });
      expect({ field, value: sdk[field] }).toEqual({ field, value: expectedSdk });
      expect(mine[field]).not.toEqual(sdk[field]);
    }
    // ...and every other field is equal.
    const rest = (v: View) => Object.fromEntries(Object.entries(v).filter(([field]) => !differences.some((d) => d.field === field)));
    expect(rest(mine)).toEqual(rest(sdk));
  });
});
