import { describe, expect, it } from 'vitest';
import { runDialect } from '../run.ts';
import type { RunOptions } from '../run.ts';
import { messagesStream, sseEvents, toSse } from '../streams.test-support.ts';
import { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_TOOL } from '../types.ts';
import { messages } from './index.ts';
import { interpretInFull } from './interpret.ts';

type Json = Record<string, unknown>;

const run = (events: readonly (Json | string)[], options?: RunOptions) => runDialect(messages, sseEvents(toSse(events)), options);
const findings = (result: ReturnType<typeof run>) => result.diagnostics.map(({ code, severity, message, events }) => ({ code, severity, message, events }));
const codes = (result: ReturnType<typeof run>) => result.diagnostics.map((diagnostic) => diagnostic.code);

/** JSON.parse's own message for a text (its wording differs between engines). */
function parseError(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

// message_start 0, content_block_start 1, two text deltas 2–3, content_block_stop 4, message_delta 5, message_stop 6.
const TEXT = messagesStream([{ type: 'text', text: ['Hel', 'lo'] }], { ping: false });

describe('a clean Anthropic Messages stream', () => {
  const citation = { type: 'web_search_result_location', cited_text: 'Paris is', url: 'https://example.com', title: 'Example', encrypted_index: 'x' };
  const stream = messagesStream([
    { type: 'thinking', thinking: ['Let me ', 'think.'], signature: 'c2lnbmF0dXJl' },
    { type: 'redacted_thinking', data: 'EmwKAhgB' },
    { type: 'text', text: ['Paris', '.'], citations: [citation] },
    { type: 'tool_use', id: 'toolu_1', name: 'get_weather', json: ['', '{"city": ', '"Paris"}'] },
    { type: 'tool_use', id: 'toolu_2', name: 'get_time', json: [''] },
  ]);
  const result = run(stream);

  it('raises no warning or error, only the ping it carries', () => {
    expect(findings(result)).toEqual([{ code: 'ping', severity: 'info', message: '1 ping event (event 1).', events: [1] }]);
  });

  it('ends with the message the deltas built, tool input parsed', () => {
    expect(result.final).toEqual({
      id: 'msg_test',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [
        { type: 'thinking', thinking: 'Let me think.', signature: 'c2lnbmF0dXJl' },
        { type: 'redacted_thinking', data: 'EmwKAhgB' },
        { type: 'text', text: 'Paris.', citations: [citation] },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'toolu_2', name: 'get_time', input: {} },
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 472, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 25, service_tier: 'standard' },
    });
    expect(result.usage).toEqual(result.final.usage);
  });

  it('counts the first thinking delta as the first token, and marks text, thinking and input deltas', () => {
    expect(result.firstToken).toBe(3);
    const bits = new Map(result.events.filter((event) => event.tokens !== 0).map((event) => [event.tokens, event.interpretation.kind]));
    expect(bits).toEqual(new Map([[TOKEN_REASONING, 'reasoning'], [TOKEN_CONTENT, 'text'], [TOKEN_TOOL, 'tool']]));
  });
});

