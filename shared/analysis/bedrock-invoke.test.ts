// Claude on Bedrock's InvokeModelWithResponseStream (issue 32): the real invoke bodies of
// shared/test/fixtures/bedrock/ (SOURCES.md there), each `chunk` frame's base64 an Anthropic
// Messages event, read as `protocol: "anthropic-messages"`, `framing: "aws-eventstream"` — the
// framing unwraps the chunks, detection reads the events inside, every Anthropic diagnostic
// applies — with Bedrock's own count (`amazon-bedrock-invocationMetrics`) beside Anthropic's usage
// and a note where they disagree; fed whole, split at random and byte by byte. Exception frames in
// the 200 are Anthropic's stream-error; an unreadable chunk is a finding, never a throw.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROTOCOLS } from '../dialects/registry.ts';
import { protocolFromPath, protocolOfEvent } from '../dialects/detect.ts';
import { concat, errorFrame, eventFrame, exceptionFrame } from '../framing/aws-eventstream/frames.test-support.ts';
import { parseEventStream } from '../framing/aws-eventstream/parser.ts';
import type { Recording } from '../recording/types.ts';
import { byteByByte, splitAt } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import type { ProtocolOption } from './analyze.ts';
import { toContract } from './contract.ts';

const DIR = new URL('../test/fixtures/bedrock/', import.meta.url);
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, DIR)));
const EVENT_STREAM = 'application/vnd.amazon.eventstream';
const invokeUrl = (model: string): string => `https://bedrock-runtime.us-east-1.amazonaws.com/model/${model}/invoke-with-response-stream`;

