// The message panel's layout of a Responses `response` and an Anthropic `message`, read from real
// captured streams (shared/test/fixtures/dialects): each output item / content block in order with
// its index, reasoning and refusal told apart, how the stream ended, and the usage in a line.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, dialectOf } from '../../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../../shared/analysis/analyze.ts';
import { createScrubber } from '../../../../shared/analysis/scrub.ts';
import { responsesStream, toSse } from '../../../../shared/dialects/streams.test-support.ts';
import { parseSse } from '../../../../shared/framing/sse/parser.ts';
import { bytes, untimed } from '../../../../shared/test/streams.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';
import { dialectView } from '../registry.ts';
import type { Moment } from './final-entry.ts';
import { usageLine } from './final-view.ts';

const CORPUS = new URL('../../../../shared/test/fixtures/dialects/', import.meta.url);
const corpus = (file: string): Uint8Array => new Uint8Array(readFileSync(new URL(file, CORPUS)));
const open = (file: string): Analysis => analyzeRecording(untimed(corpus(file)));

const AT_END: Moment = { asOf: false, live: false };
/** The dialect's layout of its final object. */
const finalView = (protocol: Protocol, final: unknown, moment: Moment) => dialectView(protocol).layout!(final, moment);
const viewOf = (analysis: Analysis, moment = AT_END) => finalView(analysis.protocol!, analysis.final, moment);

/** The final object as a client held it after event `event` (what RecordingView gives the panel). */
function finalAt(analysis: Analysis, event: number): unknown {
  const dialect = dialectOf(analysis.protocol);
  return dialect.final(createScrubber(analysis.events, dialect).at(event));
}

/** The body cut after its `count` first events: a stream that never reached its end. */
function cutAfter(file: string, count: number): Analysis {
  const body = corpus(file);
  return analyzeRecording(untimed(body.subarray(0, parseSse(body).events[count - 1]!.end)));
}

