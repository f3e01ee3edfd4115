// The corpus of real Responses and Anthropic Messages streams (fixtures/dialects, index.json,
// SOURCES.md) and the findings pinned on some of them, each a true one with its reason: the SDK
// differential (dialects/sdk.test.ts) and `inspect`'s test of the corpus (electron/backend/cli) read them.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Recording } from '../recording/types.ts';

export const CORPUS_DIR = fileURLToPath(new URL('./fixtures/dialects/', import.meta.url));

export interface Entry {
  readonly file: string;
  readonly dialect: 'responses' | 'messages' | string;
  readonly wellFormed: boolean;
}

export function corpus(): Entry[] {
  try {
    return JSON.parse(readFileSync(`${CORPUS_DIR}index.json`, 'utf8')) as Entry[];
  } catch {
    return [];
  }
}

export interface Pinned {
  /** Our warnings' and errors' codes, each once, in order. */
  readonly ours: readonly string[];
  /** The SDK's error, when it throws; null when it ends equal to our final object. */
  readonly sdkError: string | null;
  readonly why: string;
  /** A request to analyse the stream with, where the request tells something. */
  readonly recording?: Partial<Recording>;
}

const QUOTA = 'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';

export const PINNED: Record<string, Pinned> = {
  // Well-formed, with true findings.
  'responses/openai-gpt5nano-error-then-failed.sse': {
    ours: ['response-failed', 'stream-error'],
    sdkError: QUOTA,
    why: 'The server reports insufficient_quota in an error event, then ends with response.failed: both are the stream saying it failed. The SDK throws the error event.',
  },
  'responses/openrouter-gptoss-reasoning-text-no-event-lines.sse': {
    ours: ['final-mismatch'],
    sdkError: null,
    why: 'OpenRouter\'s response.completed carries output_text: "" although the message says "4": the SDK keeps that output_text, so finalResponse().output_text is empty. (It also renames every item: item-id-changed, info.)',
  },
  'responses/openai-gpt41-mcp-list-tools-missing-item-done.sse': {
    ours: ['item-not-done'],
    sdkError: null,
    why: 'OpenAI sends response.output_item.done for the last of three mcp_list_tools items only: items 0 and 1 are complete in response.completed alone. The openai SDK takes them from there; a client that takes items from their done events misses them (pydantic-ai lost their tools until it backfilled them from response.completed, pydantic-ai #5419).',
  },
  'messages/anthropic-fable51-refusal-no-content-blocks.sse': {
    ours: ['stop-refusal'],
    sdkError: null,
    why: 'The model refused (stop_reason "refusal") before any content block.',
  },
  // Not well-formed: where the SDK throws, a finding names the fault.
  'responses/openai-background-resumed-starting-after.sse': {
    ours: [],
    sdkError: "When snapshot hasn't been set yet, expected 'response.created' event, got response.queued",
    why: 'A resumed stream (GET …?starting_after=0) starts at sequence 1 with no response.created: not a gap, given the request. The SDK\'s retrieve() replays the whole stream for that reason; fed the resumed part alone, it throws.',
    recording: { request: { method: 'GET', url: 'https://api.openai.com/v1/responses/resp_0850?starting_after=0&stream=true', headers: {}, body: null } },
  },
  'responses/openai-gpt4o-incomplete-max-output-tokens-edited.sse': {
    ours: ['response-incomplete', 'delta-unknown-item', 'inconsistent-metadata'],
    sdkError: "expected item_id 'msg_67c9a81dea8c8190b79651a2b3adf91e', got 'msg_67c9a8787f4c8190b49c858d4c1cf20c'",
    why: 'Spliced from two captures: the item id and the response id change mid-stream (delta-unknown-item, inconsistent-metadata).',
  },
  'responses/openai-gpt4o-parallel-function-calls-edited.sse': {
    ours: ['final-mismatch'],
    sdkError: "expected output item call_id 'call_6KxSghkb4MVnunFH2TxPErLP', got 'call_pgjcAI4ZegMkP6bsAV7sfrJA'",
    why: 'Edited: each call_id differs between output_item.added, output_item.done and response.completed (final-mismatch at output[0].call_id).',
  },
  'responses/github-copilot-gpt53codex-rotating-item-ids.sse': {
    ours: ['delta-unknown-item', 'done-text-mismatch', 'final-mismatch', 'inconsistent-metadata'],
    sdkError: 'Lifecycle response identity changed.',
    why: 'Every event names the item by another id (delta-unknown-item, and the text never reaches the items), and the response id changes between lifecycle events (inconsistent-metadata).',
  },
  'messages/anthropic-claude37-max-tokens-trimmed.sse': {
    ours: ['missing-message-stop', 'block-not-stopped', 'tool-arguments-invalid', 'stop-max-tokens'],
    sdkError: 'stream ended without producing a Message with role=assistant',
    why: 'Trimmed: the tool_use block is cut mid-string and never stopped, and the final message_stop has no blank line after it (a partial event, which neither the SDK nor the SSE parser dispatches).',
  },
  'messages/anthropic-sdk-overloaded-error-synthetic.sse': {
    ours: ['missing-message-stop', 'stream-error'],
    sdkError: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    why: 'A lone overloaded_error event: the SDK throws it.',
  },
};