function recording(reads: readonly Uint8Array[], contentType: string | null = EVENT_STREAM, url = invokeUrl('anthropic.claude-3-5-sonnet-20240620-v1%3A0')): Recording {
  return {
    source: 'live',
    startedAt: null,
    request: { method: 'POST', url, headers: {}, body: null },
    response: contentType === null ? null : { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': contentType } },
    reads: reads.map((bytes) => ({ t: null, bytes })),
    end: { t: null, outcome: 'eof' },
  };
}

/** What `inspect --json` prints, but the read count (the one figure a split changes). */
function contractOf(reads: readonly Uint8Array[], options: ProtocolOption = {}) {
  const { counts, ...contract } = toContract(analyzeRecording(recording(reads), options));
  return { ...contract, counts: { ...counts, reads: 'any' } };
}

/** The same events as Anthropic's own SSE stream: the chunks' decoded bytes, each `event: TYPE`. */
function asSse(body: Uint8Array): Uint8Array {
  const events = parseEventStream(body).messages.map((message) => `event: ${(JSON.parse(message.data!) as { type: string }).type}\ndata: ${message.data}\n\n`);
  return new TextEncoder().encode(events.join(''));
}

const NOTE_HINT = expect.stringContaining('amazon-bedrock-invocationMetrics') as string;

/** Each Claude invoke body: its final message's figures, Bedrock's count, and the diagnostics. */
const CLAUDE = {
  'invoke-claude35sonnet-text-max-tokens.bin': {
    events: 26,
    message: { id: 'msg_bdrk_012fwxwrP37WDKPK1ShXbCNH', model: 'claude-3-5-sonnet-20240620', stop_reason: 'max_tokens', usage: { input_tokens: 12, output_tokens: 100 }, content: [['text', "Here's a short story for you:\n\nThe Last Leaf"]] },
    invocation_metrics: { inputTokenCount: 12, outputTokenCount: 100, invocationLatency: 3592, firstByteLatency: 1019 },
    diagnostics: [['stop-max-tokens', 'warning', 'The message stopped with "max_tokens" (event 24): the output was cut.', [24]]],
  },
  'invoke-claude3sonnet-tool-use-metrics-disagree.bin': {
    events: 27,
    message: {
      id: 'msg_bdrk_011PRFm36RhHBC1GD43L51CM',
      model: 'claude-3-sonnet-20240229',
      stop_reason: 'tool_use',
      usage: { input_tokens: 273, output_tokens: 88 },
      content: [
        ['text', "Okay, let's get the current weather for San Francisco:"],
        ['tool_use', 'get_weather', { location: 'San Francisco, CA', unit: 'fahrenheit' }],
      ],
    },
    invocation_metrics: { inputTokenCount: 273, outputTokenCount: 72, invocationLatency: 1337, firstByteLatency: 333 },
    diagnostics: [
      [
        'invocation-metrics-disagree',
        'info',
        "Bedrock's invocation metrics (event 26) count 72 output tokens (outputTokenCount) where the usage says 88 (output_tokens): the message's usage is Anthropic's (message_start and message_delta), Bedrock's count is its own.",
        [25, 26],
      ],
    ],
  },
  'invoke-claude35sonnet-parallel-tool-use.bin': {
    events: 28,
    message: {
      id: 'msg_bdrk_01UgUptJTW7LFg8dn1kcyjpz',
      model: 'claude-3-5-sonnet-20240620',
      stop_reason: 'tool_use',
      usage: { input_tokens: 702, output_tokens: 130 },
      content: [
        ['text', "Of course! I'd be happy to get you the current temperature and population information for San Francisco. Let me fetch that data for you right away."],
        ['tool_use', 'get_current_weather_info', { city: 'San Francisco' }],
        ['tool_use', 'get_current_population_info', { city: 'San Francisco' }],
      ],
    },
    invocation_metrics: { inputTokenCount: 702, outputTokenCount: 98, invocationLatency: 3042, firstByteLatency: 791 },
    diagnostics: [
      [
        'invocation-metrics-disagree',
        'info',
        "Bedrock's invocation metrics (event 27) count 98 output tokens (outputTokenCount) where the usage says 130 (output_tokens): the message's usage is Anthropic's (message_start and message_delta), Bedrock's count is its own.",
        [26, 27],
      ],
    ],
  },
} as const;

type Block = { type: string; text?: string; name?: string; input?: unknown };
const blockFigures = (block: Block) => (block.type === 'text' ? ['text', block.text] : [block.type, block.name, block.input]);

describe('a Claude InvokeModelWithResponseStream body', () => {
  describe.each(Object.entries(CLAUDE))('%s', (name, expected) => {
    const body = fixture(name);
    const whole = contractOf([body]);

    it('is read as anthropic-messages in aws-eventstream, with the Anthropic final message, its usage, Bedrock’s count beside it, and the diagnostics', () => {
      expect(whole).toMatchObject({ protocol: 'anthropic-messages', framing: 'aws-eventstream', usage: expected.message.usage, invocation_metrics: expected.invocation_metrics, counts: { events: expected.events, chunks: expected.events, bytes: body.length } });
      const message = (whole as unknown as { message: { id: string; model: string; stop_reason: string; usage: unknown; content: Block[] } }).message;
      const [first, ...rest] = message.content.map(blockFigures);
      const [expectedFirst, ...expectedRest] = expected.message.content;
      // The max-tokens story is pinned by its start; every other block whole.
      expect([first![0], (first![1] as string).slice(0, expectedFirst[1].length), ...rest]).toEqual([...expectedFirst, ...expectedRest]);
      expect({ id: message.id, model: message.model, stop_reason: message.stop_reason, usage: message.usage }).toEqual({ id: expected.message.id, model: expected.message.model, stop_reason: expected.message.stop_reason, usage: expected.message.usage });
      expect(whole.diagnostics).toEqual(expected.diagnostics.map(([code, severity, text, events]) => ({ code, severity, message: text, hint: code === 'invocation-metrics-disagree' ? NOTE_HINT : expect.any(String), events })));
    });

    it('builds the message Anthropic’s own SSE stream of the same events builds', () => {
      const sse = analyzeRecording({ ...recording([asSse(body)], 'text/event-stream', 'https://api.anthropic.com/v1/messages') });
      const invoke = analyzeRecording(recording([body]));
      expect(invoke.final).toEqual(sse.final);
      expect(invoke.usage).toEqual(sse.usage);
      expect(invoke.events.map((event) => event.annotation).slice(0, -1)).toEqual(sse.events.map((event) => event.annotation).slice(0, -1));
    });

    it('links each event to its frame: the event’s start, end and read are the frame’s', () => {
      const frames = parseEventStream(byteByByte(body)).messages;
      const events = analyzeRecording(recording(byteByByte(body))).events;
      expect(events.map(({ sse }) => [sse.start, sse.end, sse.read])).toEqual(frames.map((frame) => [frame.start, frame.end, frame.end - 1]));
    });

    it('says Bedrock’s count on its last event, in words', () => {
      const { inputTokenCount, outputTokenCount, invocationLatency, firstByteLatency } = expected.invocation_metrics;
      expect(analyzeRecording(recording([body])).events.at(-1)!.annotation).toBe(
        `message_stop; Bedrock's count: input ${inputTokenCount}, output ${outputTokenCount} tokens; invocation ${invocationLatency} ms; first byte ${firstByteLatency} ms`,
      );
    });

    it('reads alike byte by byte and split at random', () => {
      expect(contractOf(byteByByte(body))).toEqual(whole);
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 40 }), (cuts) => {
          expect(contractOf(splitAt(body, cuts))).toEqual(whole);
        }),
        { numRuns: 15 },
      );
    });

    it('is read in its frames with --protocol messages too: the content-type names a framing the descriptor lists (alsoFramed)', () => {
      expect(contractOf([body], { protocol: 'anthropic-messages' })).toEqual(whole);
    });
  });
});

