// The tool calls of Responses and Anthropic Messages streams, read from real captures: one per
// function_call item / tool_use block, each fragment with the event that carried it, as of any
// event, and read on as a live recording grows.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../../shared/analysis/analyze.ts';
import { describeArgumentsError } from '../../../../shared/dialects/kit/arguments.ts';
import { untimed } from '../../../../shared/test/streams.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';
import { ANTHROPIC_TOOL_ITEMS } from '../anthropic/tools.ts';
import { RESPONSES_TOOL_ITEMS } from '../responses/tools.ts';
import { createToolCallReader as readerOf, toolCallsAsOf } from './tool-items.ts';

const CORPUS = new URL('../../../../shared/test/fixtures/dialects/', import.meta.url);
const open = (file: string): Analysis => analyzeRecording(untimed(new Uint8Array(readFileSync(new URL(file, CORPUS)))));
/** The reader of each dialect whose tool calls are items or blocks. */
const READINGS: Partial<Record<Protocol, Parameters<typeof readerOf>[0]>> = { responses: RESPONSES_TOOL_ITEMS, 'anthropic-messages': ANTHROPIC_TOOL_ITEMS };
const createToolCallReader = (protocol: Protocol) => readerOf(READINGS[protocol]!);
const callsOf = (analysis: Analysis) => createToolCallReader(analysis.protocol!).read(analysis.events);
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the function calls of a Responses stream', () => {
  const analysis = open('responses/deepseek-reasoning-text-function-call.sse');

  it('are one per function_call item, by its output index, with name, call_id and item id', () => {
    const [call, ...more] = callsOf(analysis);
    expect(more).toEqual([]);
    expect(call).toMatchObject({
      where: 'output[1]',
      type: 'function_call',
      name: 'get_temperature',
      callId: 'call_00_xjY8Z2BvSlzgEmmw0DtH0464',
      itemId: '62bf2bb7-56af-4e3a-883b-83d4aad54da1',
      member: 'arguments',
      json: true,
      openedAt: 21,
      closedAt: 32,
    });
  });

  it('list each argument fragment with the event that carried it, and parse the joined arguments', () => {
    const [whole] = toolCallsAsOf(callsOf(analysis), null);
    expect(whole!.fragments.map((fragment) => fragment.event)).toEqual(range(22, 30));
    expect(whole!.fragments.map((fragment) => fragment.text)).toEqual(['{', '"', 'city', '"', ': ', '"', 'Tokyo', '"', '}']);
    expect(whole!.text).toBe('{"city": "Tokyo"}');
    expect(whole!.closed).toBe(true);
    expect(whole!.check).toEqual({ valid: true, value: { city: 'Tokyo' } });
  });

  it('stand as of an event: the fragments up to it, not yet closed, and where the JSON stops', () => {
    const [then] = toolCallsAsOf(callsOf(analysis), 24);
    expect(then!.fragments.map((fragment) => fragment.event)).toEqual([22, 23, 24]);
    expect(then!.text).toBe('{"city');
    expect(then!.closed).toBe(false);
    expect(then!.check?.valid).toBe(false);
    if (then!.check?.valid === false) expect(describeArgumentsError(then!.check)).toMatch(/^line 1, column 7 \(character 6\): expected /);
    expect(toolCallsAsOf(callsOf(analysis), 20)).toEqual([]);
  });

  it('keep the call_id the stream gave each item, for two calls in parallel', () => {
    const calls = toolCallsAsOf(callsOf(open('responses/openai-gpt4o-parallel-function-calls-edited.sse')), null);
    expect(calls.map(({ call, text }) => [call.where, call.name, call.callId, text])).toEqual([
      ['output[0]', 'currentLocation', 'call_6KxSghkb4MVnunFH2TxPErLP', '{}'],
      ['output[1]', 'weather', 'call_Dg6WUmFHNeR5JxX1s53s1G4b', '{"location":"Rome"}'],
    ]);
  });

  it('find the item a delta names by item_id, whatever else came between', () => {
    const calls = toolCallsAsOf(callsOf(open('responses/bedrock-mantle-data-before-event.sse')), null);
    expect(calls.map(({ call, fragments, text }) => [call.where, call.name, fragments.map((fragment) => fragment.event), text])).toEqual([['output[1]', 'second_tool', [5], '{}']]);
  });
});

describe('the tool_use blocks of an Anthropic Messages stream', () => {
  it('are one per block, by its index, with the input_json_delta fragments (the first one empty)', () => {
    const calls = toolCallsAsOf(callsOf(open('messages/anthropic-sonnet35-parallel-tool-use.sse')), null);
    expect(calls.map(({ call }) => [call.where, call.type, call.name, call.callId, call.openedAt, call.closedAt])).toEqual([
      ['content[1]', 'tool_use', 'get_weather', 'toolu_014x5X91kx3fvdhpLvwXZWE2', 14, 24],
      ['content[2]', 'tool_use', 'get_time', 'toolu_0121kXsENLvoDZ72LCuAnCCz', 25, 32],
    ]);
    expect(calls[0]!.fragments.map((fragment) => fragment.event)).toEqual(range(15, 23));
    expect(calls[0]!.fragments[0]!.text).toBe('');
    expect(calls[1]!.check).toEqual({ valid: true, value: { timezone: 'America/Los_Angeles' } });
  });

  it('read empty input JSON as {}, as the SDK does', () => {
    const calls = toolCallsAsOf(callsOf(open('messages/anthropic-haiku45-parallel-tool-use-empty-input.sse')), null);
    expect(calls.map(({ call, text, check }) => [call.where, text, check])).toEqual([
      ['content[0]', '', { valid: true, value: {} }],
      ['content[1]', '', { valid: true, value: {} }],
    ]);
  });

  it('include server tools, and say where input cut by max_tokens stops being JSON', () => {
    expect(callsOf(open('messages/anthropic-opus41-web-search-citations.sse')).map((call) => `${call.where} ${call.type} ${call.name}`)).toEqual(['content[0] server_tool_use web_search']);
    const [cut] = toolCallsAsOf(callsOf(open('messages/anthropic-claude37-max-tokens-trimmed.sse')), null);
    expect(cut!.call.closedAt).toBe(-1);
    expect(cut!.closed).toBe(false);
    expect(cut!.check?.valid).toBe(false);
    if (cut!.check?.valid === false) expect(describeArgumentsError(cut!.check)).toMatch(/^line 6, column 14 \(character 149\): expected the closing quote of the string/);
  });
});

describe('a reader of a growing recording', () => {
  it('reads only the new events, and ends with what one reading of all of them gives', () => {
    const analysis = open('messages/anthropic-sonnet35-parallel-tool-use.sse');
    const reader = createToolCallReader('anthropic-messages');
    // A live recording's list of events grows in place: its first events are the same objects.
    expect(toolCallsAsOf(reader.read(analysis.events.slice(0, 20)), null).map(({ call, text }) => [call.where, text])).toEqual([['content[1]', '{"location": "San Fra']]);
    const grown = toolCallsAsOf(reader.read(analysis.events), null);
    expect(grown).toEqual(toolCallsAsOf(callsOf(analysis), null));
  });

  it('starts over on another recording', () => {
    const reader = createToolCallReader('responses');
    reader.read(open('responses/openai-gpt4o-parallel-function-calls-edited.sse').events);
    expect(reader.read(open('responses/deepseek-reasoning-text-function-call.sse').events).map((call) => call.name)).toEqual(['get_temperature']);
  });
});