describe('each Anthropic Messages diagnostic', () => {
  it('missing-message-stop: the stream ends without message_stop, stop_reason as the last message_delta left it', () => {
    const result = run(messagesStream([{ type: 'text', text: ['Hi'] }], { ping: false, stop: false }));
    expect(findings(result)).toEqual([
      { code: 'missing-message-stop', severity: 'error', message: 'The stream ended without message_stop (its last event is 4): the message did not finish.', events: [4] },
    ]);
    expect(result.final.stop_reason).toBe('end_turn');
  });

  it('with no message_delta either, stop_reason is null', () => {
    const result = run(TEXT.slice(0, 4));
    expect(codes(result)).toEqual(['missing-message-stop', 'block-not-stopped']);
    expect(result.final.stop_reason).toBeNull();
    expect(result.final.content).toEqual([{ type: 'text', text: 'Hello' }]);
  });

  it('missing-message-stop waits for the end of a stream still under way', () => {
    expect(findings(run(TEXT.slice(0, 4), { ended: false }))).toEqual([]);
  });

  it('block-not-stopped: a content block never gets content_block_stop', () => {
    const result = run(TEXT.filter((event) => event.type !== 'content_block_stop'));
    expect(findings(result)).toEqual([{ code: 'block-not-stopped', severity: 'warning', message: 'Content block 0 (text) started (event 1) but never got content_block_stop.', events: [1] }]);
  });

  it('delta-unknown-block: a delta for a block never started is dropped', () => {
    const ghost = { type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'boo' } };
    const result = run([...TEXT.slice(0, 3), ghost, ...TEXT.slice(3)]);
    expect(findings(result)).toEqual([
      { code: 'delta-unknown-block', severity: 'error', message: '1 event: a text_delta for block 3, never started (3). The Anthropic SDK drops it silently.', events: [3] },
    ]);
    expect(result.final.content).toEqual([{ type: 'text', text: 'Hello' }]);
  });

  it('delta-unknown-block: a delta of a type its block cannot take is dropped', () => {
    const wrong = { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{}' } };
    expect(findings(run([...TEXT.slice(0, 3), wrong, ...TEXT.slice(3)]))).toEqual([
      { code: 'delta-unknown-block', severity: 'error', message: '1 event: an input_json_delta for block 0, a text block (3). The Anthropic SDK drops it silently.', events: [3] },
    ]);
  });

  it('stop-max-tokens: the output was cut at max_tokens', () => {
    expect(findings(run(messagesStream([{ type: 'text', text: ['Cut'] }], { ping: false, stopReason: 'max_tokens' })))).toEqual([
      { code: 'stop-max-tokens', severity: 'warning', message: 'The message stopped with "max_tokens" (event 4): the output was cut.', events: [4] },
    ]);
  });

  it('stop-refusal: the model declined to continue', () => {
    expect(findings(run(messagesStream([], { ping: false, stopReason: 'refusal', outputTokens: [0] })))).toEqual([
      { code: 'stop-refusal', severity: 'warning', message: 'The message stopped with "refusal" (event 1): the model declined to continue.', events: [1] },
    ]);
  });

  it('missing-stop-reason: message_stop came, but no message_delta said why the message stopped', () => {
    const stream = messagesStream([{ type: 'text', text: ['Hi'] }], { ping: false });
    const nulled = stream.map((event) => (event.type === 'message_delta' ? { ...event, delta: { stop_reason: null, stop_sequence: null } } : event));
    expect(findings(run(nulled))).toEqual([
      { code: 'missing-stop-reason', severity: 'warning', message: 'The message ended (message_stop, event 5) without a stop_reason: the last message_delta (event 4) has none.', events: [4] },
    ]);
    const noDelta = stream.filter((event) => event.type !== 'message_delta');
    expect(findings(run(noDelta))).toEqual([
      { code: 'missing-stop-reason', severity: 'warning', message: 'The message ended (message_stop, event 4) without a stop_reason: no message_delta came.', events: [4] },
    ]);
    // A stream cut before message_stop is missing-message-stop, not this; nor is a message_delta that could not be read.
    expect(codes(run(nulled.slice(0, -1)))).not.toContain('missing-stop-reason');
    const unreadable = [...stream.slice(0, 4), 'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_\n\n', stream.at(-1)!];
    // (The transport's invalid-json reports that event; the dialect says nothing of a reason it may have carried.)
    expect(codes(run(unreadable))).toEqual([]);
  });

  it('usage-not-cumulative: a later message_delta reports fewer output tokens, and the last value still counts', () => {
    const result = run(messagesStream([{ type: 'text', text: ['Hi'] }], { ping: false, outputTokens: [10, 4] }));
    expect(findings(result)).toEqual([
      {
        code: 'usage-not-cumulative',
        severity: 'warning',
        message: 'message_delta at event 5 reports 4 output tokens, fewer than the 10 of event 4: a client that keeps the last value (as the SDK does) under-counts.',
        events: [4, 5],
      },
    ]);
    expect(result.usage).toMatchObject({ output_tokens: 4 });
  });

  it('cumulative usage replaces, and message_delta counters other than output_tokens replace when present', () => {
    const events = TEXT.map((event) => (event.type === 'message_delta' ? { ...event, usage: { output_tokens: 30, input_tokens: 61 } } : event));
    expect(run(events).usage).toEqual({ input_tokens: 61, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 30, service_tier: 'standard' });
  });

  it('ping: keep-alive events are listed as info', () => {
    const result = run(messagesStream([{ type: 'text', text: ['Hi'] }]));
    expect(findings(result)).toEqual([{ code: 'ping', severity: 'info', message: '1 ping event (event 1).', events: [1] }]);
  });

  it('ping: the note names the events in words that read ("3 ping events (events 1, 3, 4)."), not "3 ping events: 1, 3, 4."', () => {
    const [start, ping, blockStart, ...rest] = messagesStream([{ type: 'text', text: ['Hi'] }]);
    const result = run([start!, ping!, blockStart!, { type: 'ping' }, { type: 'ping' }, ...rest]);
    expect(findings(result)).toEqual([{ code: 'ping', severity: 'info', message: '3 ping events (events 1, 3, 4).', events: [1, 3, 4] }]);
  });

  it('tool-arguments-invalid: a tool_use input that is not JSON at its content_block_stop', () => {
    const result = run(messagesStream([{ type: 'tool_use', name: 'make_file', json: ['{"path": "a.txt", "body": "hel'] }], { ping: false }));
    expect(findings(result)).toEqual([
      {
        code: 'tool-arguments-invalid',
        severity: 'error',
        message: `Content block 0 (tool_use "make_file") input does not parse as JSON at its content_block_stop: line 1, column 31 (character 30): expected the closing quote of the string (the text ends early) (JSON.parse: ${parseError('{"path": "a.txt", "body": "hel')}). The Anthropic SDK's partial-JSON parser silently turns it into a shorter object.`,
        events: [1, 2, 3],
      },
    ]);
    // The block keeps its own input: the stream gave none that parses.
    expect(result.final.content).toEqual([{ type: 'tool_use', id: 'toolu_0', name: 'make_file', input: {} }]);
  });

  it('unknown-event: an event type or a delta type the SDK does not know changes nothing', () => {
    const events = [...TEXT.slice(0, 2), { type: 'content_block_delta', index: 0, delta: { type: 'compaction_delta', content: 'x' } }, { type: 'message_future' }, ...TEXT.slice(2)];
    const result = run(events);
    expect(findings(result)).toEqual([
      { code: 'unknown-event', severity: 'info', message: '1 event of type "content_block_delta/compaction_delta", which the Anthropic SDK does not know: 2.', events: [2] },
      { code: 'unknown-event', severity: 'info', message: '1 event of type "message_future", which the Anthropic SDK does not know: 3.', events: [3] },
    ]);
    expect(result.final.content).toEqual([{ type: 'text', text: 'Hello' }]);
  });

  it('event-name-mismatch: the event: line differs from data.type (the analysis goes by data.type)', () => {
    const body = toSse(TEXT.slice(0, 2)) + `event: ping\ndata: ${JSON.stringify(TEXT[2])}\n\n` + toSse(TEXT.slice(3));
    const result = runDialect(messages, sseEvents(body));
    expect(result.diagnostics.map(({ code, message, events }) => ({ code, message, events }))).toEqual([
      { code: 'event-name-mismatch', message: '1 event named event: ping carry data.type "content_block_delta": 2.', events: [2] },
    ]);
    expect(result.final.content).toEqual([{ type: 'text', text: 'Hello' }]);
  });

  it('stream-error: an error event (Anthropic overloaded_error)', () => {
    const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    expect(findings(run([...TEXT.slice(0, 3), error]))).toEqual([
      { code: 'missing-message-stop', severity: 'error', message: 'The stream ended without message_stop (its last event is 3): the message did not finish. An error event came instead (event 3).', events: [3] },
      { code: 'block-not-stopped', severity: 'warning', message: 'Content block 0 (text) started (event 1) but never got content_block_stop.', events: [1] },
      { code: 'stream-error', severity: 'error', message: 'Event 3 is an error event: "Overloaded" ("overloaded_error"). The Anthropic SDK throws it.', events: [3] },
    ]);
  });

  it('malformed-chunk: a field of the wrong type is reported, never thrown', () => {
    const result = run(TEXT.map((event, at) => (at === 2 ? { ...event, delta: { type: 'text_delta', text: 7 } } : event)));
    expect(findings(result)).toEqual([{ code: 'malformed-chunk', severity: 'error', message: '1 event malformed: delta.text is number (expected string).', events: [2] }]);
    expect(result.final.content).toEqual([{ type: 'text', text: 'lo' }]);
  });
});

