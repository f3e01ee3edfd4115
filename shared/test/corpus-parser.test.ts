// Every captured real stream (fixtures/real-streams, see SOURCES.md there) through the whole
// analysis: the contract does not depend on how the bytes were cut into reads, our SSE events
// agree with eventsource-parser's, and each file gives exactly the diagnostics pinned below.
// The comparison with the official openai SDK lives in corpus-sdk.test.ts.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, parseSse, recordingFromSse, toContract } from '../index.ts';
import type { AnalysisContract, Recording } from '../index.ts';
import { eventsourceParserTrace } from './reference/eventsource-parser.ts';
import { byteByByte, realStreams, splitAt } from './streams.ts';

const CORPUS = realStreams();
const NAMES = CORPUS.map(({ name }) => name);
/** [name, bytes] rows, so that `%s` prints each file name whole in the test titles. */
const ROWS = CORPUS.map(({ name, bytes }) => [name, bytes] as const);

/** An untimed recording (like a plain .sse file) whose body arrived in the given reads. */
function untimedReads(reads: readonly Uint8Array[]): Recording {
  return { source: 'sse', startedAt: null, request: null, response: null, reads: reads.map((bytes) => ({ t: null, bytes })), end: null };
}

const contractOf = (recording: Recording): AnalysisContract => toContract(analyzeRecording(recording));

/** The contract minus `counts.reads`, the one field that is about the cutting itself. */
function withoutReadCount(contract: AnalysisContract): AnalysisContract {
  return { ...contract, counts: { ...contract.counts, reads: -1 } };
}

/**
 * The diagnostic codes of each file, sorted. Checked against SOURCES.md and provider-quirks.md:
 * OpenAI's own shape gives infos only (usage-chunk, obfuscation), except where the answer
 * itself is cut (finish-length) or refused (refusal). Warnings and errors mark streams on which
 * a client really goes wrong; the notes say how. Doubts are listed in the test's report.
 */
const EXPECTED_CODES: Record<string, string[]> = {
  'alibaba-qwen3max-tool-call.sse': ['usage-chunk'],
  // The body ends in "data: [DONE]\n" with no blank line: EventSource drops the [DONE].
  // Not flagged: tool_calls[].index starts at 1, which makes the SDK throw (corpus-sdk.test.ts).
  'anthropic-gateway-tool-call-index-1.sse': ['partial-event', 'tool-call-index-gap'],
  'azure-foundry-deepseek-v4-reasoning-matched-stop.sse': ['metadata-drift', 'unknown-field', 'usage-chunk'],
  'azure-gpt5nano-model-router-prompt-filter.sse': ['obfuscation', 'unknown-field', 'usage-chunk'],
  'cerebras-glm47-reasoning-tool-call.sse': ['unknown-field'],
  'cohere-compat-command-r7b.sse': [],
  'deepseek-reasoner-reasoning-content.sse': ['empty-content-delta'],
  'deepseek-reasoner-tool-call.sse': ['empty-content-delta'],
  'fireworks-deepseek-r1-think-in-content.sse': [],
  // No role at all (the SDK throws "missing role"); 226 different ids, the last one "stub".
  'groq-compound-executed-tools-changing-ids.sse': ['inconsistent-metadata', 'metadata-drift', 'role-missing', 'unknown-field'],
  // `event: error` mid-stream, then the body ends: no finish_reason and no [DONE].
  'groq-gptoss-tool-use-failed-error-event.sse': ['missing-finish-reason', 'no-done', 'stream-error', 'unknown-field'],
  'groq-llama33-text-x-groq.sse': ['metadata-drift', 'unknown-field'],
  'groq-llama33-tool-call-single-chunk.sse': ['unknown-field'],
  'hf-tgi-mistral7b-empty-id-role-every-chunk.sse': ['empty-content-delta'],
  'hyperbolic-llama33-usage-every-chunk-spaced-json.sse': ['empty-content-delta', 'unknown-field'],
  // Typed content parts: string concatenation gives "[object Object]".
  'mistral-magistral-thinking-content-parts.sse': ['empty-content-delta', 'non-string-content'],
  // No delta ever has `role` (the SDK throws "missing role").
  'mistral-sdk-glm-incremental-tool-call.sse': ['empty-content-delta', 'role-missing', 'unknown-field'],
  // The tool call has no index (the SDK throws "invalid tool call index: undefined").
  'mistral-small-tool-call-no-index.sse': ['tool-call-index-missing', 'tool-call-type-missing'],
  'novita-llama31-sla-metrics.sse': ['unknown-field', 'usage-chunk'],
  'novita-r1distill-content-filter-results.sse': ['unknown-field'],
  'openai-gpt41nano-text-obfuscation.sse': ['obfuscation', 'usage-chunk'],
  'openai-gpt4o-content-logprobs.sse': ['usage-chunk'],
  'openai-gpt4o-length-truncated.sse': ['finish-length', 'usage-chunk'],
  'openai-gpt4o-n3-interleaved-choices.sse': ['usage-chunk'],
  'openai-gpt4o-parallel-tool-calls-empty-args.sse': ['obfuscation', 'usage-chunk'],
  'openai-gpt4o-parallel-tool-calls.sse': ['usage-chunk'],
  'openai-gpt4o-refusal-logprobs.sse': ['refusal', 'usage-chunk'],
  'openai-gpt4o-structured-text-usage.sse': ['usage-chunk'],
  'openai-gpt5-moderation-after-usage.sse': ['obfuscation', 'usage-chunk'],
  'openrouter-claude-reasoning-details.sse': ['comment', 'empty-content-delta', 'unknown-field'],
  'openrouter-deepseek-web-search-annotations.sse': ['comment', 'empty-content-delta', 'unknown-field'],
  // finish_reason "length" (max 10 tokens), then an `error` object under HTTP 200.
  'openrouter-minimax-midstream-error.sse': ['comment', 'empty-content-delta', 'finish-length', 'stream-error', 'unknown-field'],
  // The finish chunk says object "chat.completion.done": a client checking `object` loses it.
  'perplexity-sonar-citations-usage-every-chunk.sse': ['empty-content-delta', 'metadata-drift', 'unexpected-object', 'unknown-field'],
  'sambanova-llama31-role-repeated.sse': ['empty-content-delta'],
  // No finish_reason key anywhere (the SDK throws "missing finish_reason").
  'snowflake-cortex-claude-no-finish-reason.sse': ['empty-content-delta', 'missing-finish-reason', 'unknown-field', 'usage-chunk'],
  // No finish_reason on any chunk (the SDK throws "missing finish_reason").
  'tgi-llama31-tool-call-no-finish-reserialised.sse': ['missing-finish-reason'],
  // finish_reason "eos": a client switching on OpenAI's values misses it.
  'together-llama33-eos-finish.sse': ['empty-content-delta', 'nonstandard-finish-reason', 'unknown-field'],
  'vllm-crusoe-llama33-token-ids.sse': ['unknown-field', 'usage-chunk'],
  'xai-grok3mini-reasoning-tool-call.sse': ['metadata-drift', 'usage-chunk'],
  'zai-glm47-reasoning-no-finish-key.sse': ['empty-content-delta'],
};

