// The Bedrock ConverseStream dialect over the real bodies of shared/test/fixtures/bedrock/, framed as
// they came: the dialect suite runs over them as AWS event-stream frames (properties.test.ts, with
// its folder's samples, which name the framing), and this file checks the same properties on two bodies the corpus has not — an
// exception frame, a body cut before messageStop — fed whole, split at random and byte by byte,
// forked at every event. Then what it reads, exactly: the Converse response of a reasoning body with its signature, a tool use,
// redacted reasoning, a max_tokens stop, an exception frame, a body cut before messageStop and
// tool input that is not JSON.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEventStream } from '../../framing/aws-eventstream/parser.ts';
import { concat, errorFrame, eventFrame, exceptionFrame } from '../../framing/aws-eventstream/frames.test-support.ts';
import { checkArguments, describeArgumentsError } from '../kit/arguments.ts';
import { SHARED_VIEW_KINDS } from '../kit/view.ts';
import { REGISTERED_DIALECTS } from '../registry.ts';
import { bareRecording, runDialect } from '../run.ts';
import type { DialectEventView } from '../types.ts';
import { bedrockConverse, bedrockConverseDescriptor, claimsConversePayload, joinBase64 } from './index.ts';
import type { ConverseInterpretation, ConverseState } from './index.ts';
import { CONVERSE_BODIES, CONVERSE_UNIONS, framedUnions } from './samples.test-support.ts';
import type { ConverseFixture } from './samples.test-support.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/bedrock/', import.meta.url));
const read = (name: ConverseFixture) => new Uint8Array(readFileSync(FIXTURES + name));



/** The frames' payloads, parsed. */
interface Payload {
  readonly delta?: { readonly reasoningContent?: { readonly signature?: string; readonly redactedContent?: string } };
  readonly [member: string]: unknown;
}
const payloads = (body: Uint8Array) => parseEventStream(body).messages.map((message) => JSON.parse(message.data!) as Payload);

/** Everything the dialect gives on an event-stream body fed in these reads. */
function run(body: Uint8Array | Uint8Array[], ended = true) {
  const result = runDialect(bedrockConverse, parseEventStream(body).messages, { ended, framing: 'aws-eventstream' });
  const annotations = result.events.map((event) => bedrockConverse.annotate(event.sse, event.interpretation, { maxText: 20 }));
  return { final: result.final, usage: result.usage, diagnostics: result.diagnostics, firstToken: result.firstToken, annotations };
}

function splitAt(data: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((at) => at > 0 && at < data.length))].sort((a, b) => a - b);
  return [0, ...cuts].map((from, i) => data.subarray(from, cuts[i] ?? data.length));
}

/** The body's first `count` frames. */
function firstFrames(body: Uint8Array, count: number): Uint8Array {
  const messages = parseEventStream(body).messages;
  return body.subarray(0, messages[count - 1]!.end);
}

const THROTTLED = 'Too many tokens, please wait before trying again.';
/** A stream an exception frame cuts: two text deltas, then throttlingException inside the 200. */
const EXCEPTION_BODY = concat([
  eventFrame('messageStart', { p: 'abcdefgh', role: 'assistant' }),
  eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Bonjour' }, p: 'abc' }),
  eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: ', ça' }, p: 'abcdef' }),
  exceptionFrame('throttlingException', { message: THROTTLED }),
]);

/** The bodies beyond the suite's samples (the corpus's), whose defects no captured body has. */
const DEFECTIVE: [string, Uint8Array][] = [['an exception frame after two deltas', EXCEPTION_BODY], ['a body cut before messageStop', firstFrames(read('converse-claude35sonnet-text.bin'), 13)]];
const BODIES: [string, Uint8Array][] = [...CONVERSE_BODIES.map((name) => [name, read(name)] as [string, Uint8Array]), ...CONVERSE_UNIONS.map((name) => [`${name}, framed`, framedUnions(new TextDecoder().decode(read(name)))] as [string, Uint8Array]), ...DEFECTIVE];

describe("the bedrock-converse dialect's padding", () => {
  it.each(BODIES)("counts each payload's p padding, key, value and comma, as its bytes, on %s", (_name, body) => {
    for (const message of parseEventStream(body).messages) {
      const padding = /,"p":"[^"]*"|"p":"[^"]*",?/.exec(message.data ?? '')?.[0].length ?? 0;
      expect([message.index, bedrockConverse.interpret(message).paddingBytes]).toEqual([message.index, padding]);
    }
  });
});

