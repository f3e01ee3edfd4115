import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toChoices } from '../dialects/chat/message.ts';
import { body, chunk, delta, DONE_EVENT, realStream, realStreams, untimed } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import { createEffectReader, eventEffect } from './event-effect.ts';
import type { ChoiceEffect, EventEffect } from './event-effect.ts';

const eventsOf = (stream: string | Uint8Array) => analyzeRecording(untimed(stream)).events;

/** A choice's effect with nothing changed, to spread the changes over. */
const unchanged = (choice: number): ChoiceEffect => ({
  choice,
  created: false,
  role: null,
  content: '',
  refusal: '',
  reasoning: '',
  emptyContent: false,
  toolCalls: [],
  functionCall: null,
  finishReason: null,
  logprobs: 0,
  afterFinish: false,
});

/** The message of each choice rebuilt from the effects of every event alone. */
function messagesFromEffects(effects: readonly EventEffect[]) {
  const choices = new Map<number, { role: string | null; content: string; refusal: string; reasoning: string; finish: string | null; calls: Map<number, { id: string | null; name: string | null; arguments: string }> }>();
  for (const effect of effects) {
    for (const change of effect.choices) {
      if (change.created) choices.set(change.choice, { role: null, content: '', refusal: '', reasoning: '', finish: null, calls: new Map() });
      const choice = choices.get(change.choice)!;
      choice.role ??= change.role;
      choice.content += change.content;
      choice.refusal += change.refusal;
      choice.reasoning += change.reasoning;
      if (change.finishReason) choice.finish = change.finishReason.to;
      for (const call of change.toolCalls) {
        if (call.created) choice.calls.set(call.index, { id: null, name: null, arguments: '' });
        const held = choice.calls.get(call.index)!;
        held.id ??= call.id;
        held.name ??= call.name;
        held.arguments += call.arguments;
      }
    }
  }
  return [...choices.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, choice]) => ({
      index,
      role: choice.role,
      content: choice.content,
      refusal: choice.refusal,
      reasoning: choice.reasoning,
      finish: choice.finish,
      calls: [...choice.calls.entries()].sort(([a], [b]) => a - b).map(([i, call]) => ({ index: i, ...call })),
    }));
}