describe('telling the dialect of an invoke body', () => {
  it('goes by the event inside the chunk: the path names every provider’s models alike', () => {
    const [first] = parseEventStream(fixture('invoke-claude3sonnet-tool-use-metrics-disagree.bin')).messages;
    expect([protocolFromPath(invokeUrl('anthropic.claude-3-sonnet-20240229-v1%3A0')), first!.event, protocolOfEvent(first!)]).toEqual([null, null, 'anthropic-messages']);
  });
});

describe("the other providers' invoke bodies", () => {
  it('reads Nova’s Converse-shaped chunks as ConverseStream once that dialect is registered, raw until then, every chunk unwrapped, nothing reported', () => {
    const body = fixture('invoke-novamicro-converse-shaped-events.bin');
    for (const reads of [[body], byteByByte(body)]) {
      const analysis = analyzeRecording(recording(reads, EVENT_STREAM, invokeUrl('amazon.nova-micro-v1%3A0')));
      expect([analysis.protocol, analysis.framing, analysis.events.length]).toEqual([(PROTOCOLS as readonly string[]).includes('bedrock-converse') ? 'bedrock-converse' : null, 'aws-eventstream', 11]);
      expect(analysis.events.map((event) => Object.keys(JSON.parse(event.sse.data!) as object)[0])).toEqual([
        'messageStart',
        'contentBlockDelta',
        'contentBlockStop',
        'contentBlockDelta',
        'contentBlockStop',
        'contentBlockDelta',
        'contentBlockStop',
        'contentBlockDelta',
        'contentBlockStop',
        'messageStop',
        'metadata',
      ]);
      expect(analysis.diagnostics.map((found) => found.code)).toEqual([]);
    }
  });

  it('shows Titan’s own events raw, unwrapped, nothing reported', () => {
    const body = fixture('invoke-titan-express-native-events.bin');
    for (const reads of [[body], byteByByte(body)]) {
      const analysis = analyzeRecording(recording(reads, EVENT_STREAM, invokeUrl('amazon.titan-text-express-v1')));
      expect([analysis.protocol, analysis.framing, analysis.diagnostics]).toEqual([null, 'aws-eventstream', []]);
      expect(analysis.events.map((event) => (JSON.parse(event.sse.data!) as { completionReason: unknown }).completionReason)).toEqual([null, 'LENGTH']);
    }
  });
});

