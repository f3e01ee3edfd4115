// Comparing two recordings within a dialect, and across dialects, on real captured streams: two
// Responses streams diff their output items by index, two Anthropic streams their content blocks,
// and streams of two dialects are said to differ instead of being diffed.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { analyzeRecording } from '../../shared/analysis/analyze.ts';
import type { Analysis } from '../../shared/analysis/analyze.ts';
import { byteByByte, realStream, timed, untimed } from '../../shared/test/streams.ts';
import { pairDiagnostics } from './diagnostic-pairs.ts';
import { compareMessages, comparisonIdentical } from './messages.ts';
import type { GroupDiff, MessagesComparison } from './messages.ts';
import { diffMessages } from './message-diff.ts';

const CORPUS = new URL('../../shared/test/fixtures/dialects/', import.meta.url);
const corpus = (file: string): Uint8Array => new Uint8Array(readFileSync(new URL(file, CORPUS)));
const open = (file: string): Analysis => analyzeRecording(untimed(corpus(file)));

function groupsOf(comparison: MessagesComparison): readonly GroupDiff[] {
  if (comparison.kind !== 'diffed') throw new Error(`expected a diff, got ${comparison.kind}`);
  return comparison.groups;
}

/** Each group as [key, title, onlyIn, [label, kind] of each field]. */
const outline = (groups: readonly GroupDiff[]) => groups.map((group) => [group.key, group.title, group.onlyIn, group.fields.map((field) => [field.label, field.diff.kind])]);

describe('two Responses recordings', () => {
  test('read from the same bytes, whole and byte by byte, reassemble the same response', () => {
    const bytes = corpus('responses/deepseek-reasoning-text-function-call.sse');
    const comparison = compareMessages(analyzeRecording(untimed(bytes)), analyzeRecording(timed(byteByByte(bytes).map((read, i) => [i, read]))));
    expect(outline(groupsOf(comparison))).toEqual([
      ['output[0]', 'output[0] reasoning', null, [['content[0] reasoning_text', 'identical']]],
      ['output[1]', 'output[1] function_call', null, [['name', 'identical'], ['arguments', 'identical']]],
      ['end', 'How the response ended', null, [['status', 'identical']]],
    ]);
    expect(comparisonIdentical(comparison)).toBe(true);
  });

  test('of two answers diff item by item: a reasoning item against a function call, and an item only A has', () => {
    const groups = groupsOf(compareMessages(open('responses/deepseek-reasoning-text-function-call.sse'), open('responses/openai-gpt4o-function-call-no-sequence-number.sse')));
    expect(outline(groups)).toEqual([
      ['output[0]', 'output[0] reasoning in A, function_call in B', null, [['name', 'changed'], ['content[0] reasoning_text', 'changed'], ['arguments', 'changed']]],
      ['output[1]', 'output[1] function_call', 'a', [['name', 'changed'], ['arguments', 'changed']]],
      ['end', 'How the response ended', null, [['status', 'identical']]],
    ]);
    const name = groups[0]!.fields[0]!.diff;
    expect(name).toEqual({ kind: 'changed', segments: [{ kind: 'inserted', text: 'get_capital' }], inserted: 11, deleted: 0 });
  });

  test('say how each ended: completed against incomplete, with the reason', () => {
    const groups = groupsOf(compareMessages(open('responses/openai-gpt41nano-text-obfuscation.sse'), open('responses/openai-gpt4o-incomplete-max-output-tokens-edited.sse')));
    const end = groups.find((group) => group.key === 'end')!;
    expect(end.fields.map((field) => [field.label, field.diff])).toEqual([
      ['status', { kind: 'changed', segments: [{ kind: 'deleted', text: 'completed' }, { kind: 'inserted', text: 'incomplete' }], inserted: 10, deleted: 9 }],
      ['incomplete_details.reason', { kind: 'changed', segments: [{ kind: 'inserted', text: 'max_output_tokens' }], inserted: 17, deleted: 0 }],
    ]);
    const text = groups.find((group) => group.key === 'output[0]')!.fields.find((field) => field.label === 'content[0] output_text')!;
    expect(text.diff.kind).toBe('changed');
  });
});

