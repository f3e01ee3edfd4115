// The codes Chat Completions' chunk checks report (docs/diagnostics.md, "Chunks"), with their severity
// and how to fix what they find; the codes other dialects report too keep the one severity and title
// of kit/codes.ts. Codes marked "extension" are ours, beyond the design's list, for deviations real
// providers showed that break real clients.

import { findingIn } from '../../findings/finding.ts';
import type { CatalogueEntry } from '../../findings/finding.ts';
import { SHARED_CODES } from '../kit/codes.ts';

declare module '../types.ts' {
  interface DialectCodes {
    'chat-completions': keyof typeof CHAT_CODES;
  }
}

export const CHAT_CODES = {
  'stream-error': {
    ...SHARED_CODES['stream-error'],
    hint: 'The server reported an error after the response started (with status 200): handle error payloads in the stream, not only HTTP statuses.',
  },
  'missing-finish-reason': {
    ...SHARED_CODES['missing-finish-reason'],
    hint: 'A choice without finish_reason did not complete (or the server never sends one): treat it as truncated, and do not wait for a finish chunk that is not coming.',
  },
  'finish-length': {
    severity: 'warning',
    title: 'Output cut at the token limit',
    hint: 'finish_reason "length": raise max_tokens / max_completion_tokens, or shorten the prompt.',
  },
  'finish-content-filter': {
    severity: 'warning',
    title: 'Content filter',
    hint: 'finish_reason "content_filter": the output was stopped by a content filter; show the user that the answer is incomplete.',
  },
  'nonstandard-finish-reason': {
    severity: 'warning',
    title: 'Non-standard finish reason (extension)',
    hint: 'OpenAI sends stop, length, tool_calls, content_filter or function_call: a client that switches on these values misses this one. Map it in the client.',
  },
  refusal: {
    ...SHARED_CODES['refusal'],
    hint: 'The model refused in delta.refusal: a client that reads only content shows an empty answer. Render refusal text too.',
  },
  'role-missing': {
    severity: 'warning',
    title: 'No role',
    hint: 'No delta.role arrived for this choice: clients that take the role from the first chunk (the official OpenAI SDK throws "missing role") fail. Default it to "assistant".',
  },
  'empty-content-delta': {
    severity: 'info',
    title: 'Empty content deltas',
    hint: 'content: "" deltas carry nothing: skip empty strings instead of writing them.',
  },
  'non-string-content': {
    severity: 'warning',
    title: 'Content as typed parts (extension)',
    hint: 'delta.content arrived as an array of parts: a client that concatenates content strings prints "[object Object]". Handle the part types (text, thinking).',
  },
  'usage-chunk': {
    severity: 'info',
    title: 'Usage-only chunk',
    hint: 'A chunk with choices: [] carries the usage: guard choices[0] before reading it.',
  },
  'usage-missing': {
    ...SHARED_CODES['usage-missing'],
    hint: 'stream_options.include_usage was requested but no usage arrived: the server ignores the option, or the stream was cut before the usage chunk.',
  },
  'inconsistent-metadata': {
    ...SHARED_CODES['inconsistent-metadata'],
    hint: 'Chunks of one completion should share id, model and system_fingerprint: a client that correlates chunks by id splits this stream.',
  },
  'metadata-drift': {
    severity: 'info',
    title: 'Timestamp drift (extension)',
    hint: '"created" changes between chunks: harmless unless a client uses it as a key. Take it from the first chunk.',
  },
  'unexpected-object': {
    severity: 'warning',
    title: 'Unexpected object type',
    hint: 'A client that checks object === "chat.completion.chunk" drops this chunk, and what it carries.',
  },
  'delta-after-finish': {
    severity: 'warning',
    title: 'Delta after finish',
    hint: 'A client that stops reading a choice at its finish reason loses what came afterwards.',
  },
  'malformed-chunk': {
    ...SHARED_CODES['malformed-chunk'],
    hint: 'A chunk field has the wrong type: a typed client (the official SDKs, zod schemas) rejects the chunk.',
  },
  'tool-arguments-invalid': {
    ...SHARED_CODES['tool-arguments-invalid'],
    hint: 'JSON.parse of the joined arguments fails: the output was cut, or the model produced invalid JSON. Check finish_reason, use strict tool schemas, and handle the parse error.',
  },
  'tool-call-incomplete': {
    severity: 'error',
    title: 'Incomplete tool call',
    hint: 'A tool call without id or function name cannot be executed or answered: the stream was cut, or the server sends ids elsewhere.',
  },
  'tool-call-index-missing': {
    severity: 'warning',
    title: 'Tool call without index (extension)',
    hint: 'Clients reassemble tool_calls by index (the OpenAI SDKs index an array with it): a fragment without one is dropped or throws. Assign indexes in order of arrival.',
  },
  'tool-call-type-missing': {
    severity: 'warning',
    title: 'Tool call without type (extension)',
    hint: 'A non-streamed response says "type": "function": the OpenAI SDK throws "tool call snapshot missing `type`" without it. Default it to "function" in the client.',
  },
  'tool-calls-interleaved': {
    severity: 'info',
    title: 'Tool calls interleaved (extension)',
    hint: 'Fragments of parallel calls alternate. Reassembling by index handles it, but the OpenAI SDK\'s stream helper fires tool_calls.function.arguments.done each time the index changes, with partial arguments: run tools from the final message, not from that event.',
  },
  'tool-call-index-gap': {
    severity: 'warning',
    title: 'Tool call indexes with gaps (extension)',
    hint: 'Clients that index an array with tool_calls[].index (the OpenAI SDKs) leave holes and crash on them. Renumber the calls from 0 in the client, or fix the gateway.',
  },
  'tool-finish-mismatch': {
    severity: 'warning',
    title: 'Tool calls and finish reason disagree',
    hint: 'Agents run tools when finish_reason is "tool_calls": with another reason they skip the calls; with no call they wait for none. Decide on the presence of tool_calls.',
  },
  'unknown-field': {
    severity: 'info',
    title: 'Fields outside the OpenAI shape',
    hint: 'Provider extensions: safe to ignore for a lenient client; a strict schema (zod .strict()) rejects them.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** A finding of this dialect: its code's severity and hint, a message and the events that show it. */
export const finding = findingIn(CHAT_CODES);