/** Files whose body ends in lines no blank line dispatched, and the data those lines hold. */
const UNTERMINATED: Record<string, string> = {
  'anthropic-gateway-tool-call-index-1.sse': '[DONE]',
};

describe('the real-stream corpus', () => {
  it('is exactly the set of files the diagnostics table names', () => {
    expect(NAMES).toEqual(Object.keys(EXPECTED_CODES).sort());
    expect(NAMES).toHaveLength(40);
  });
});

describe.each(ROWS)('%s, analysed', (name, bytes) => {
  const whole = contractOf(recordingFromSse(bytes));

  it('gives an untimed contract (no metrics) counting one read and every byte', () => {
    expect(whole.metrics).toBeNull();
    expect(whole.counts).toMatchObject({ reads: 1, bytes: bytes.length });
  });

  it('gives the same contract when the body is cut into reads at random offsets', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { minLength: 1, maxLength: 40 }), (cuts) => {
        const reads = splitAt(bytes, cuts);
        const contract = contractOf(untimedReads(reads));
        expect(contract.counts.reads).toBe(reads.length);
        expect(withoutReadCount(contract)).toEqual(withoutReadCount(whole));
      }),
      { numRuns: 4, seed: 20260701 },
    );
  });

  it('gives the same contract when the body arrives one byte per read', () => {
    const contract = contractOf(untimedReads(byteByByte(bytes)));

    expect(contract.counts.reads).toBe(bytes.length);
    expect(withoutReadCount(contract)).toEqual(withoutReadCount(whole));
  });

  it('gives exactly the pinned diagnostic codes', () => {
    expect(whole.diagnostics.map((diagnostic) => diagnostic.code).sort()).toEqual(EXPECTED_CODES[name]);
  });
});

describe.each(ROWS)('%s, as SSE events', (name, bytes) => {
  const ours = parseSse(bytes);
  const reference = eventsourceParserTrace(bytes);

  it('has the same (event, id, data) sequence as eventsource-parser', () => {
    // eventsource-parser dispatches only blocks with a data line; ours also reports the
    // comment-only blocks (data null), which are compared as comments below.
    // It reports a missing `event:` (and an empty one) as undefined; ours as null (and "").
    // It keeps no unterminated final event, which ours reports as `partial` (next test).
    const withData = ours.events.filter((event) => event.data !== null);
    expect(withData.map(({ event, id, data }) => ({ event: event || undefined, id: id ?? undefined, data }))).toEqual(reference.events);
  });

  it('reports an unterminated final event only where the body really ends without a blank line', () => {
    expect(ours.partial?.data ?? null).toBe(UNTERMINATED[name] ?? null);
    if (ours.partial) expect(ours.partial.end).toBe(bytes.length);
  });

  it('has the same comment lines as eventsource-parser', () => {
    // Ours keep the text after the colon as is; eventsource-parser drops one leading space.
    const comments = [...ours.events.flatMap((event) => event.comments), ...(ours.partial?.comments ?? [])];
    expect(comments.map((comment) => comment.replace(/^ /, ''))).toEqual(reference.comments);
  });

  it('has no dataless event other than a block of comments, and no field either parser does not know', () => {
    for (const event of ours.events.filter((e) => e.data === null)) {
      expect(event).toMatchObject({ event: null, id: null, retry: null, unknownFields: [] });
      expect(event.comments.length).toBeGreaterThan(0);
    }
    expect(ours.events.flatMap((event) => event.unknownFields)).toEqual([]);
    expect(reference.errors).toEqual([]);
    expect(reference.retries).toEqual([]);
  });

  it('lays its events end to end over the whole body', () => {
    const ranges = [...ours.events.map(({ start, end }) => [start, end]), ...(ours.partial ? [[ours.partial.start, ours.partial.end]] : [])];
    expect(ranges[0]?.[0]).toBe(0);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1]);
    expect(ranges.at(-1)?.[1]).toBe(bytes.length);
    expect(ours.stats).toMatchObject({ bytes: bytes.length, reads: 1, bom: false, lineEndings: { cr: 0, crlf: 0 } });
  });
});
