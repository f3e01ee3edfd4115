import { describe, expect, it } from 'vitest';
import { parseSse } from '../../framing/sse/parser.ts';
import { annotate } from './annotate.ts';
import { createAccumulator } from './accumulate.ts';
import { interpretEvent } from './interpret.ts';
import { memberBytes } from './json-text.ts';
import { toChoices } from './message.ts';
import { checkArguments } from '../kit/arguments.ts';
import { body, bytes, chunk, delta, DONE_EVENT, realStream } from '../../test/streams.ts';

/** Kind and annotation of every event of a body. */
function describeBody(text: string | Uint8Array) {
  const { events } = parseSse(typeof text === 'string' ? bytes(text) : text);
  return events.map((event) => {
    const interpretation = interpretEvent(event);
    return [interpretation.kind, annotate(event, interpretation)];
  });
}

/** The client state after each event, as the contract's choices. */
function foldBody(text: string | Uint8Array) {
  const { events } = parseSse(typeof text === 'string' ? bytes(text) : text);
  const accumulator = createAccumulator();
  return events.map((event) => {
    accumulator.apply(event.index, interpretEvent(event).ops);
    return toChoices(accumulator.state);
  });
}

describe('classifying and annotating events', () => {
  it('names each kind of event of a real parallel tool-call stream, as a developer would write it', () => {
    const described = describeBody(realStream('openai-gpt4o-parallel-tool-calls.sse'));
    expect(described[0]).toEqual(['role', 'role = "assistant"']);
    expect(described[1]).toEqual(['tool', 'tool_calls[0] { id = "call_JMW1whyEaYG438VE1OIflxA2", type = "function", name = "GetWeatherArgs", arguments += "" }']);
    expect(described[2]).toEqual(['tool', 'tool_calls[0].arguments += "{\\"ci"']);
    expect(described[14]).toEqual(['tool', 'tool_calls[1].arguments += "{\\"ti"']);
    expect(described.slice(-3)).toEqual([
      ['finish', 'finish_reason = "tool_calls"'],
      ['usage', 'usage-only chunk (choices: []): prompt 149, completion 60, total 209 tokens'],
      ['done', '[DONE]'],
    ]);
  });

  it('tells content, refusal and both reasoning fields apart, and prefixes choices other than 0', () => {
    const described = describeBody(
      body(
        chunk([delta({ content: 'Hi' })]),
        chunk([delta({ refusal: 'No' })]),
        chunk([delta({ reasoning_content: 'hmm' })]),
        chunk([delta({ reasoning: 'so' })]),
        chunk([delta({ content: 'Yo' }, null, 2)]),
      ),
    );
    expect(described).toEqual([
      ['content', 'content += "Hi"'],
      ['refusal', 'refusal += "No"'],
      ['reasoning', 'reasoning_content += "hmm"'],
      ['reasoning', 'reasoning += "so"'],
      ['content', 'choices[2].content += "Yo"'],
    ]);
  });

  it('reads comments, errors, invalid JSON, non-chunk JSON and field-only events', () => {
    const described = describeBody(': keep-alive\n\nevent: error\ndata: {"error":{"message":"boom","code":"x"}}\n\ndata: {"a":\n\ndata: [1]\n\nid: 4\n\nerror: {"message":"llama"}\n\n');
    expect(described).toEqual([
      ['comment', 'comment ": keep-alive"'],
      ['error', 'error "x": "boom"'],
      ['invalid-json', 'not JSON: "{\\"a\\":" (Unexpected end of JSON input)'],
      ['malformed', 'malformed chunk: (payload) is array, expected object'],
      ['no-data', 'no data (id: 4)'],
      ['error', 'error: "llama"'],
    ]);
  });

  it('surfaces fields outside the OpenAI shape instead of hiding them', () => {
    const described = describeBody(body(chunk([{ ...delta({ content: 'a', token_id: 3 }), matched_stop: null }], { x_groq: { id: 'q' } })));
    expect(described).toEqual([['content', 'content += "a"; + x_groq, choices[].matched_stop, choices[].delta.token_id']]);
  });

  it('calls a chunk that changes nothing empty, and a choices-less chunk without usage metadata', () => {
    expect(describeBody(body(chunk([delta({})]), chunk([], { prompt_filter_results: [] })))).toEqual([
      ['empty', 'empty delta'],
      ['metadata', 'metadata chunk (choices: []); + prompt_filter_results'],
    ]);
  });

  it('reports fields of the wrong type without throwing', () => {
    const [first] = describeBody(body(chunk([delta({ content: 5, tool_calls: 'x' }, 7 as never)])));
    expect(first![0]).toBe('empty');
    expect(first![1]).toBe('empty delta; malformed: choices[0].delta.content is number, expected string; choices[0].delta.tool_calls is string, expected array; choices[0].finish_reason is number, expected string or null');
  });

  it('cuts long text in an annotation and says how much was left out', () => {
    const [first] = describeBody(body(chunk([delta({ content: 'x'.repeat(100) })])));
    expect(first![1]).toBe(`content += "${'x'.repeat(80)}"…(+20 chars)`);
  });

  it('measures the bytes an obfuscation member costs, with its comma', () => {
    expect(memberBytes('{"a":1,"obfuscation":"abc"}', 'obfuscation')).toBe(',"obfuscation":"abc"'.length);
    expect(memberBytes('{"obfuscation": "a\\"b", "a": 1}', 'obfuscation')).toBe('"obfuscation": "a\\"b",'.length);
    expect(memberBytes('{"content":"\\"obfuscation\\"","obfuscation":"é"}', 'obfuscation')).toBe(',"obfuscation":"é"'.length + 1);
  });
});