const chunk = (event: unknown): Uint8Array => eventFrame('chunk', { bytes: Buffer.from(JSON.stringify(event)).toString('base64'), p: 'abcd' });
const START = { type: 'message_start', message: { id: 'msg_bdrk_1', type: 'message', role: 'assistant', model: 'claude', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 1 } } };
const BLOCK = { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } };
const TEXT = { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Bonjour' } };

describe('a broken invoke body', () => {
  const codes = (body: Uint8Array) => [[body], byteByByte(body)].map((reads) => toContract(analyzeRecording(recording(reads))).diagnostics.map(({ code, message, events }) => [code, message, events]));

  it("reads an exception frame inside the 200 as Anthropic's error event: stream-error, and the message never stopped", () => {
    const body = concat([chunk(START), chunk(BLOCK), chunk(TEXT), exceptionFrame('modelStreamErrorException', { message: 'The model stopped streaming.', originalStatusCode: 500 })]);
    const expected = [
      ['missing-message-stop', 'The stream ended without message_stop (its last event is 3): the message did not finish. An error event came instead (event 3).', [3]],
      ['stream-error', 'Event 3 is an exception frame inside the 200: "The model stopped streaming." ("modelStreamErrorException"). The Anthropic SDK throws it.', [3]],
      ['block-not-stopped', 'Content block 0 (text) started (event 1) but never got content_block_stop.', [1]],
    ];
    expect(codes(body)).toEqual([expected, expected]);
    expect(analyzeRecording(recording([body])).events[3]!.annotation).toBe('exception frame "modelStreamErrorException": "The model stopped streaming."');
  });

  it('reads an error frame (:error-code, :error-message) the same way', () => {
    const body = concat([chunk(START), errorFrame('InternalFailure', 'We encountered an internal error.')]);
    const stream = codes(body)[0]!.find(([code]) => code === 'stream-error');
    expect(stream).toEqual(['stream-error', 'Event 1 is an error frame inside the 200: "We encountered an internal error." ("InternalFailure"). The Anthropic SDK throws it.', [1]]);
  });

  it('calls invocation metrics that are no object a malformed event, and makes no note of them', () => {
    const body = concat([chunk(START), chunk({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }), chunk({ type: 'message_stop', 'amazon-bedrock-invocationMetrics': 7 })]);
    const expected = [['malformed-chunk', '1 event malformed: amazon-bedrock-invocationMetrics is number (expected object).', [2]]];
    expect(codes(body)).toEqual([expected, expected]);
    expect(toContract(analyzeRecording(recording([body])))).not.toHaveProperty('invocation_metrics');
  });

  it('reports a chunk whose bytes are not base64 (the framing) and one whose base64 is not JSON (the dialect), reads the rest, throws on neither', () => {
    const notBase64 = eventFrame('chunk', { bytes: 'eyJ0eXBlIjoi***', p: 'ab' });
    const notJson = eventFrame('chunk', { bytes: Buffer.from('{"type":"content_block_delta",').toString('base64') });
    const body = concat([chunk(START), chunk(BLOCK), notBase64, chunk(TEXT), notJson, chunk({ type: 'content_block_stop', index: 0 }), chunk({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }), chunk({ type: 'message_stop' })]);
    const [whole, single] = codes(body);
    expect(single).toEqual(whole);
    expect(whole!.map(([code, , events]) => [code, events])).toEqual([
      ['invoke-chunk-malformed', [2]],
      ['invalid-json', [4]],
    ]);
    expect(whole![0]![1]).toBe(`1 chunk whose event cannot be read (#2): in the first, at offset ${chunk(START).length + chunk(BLOCK).length}–${chunk(START).length + chunk(BLOCK).length + notBase64.length}, its "bytes" is not base64 ("eyJ0eXBlIjoi***"). Its payload is shown as it came.`);
    const analysis = analyzeRecording(recording([body]));
    expect([analysis.protocol, (analysis.final as { content: { text: string }[] }).content[0]!.text]).toEqual(['anthropic-messages', 'Bonjour']);
  });
});
