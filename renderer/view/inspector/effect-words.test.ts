import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { createEffectReader } from '../../../shared/analysis/event-effect.ts';
import { body, chunk, delta, DONE_EVENT, realStream, untimed } from '../../../shared/test/streams.ts';
import { effectWords } from './effect-words.ts';

function wordsOf(stream: string | Uint8Array) {
  const { events } = analyzeRecording(untimed(stream));
  const reader = createEffectReader(events);
  return events.map((event, index) => effectWords(reader.at(index), event.interpretation.kind));
}

describe('an event’s effect in words', () => {
  it('of parallel tool calls: opened with id and name, arguments appended, the finish, then the usage', () => {
    const words = wordsOf(realStream('openai-gpt4o-parallel-tool-calls.sse'));
    expect(words[0]).toEqual({ summary: 'This event made 2 changes to what a client holds.', groups: [{ title: 'choices[0]', lines: ['choice opened', 'role = "assistant"'], afterFinish: false }] });
    expect(words[1]!.groups[0]!.lines).toEqual(['tool_calls[0] opened: id = "call_JMW1whyEaYG438VE1OIflxA2", type = "function", name = "GetWeatherArgs"']);
    expect(words[2]!.groups[0]!.lines).toEqual(['tool_calls[0].arguments += "{\\"ci"']);
    expect(words.at(-3)!.groups[0]!.lines).toEqual(['finish_reason = "tool_calls"']);
    expect(words.at(-2)).toEqual({
      summary: 'This event made 1 change to what a client holds.',
      groups: [{ title: 'usage', lines: ['usage = prompt 149, completion 60, total 209 tokens'], afterFinish: false }],
    });
    expect(words.at(-1)).toEqual({ summary: '[DONE]: the stream is complete; a client stops reading here.', groups: [] });
  });

  it('says when text came after the finish reason, and when a finish reason replaced another', () => {
    const words = wordsOf(body(chunk([delta({ role: 'assistant', content: 'a' }, 'stop')]), chunk([delta({ content: 'b' }, 'length')]), DONE_EVENT));
    expect(words[1]!.groups).toEqual([{ title: 'choices[0]', lines: ['content += "b"', 'finish_reason = "length" (was "stop")'], afterFinish: true }]);
  });

  it('of an event after [DONE] says a client no longer reads it', () => {
    expect(wordsOf(body(DONE_EVENT, chunk([delta({ content: 'late' })])))[1]).toEqual({ summary: 'After [DONE]: a client has stopped reading, so this event changed nothing.', groups: [] });
  });

  it('of a keep-alive comment says clients ignore it', () => {
    expect(wordsOf(': ping\n\n')[0]!.summary).toBe('A comment (a keep-alive): clients ignore it.');
  });

  it('cuts long appended text with a count of what was left out', () => {
    const line = wordsOf(body(chunk([delta({ content: 'x'.repeat(1000) })])))[0]!.groups[0]!.lines[1]!;
    expect(line).toBe(`content += "${'x'.repeat(400)}"…(+600 chars)`);
  });
});
