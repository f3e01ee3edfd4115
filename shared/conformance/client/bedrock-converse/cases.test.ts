import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../analysis/analyze.ts';
import { concatBytes } from '../../../formats/bytes.ts';
import { parseEventStream } from '../../../framing/aws-eventstream/parser.ts';
import { bedrockConverseCases, framesOf } from './cases.ts';
import { BEDROCK_TEXT, BEDROCK_TOOL_USE } from './corpus.ts';

const cases = bedrockConverseCases({ slowFirstTokenMs: 1500 });
const byId = (id: string) => cases.find((kase) => kase.id === id)!;
const body = (id: string) => concatBytes(byId(id).recording.reads.map((read) => read.bytes));
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../test/fixtures/bedrock/${name}`, import.meta.url)));
const codes = (id: string) => analyzeRecording(byId(id).recording).diagnostics.map((found) => found.code);
const TEXT_FILE = 'converse-claude35sonnet-text.bin';

describe('the Bedrock ConverseStream client cases', () => {
  it("are the issue's families in Bedrock's terms, valid then broken", () => {
    expect(cases.map((kase) => `${kase.expect} ${kase.id}`)).toEqual([
      'survive clean', 'survive split-reads', 'survive one-read', 'survive tool-use', 'survive slow-first-token',
      'detect exception-frame', 'detect model-stream-error', 'detect cut-before-message-stop', 'detect crc-mismatch', 'detect connection-reset', 'detect http-429', 'detect http-503',
    ]);
  });

  it('write their corpus streams again byte for byte, and serve them as event streams', () => {
    expect(concatBytes(framesOf(BEDROCK_TEXT))).toEqual(fixture(TEXT_FILE));
    expect(concatBytes(framesOf(BEDROCK_TOOL_USE))).toEqual(fixture('converse-claude35sonnet-text-then-tool-use.bin'));
    for (const id of ['clean', 'split-reads', 'one-read', 'slow-first-token']) expect(body(id)).toEqual(fixture(TEXT_FILE));
    expect(body('tool-use')).toEqual(fixture('converse-claude35sonnet-text-then-tool-use.bin'));
    expect(byId('clean').recording.response!.headers).toEqual({ 'content-type': 'application/vnd.amazon.eventstream' });
  });

  it('expect of each valid stream what our analysis assembles from its bytes', () => {
    const hello = "Hello! As an AI language model, I don't have feelings, but I'm functioning well and ready to assist you. How can I help you today?";
    expect(Object.fromEntries(cases.filter((kase) => kase.expected).map((kase) => [kase.id, kase.expected]))).toEqual({
      clean: { text: hello, toolCalls: [] },
      'split-reads': { text: hello, toolCalls: [] },
      'one-read': { text: hello, toolCalls: [] },
      'tool-use': {
        text: "I can certainly help you with the weather in San Francisco, but I'm afraid I don't have a specific tool to check the current time there. Let me get the weather information for you.",
        toolCalls: [{ name: 'get_weather', arguments: { location: 'San Francisco, CA', unit: 'fahrenheit' } }],
      },
      'slow-first-token': { text: hello, toolCalls: [] },
    });
  });

  it('give the valid streams no finding, and each broken one the finding that names its fault', () => {
    expect(Object.fromEntries(cases.map((kase) => [kase.id, codes(kase.id)]))).toEqual({
      clean: [],
      'split-reads': [],
      'one-read': [],
      'tool-use': [],
      'slow-first-token': [],
      'exception-frame': ['stream-exception', 'missing-message-stop', 'usage-missing'],
      'model-stream-error': ['stream-exception', 'missing-message-stop', 'usage-missing'],
      'cut-before-message-stop': ['missing-message-stop', 'usage-missing'],
      'crc-mismatch': ['frame-crc-mismatch'],
      'connection-reset': ['connection-error', 'frame-truncated', 'missing-message-stop', 'usage-missing'],
      'http-429': ['http-status'],
      'http-503': ['http-status'],
    });
  });

  it('end the broken streams as their fault does', () => {
    const last = (id: string) => parseEventStream(body(id)).messages.at(-1)!;
    expect([last('exception-frame').messageType, last('exception-frame').event, last('exception-frame').data]).toEqual(['exception', 'throttlingException', '{"message":"Too many tokens, please wait before trying again."}']);
    expect([last('model-stream-error').event, JSON.parse(last('model-stream-error').data!)]).toEqual(['modelStreamErrorException', { message: 'The model encountered an error while streaming. Try your request again.', originalStatusCode: 500 }]);
    expect(parseEventStream(body('cut-before-message-stop')).messages.map((message) => message.event).slice(-2)).toEqual(['contentBlockDelta', 'contentBlockStop']);
    // One byte differs from the real body, and only that frame's message CRC says so.
    const changed = body('crc-mismatch');
    expect(changed.reduce((differing, byte, i) => differing + (byte === fixture(TEXT_FILE)[i] ? 0 : 1), 0)).toBe(1);
    expect(parseEventStream(changed).stats.flagged.map((message) => [message.index, message.preludeCrc === message.computedPreludeCrc, message.messageCrc === message.computedMessageCrc])).toEqual([[4, true, false]]);
    expect(byId('connection-reset').recording.end!.outcome).toBe('error');
    expect(byId('http-429').recording.response).toMatchObject({ status: 429, headers: { 'x-amzn-ErrorType': 'ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/' } });
    expect(JSON.parse(new TextDecoder().decode(body('http-503')))).toEqual({ message: 'Bedrock is unable to process your request.' });
    // Sixteen frames, each cut once inside itself.
    expect(byId('split-reads').recording.reads.length).toBe(32);
  });
});