describe('two Anthropic Messages recordings', () => {
  test('diff their content blocks by index, and the stop reason', () => {
    const groups = groupsOf(compareMessages(open('messages/anthropic-sonnet46-text.sse'), open('messages/anthropic-fable51-refusal-no-content-blocks.sse')));
    expect(outline(groups)).toEqual([
      ['content[0]', 'content[0] text', 'a', [['text', 'changed']]],
      ['end', 'How the message ended', null, [['stop_reason', 'changed']]],
    ]);
    expect(groups[1]!.fields[0]!.diff).toEqual({ kind: 'changed', segments: [{ kind: 'deleted', text: 'end_turn' }, { kind: 'inserted', text: 'refusal' }], inserted: 7, deleted: 8 });
  });

  test('compare tool_use blocks by name and input, ids aside', () => {
    const groups = groupsOf(compareMessages(open('messages/anthropic-sonnet35-parallel-tool-use.sse'), open('messages/anthropic-haiku45-parallel-tool-use-empty-input.sse')));
    expect(outline(groups)).toEqual([
      ['content[0]', 'content[0] text in A, tool_use in B', null, [['name', 'changed'], ['text', 'changed'], ['input', 'changed']]],
      ['content[1]', 'content[1] tool_use', null, [['name', 'changed'], ['input', 'changed']]],
      ['content[2]', 'content[2] tool_use', 'a', [['name', 'changed'], ['input', 'changed']]],
      ['end', 'How the message ended', null, [['stop_reason', 'identical']]],
    ]);
  });

  test('find redacted thinking the same when both have it, with nothing to diff', () => {
    const analysis = open('messages/anthropic-sonnet45-redacted-thinking.sse');
    const comparison = compareMessages(analysis, open('messages/anthropic-sonnet45-redacted-thinking.sse'));
    expect(outline(groupsOf(comparison)).slice(0, 2)).toEqual([
      ['content[0]', 'content[0] redacted_thinking', null, []],
      ['content[1]', 'content[1] redacted_thinking', null, []],
    ]);
    expect(comparisonIdentical(comparison)).toBe(true);
  });
});

describe('two recordings of different dialects', () => {
  test('are said to be of different dialects, and not diffed', () => {
    expect(compareMessages(open('responses/deepseek-reasoning-text-function-call.sse'), open('messages/anthropic-sonnet35-parallel-tool-use.sse'))).toEqual({ kind: 'different-dialects', a: 'responses', b: 'anthropic-messages' });
    const chat = analyzeRecording(untimed(realStream('openai-gpt4o-parallel-tool-calls.sse')));
    expect(compareMessages(chat, open('responses/deepseek-reasoning-text-function-call.sse'))).toEqual({ kind: 'different-dialects', a: 'chat-completions', b: 'responses' });
    const untold = analyzeRecording(untimed(new TextEncoder().encode('data: {"hello":1}\n\n')));
    expect(compareMessages(untold, chat)).toEqual({ kind: 'different-dialects', a: null, b: 'chat-completions' });
    expect(comparisonIdentical({ kind: 'different-dialects', a: 'responses', b: null })).toBe(false);
  });

  test('pair only the findings every dialect reports; each dialect’s own are listed, not set against each other', () => {
    const failed = open('responses/openai-gpt5nano-error-then-failed.sse').diagnostics;
    const pinged = open('messages/anthropic-sonnet46-text.sse').diagnostics;
    // stream-error is not every dialect's since Bedrock ConverseStream's (its exception frames are stream-exception): listed, as the dialects' own.
    expect(pairDiagnostics(failed, pinged, false).map((pair) => [pair.code, pair.comparable, pair.onlyIn])).toEqual([
      ['response-failed', false, null],
      ['stream-error', false, null],
      ['ping', false, null],
    ]);
    // Within one dialect every code is compared.
    expect(pairDiagnostics(failed, failed).every((pair) => pair.comparable)).toBe(true);
  });
});

describe('two Chat Completions recordings', () => {
  test('compare their choices as before', () => {
    const a = analyzeRecording(untimed(realStream('openai-gpt4o-parallel-tool-calls.sse')));
    const b = analyzeRecording(untimed(realStream('openai-gpt4o-parallel-tool-calls-empty-args.sse')));
    const groups = groupsOf(compareMessages(a, b));
    const choices = diffMessages(a.choices, b.choices);
    expect(groups.map((group) => [group.key, group.titled, group.onlyIn, group.fields, group.identical])).toEqual(choices.map((choice) => [`choice ${choice.index}`, false, choice.onlyIn, choice.fields, choice.identical]));
  });
});
