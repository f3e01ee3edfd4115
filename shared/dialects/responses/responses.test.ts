import { describe, expect, it } from 'vitest';
import { runDialect } from '../run.ts';
import type { RunOptions } from '../run.ts';
import { RESPONSES_USAGE, responsesStream, sseEvents, toSse } from '../streams.test-support.ts';
import { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_REFUSAL, TOKEN_TOOL } from '../types.ts';
import { responses } from './index.ts';
import { interpretInFull } from './interpret.ts';

type Json = Record<string, unknown>;

const run = (events: readonly (Json | string)[], options?: RunOptions) => runDialect(responses, sseEvents(toSse(events)), options);
const findings = (result: ReturnType<typeof run>) => result.diagnostics.map(({ code, severity, message, events }) => ({ code, severity, message, events }));
const codes = (result: ReturnType<typeof run>) => result.diagnostics.map((diagnostic) => diagnostic.code);
const renumber = (events: Json[]): Json[] => events.map((event, sequence) => ({ ...event, sequence_number: sequence }));
const without = (events: Json[], type: string, count = Infinity) => {
  let removed = 0;
  return renumber(events.filter((event) => !(event.type === type && removed++ < count)));
};

/** JSON.parse's own message for a text (its wording differs between engines). */
function parseError(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const TEXT = responsesStream([{ type: 'message', id: 'msg_1', text: ['Hel', 'lo'] }]);

describe('a clean Responses stream', () => {
  const stream = responsesStream([
    { type: 'reasoning', id: 'rs_1', summary: [['Think', 'ing'], ['More']] },
    { type: 'message', id: 'msg_1', text: ['The ', 'answer', '.'], annotations: [{ type: 'url_citation', url: 'https://example.com', start_index: 0, end_index: 3, title: 'Example' }] },
    { type: 'function_call', id: 'fc_1', callId: 'call_a', name: 'get_weather', args: ['{"city"', ':"Paris"}'] },
    { type: 'function_call', id: 'fc_2', callId: 'call_b', name: 'get_time', args: ['{}'] },
    { type: 'web_search_call', id: 'ws_1' },
  ]);
  const result = run(stream);

  it('raises no finding at all', () => {
    expect(findings(result)).toEqual([]);
  });

  it('ends with the terminal response, its output built from the deltas', () => {
    const terminal = stream.at(-1)!.response as Json;
    expect(result.final).toEqual({ ...terminal, output_text: 'The answer.' });
    expect(result.final.output[1]).toEqual({
      id: 'msg_1',
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'The answer.', logprobs: [], annotations: [{ type: 'url_citation', url: 'https://example.com', start_index: 0, end_index: 3, title: 'Example' }] }],
    });
    expect(result.final.output[0]).toEqual({ id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Thinking' }, { type: 'summary_text', text: 'More' }] });
    expect(result.final.output[2]).toMatchObject({ type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' });
  });

  it('takes its usage from the terminal response', () => {
    expect(result.usage).toEqual(RESPONSES_USAGE);
  });

  it('counts the first reasoning delta as the first token', () => {
    expect(result.firstToken).toBe(4);
    expect(result.events[4]!.interpretation.type).toBe('response.reasoning_summary_text.delta');
  });
});

describe('token kinds', () => {
  it('are content, refusal, reasoning and tool bits, and empty deltas carry none', () => {
    const result = run(
      responsesStream([
        { type: 'reasoning', summary: [['r']], content: [['t']] },
        { type: 'message', text: ['', 'x'], refusal: ['no'] },
        { type: 'function_call', name: 'f', args: ['{}'] },
      ]),
    );
    const bits = result.events.filter((event) => event.tokens !== 0).map((event) => [event.interpretation.type, event.tokens]);
    expect(bits).toEqual([
      ['response.reasoning_summary_text.delta', TOKEN_REASONING],
      ['response.reasoning_text.delta', TOKEN_REASONING],
      ['response.output_text.delta', TOKEN_CONTENT],
      ['response.refusal.delta', TOKEN_REFUSAL],
      ['response.function_call_arguments.delta', TOKEN_TOOL],
    ]);
  });
});

describe('each Responses diagnostic', () => {
  it('response-failed: the terminal event is response.failed, with its error', () => {
    const result = run(responsesStream([], { terminal: 'response.failed', usage: null }));
    expect(findings(result)).toEqual([{ code: 'response-failed', severity: 'error', message: 'The response failed (event 2): "The model failed." ("server_error").', events: [2] }]);
    expect(result.final.status).toBe('failed');
  });

  it('response-incomplete: the terminal event is response.incomplete, with its reason', () => {
    const result = run(responsesStream([{ type: 'message', text: ['Cut'] }], { terminal: 'response.incomplete' }));
    expect(findings(result)).toEqual([{ code: 'response-incomplete', severity: 'warning', message: 'The response ended incomplete (event 8): "max_output_tokens".', events: [8] }]);
  });

  it('missing-terminal-event: the stream ends before any terminal event, and the status stays in_progress', () => {
    const result = run(responsesStream([{ type: 'message', text: ['Hel', 'lo'] }], { terminal: null }));
    expect(findings(result)).toEqual([
      { code: 'missing-terminal-event', severity: 'error', message: 'The stream ended without response.completed, response.incomplete or response.failed (its last event is 8): the response did not finish.', events: [8] },
    ]);
    expect(result.final.status).toBe('in_progress');
    expect(result.final.output_text).toBe('Hello');
    expect(result.usage).toBeNull();
  });

  it('missing-terminal-event waits for the end of a stream still under way', () => {
    expect(findings(run(responsesStream([], { terminal: null }), { ended: false }))).toEqual([]);
  });

  it('sequence-gap: sequence_number skips numbers', () => {
    const events = TEXT.map((event, at) => (at >= 5 ? { ...event, sequence_number: (event.sequence_number as number) + 2 } : event));
    expect(findings(run(events))).toEqual([{ code: 'sequence-gap', severity: 'warning', message: 'sequence_number skips 1 time, 2 numbers never arrived: 4 → 7 (event 5).', events: [5] }]);
  });

  it('sequence-gap is not reported for the numbers of events whose JSON could not be read (invalid-json reports those), only for numbers beyond them', () => {
    const broken = TEXT.map((event, at) => (at === 5 ? `data: {"type":"response.output_text.delta","sequence_number":5,\n\n` : event));
    expect(codes(run(broken))).not.toContain('sequence-gap');
    const brokenAndSkipped = broken.map((event, at) => (at >= 6 ? { ...(event as Record<string, unknown>), sequence_number: ((event as { sequence_number: number }).sequence_number) + 1 } : event));
    expect(findings(run(brokenAndSkipped)).filter((found) => found.code === 'sequence-gap')).toEqual([{ code: 'sequence-gap', severity: 'warning', message: 'sequence_number skips 1 time, 1 number never arrived: 4 → 7 (event 6, after 1 event that could not be read).', events: [6] }]);
  });

  it('sequence-gap is not reported for a resumed stream that starts after the number it asked for', () => {
    const resumed = TEXT.slice(3);
    const url = 'https://api.openai.com/v1/responses/resp_test?stream=true&starting_after=2';
    const recording = { source: 'live' as const, startedAt: null, request: { method: 'GET', url, headers: {}, body: null }, response: null, reads: [], end: null };
    expect(codes(run(resumed, { recording }))).not.toContain('sequence-gap');
    expect(findings(run(resumed))[0]).toEqual({ code: 'sequence-gap', severity: 'warning', message: 'sequence_number skips 1 time, 3 numbers never arrived: the first is 3, not 0 (event 0).', events: [0] });
  });

  it('sequence-disorder: a sequence_number repeats', () => {
    const events = [TEXT[0]!, TEXT[1]!, TEXT[1]!, ...TEXT.slice(2)];
    expect(findings(run(events))).toEqual([{ code: 'sequence-disorder', severity: 'error', message: 'sequence_number goes back or repeats 1 time: 1 after 1 (event 2).', events: [2] }]);
  });

  it('a stream without sequence numbers is not a finding', () => {
    expect(findings(run(TEXT.map(({ sequence_number: _, ...event }) => event)))).toEqual([]);
  });

  it('delta-unknown-item: a delta names an item never added, and its text is not accumulated', () => {
    const events = renumber([...TEXT.slice(0, 5), { type: 'response.output_text.delta', item_id: 'msg_ghost', output_index: 3, content_index: 0, delta: 'boo' }, ...TEXT.slice(5)]);
    const result = run(events);
    expect(findings(result)).toEqual([
      { code: 'delta-unknown-item', severity: 'error', message: '1 event names item msg_ghost, never added: 5. The openai SDK throws here; lenient clients drop the text.', events: [5] },
    ]);
    expect(result.final.output_text).toBe('Hello');
  });

  it('delta-unknown-item: a delta names a content part never added', () => {
    const events = renumber([...TEXT.slice(0, 5), { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 1, delta: 'boo' }, ...TEXT.slice(5)]);
    expect(findings(run(events))).toEqual([
      { code: 'delta-unknown-item', severity: 'error', message: '1 event names content part 1 of msg_1, never added: 5. The openai SDK throws here; lenient clients drop the text.', events: [5] },
    ]);
  });

  it('item-not-done: an item never gets output_item.done and the terminal response does not complete it', () => {
    const events = without(TEXT, 'response.output_item.done');
    const { output: _, ...response } = events.at(-1)!.response as Json;
    events[events.length - 1] = { ...events.at(-1)!, response };
    expect(findings(run(events))).toEqual([
      {
        code: 'item-not-done',
        severity: 'warning',
        message: "output[0] (message msg_1) was added (event 2) but never got response.output_item.done, and the response does not complete it. The Vercel AI SDK's streamText never ends its text (no text-end).",
        events: [2],
      },
    ]);
  });

  it('item-not-done fires when the terminal response holds the item too: the AI SDK ends a message only at its output_item.done', () => {
    const result = run(without(TEXT, 'response.output_item.done'));
    expect(findings(result)).toEqual([
      {
        code: 'item-not-done',
        severity: 'warning',
        message: "output[0] (message msg_1) was added (event 2) but never got response.output_item.done; only the response.completed response holds it. The Vercel AI SDK's streamText never ends its text (no text-end).",
        events: [2],
      },
    ]);
    expect(result.final.output[0]).toMatchObject({ status: 'completed' });
  });

  it('item-not-done is an error for a function call the terminal response holds: the AI SDK loses the call', () => {
    const events = without(responsesStream([{ type: 'function_call', id: 'fc_1', callId: 'call_a', name: 'get_time', args: ['{}'] }]), 'response.output_item.done');
    expect(findings(run(events)).map(({ code, severity }) => ({ code, severity }))).toEqual([{ code: 'item-not-done', severity: 'error' }]);
  });

  it('done-text-mismatch: a .done event carries another text than the deltas built', () => {
    const events = TEXT.map((event) => (event.type === 'response.output_text.done' ? { ...event, text: 'Help' } : event));
    const result = run(events);
    expect(findings(result)).toEqual([
      { code: 'done-text-mismatch', severity: 'error', message: 'output[0].content[0].text: the deltas built "Hello", the .done event (6) carries "Help".', events: [6] },
    ]);
    expect(result.final.output_text).toBe('Hello');
  });

  it('final-mismatch: the terminal response carries another text than the deltas built', () => {
    const events = JSON.parse(JSON.stringify(TEXT)) as Json[];
    ((events.at(-1)!.response as { output: { content: Json[] }[] }).output[0]!.content[0]!).text = 'Goodbye';
    expect(findings(run(events))).toEqual([
      {
        code: 'final-mismatch',
        severity: 'error',
        message: 'The response.completed response differs from what the deltas built, first at output[0].content[0].text: the stream built "Hello", the terminal response has "Goodbye". The openai SDK\'s finalResponse() is the terminal response.',
        events: [9],
      },
    ]);
  });

  it('refusal: a refusal content part with text', () => {
    const result = run(responsesStream([{ type: 'message', refusal: ['I can', "'t help."] }]));
    expect(findings(result)).toEqual([
      { code: 'refusal', severity: 'warning', message: 'output[0] (message me_0) content[0] is a refusal: "I can\'t help.". A client that reads only output_text shows nothing.', events: [4, 5] },
    ]);
    expect(result.final.output_text).toBe('');
  });

  it('tool-arguments-invalid: a done function call whose arguments are not JSON', () => {
    const result = run(responsesStream([{ type: 'function_call', id: 'fc_1', name: 'get_weather', args: ['{"city":', '"Par'] }]));
    expect(findings(result)).toEqual([
      {
        code: 'tool-arguments-invalid',
        severity: 'error',
        message: `output[0] (function_call fc_1) (get_weather) arguments do not parse as JSON: line 1, column 13 (character 12): expected the closing quote of the string (the text ends early) (JSON.parse: ${parseError('{"city":"Par')}).`,
        events: [2, 3, 4, 6],
      },
    ]);
  });

  it('usage-missing: a completed response without usage', () => {
    expect(findings(run(responsesStream([{ type: 'message', text: ['Hi'] }], { usage: null })))).toEqual([
      { code: 'usage-missing', severity: 'warning', message: 'The response.completed response (event 8) carries no usage.', events: [8] },
    ]);
  });

  it('unknown-event: a type the SDK does not know changes nothing', () => {
    const events = renumber([...TEXT.slice(0, 4), { type: 'response.future_thing.delta', delta: 'x' }, ...TEXT.slice(4)]);
    const result = run(events);
    expect(findings(result)).toEqual([
      { code: 'unknown-event', severity: 'info', message: '1 event of type "response.future_thing.delta", which the openai SDK does not know: 4.', events: [4] },
    ]);
    expect(result.final.output_text).toBe('Hello');
  });

  it('event-name-mismatch: the event: line differs from data.type (the analysis goes by data.type)', () => {
    const delta = TEXT[4]!;
    const body = toSse(TEXT.slice(0, 4)) + `event: response.text.delta\ndata: ${JSON.stringify(delta)}\n\n` + toSse(TEXT.slice(5));
    const result = runDialect(responses, sseEvents(body));
    expect(result.diagnostics.map(({ code, severity, message, events }) => ({ code, severity, message, events }))).toEqual([
      { code: 'event-name-mismatch', severity: 'warning', message: '1 event named event: response.text.delta carry data.type "response.output_text.delta": 4.', events: [4] },
    ]);
    expect(result.final.output_text).toBe('Hello');
  });

  it('data-only events (no event: line) are not a name mismatch', () => {
    expect(findings(runDialect(responses, sseEvents(toSse(TEXT, false))))).toEqual([]);
  });

  it('stream-error: an error event, flat or nested under error', () => {
    const flat = { type: 'error', code: 'server_error', message: 'Something broke', param: null };
    const nested = { type: 'error', error: { type: 'insufficient_quota', code: 'insufficient_quota', message: 'Quota', param: null } };
    const events = renumber([...TEXT.slice(0, 2), flat, nested, ...TEXT.slice(2)]);
    expect(findings(run(events))).toEqual([
      { code: 'stream-error', severity: 'error', message: 'Event 2 is an error event: "Something broke" ("server_error"). The openai SDK throws it.', events: [2] },
      { code: 'stream-error', severity: 'error', message: 'Event 3 is an error event: "Quota" ("insufficient_quota"). The openai SDK throws it.', events: [3] },
    ]);
  });

  it('malformed-chunk: a field of the wrong type is reported, never thrown', () => {
    const events = TEXT.map((event, at) => (at === 4 ? { ...event, delta: 5 } : event));
    const result = run(events);
    expect(codes(result)).toEqual(['done-text-mismatch', 'final-mismatch', 'malformed-chunk']);
    expect(findings(result)[2]).toEqual({ code: 'malformed-chunk', severity: 'error', message: '1 event with fields of the wrong type: delta is number (expected string).', events: [4] });
    // The bad delta adds nothing: the deltas built "lo", which the .done events contradict.
    expect(findings(result)[0]).toEqual({ code: 'done-text-mismatch', severity: 'error', message: 'output[0].content[0].text: the deltas built "lo", the .done events (6, 7, 8) carry "Hello".', events: [6, 7, 8] });
  });

  it('item-id-changed: the terminal response names a streamed item with another id (OpenRouter), and the final object takes it', () => {
    const events = JSON.parse(JSON.stringify(TEXT)) as Json[];
    (events.at(-1)!.response as { output: Json[] }).output[0]!.id = 'msg_final';
    const result = run(events);
    expect(findings(result)).toEqual([
      {
        code: 'item-id-changed',
        severity: 'info',
        message: "output[0] (message msg_1) is msg_final in the response.completed response: clients that correlate items by id (reasoning sent back, tool results) hold a different id from the SDK's finalResponse().",
        events: [2, 9],
      },
    ]);
    expect(result.final.output[0]!.id).toBe('msg_final');
  });
});

describe('the Responses fold', () => {
  it('stops at data: [DONE] (OpenRouter ends so), which is no finding', () => {
    const result = runDialect(responses, sseEvents(toSse(TEXT) + 'data: [DONE]\n\n' + toSse([{ type: 'error', message: 'after' }])));
    expect(findings(result)).toEqual([]);
    expect(result.events.at(-2)!.interpretation.kind).toBe('done');
  });

  it('takes parts an added item already holds, and appends later ones after them', () => {
    const events = renumber([
      TEXT[0]!,
      { type: 'response.output_item.added', output_index: 0, item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [{ type: 'output_text', text: 'Pre', annotations: [] }] } },
      { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'fix' },
    ]);
    expect(run(events, { ended: false }).final.output_text).toBe('Prefix');
  });

  it('gives the same state from a fork at any event as from the start', () => {
    const events = sseEvents(toSse(responsesStream([{ type: 'reasoning', summary: [['a', 'b']] }, { type: 'message', text: ['x', 'y'] }, { type: 'function_call', name: 'f', args: ['{', '}'] }])));
    const straight = runDialect(responses, events);
    for (let cut = 0; cut <= events.length; cut++) {
      const accumulator = responses.createAccumulator();
      events.slice(0, cut).forEach((event) => accumulator.apply(event.index, responses.interpret(event)));
      const forked = accumulator.fork();
      events.slice(cut).forEach((event) => forked.apply(event.index, responses.interpret(event)));
      expect(responses.final(forked.state)).toEqual(straight.final);
      // The original goes on unchanged by the fork's events.
      expect(responses.final(accumulator.state).output.length).toBeLessThanOrEqual(straight.final.output.length);
    }
  });

  it('reads a delta from a template exactly as in full', () => {
    const events = sseEvents(toSse(responsesStream([{ type: 'message', text: ['a', 'b\\"c', '', 'é😀', 'd'] }, { type: 'function_call', name: 'f', args: ['{"a"', ':1}'] }])));
    for (const event of events) expect(responses.interpret(event)).toEqual(interpretInFull(event));
  });
});

describe('annotations of Responses events', () => {
  it('say what each event changed', () => {
    const events = sseEvents(toSse(responsesStream([{ type: 'message', id: 'msg_1', text: ['Hi'] }, { type: 'function_call', id: 'fc_1', name: 'f', args: ['{}'] }])));
    expect(events.map((event) => responses.annotate(event, responses.interpret(event)))).toEqual([
      'response.created: resp_test, gpt-test, status "in_progress"',
      'response.in_progress: resp_test, gpt-test, status "in_progress"',
      'output[0] = message (msg_1)',
      'output[0].content[0] = output_text',
      'output[0].content[0].text += "Hi"',
      'output[0].content[0].text done: "Hi"',
      'output[0].content[0] done',
      'output[0] done (completed)',
      'output[1] = function_call "f" (fc_1)',
      'output[1].arguments += "{}"',
      'output[1].arguments done: "{}"',
      'output[1] done (completed)',
      'response.completed: resp_test, gpt-test, status "completed", usage: input 45, output 25, total 70 tokens',
    ]);
  });

  it('name what is malformed, unknown or not JSON', () => {
    const events = sseEvents('data: {"type":"response.output_text.delta","delta":5,"item_id":"m","output_index":0,"content_index":0}\n\ndata: {"type":"response.x"}\n\ndata: {oops\n\n: keep-alive\n\n');
    expect(events.map((event) => responses.annotate(event, responses.interpret(event)))).toEqual([
      'malformed: delta is number, expected string',
      'unknown event type "response.x"',
      `not JSON: "{oops" (${parseError('{oops')})`,
      'comment ": keep-alive"',
    ]);
  });
});