describe('the bedrock-converse dialect on event-stream frames with defects', () => {
  describe.each(DEFECTIVE)('on %s', (_name, body) => {
    it('gives the same result fed whole, split at random and byte by byte', () => {
      const whole = run(body);
      expect(run(Array.from(body, (_, at) => body.subarray(at, at + 1)))).toEqual(whole);
      fc.assert(
        fc.property(fc.array(fc.nat(body.length), { maxLength: 12 }), (cuts) => {
          expect(run(splitAt(body, cuts))).toEqual(whole);
        }),
        { numRuns: 40 },
      );
    });

    it('ends where the straight fold ends from a fork at every event, and so does what it was forked from', () => {
      const views: DialectEventView<ConverseInterpretation>[] = parseEventStream(body).messages.map((sse) => {
        const interpretation = bedrockConverse.interpret(sse);
        return { sse, interpretation, tokens: bedrockConverse.tokens(interpretation) };
      });
      const ended = (state: ConverseState) => ({ final: bedrockConverse.final(state), diagnostics: bedrockConverse.diagnose({ recording: bareRecording('aws-eventstream'), events: views, state, ended: true }) });
      const straight = bedrockConverse.createAccumulator();
      views.forEach((view, i) => straight.apply(i, view.interpretation));
      for (let cut = 0; cut <= views.length; cut++) {
        const original = bedrockConverse.createAccumulator();
        views.slice(0, cut).forEach((view, i) => original.apply(i, view.interpretation));
        const fork = original.fork();
        views.slice(cut).forEach((view, i) => original.apply(cut + i, view.interpretation));
        views.slice(cut).forEach((view, i) => fork.apply(cut + i, view.interpretation));
        expect(ended(fork.state)).toEqual(ended(straight.state));
        expect(ended(original.state)).toEqual(ended(straight.state));
      }
    });

    it("reports only codes of its catalogue, ended or not, and names each event's kind in the views' words", () => {
      for (const ended of [true, false]) expect(run(body, ended).diagnostics.map((found) => found.code).filter((code) => !(code in bedrockConverse.catalogue))).toEqual([]);
      const kinds = new Set(parseEventStream(body).messages.map((message) => bedrockConverse.interpret(message).kind));
      expect([...kinds].filter((kind) => !(kind in bedrockConverse.viewKinds) && !(kind in SHARED_VIEW_KINDS))).toEqual([]);
    });

  });
});

const USAGE_HINT = bedrockConverse.catalogue['usage-missing']!.hint;
const STOP_HINT = bedrockConverse.catalogue['missing-message-stop']!.hint;