describe('what an event changed', () => {
  it('adds up, over every event of every real stream, to the analysis’s final message', () => {
    for (const { name, bytes } of realStreams()) {
      const analysis = analyzeRecording(untimed(bytes));
      const reader = createEffectReader(analysis.events);
      const effects = analysis.events.map((_, index) => reader.at(index));
      const expected = [...analysis.state.choices.values()]
        .sort((a, b) => a.index - b.index)
        .map((choice) => ({
          index: choice.index,
          role: choice.role,
          content: choice.content ?? '',
          refusal: choice.refusal ?? '',
          reasoning: choice.reasoning ?? '',
          finish: choice.finishReason,
          calls: [...choice.toolCalls.values()].sort((a, b) => a.index - b.index).map((call) => ({ index: call.index, id: call.id, name: call.name, arguments: call.arguments })),
        }));
      expect(messagesFromEffects(effects), name).toEqual(expected);
      const usages = effects.filter((effect) => effect.usage !== null);
      expect(usages.at(-1)?.usage?.to ?? null, name).toEqual(analysis.state.usage);
    }
  });

  it('of parallel tool calls: the call opened with its id and name, then its arguments growing, then the finish and usage', () => {
    const events = eventsOf(realStream('openai-gpt4o-parallel-tool-calls.sse'));
    const reader = createEffectReader(events);
    expect(reader.at(0)).toEqual({ event: 0, applied: true, choices: [{ ...unchanged(0), created: true, role: 'assistant' }], usage: null, changed: true });
    expect(reader.at(1).choices).toEqual([
      { ...unchanged(0), toolCalls: [{ index: 0, created: true, id: 'call_JMW1whyEaYG438VE1OIflxA2', type: 'function', name: 'GetWeatherArgs', arguments: '' }] },
    ]);
    expect(reader.at(2).choices).toEqual([{ ...unchanged(0), toolCalls: [{ index: 0, created: false, id: null, type: null, name: null, arguments: '{"ci' }] }]);
    const second = events.findIndex((event) => event.annotation.startsWith('tool_calls[1] {'));
    expect(reader.at(second).choices[0]!.toolCalls).toEqual([{ index: 1, created: true, id: 'call_DNYTawLBoN8fj3KN6qU9N1Ou', type: 'function', name: 'get_stock_price', arguments: '' }]);
    const finish = events.length - 3;
    expect(reader.at(finish).choices).toEqual([{ ...unchanged(0), finishReason: { from: null, to: 'tool_calls' } }]);
    expect(reader.at(finish + 1)).toEqual({
      event: finish + 1,
      applied: true,
      choices: [],
      usage: { from: null, to: { prompt_tokens: 149, completion_tokens: 60, total_tokens: 209, completion_tokens_details: { reasoning_tokens: 0 } } },
      changed: true,
    });
    expect(reader.at(finish + 2)).toEqual({ event: finish + 2, applied: true, choices: [], usage: null, changed: false });
  });

  it('of a repeated role is only the text it carried, and an empty content write on the finish chunk is said', () => {
    const events = eventsOf(realStream('sambanova-llama31-role-repeated.sse'));
    expect(eventEffect(events, 0).choices).toEqual([{ ...unchanged(0), created: true, role: 'assistant' }]);
    expect(eventEffect(events, 1).choices).toEqual([{ ...unchanged(0), content: '2' }]);
    expect(eventEffect(events, 2).choices).toEqual([{ ...unchanged(0), emptyContent: true, finishReason: { from: null, to: 'stop' } }]);
  });

  it('of a tool call without an index names the index the accumulator gave it', () => {
    const events = eventsOf(realStream('mistral-small-tool-call-no-index.sse'));
    expect(eventEffect(events, 1)).toEqual({
      event: 1,
      applied: true,
      choices: [
        {
          ...unchanged(0),
          toolCalls: [{ index: 0, created: true, id: 'gSIMJiOkT', type: null, name: 'weather', arguments: '{"location": "San Francisco"}' }],
          finishReason: { from: null, to: 'tool_calls' },
        },
      ],
      usage: { from: null, to: { prompt_tokens: 124, total_tokens: 146, completion_tokens: 22 } },
      changed: true,
    });
  });

  it('tells a finish reason that replaced another, and text after the finish', () => {
    const events = eventsOf(
      body(chunk([delta({ role: 'assistant', content: 'a' })]), chunk([delta({}, 'stop')]), chunk([delta({ content: 'b' }, 'length')]), DONE_EVENT),
    );
    expect(eventEffect(events, 2).choices).toEqual([{ ...unchanged(0), content: 'b', finishReason: { from: 'stop', to: 'length' }, afterFinish: true }]);
  });

  it('of an event after [DONE] is nothing: a client has stopped reading', () => {
    const events = eventsOf(body(chunk([delta({ role: 'assistant', content: 'a' })]), DONE_EVENT, chunk([delta({ content: 'late' })])));
    expect(eventEffect(events, 2)).toEqual({ event: 2, applied: false, choices: [], usage: null, changed: false });
  });

  it('keeps interleaved choices apart, in the order the event names them', () => {
    const events = eventsOf(body(chunk([delta({ role: 'assistant', content: 'x' }, null, 1), delta({ role: 'assistant', content: 'y' }, null, 0)]), DONE_EVENT));
    expect(eventEffect(events, 0).choices).toEqual([
      { ...unchanged(1), created: true, role: 'assistant', content: 'x' },
      { ...unchanged(0), created: true, role: 'assistant', content: 'y' },
    ]);
  });

  it('is the same whatever order the events are visited in', () => {
    const events = eventsOf(realStream('openai-gpt4o-n3-interleaved-choices.sse'));
    const expected = events.map((_, index) => eventEffect(events, index));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: events.length - 1 }), { minLength: 1, maxLength: 30 }), (visits) => {
        const reader = createEffectReader(events);
        for (const index of visits) expect(reader.at(index)).toEqual(expected[index]);
      }),
    );
  });

  it('refuses an event that is not there', () => {
    const events = eventsOf(body(chunk([delta({ content: 'a' })])));
    expect(() => eventEffect(events, 1)).toThrow(RangeError);
    expect(() => eventEffect(events, -1)).toThrow(RangeError);
  });

  it('counts the log probabilities each event appended, adding up to those the choice holds at the end', () => {
    const analysis = analyzeRecording(untimed(realStream('openai-gpt4o-refusal-logprobs.sse')));
    const reader = createEffectReader(analysis.events);
    const appended = analysis.events.map((_, index) => reader.at(index).choices.reduce((sum, choice) => sum + choice.logprobs, 0));
    const logprobs = toChoices(analysis.state)[0]!.logprobs;
    expect(appended.reduce((sum, n) => sum + n, 0)).toBe((logprobs?.content?.length ?? 0) + (logprobs?.refusal?.length ?? 0));
    expect(appended.filter((n) => n > 0).length).toBeGreaterThan(1);
  });
});