describe('a Responses response in the message panel', () => {
  it('lays out a reasoning item and a function call in order, each with its index', () => {
    const view = viewOf(open('responses/deepseek-reasoning-text-function-call.sse'));
    expect(view.entries.map(({ where, type, kind, name }) => ({ where, type, kind, name }))).toEqual([
      { where: 'output[0]', type: 'reasoning', kind: 'reasoning', name: null },
      { where: 'output[1]', type: 'function_call', kind: 'tool', name: 'get_temperature' },
    ]);
    expect(view.entries[0]!.parts).toEqual([{ where: 'content[0]', type: 'reasoning_text', kind: 'reasoning', text: "The user asks about temperature in Tokyo. I'll call the tool.", citations: [] }]);
    expect(view.entries[1]!.facts).toEqual([
      { label: 'call_id', value: 'call_00_xjY8Z2BvSlzgEmmw0DtH0464', tone: 'plain' },
      { label: 'id', value: '62bf2bb7-56af-4e3a-883b-83d4aad54da1', tone: 'plain' },
      { label: 'status', value: 'completed', tone: 'plain' },
    ]);
    expect(view.entries[1]!.parts).toEqual([{ where: 'arguments', type: 'arguments', kind: 'arguments', text: '{\n  "city": "Tokyo"\n}', citations: [] }]);
    expect(view.outcome).toEqual({ label: 'status', value: 'completed', tone: 'plain', sentence: 'Completed: response.completed ended the stream.', refusal: false });
    expect(view.usage).toBe('input_tokens 366 · output_tokens 59 · total_tokens 425');
  });

  it('shows a reasoning summary of four parts as four summary parts, before the answer', () => {
    const view = viewOf(open('responses/openai-reasoning-summary-multipart.sse'));
    expect(view.entries.map((entry) => entry.type)).toEqual(['reasoning', 'message']);
    expect(view.entries[0]!.parts.map(({ where, kind }) => `${where} ${kind}`)).toEqual(['summary[0] summary', 'summary[1] summary', 'summary[2] summary', 'summary[3] summary']);
    expect(view.entries[0]!.parts[0]!.text.startsWith('**Providing street crossing instructions**')).toBe(true);
    expect(view.entries[1]!.parts.map(({ where, kind }) => `${where} ${kind}`)).toEqual(['content[0] text']);
  });

  it('says a reasoning item without summary was not summarised, and counts its encrypted content', () => {
    const view = viewOf(open('responses/bedrock-mantle-data-before-event.sse'));
    expect(view.entries[0]!.facts).toEqual([
      { label: 'id', value: 'rs_4a4c74f82a535c8f8bda7d43b75d75f7', tone: 'plain' },
      { label: 'encrypted_content', value: '796 characters', tone: 'plain' },
      { label: 'summary', value: 'none (the reasoning was not summarised)', tone: 'muted' },
    ]);
  });

  it('lists the URL citations of the answer, and shows the web searches as JSON', () => {
    const view = viewOf(open('responses/openai-web-search-url-citations.sse'));
    expect(view.entries.map(({ where, kind }) => `${where} ${kind}`)).toEqual(['output[0] other', 'output[1] other', 'output[2] message']);
    expect(view.entries[0]!.parts[0]!.kind).toBe('json');
    expect(JSON.parse(view.entries[0]!.parts[0]!.text)).toHaveProperty('action.type', 'search');
    const citations = view.entries[2]!.parts[0]!.citations;
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((citation) => citation.type === 'url_citation' && /https?:\/\//.test(citation.detail))).toBe(true);
  });

  it('marks a refusal part as a refusal, and the completed response as a warning', () => {
    const events = responsesStream([{ type: 'message', refusal: ["I'm sorry, ", "I can't help with that."] }]);
    const view = viewOf(analyzeRecording(untimed(bytes(toSse(events)))));
    expect(view.entries[0]!.refusal).toBe(true);
    expect(view.entries[0]!.parts).toEqual([{ where: 'content[0]', type: 'refusal', kind: 'refusal', text: "I'm sorry, I can't help with that.", citations: [] }]);
    expect(view.outcome.tone).toBe('warn');
    expect(view.outcome.refusal).toBe(true);
    expect(view.outcome.sentence).toBe('Completed, with a refusal: the model refused, and a client that reads only output_text shows an empty answer.');
  });

  it('says why a response is incomplete', () => {
    const view = viewOf(open('responses/openai-gpt4o-incomplete-max-output-tokens-edited.sse'));
    expect(view.outcome).toEqual({ label: 'status', value: 'incomplete', tone: 'warn', sentence: 'Incomplete: the output stopped early (max_output_tokens), so the answer is cut.', refusal: false });
    expect(view.facts).toEqual([{ label: 'incomplete_details.reason', value: 'max_output_tokens', tone: 'warn' }]);
  });

  it('shows a failed response with its error and no output', () => {
    const view = viewOf(open('responses/openai-gpt5nano-error-then-failed.sse'));
    expect(view.outcome.tone).toBe('bad');
    expect(view.facts).toEqual([
      {
        label: 'error',
        value: 'insufficient_quota: You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        tone: 'bad',
      },
    ]);
    expect(view.entries).toEqual([]);
    expect(view.empty).toBe('The response has no output item.');
    expect(view.usage).toBeNull();
  });

  it('says a stream cut before its terminal event did not finish, and one seen as of an event is not finished yet', () => {
    const cut = cutAfter('responses/deepseek-reasoning-text-function-call.sse', 25);
    expect(viewOf(cut).outcome).toEqual({ label: 'status', value: 'in_progress', tone: 'bad', sentence: 'Not finished: the stream ended without response.completed, .incomplete or .failed.', refusal: false });
    expect(viewOf(cut).entries[1]!.parts[0]!.text).toBe('{"city');
    const whole = open('responses/deepseek-reasoning-text-function-call.sse');
    const asOf = finalView('responses', finalAt(whole, 10), { asOf: true, live: false });
    expect(asOf.outcome.sentence).toBe('Not finished as of this event: no terminal event yet.');
    expect(asOf.outcome.tone).toBe('muted');
    expect(asOf.entries[0]!.parts[0]!.text).toBe('The user asks about temperature in Tokyo');
    expect(finalView('responses', finalAt(whole, 1), { asOf: true, live: false }).empty).toBe('No output item as of this event.');
  });
});

describe('an Anthropic message in the message panel', () => {
  it('shows thinking with its signature, then the text', () => {
    const view = viewOf(open('messages/anthropic-sonnet4-thinking-signature.sse'));
    expect(view.entries.map(({ where, type, kind }) => `${where} ${type} ${kind}`)).toEqual(['content[0] thinking reasoning', 'content[1] text message']);
    expect(view.entries[0]!.facts).toEqual([{ label: 'signature', value: 'signed (504 characters)', tone: 'plain' }]);
    expect(view.entries[0]!.parts[0]!.text.startsWith('This is a straightforward question about pedestrian safety.')).toBe(true);
    expect(view.outcome).toEqual({ label: 'stop_reason', value: 'end_turn', tone: 'plain', sentence: 'The model ended its turn.', refusal: false });
    expect(view.usage).toBe('input_tokens 43 · cache_creation_input_tokens 0 · cache_read_input_tokens 0 · output_tokens 282');
  });

  it('warns that thinking as of an event before its signature_delta cannot be sent back yet', () => {
    const analysis = open('messages/anthropic-sonnet4-thinking-signature.sse');
    // Event 17 is the signature_delta.
    const before = finalView('anthropic-messages', finalAt(analysis, 16), { asOf: true, live: false });
    expect(before.entries[0]!.facts).toEqual([{ label: 'signature', value: 'none: no signature_delta came, so this thinking cannot be sent back to the API', tone: 'warn' }]);
    expect(before.outcome.sentence).toBe('No stop reason as of this event: message_delta has not come yet.');
    const after = finalView('anthropic-messages', finalAt(analysis, 17), { asOf: true, live: false });
    expect(after.entries[0]!.facts[0]!.value).toBe('signed (504 characters)');
  });

  it('shows redacted thinking as encrypted data, each block with its index', () => {
    const view = viewOf(open('messages/anthropic-sonnet45-redacted-thinking.sse'));
    expect(view.entries.map(({ where, type, kind }) => `${where} ${type} ${kind}`)).toEqual(['content[0] redacted_thinking reasoning', 'content[1] redacted_thinking reasoning', 'content[2] text message']);
    expect(view.entries[0]!.facts).toEqual([{ label: 'data', value: '744 characters, encrypted: only the API can read it', tone: 'plain' }]);
    expect(view.entries[0]!.parts).toEqual([]);
  });

  it('shows parallel tool_use blocks with their input', () => {
    const view = viewOf(open('messages/anthropic-sonnet35-parallel-tool-use.sse'));
    expect(view.entries.map(({ where, kind, name }) => `${where} ${kind} ${name}`)).toEqual(['content[0] message null', 'content[1] tool get_weather', 'content[2] tool get_time']);
    expect(view.entries[1]!.facts).toEqual([{ label: 'id', value: 'toolu_014x5X91kx3fvdhpLvwXZWE2', tone: 'plain' }]);
    expect(JSON.parse(view.entries[1]!.parts[0]!.text)).toEqual({ location: 'San Francisco, CA', unit: 'celsius' });
    expect(view.outcome.sentence).toBe('The model stopped to call tools: run them and send their results back.');
  });

  it('lists a text block’s citations with what they cite', () => {
    const view = viewOf(open('messages/anthropic-opus41-web-search-citations.sse'));
    const cited = view.entries[3]!;
    expect(cited.where).toBe('content[3]');
    expect(cited.parts[0]!.citations).toHaveLength(1);
    expect(cited.parts[0]!.citations[0]!.type).toBe('web_search_result_location');
    expect(cited.parts[0]!.citations[0]!.detail).toMatch(/^"zoom out · Showing Stations.*" — San Francisco, CA Hourly Weather Forecast \| Weather Underground — https:\/\/www\.wunderground\.com\/hourly\/us\/ca\/san-francisco$/);
  });

  it('says a refusal with no content block plainly', () => {
    const view = viewOf(open('messages/anthropic-fable51-refusal-no-content-blocks.sse'));
    expect(view.outcome.refusal).toBe(true);
    expect(view.outcome.tone).toBe('warn');
    expect(view.entries).toEqual([]);
    expect(view.empty).toBe('The message has no content block.');
  });

  it('gives the stop sequence it stopped at, and warns of max_tokens', () => {
    expect(viewOf(open('messages/anthropic-haiku45-stop-sequence.sse')).facts).toEqual([{ label: 'stop_sequence', value: '"```"', tone: 'plain' }]);
    expect(viewOf(open('messages/anthropic-claude37-max-tokens-trimmed.sse')).outcome).toEqual({ label: 'stop_reason', value: 'max_tokens', tone: 'warn', sentence: 'Cut at max_tokens: the answer is incomplete.', refusal: false });
  });

  it('says a message still streaming has no stop reason yet', () => {
    const live = finalView('anthropic-messages', finalAt(open('messages/anthropic-sonnet46-text.sse'), 3), { asOf: false, live: true });
    expect(live.outcome).toEqual({ label: 'stop_reason', value: null, tone: 'muted', sentence: 'No stop reason yet: still streaming.', refusal: false });
  });
});

describe('the usage in a line', () => {
  it('lists the numeric counts in the order sent, and nothing for no usage', () => {
    expect(usageLine({ input_tokens: 1200, input_tokens_details: { cached_tokens: 3 }, output_tokens: 5, service_tier: 'standard' })).toBe('input_tokens 1,200 · output_tokens 5');
    expect(usageLine(null)).toBeNull();
    expect(usageLine({ service_tier: 'standard' })).toBeNull();
  });
});