describe('the bedrock-converse dialect', () => {
  it('is registered, its protocol bedrock-converse, its bodies framed as AWS event streams', () => {
    expect(REGISTERED_DIALECTS as readonly unknown[]).toContain(bedrockConverse);
    expect(bedrockConverse.protocol).toBe('bedrock-converse');
    expect(bedrockConverse.descriptor.framing).toBe('aws-eventstream');
  });

  it('ends a reasoning body with the reasoning text and its signature in one reasoningContent block, then the text, as Converse answers', () => {
    const body = read('converse-claude-sonnet4-reasoning-signature.bin');
    const signature = payloads(body)[15]!.delta?.reasoningContent?.signature;
    expect(signature?.length).toBe(496);
    const result = run(body);
    expect(result.final).toEqual({
      message: {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'The user has greeted me with a simple "Hello". I should respond in a friendly and welcoming manner. This is a straightforward greeting, so I\'ll respond warmly and ask how I can help them today.', signature } } },
          { text: "Hello! It's nice to meet you. How can I help you today?" },
        ],
      },
      stopReason: 'end_turn',
      usage: { inputTokens: 36, outputTokens: 73, totalTokens: 109 },
      metrics: { latencyMs: 1999 },
    });
    expect({ usage: result.usage, firstToken: result.firstToken, diagnostics: result.diagnostics }).toEqual({ usage: { inputTokens: 36, outputTokens: 73, totalTokens: 109 }, firstToken: 1, diagnostics: [] });
    expect(result.annotations.slice(14, 18)).toEqual(['block 0 reasoning += " them today."', 'block 0 signature (496 chars)', 'block 0 stop', 'block 1 text += "Hello! It"']);
  });

  it('ends a tool-use body with the text and the tool use, its input fragments (the first empty) joined and parsed at the block stop', () => {
    const result = run(read('converse-claude35sonnet-text-then-tool-use.bin'));
    expect(result.final).toEqual({
      message: {
        role: 'assistant',
        content: [
          { text: "I can certainly help you with the weather in San Francisco, but I'm afraid I don't have a specific tool to check the current time there. Let me get the weather information for you." },
          { toolUse: { toolUseId: 'tooluse_wnjikhCUTruJciycmmm5Kg', name: 'get_weather', input: { location: 'San Francisco, CA', unit: 'fahrenheit' } } },
        ],
      },
      stopReason: 'tool_use',
      usage: { inputTokens: 414, outputTokens: 114, totalTokens: 528 },
      metrics: { latencyMs: 3504 },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.annotations.slice(10, 14)).toEqual(['block 0 stop', 'block 1 start toolUse get_weather toolUseId "tooluse_wnjikhCUTruJciycmmm5Kg"', 'block 1 toolUse.input += ""', 'block 1 toolUse.input += "{\\"locat"']);
  });

  it('keeps each redacted reasoning block as its base64, byte for byte, before the text', () => {
    const body = read('converse-claude37-redacted-reasoning.bin');
    const [first, second] = [payloads(body)[1]!, payloads(body)[3]!].map((payload) => payload.delta?.reasoningContent?.redactedContent);
    const result = run(body);
    expect(result.final.message.content.slice(0, 2)).toEqual([{ reasoningContent: { redactedContent: first } }, { reasoningContent: { redactedContent: second } }]);
    expect([first!.length, second!.length, result.final.message.content.length, result.firstToken, result.diagnostics]).toEqual([1080, 752, 3, 1, []]);
    expect(result.annotations.slice(1, 3)).toEqual(['block 0 redactedContent (1080 chars of base64)', 'block 0 stop']);
  });

  it('shows the newer blocks as they come: a server tool use, its tool result items whole, then a tool use', () => {
    const result = run(read('converse-nova2lite-server-tool-result-blocks.bin'));
    expect(result.final.message.content).toEqual([
      { toolUse: { name: 'nova_code_interpreter', toolUseId: 'tooluse_VQNZJRUFMoqZzszVsRd4og', type: 'server_tool_use', input: { snippet: '1234 * 5678' } } },
      { toolResult: { status: 'success', toolUseId: 'tooluse_VQNZJRUFMoqZzszVsRd4og', type: 'nova_code_interpreter_result', content: [{ json: { stdOut: '7006652', stdErr: '', exitCode: 0, isError: false } }] } },
      { toolUse: { name: 'final_result', toolUseId: 'tooluse_ptgCcZ0uQu-UUMz0abqoWw', type: 'tool_use', input: { result: 7006652 } } },
    ]);
    expect(result.annotations).toEqual([
      'messageStart role "assistant"',
      'block 0 start toolUse nova_code_interpreter toolUseId "tooluse_VQNZJRUFMoqZzszVsRd4og" (server_tool_use)',
      'block 0 toolUse.input += "{\\"snippet\\":\\"1234 * 5"…(+5 chars)',
      'block 0 stop',
      'block 1 start toolResult for toolUseId "tooluse_VQNZJRUFMoqZzszVsRd4og" status success (nova_code_interpreter_result)',
      'block 1 toolResult [{"json":{"stdOut":"…(+52 chars)',
      'block 1 stop',
      'block 2 start toolUse final_result toolUseId "tooluse_ptgCcZ0uQu-UUMz0abqoWw" (tool_use)',
      'block 2 toolUse.input += "{\\"result\\":7006652.0}"',
      'block 2 stop',
      'messageStop stopReason "tool_use"',
      'metadata usage: input 1002, output 59, total 1061, serverToolUsage {}; latencyMs 1600',
    ]);
  });

  it('warns of a max_tokens stop, and ends with the text so far', () => {
    const result = run(read('converse-jamba15mini-max-tokens.bin'));
    expect({ stopReason: result.final.stopReason, usage: result.usage, blocks: result.final.message.content.length, firstToken: result.firstToken }).toEqual({ stopReason: 'max_tokens', usage: { inputTokens: 15, outputTokens: 100, totalTokens: 115 }, blocks: 1, firstToken: 2 });
    expect(result.diagnostics).toEqual([{ code: 'stop-max-tokens', severity: 'warning', message: 'The message stopped with "max_tokens" (event 103): the output was cut.', hint: bedrockConverse.catalogue['stop-max-tokens']!.hint, events: [103] }]);
  });

  it('finds an exception frame inside the 200, and the message it left unfinished', () => {
    const result = run(EXCEPTION_BODY);
    expect(result.final).toEqual({ message: { role: 'assistant', content: [{ text: 'Bonjour, ça' }] }, stopReason: null, usage: null, metrics: null });
    expect(result.annotations).toEqual(['messageStart role "assistant"', 'block 0 text += "Bonjour"', 'block 0 text += ", ça"', 'throttlingException: "Too many tokens, ple"…(+29 chars)']);
    expect(result.diagnostics).toEqual([
      { code: 'stream-exception', severity: 'error', message: `Event 3 is an exception frame, throttlingException: "${THROTTLED}". @aws-sdk/client-bedrock-runtime throws it from the stream; the answer stopped there.`, hint: bedrockConverse.catalogue['stream-exception']!.hint, events: [3] },
      { code: 'missing-message-stop', severity: 'error', message: 'The stream ended without messageStop (its last event is 3): the message did not finish, and no stopReason says why. throttlingException came instead (event 3).', hint: STOP_HINT, events: [3] },
      { code: 'usage-missing', severity: 'warning', message: 'No usage: the stream ended before messageStop and metadata.', hint: USAGE_HINT, events: [3] },
    ]);
  });

  it('finds an error frame (:message-type error) the same way, its message from :error-message', () => {
    const body = concat([eventFrame('messageStart', { role: 'assistant' }), errorFrame('InternalFailure', 'The server had an error.')]);
    const result = run(body);
    expect(result.annotations).toEqual(['messageStart role "assistant"', 'error frame InternalFailure: "The server had an er"…(+4 chars)']);
    expect(result.diagnostics.map((found) => [found.code, found.message])).toEqual([
      ['stream-exception', 'Event 1 is an error frame, InternalFailure: "The server had an error.". @aws-sdk/client-bedrock-runtime throws it from the stream; the answer stopped there.'],
      ['missing-message-stop', 'The stream ended without messageStop (its last event is 1): the message did not finish, and no stopReason says why. InternalFailure came instead (event 1).'],
      ['usage-missing', 'No usage: the stream ended before messageStop and metadata.'],
    ]);
  });

  it('finds a body cut before messageStop, and waits for the end to say so', () => {
    const body = firstFrames(read('converse-claude35sonnet-text.bin'), 13);
    const result = run(body);
    expect(result.final).toEqual({ message: { role: 'assistant', content: [{ text: "Hello! As an AI language model, I don't have feelings, but I'm functioning well and ready to assist you. How can I help you today?" }] }, stopReason: null, usage: null, metrics: null });
    expect(result.diagnostics).toEqual([
      { code: 'missing-message-stop', severity: 'error', message: 'The stream ended without messageStop (its last event is 12): the message did not finish, and no stopReason says why.', hint: STOP_HINT, events: [12] },
      { code: 'usage-missing', severity: 'warning', message: 'No usage: the stream ended before messageStop and metadata.', hint: USAGE_HINT, events: [12] },
    ]);
    expect(run(body, false).diagnostics).toEqual([]);
  });

  it('finds tool input that is not JSON at its block stop, and keeps the raw text as the input', () => {
    const raw = '{"city": "Par';
    const body = concat([
      eventFrame('messageStart', { role: 'assistant' }),
      eventFrame('contentBlockStart', { contentBlockIndex: 0, start: { toolUse: { toolUseId: 'tooluse_1', name: 'get_weather' } } }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { toolUse: { input: '{"city": ' } } }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { toolUse: { input: '"Par' } } }),
      eventFrame('contentBlockStop', { contentBlockIndex: 0 }),
      eventFrame('messageStop', { stopReason: 'tool_use' }),
      eventFrame('metadata', { usage: { inputTokens: 9, outputTokens: 4, totalTokens: 13 }, metrics: { latencyMs: 80 } }),
    ]);
    const check = checkArguments(raw);
    if (check.valid) throw new Error('the raw input parses');
    const result = run(body);
    expect(result.final.message.content).toEqual([{ toolUse: { toolUseId: 'tooluse_1', name: 'get_weather', input: raw } }]);
    expect(result.diagnostics).toEqual([
      { code: 'tool-arguments-invalid', severity: 'error', message: `Content block 0 (toolUse "get_weather") input does not parse as JSON at its contentBlockStop: ${describeArgumentsError(check)}. The final object keeps the raw text.`, hint: bedrockConverse.catalogue['tool-arguments-invalid']!.hint, events: [1, 2, 3, 4] },
    ]);
  });

  it('reads an event type it does not know as unknown, and one with a wrong member as malformed, shown and never thrown', () => {
    const body = concat([eventFrame('messageStart', { role: 'assistant' }), eventFrame('contentBlockDelta', { contentBlockIndex: '0', delta: { text: 'x' } }), eventFrame('somethingNew', { a: 1 }), eventFrame('messageStop', { stopReason: 'end_turn' }), eventFrame('metadata', { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } })]);
    const result = run(body);
    expect(result.annotations).toEqual(['messageStart role "assistant"', 'malformed: contentBlockIndex is string, expected integer', 'unknown event "somethingNew"', 'messageStop stopReason "end_turn"', 'metadata usage: input 1, output 1, total 2']);
    expect(result.diagnostics.map((found) => [found.code, found.severity, found.message, found.events])).toEqual([
      ['unknown-event', 'info', '1 event of type "somethingNew", which ConverseStream does not define: 2.', [2]],
      ['malformed-chunk', 'error', '1 event malformed: contentBlockIndex is string (expected integer).', [1]],
    ]);
  });

  it('finds a messageStop without its stopReason malformed, as MessageStopEvent requires one, and the message still stopped', () => {
    const body = concat([eventFrame('messageStart', { role: 'assistant' }), eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x' } }), eventFrame('contentBlockStop', { contentBlockIndex: 0 }), eventFrame('messageStop', { stopReason: null }), eventFrame('metadata', { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } })]);
    const result = run(body);
    expect(result.diagnostics.map((found) => [found.code, found.severity, found.message, found.events])).toEqual([['malformed-chunk', 'error', '1 event malformed: stopReason is null (expected string).', [3]]]);
    expect(result.diagnostics.map((found) => found.code)).not.toContain('missing-message-stop');
  });

  it("reads the SDK's parsed unions, one event a payload with no event type, as the events they name", () => {
    const union = (value: unknown) => ({ data: JSON.stringify(value), event: null, id: null, retry: null, comments: [], unknownFields: [] });
    expect(bedrockConverse.interpret(union({ contentBlockDelta: { contentBlockIndex: 2, delta: { text: 'Hi' } } }))).toEqual({ kind: 'text', ops: [{ op: 'delta', index: 2, deltas: [{ type: 'text', text: 'Hi' }] }], problems: [], tokens: 1, paddingBytes: 0 });
    expect(bedrockConverse.interpret(union({ modelStreamErrorException: { message: 'boom' } })).ops).toEqual([{ op: 'exception', frame: 'exception', type: 'modelStreamErrorException', message: 'boom' }]);
  });

  it("words a modelStreamErrorException with the model's own status and message", () => {
    const [message] = parseEventStream(exceptionFrame('modelStreamErrorException', { message: 'Model error.', originalStatusCode: 529, originalMessage: 'Overloaded' })).messages;
    expect(bedrockConverse.interpret(message!).ops).toEqual([{ op: 'exception', frame: 'exception', type: 'modelStreamErrorException', message: "Model error. (the model's own error: 529 Overloaded)" }]);
  });

  it('joins redacted pieces as the bytes they hold: their text when only the last is padded, else decoded and encoded again', () => {
    expect([joinBase64(['QUJD', 'REVG', 'Rw==']), joinBase64(['QQ==', 'Qg==']), joinBase64(['QUJD'])]).toEqual(['QUJDREVGRw==', 'QUI=', 'QUJD']);
  });

  it("has a descriptor that claims every body's first payload, reads how each ended, and answers errors the SDK raises by name", () => {
    expect(bedrockConverseDescriptor.path.endsWith(bedrockConverseDescriptor.pathEnding)).toBe(true);
    const ends = BODIES.map(([name, body]) => [name, claimsConversePayload(payloads(body)[0]!), bedrockConverseDescriptor.endReasons(run(body).final)]);
    expect(ends).toEqual(BODIES.map(([name], at) => [name, true, [['end_turn', 'end_turn', 'tool_use', 'tool_use', 'end_turn', 'tool_use', 'end_turn', 'max_tokens', 'end_turn', 'end_turn', null, null][at]]]));
    expect([claimsConversePayload({ choices: [] }), claimsConversePayload({ type: 'message_start' }), claimsConversePayload({ candidates: [] })]).toEqual([false, false, false]);
    expect(JSON.parse(bedrockConverseDescriptor.errors.body(429, { message: 'Slow down.', type: 'rate_limit', param: null, code: null }))).toEqual({ message: 'Slow down.', __type: 'ThrottlingException' });
  });
});