describe('the Anthropic Messages fold', () => {
  it('sets stop_details as the last message_delta has it (absent there, absent here, as in the SDK)', () => {
    const withDetails = TEXT.map((event) => (event.type === 'message_delta' ? { ...event, delta: { stop_reason: 'refusal', stop_sequence: null, stop_details: { type: 'refusal' } } } : event));
    expect(run(withDetails).final.stop_details).toEqual({ type: 'refusal' });
    const started = { ...TEXT[0]!, message: { ...(TEXT[0]!.message as Json), stop_details: null } };
    expect('stop_details' in run([started, ...TEXT.slice(1)]).final).toBe(false);
  });

  it('gives the same state from a fork at any event as from the start', () => {
    const events = sseEvents(toSse(messagesStream([{ type: 'thinking', thinking: ['a', 'b'], signature: 's' }, { type: 'text', text: ['x'] }, { type: 'tool_use', name: 'f', json: ['{"a"', ':1}'] }])));
    const straight = runDialect(messages, events);
    for (let cut = 0; cut <= events.length; cut++) {
      const accumulator = messages.createAccumulator();
      events.slice(0, cut).forEach((event) => accumulator.apply(event.index, messages.interpret(event)));
      const forked = accumulator.fork();
      events.slice(cut).forEach((event) => forked.apply(event.index, messages.interpret(event)));
      expect(messages.final(forked.state)).toEqual(straight.final);
      expect(messages.final(accumulator.state).content.length).toBeLessThanOrEqual(straight.final.content.length);
    }
  });

  it('reads a delta from a template exactly as in full, whatever the padding before its last brace', () => {
    const padded = (text: string, spaces: number) => `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${JSON.stringify(text)}}${' '.repeat(spaces)}}\n\n`;
    const body = toSse(TEXT.slice(0, 2)) + padded('a', 3) + padded('b\\"', 0) + padded('', 7) + padded('é😀', 15) + padded('}', 1);
    const events = sseEvents(body);
    for (const event of events) expect(messages.interpret(event)).toEqual(interpretInFull(event));
    expect(runDialect(messages, events, { ended: false }).final.content).toEqual([{ type: 'text', text: 'ab\\"é😀}' }]);
  });
});

describe('annotations of Anthropic Messages events', () => {
  it('say what each event changed', () => {
    const events = sseEvents(toSse(messagesStream([{ type: 'text', text: ['Hi'] }, { type: 'tool_use', id: 'toolu_1', name: 'f', json: ['{}'] }])));
    expect(events.map((event) => messages.annotate(event, messages.interpret(event)))).toEqual([
      'message_start: msg_test, claude-test; usage: input 472, output 2, cache creation input 0, cache read input 0 tokens',
      'ping',
      'content[0] = text',
      'content[0].text += "Hi"',
      'content[0] stopped',
      'content[1] = tool_use "f" (toolu_1)',
      'content[1].input += "{}"',
      'content[1] stopped',
      'message_delta: stop_reason = "end_turn", usage: output 25 tokens',
      'message_stop',
    ]);
  });
});
