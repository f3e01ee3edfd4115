// Bedrock ConverseStream in the renderer, read from real streams (shared/test/fixtures/bedrock):
// the message panel's content blocks (reasoning with its signature or redacted, text, toolUse with
// its input reassembled, the newer block types as they came), how the stream ended, the tool cards'
// calls, the inspector's words and the request's conversation.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, dialectOf } from '../../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../../shared/analysis/analyze.ts';
import { createScrubber } from '../../../../shared/analysis/scrub.ts';
import { concat, eventFrame, exceptionFrame } from '../../../../shared/framing/aws-eventstream/frames.test-support.ts';
import { timed } from '../../../../shared/test/streams.ts';
import type { Moment } from '../kit/final-entry.ts';
import { toolCallsAsOf, toolItemsOf } from '../kit/tool-items.ts';
import { bedrockConverseView } from './index.ts';
import { CONVERSE_TOOL_ITEMS } from './tools.ts';

const FIXTURES = new URL('../../../../shared/test/fixtures/bedrock/', import.meta.url);

function analysed(body: Uint8Array): Analysis {
  return analyzeRecording(
    timed([[10, body]], {
      request: { method: 'POST', url: '/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/converse-stream', headers: {}, body: {} },
      response: { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
    }),
  );
}

const open = (file: string): Analysis => analysed(new Uint8Array(readFileSync(new URL(file, FIXTURES))));
const AT_END: Moment = { asOf: false, live: false };
const layout = (final: unknown, moment = AT_END) => bedrockConverseView.layout!(final, moment);

/** The response as a client held it after event `event`. */
function finalAt(analysis: Analysis, event: number): unknown {
  const dialect = dialectOf(analysis.protocol);
  return dialect.final(createScrubber(analysis.events, dialect).at(event));
}

describe('a ConverseStream response in the message panel', () => {
  it('shows the reasoning with its signature, then the text, and how and how fast it ended', () => {
    const analysis = open('converse-claude-sonnet4-reasoning-signature.bin');
    expect(analysis.protocol).toBe('bedrock-converse');
    const view = layout(analysis.final);
    expect(view.entries.map(({ where, type, kind }) => `${where} ${type} ${kind}`)).toEqual(['content[0] reasoningContent reasoning', 'content[1] text message']);
    expect(view.entries[0]!.facts).toEqual([{ label: 'signature', value: 'signed (496 characters)', tone: 'plain' }]);
    expect(view.entries[0]!.parts[0]).toMatchObject({ where: 'reasoningText', kind: 'reasoning' });
    expect(view.entries[0]!.parts[0]!.text.startsWith('The user has greeted me with a simple "Hello".')).toBe(true);
    expect(view.outcome).toEqual({ label: 'stopReason', value: 'end_turn', tone: 'plain', sentence: 'The model ended its turn.', refusal: false });
    expect(view.facts).toEqual([{ label: 'metrics.latencyMs', value: '1,999 ms', tone: 'plain' }]);
    expect(view.usage).toBe('inputTokens 36 · outputTokens 73 · totalTokens 109');
  });

  it('warns that reasoning as of an event before its signature delta cannot be sent back yet', () => {
    const analysis = open('converse-claude-sonnet4-reasoning-signature.bin');
    const signed = analysis.events.findIndex((event) => event.dialectInterpretation.kind === 'signature');
    expect(signed).toBe(15);
    const before = layout(finalAt(analysis, signed - 1), { asOf: true, live: false });
    expect(before.entries[0]!.facts).toEqual([{ label: 'signature', value: 'none: no reasoningContent.signature came, so this reasoning cannot be sent back to a model that checks it', tone: 'warn' }]);
    expect(before.outcome).toEqual({ label: 'stopReason', value: null, tone: 'muted', sentence: 'No stopReason as of this event: messageStop has not come yet.', refusal: false });
    expect(layout(finalAt(analysis, signed), { asOf: true, live: false }).entries[0]!.facts[0]!.value).toBe('signed (496 characters)');
  });

  it('says reasoning that never got a signature cannot be sent back', () => {
    const view = layout(open('converse-gptoss120b-reasoning-without-signature.bin').final);
    expect(view.entries.map(({ where, type }) => `${where} ${type}`)).toEqual(['content[0] text', 'content[1] reasoningContent', 'content[2] text']);
    expect(view.entries[1]!.facts[0]!.tone).toBe('warn');
  });

  it('shows each redacted reasoning block as encrypted bytes, and no text', () => {
    const view = layout(open('converse-claude37-redacted-reasoning.bin').final);
    expect(view.entries.map(({ where, type, kind }) => `${where} ${type} ${kind}`)).toEqual(['content[0] reasoningContent reasoning', 'content[1] reasoningContent reasoning', 'content[2] text message']);
    expect(view.entries[0]!.facts).toEqual([{ label: 'redactedContent', value: '1,080 characters of base64, encrypted: send it back as it is', tone: 'plain' }]);
    expect(view.entries[0]!.parts).toEqual([]);
  });

  it('shows a toolUse block with its input reassembled from twelve fragments, and the stop to run it', () => {
    const analysis = open('converse-claude35sonnet-text-then-tool-use.bin');
    const view = layout(analysis.final);
    expect(view.entries.map(({ where, kind, name }) => `${where} ${kind} ${name}`)).toEqual(['content[0] message null', 'content[1] tool get_weather']);
    expect(view.entries[1]!.facts).toEqual([{ label: 'toolUseId', value: 'tooluse_wnjikhCUTruJciycmmm5Kg', tone: 'plain' }]);
    expect(view.entries[1]!.parts).toEqual([{ where: 'input', type: 'input', kind: 'arguments', text: '{\n  "location": "San Francisco, CA",\n  "unit": "fahrenheit"\n}', citations: [] }]);
    expect(view.outcome.sentence).toBe('The model stopped to use tools: run them and send their toolResult blocks back.');
    expect(view.facts).toEqual([{ label: 'metrics.latencyMs', value: '3,504 ms', tone: 'plain' }]);
  });

  it('shows the newer block types as they came: a server tool use, its toolResult whole, then a tool use', () => {
    const view = layout(open('converse-nova2lite-server-tool-result-blocks.bin').final);
    expect(view.entries.map(({ where, type, kind, name }) => `${where} ${type} ${kind} ${name}`)).toEqual(['content[0] toolUse tool nova_code_interpreter', 'content[1] toolResult other null', 'content[2] toolUse tool final_result']);
    expect(view.entries[0]!.facts).toEqual([
      { label: 'toolUseId', value: 'tooluse_VQNZJRUFMoqZzszVsRd4og', tone: 'plain' },
      { label: 'type', value: 'server_tool_use', tone: 'plain' },
    ]);
    expect(JSON.parse(view.entries[1]!.parts[0]!.text)).toEqual({
      status: 'success',
      toolUseId: 'tooluse_VQNZJRUFMoqZzszVsRd4og',
      type: 'nova_code_interpreter_result',
      content: [{ json: { stdOut: '7006652', stdErr: '', exitCode: 0, isError: false } }],
    });
  });

  it('warns of a stream cut at maxTokens', () => {
    expect(layout(open('converse-jamba15mini-max-tokens.bin').final).outcome).toEqual({ label: 'stopReason', value: 'max_tokens', tone: 'warn', sentence: 'Cut at inferenceConfig.maxTokens: the answer is incomplete.', refusal: false });
  });

  it('says a stream ended by an exception frame did not finish', () => {
    const body = concat([eventFrame('messageStart', { role: 'assistant' }), eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Hel' } }), exceptionFrame('throttlingException', { message: 'Too many requests.' })]);
    const analysis = analysed(body);
    const view = layout(analysis.final);
    expect(view.entries[0]!.parts[0]!.text).toBe('Hel');
    expect(view.outcome).toEqual({ label: 'stopReason', value: null, tone: 'bad', sentence: 'No stopReason: no messageStop came, so the stream did not finish (an exception frame, or a cut body, ends it so).', refusal: false });
    expect(bedrockConverseView.inspector.words(analysis.events[2]!)).toMatchObject({ type: 'throttlingException', kind: 'error' });
  });
});

describe('ConverseStream tool uses on the cards and the timeline', () => {
  it('reads each toolUse from its contentBlockStart to its contentBlockStop, with its fragments', () => {
    const analysis = open('converse-claude35sonnet-text-then-tool-use.bin');
    const calls = toolItemsOf(analysis.events, CONVERSE_TOOL_ITEMS);
    expect(calls.map(({ where, type, name, callId, member }) => ({ where, type, name, callId, member }))).toEqual([{ where: 'contentBlockIndex 1', type: 'toolUse', name: 'get_weather', callId: 'tooluse_wnjikhCUTruJciycmmm5Kg', member: 'input' }]);
    expect(calls[0]!.fragments).toHaveLength(12);
    expect(calls[0]!.fragments[0]!.text).toBe('');
    const [whole] = toolCallsAsOf(calls, null);
    expect(whole!.closed).toBe(true);
    expect(whole!.text).toBe('{"location": "San Francisco, CA", "unit": "fahrenheit"}');
    expect(bedrockConverseView.toolTracks(analysis).map((track) => [track.label, track.count])).toEqual([['contentBlockIndex 1 get_weather', 12]]);
  });
});

describe('a ConverseStream event in the inspector', () => {
  it('is named by its frame’s :event-type, with the operations the core read', () => {
    const analysis = open('converse-claude35sonnet-text-then-tool-use.bin');
    const words = bedrockConverseView.inspector.words(analysis.events[1]!)!;
    expect(words).toMatchObject({ type: 'contentBlockDelta', kind: 'text', sequence: null, eventName: null });
    expect(words.ops.map((op) => JSON.parse(op))).toEqual([{ op: 'delta', index: 0, deltas: [{ type: 'text', text: 'I can' }] }]);
    expect(bedrockConverseView.inspector.deltas({ contentBlockIndex: 0, delta: { text: 'I can' }, p: 'abc' })).toEqual([{ key: 'delta', value: { text: 'I can' } }]);
  });
});

describe('a ConverseStream request in the summary', () => {
  it('reads its system blocks, its turns of content blocks and its toolSpecs', () => {
    const body = {
      system: [{ text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ text: 'Weather in Paris?' }] }],
      toolConfig: { tools: [{ toolSpec: { name: 'get_weather', inputSchema: { json: { type: 'object' } } } }, { cachePoint: { type: 'default' } }], toolChoice: { auto: {} } },
      inferenceConfig: { maxTokens: 512 },
    };
    expect(bedrockConverseView.request.chatShaped(JSON.stringify(body))).toEqual({
      system: [{ text: 'Be brief.' }],
      toolConfig: body.toolConfig,
      inferenceConfig: { maxTokens: 512 },
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      ],
      tools: [{ function: { name: 'get_weather' } }, { function: { name: 'cachePoint' } }],
    });
  });
});