describe('the bedrock-converse dialect on blocks no captured body has', () => {
  it('keeps citations with their text, an image, and a newer block and delta member whole, in Converse shapes', () => {
    const citation = { title: 'Doc', source: 'doc-1', sourceContent: [{ text: 'cited' }], location: { documentChar: { documentIndex: 0, start: 0, end: 5 } } };
    const body = concat([
      eventFrame('messageStart', { role: 'assistant' }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'It is ' } }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { citation } }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'cited.' } }),
      eventFrame('contentBlockStop', { contentBlockIndex: 0 }),
      eventFrame('contentBlockStart', { contentBlockIndex: 1, start: { image: { format: 'png' } } }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 1, delta: { image: { source: { bytes: 'iVBO' } } } }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 1, delta: { image: { source: { bytes: 'Rw==' } } } }),
      eventFrame('contentBlockStop', { contentBlockIndex: 1 }),
      eventFrame('contentBlockStart', { contentBlockIndex: 2, start: { audio: { format: 'mp3' } } }),
      eventFrame('contentBlockDelta', { contentBlockIndex: 2, delta: { audio: { chunk: 'AAAA' } } }),
      eventFrame('contentBlockStop', { contentBlockIndex: 2 }),
      eventFrame('messageStop', { stopReason: 'end_turn', additionalModelResponseFields: { stop_sequence: null } }),
      eventFrame('metadata', { usage: { inputTokens: 5, outputTokens: 7, totalTokens: 12, cacheReadInputTokens: 3 }, metrics: { latencyMs: 42 }, trace: { promptRouter: { invokedModelId: 'm' } }, serviceTier: { type: 'default' }, p: 'abc' }),
    ]);
    const result = run(body);
    expect(result.final).toEqual({
      message: {
        role: 'assistant',
        content: [{ citationsContent: { content: [{ text: 'It is cited.' }], citations: [citation] } }, { image: { format: 'png', source: { bytes: 'iVBORw==' } } }, { audio: { format: 'mp3' } }, { audio: { chunk: 'AAAA' } }],
      },
      stopReason: 'end_turn',
      usage: { inputTokens: 5, outputTokens: 7, totalTokens: 12, cacheReadInputTokens: 3 },
      metrics: { latencyMs: 42 },
      additionalModelResponseFields: { stop_sequence: null },
      trace: { promptRouter: { invokedModelId: 'm' } },
      serviceTier: { type: 'default' },
    });
    expect(result.diagnostics).toEqual([]);
    expect([result.annotations[2], result.annotations[9], result.annotations[10], result.annotations[12], result.annotations[13]]).toEqual([
      'block 0 citation {"title":"Doc","sour…(+113 chars)',
      'block 2 start audio {"format":"mp3"}',
      'block 2 audio {"chunk":"AAAA"}',
      'messageStop stopReason "end_turn", additionalModelResponseFields {"stop_sequence":nul…(+2 chars)',
      'metadata usage: input 5, cache read 3, output 7, total 12; latencyMs 42; trace {"promptRouter":{"in…(+19 chars); serviceTier {"type":"default"}',
    ]);
  });
});