describe('accumulating a stream as a correct client would', () => {
  it('holds, after every event, the message as it stood then', () => {
    const states = foldBody(body(chunk([delta({ role: 'assistant', content: '' })]), chunk([delta({ content: 'Hel' })]), chunk([delta({ content: 'lo' })]), chunk([delta({}, 'stop')]), DONE_EVENT));
    expect(states.map((choices) => [choices[0]?.message.content, choices[0]?.finish_reason])).toEqual([
      [null, null],
      ['Hel', null],
      ['Hello', null],
      ['Hello', 'stop'],
      ['Hello', 'stop'],
    ]);
  });

  it('keeps interleaved choices apart (n > 1)', () => {
    const final = foldBody(realStream('openai-gpt4o-n3-interleaved-choices.sse')).at(-1)!;
    expect(final.map((choice) => [choice.index, choice.finish_reason, choice.message.content])).toEqual([
      [0, 'stop', '{"city":"San Francisco","temperature":65,"units":"f"}'],
      [1, 'stop', '{"city":"San Francisco","temperature":61,"units":"f"}'],
      [2, 'stop', '{"city":"San Francisco","temperature":59,"units":"f"}'],
    ]);
  });

  it('reassembles interleaved parallel tool calls by index', () => {
    const final = foldBody(
      body(
        chunk([delta({ role: 'assistant', tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: '' } }] })]),
        chunk([delta({ tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'g', arguments: '{"y"' } }] })]),
        chunk([delta({ tool_calls: [{ index: 0, function: { arguments: '{"x":1}' } }] })]),
        chunk([delta({ tool_calls: [{ index: 1, function: { arguments: ':2}' } }] })]),
        chunk([delta({}, 'tool_calls')]),
      ),
    ).at(-1)!;
    expect(final[0]!.message.tool_calls).toEqual([
      { index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: '{"x":1}' } },
      { index: 1, id: 'b', type: 'function', function: { name: 'g', arguments: '{"y":2}' } },
    ]);
  });

  it('continues a call on fragments with an empty id or name (Alibaba, LM Studio) and places calls without index in order', () => {
    const alibaba = foldBody(realStream('alibaba-qwen3max-tool-call.sse')).at(-1)!;
    expect(alibaba[0]!.message.tool_calls).toEqual([{ index: 0, id: 'call_eee11723464a4b9eb8cee71d', type: 'function', function: { name: 'weather', arguments: '{"location": "San Francisco"}' } }]);
    const unindexed = foldBody(
      body(
        chunk([delta({ tool_calls: [{ id: 'a', function: { name: 'f', arguments: '{' } }, { id: 'b', function: { name: 'g', arguments: '{}' } }] })]),
        chunk([delta({ tool_calls: [{ function: { arguments: '}' } }] })]),
      ),
    ).at(-1)!;
    expect(unindexed[0]!.message.tool_calls!.map((call) => [call.index, call.id, call.function.arguments])).toEqual([
      [0, 'a', '{'],
      [1, 'b', '{}}'],
    ]);
  });

  it('turns Mistral typed content parts into content and reasoning', () => {
    const final = foldBody(body(chunk([delta({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'hm' }] }] })]), chunk([delta({ content: [{ type: 'text', text: 'Hi' }] })]), chunk([delta({ content: '!' })]))).at(-1)!;
    expect(final[0]!.message).toMatchObject({ content: 'Hi!', reasoning_content: 'hm' });
  });

  it('takes the last usage when a provider sends it cumulatively on every chunk', () => {
    const final = foldBody(body(chunk([delta({ content: 'a' })], { usage: { total_tokens: 1 } }), chunk([delta({ content: 'b' })], { usage: { total_tokens: 2 } })));
    expect(final.length).toBe(2);
    const { events } = parseSse(bytes(body(chunk([], { usage: { total_tokens: 1 } }), chunk([], { usage: { total_tokens: 2 } }))));
    const accumulator = createAccumulator();
    for (const event of events) accumulator.apply(event.index, interpretEvent(event).ops);
    expect(accumulator.state.usage).toEqual({ total_tokens: 2 });
  });

  it('does not double reasoning sent as both reasoning_content and reasoning', () => {
    const final = foldBody(body(chunk([delta({ reasoning_content: 'ab', reasoning: 'ab' })]))).at(-1)!;
    expect(final[0]!.message.reasoning_content).toBe('ab');
  });

  it('keeps a choice’s texts readable and writable as plain fields, read between events and after', () => {
    const { events } = parseSse(bytes(body(chunk([delta({ content: 'a' })]), chunk([delta({ reasoning_content: 'r', content: 'b' })]), chunk([delta({ refusal: 'no' })]))));
    const accumulator = createAccumulator();
    const seen: (string | null)[] = [];
    for (const event of events) {
      accumulator.apply(event.index, interpretEvent(event).ops);
      seen.push(accumulator.state.choices.get(0)!.content);
    }
    expect(seen).toEqual(['a', 'ab', 'ab']);
    const choice = accumulator.state.choices.get(0)!;
    expect({ ...choice }).toMatchObject({ content: 'ab', reasoning: 'r', refusal: 'no' });
    expect(JSON.parse(JSON.stringify({ ...choice, toolCalls: null }))).toMatchObject({ content: 'ab', reasoning: 'r', refusal: 'no' });
    choice.content = 'replaced';
    expect(choice.content).toBe('replaced');
  });

  it('keeps thousands of pieces in order, read at any point', () => {
    const accumulator = createAccumulator();
    let expected = '';
    for (let i = 0; i < 2600; i++) {
      const text = i % 3 === 0 ? ` ${i} 東京` : ` ${i}`;
      expected += text;
      accumulator.apply(i, [{ type: 'text', choice: 0, channel: 'content', source: 'content', text }]);
      if (i === 1023 || i === 1024 || i === 1500 || i === 2047) expect(accumulator.state.choices.get(0)!.content).toBe(expected);
    }
    expect(accumulator.state.choices.get(0)!.content).toBe(expected);
  });

  it('accumulates an event of 150,000 logprobs entries without overflowing the stack (issue 17: a spread of them did)', () => {
    const entries = Array.from({ length: 150_000 }, (_, i) => ({ token: 'x', logprob: -i / 1e6, bytes: [120], top_logprobs: [] }));
    const final = foldBody(body(chunk([{ index: 0, delta: { role: 'assistant', content: 'x' }, logprobs: { content: entries, refusal: null }, finish_reason: 'stop' }]), DONE_EVENT)).at(-1)!;
    expect(final[0]!.logprobs?.content).toHaveLength(150_000);
    expect(final[0]!.logprobs?.content?.[149_999]).toEqual(entries[149_999]);
  });

  it('accumulates logprobs of content and refusal', () => {
    const final = foldBody(realStream('openai-gpt4o-refusal-logprobs.sse')).at(-1)!;
    expect(final[0]!.logprobs?.content).toBeNull();
    expect(final[0]!.logprobs?.refusal).toHaveLength(12);
  });
});

describe('checking tool-call arguments', () => {
  it('parses valid JSON and says where invalid JSON fails', () => {
    expect(checkArguments('{"a":1}')).toEqual({ valid: true, value: { a: 1 } });
    expect(checkArguments('{"a":')).toMatchObject({ valid: false, position: 5 });
    expect(checkArguments('')).toEqual({ valid: false, error: 'empty arguments', position: 0, line: 1, column: 1, expected: 'a value' });
  });
});
